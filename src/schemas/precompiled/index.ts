// The product's start-up schemas, compiled ahead of time (see generate.ts for why and how).
import type { ValidateFunction } from 'ajv';
import * as validators from './validators.generated.js';
import type { PrecompiledSchemaName } from './product-schemas.ts';

export type { PrecompiledSchemaName } from './product-schemas.ts';

/** The precompiled validator of one of PRECOMPILED_SCHEMAS: errors as ajv's, every one of them. */
export function precompiledValidator(name: PrecompiledSchemaName): ValidateFunction {
  return validators[name];
}
