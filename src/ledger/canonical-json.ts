// Canonical JSON: the one byte form every hash in the ledger is computed over. Object keys are
// sorted by UTF-16 code units and there is no whitespace; strings and numbers are written the
// way JSON.stringify writes them, so for JSON data the output matches RFC 8785 (JCS) and any
// language can reproduce it.

/**
 * Serializes `value` with sorted keys and no whitespace. Accepts what JSON.stringify accepts and
 * drops/changes the same things (undefined members, functions; NaN/Infinity become null;
 * toJSON is honoured), so `canonicalJson(x) === canonicalJson(JSON.parse(JSON.stringify(x)))`.
 */
export function canonicalJson(value: unknown): string {
  const out = writeValue(value);
  if (out === undefined) throw new TypeError('canonicalJson: value is not representable as JSON');
  return out;
}

function writeValue(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(value);
    case 'bigint':
      throw new TypeError('canonicalJson: BigInt is not JSON');
    case 'object':
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    default:
      return undefined; // undefined, function, symbol: omitted like JSON.stringify does
  }
}

function writeArray(items: unknown[]): string {
  const parts: string[] = [];
  for (const item of items) parts.push(writeValue(item) ?? 'null');
  return `[${parts.join(',')}]`;
}

function writeObject(obj: Record<string, unknown>): string {
  // Default sort compares UTF-16 code units, which is what JCS prescribes.
  const keys = Object.keys(obj).sort();
  const parts: string[] = [];
  for (const key of keys) {
    const written = writeValue(obj[key]);
    if (written !== undefined) parts.push(`${JSON.stringify(key)}:${written}`);
  }
  return `{${parts.join(',')}}`;
}
