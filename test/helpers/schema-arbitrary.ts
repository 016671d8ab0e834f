// fast-check arbitraries from the gateway's own request schemas (src/schemas), so the fuzz suite
// sends what the OpenAPI document describes: every field of the schema, required ones always,
// optional ones sometimes, values of the declared type, pattern, format, enum and bounds.

import fc from 'fast-check';

type Schema = Record<string, any>;

/** Characters of free text: ASCII, accents, symbols, astral emoji, NUL and newlines. (fast-check's 'binary' unit costs seconds to set up.) */
const TEXT_UNIT = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xa0, max: 0xd7ff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('é', '✓', '😀', '\u0000', '\n', '\t', '"', '\\'),
);

export function arbitraryFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (choices && !schema.type) return fc.oneof(...choices.map((choice) => arbitraryFor(choice, depth)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => ofType(type, schema, depth)));
}

function ofType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number': return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      // The patterns here are character classes repeated (`^[...]+$`), so a prefix still matches.
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' }).map((s) => s.slice(0, schema.maxLength ?? 256));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 64, 64), unit: TEXT_UNIT });
    }
    case 'array': return fc.array(schema.items ? arbitraryFor(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      if (Object.keys(properties).length === 0 || depth > 3) return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = arbitraryFor(property, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
    }
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}
