// Writes src/schemas/precompiled/validators.generated.js: the product's start-up schemas
// (src/schemas/precompiled/product-schemas.ts) compiled ahead of time with ajv's standalone
// code. Compiling them at each start was ~40 ms of it (ajv generating and evaluating the code
// on a cold JIT). `npm run schemas:precompile` after changing one of those schemas; a test fails
// while the file is stale.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompiledValidatorsSource } from '../src/schemas/precompiled/generate.ts';

const target = path.resolve(import.meta.dirname, '../src/schemas/precompiled/validators.generated.js');
writeFileSync(target, precompiledValidatorsSource());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
