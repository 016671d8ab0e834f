// Validators for the product's own schemas (the gateway file, the judge's answer, policy test
// cases), compiled on first use. Each `new Ajv()` used to compile one of these at import time,
// and each instance first compiled the JSON Schema meta-schema to check it: ~40 ms of every
// start-up, `govgate --version` included. These schemas are ours and tested, so they are not
// checked against the meta-schema, and one instance per error mode serves them all.

import { Ajv, type ValidateFunction } from 'ajv';
import './json-equal.ts'; // ajv's const, enum and uniqueItems compare JSON safely (json-equal.ts)

const instances = new Map<boolean, Ajv>();

function ajvFor(allErrors: boolean): Ajv {
  let ajv = instances.get(allErrors);
  if (!ajv) {
    ajv = new Ajv({ allErrors, strict: false, validateSchema: false, code: { optimize: false } });
    instances.set(allErrors, ajv);
  }
  return ajv;
}

/** A getter of the compiled validator: compiles on the first call, then returns the same function. */
export function productValidator<T = unknown>(schema: object, options: { allErrors: boolean }): () => ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  return () => (compiled ??= ajvFor(options.allErrors).compile<T>(schema));
}
