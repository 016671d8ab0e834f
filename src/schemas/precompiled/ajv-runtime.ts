// The two ajv runtime helpers the precompiled validators call (ajv's generated code would
// require() them, which an ES module cannot). Read through whatever shape the import has: Node
// gives a CommonJS module's exports object as the default import, a bundler may give its
// `default` member already.

import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';

type Helper<F> = F | { default: F };

function helper<F extends (...args: never[]) => unknown>(imported: Helper<F>): F {
  return typeof imported === 'function' ? imported : imported.default;
}

/** Deep equality for `const`, `enum` and `uniqueItems`: the JSON-safe one every ajv instance uses. */
export { jsonEqual as equal } from '../json-equal.ts';
/** String length in code points, as JSON Schema's minLength and maxLength count. */
export const ucs2length = helper(ucs2lengthModule as unknown as Helper<(text: string) => number>);

