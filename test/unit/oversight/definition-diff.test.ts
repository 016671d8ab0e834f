// The diff a reviewer of a tool definition change reads: JSON Pointer paths (escaped), arrays by
// index, key order ignored, and a unified diff of the canonical JSON.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffDefinitions, prettyCanonical } from '../../../src/oversight/definition-diff.ts';

test('added, removed and changed paths; keys with / and ~ are escaped; key order is not a change', () => {
  const before = { description: 'Search.', inputSchema: { type: 'object', required: ['q'], properties: { q: { type: 'string' }, 'a/b~c': { type: 'number' } } } };
  const after = { inputSchema: { properties: { q: { type: 'string', maxLength: 10 } }, required: ['q', 'cc'], type: 'object' }, title: 'Search' };
  const diff = diffDefinitions(before, after, 'search');
  assert.deepEqual(diff.added, [
    { path: '/inputSchema/properties/q/maxLength', after: 10 },
    { path: '/inputSchema/required/1', after: 'cc' },
    { path: '/title', after: 'Search' },
  ]);
  assert.deepEqual(diff.removed, [
    { path: '/description', before: 'Search.' },
    { path: '/inputSchema/properties/a~1b~0c', before: { type: 'number' } },
  ]);
  assert.deepEqual(diff.changed, []);
  assert.match(diff.unified, /^--- search \(pinned\)$/m);
  assert.match(diff.unified, /^-  "description": "Search\.",$/m);
  assert.match(diff.unified, /^\+  "title": "Search"$/m);
});

test('the same definition in another key order has no differences; a type change is one changed path', () => {
  assert.deepEqual(diffDefinitions({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }), { added: [], removed: [], changed: [], unified: diffDefinitions({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }).unified });
  assert.deepEqual(diffDefinitions({ a: { x: 1 } }, { a: [1] }).changed, [{ path: '/a', before: { x: 1 }, after: [1] }]);
  assert.deepEqual(diffDefinitions(null, { a: 1 }).changed, [{ path: '/', before: null, after: { a: 1 } }]);
  assert.equal(prettyCanonical({ b: 1, a: { d: 1, c: 2 } }), '{\n  "a": {\n    "c": 2,\n    "d": 1\n  },\n  "b": 1\n}');
});
