// Deep equality of JSON values for ajv's `const`, `enum` and `uniqueItems`, installed in place of
// ajv's own (fast-deep-equal) for every ajv instance of the process. fast-deep-equal compares two
// objects by calling their valueOf() or toString() when either has its own, for Dates and boxed
// values; JSON has neither, but a JSON object can have a member NAMED valueOf or toString, which
// is no function, and then the check threw (TypeError: a.valueOf is not a function): any tool
// call's arguments against a scope with an object `enum` or `uniqueItems`, or a request body,
// could make a check crash instead of answer. JSON values are compared by their members here.

import equalModule from 'ajv/dist/runtime/equal.js';

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b; // NaN, as fast-deep-equal
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
// What ajv's standalone code writes to reach it (src/schemas/precompiled rewrites it to an import).
jsonEqual.code = 'require("ajv/dist/runtime/equal").default';

// ajv reads the `default` of its runtime/equal module each time it compiles a check that needs it,
// so replacing it here, before any compile, reaches every instance. The import is that module's
// exports object under Node and in the bundle alike (ajv-formats is imported the same way).
const ajvEqual = equalModule as unknown as { default: unknown };
if (typeof ajvEqual !== 'object' || ajvEqual === null || !('default' in ajvEqual)) {
  throw new Error('ajv/dist/runtime/equal has an unexpected shape: cannot install the JSON equality');
}
ajvEqual.default = jsonEqual;
