import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeRelayPath } from '../../../src/sso/index.ts';

test('same-origin relative paths are kept; everything that could leave the origin is refused', () => {
  for (const good of ['/', '/console', '/console/reviews?tab=mine#top', '/a/../b']) assert.notEqual(safeRelayPath(good), null, good);
  assert.equal(safeRelayPath('/a/../b'), '/b');
  for (const bad of ['', 'console', 'https://evil.example/', '//evil.example', '///evil.example', '/\\evil.example', '\\\\evil', '/\r\nSet-Cookie: x', '/a\tb', 'javascript:alert(1)', `/${'a'.repeat(1100)}`]) {
    assert.equal(safeRelayPath(bad), null, JSON.stringify(bad));
  }
});
