// Finds the param a tool limit talks about; a cap key may be a dotted path (`payment.amount`).

/** Own properties only, so a cap named `constructor` never reads the prototype. */
export function paramAt(params: Record<string, unknown>, key: string): unknown {
  if (Object.hasOwn(params, key)) return params[key];
  let node: unknown = params;
  for (const segment of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
