// Field paths as segments (what the YAML locator walks) and as the dotted text people read:
// ['tools', 'crm_lookup', 'limits', 'caps', 'amount'] <-> 'tools.crm_lookup.limits.caps.amount', [0] -> '[0]'.

export type FieldSegment = string | number;
export type FieldPath = readonly FieldSegment[];

export function dottedPath(segments: FieldPath): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

/**
 * Turns an ajv instancePath ('/a/0/b') into segments. A JSON pointer does not say whether '0' is an
 * index or a key, so the data decides: only a segment that indexes an array becomes a number.
 */
export function pointerToSegments(pointer: string, data: unknown): FieldSegment[] {
  if (pointer === '') return [];
  const segments: FieldSegment[] = [];
  let node: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) {
      segments.push(Number(key));
      node = node[Number(key)];
    } else {
      segments.push(key);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return segments;
}
