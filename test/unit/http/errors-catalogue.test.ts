import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError, ERRORS, problemBody } from '../../../src/http/index.ts';

const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/errors.md'), 'utf8');

test('every error code is documented in docs/errors.md with its status', () => {
  for (const [code, spec] of Object.entries(ERRORS)) {
    assert.match(doc, new RegExp(`\\| \`${code}\` \\| ${spec.status} \\|`), `${code} (${spec.status}) missing from docs/errors.md`);
  }
});

test('docs/errors.md documents no code the catalogue lacks', () => {
  const documented = [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual(documented.filter((code) => !(code in ERRORS)), []);
});

test('a problem body carries type, title, status, detail, code, instance and the 422 field list', () => {
  const error = new ApiError('VALIDATION_FAILED', 'bad', { errors: [{ path: 'a', message: 'is required' }] });
  assert.deepEqual(problemBody(error, '/v1/x'), {
    type: 'https://governance-gateway.dev/problems/validation-failed',
    title: ERRORS.VALIDATION_FAILED.title,
    status: 422,
    detail: 'bad',
    code: 'VALIDATION_FAILED',
    instance: '/v1/x',
    errors: [{ path: 'a', message: 'is required' }],
  });
});
