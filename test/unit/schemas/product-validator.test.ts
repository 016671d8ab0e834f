// The product's own schemas are compiled without the meta-schema check at run time (start-up
// cost, src/schemas/product-validator.ts): this test is that check. And a validator compiles
// once, on first use.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { JUDGE_ANSWER_SCHEMA } from '../../../src/judge/index.ts';
import { CASE_FILE_SCHEMA, CASE_SCHEMA } from '../../../src/cli/policy-test-cases.ts';
import { GATEWAY_FILE_SCHEMA } from '../../../src/proxy/routes/gateway-file-schema.ts';
import { productValidator } from '../../../src/schemas/product-validator.ts';

test('every product schema is a valid JSON Schema', () => {
  const ajv = new Ajv({ strict: false });
  for (const [name, schema] of Object.entries({ JUDGE_ANSWER_SCHEMA, CASE_SCHEMA, CASE_FILE_SCHEMA, GATEWAY_FILE_SCHEMA })) {
    assert.equal(ajv.validateSchema(schema), true, `${name}: ${ajv.errorsText(ajv.errors)}`);
  }
});

test('a product validator compiles on first use, once, and reports every error when asked to', () => {
  const getter = productValidator({ type: 'object', required: ['a', 'b'] }, { allErrors: true });
  const validate = getter();
  assert.equal(getter(), validate);
  assert.equal(validate({}), false);
  assert.equal(validate.errors?.length, 2);
  assert.equal(productValidator({ type: 'object', required: ['a', 'b'] }, { allErrors: false })()({}), false);
});
