// commonJsExports reads a dynamically imported CommonJS package the same way from the sources
// (Node's named exports) and from the bundle (a chunk whose only export is module.exports).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commonJsExports } from '../../../src/interop/commonjs.ts';

test('Node and bundle shapes of undici, ioredis and node-saml give the same exports', async () => {
  for (const name of ['undici', 'ioredis', '@node-saml/node-saml'] as const) {
    const native = await import(name);
    const fromNode = commonJsExports(native) as Record<string, unknown>;
    // What a bundle chunk gives: `export default require_x()`, nothing else.
    const fromBundle = commonJsExports({ default: native.default }) as Record<string, unknown>;
    const wanted = { undici: 'Pool', ioredis: 'Redis', '@node-saml/node-saml': 'SAML' }[name];
    assert.equal(typeof fromNode[wanted], 'function', `${name}.${wanted} from the sources`);
    assert.equal(fromBundle[wanted], fromNode[wanted], `${name}.${wanted} from the bundle`);
  }
});

test('a namespace without a default is returned as it is', () => {
  const namespace = { Pool: class {} };
  assert.equal(commonJsExports(namespace), namespace);
});
