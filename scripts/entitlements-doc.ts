// Rewrites the role x route matrix in docs/entitlements.md from the role table in code.

import { readFileSync, writeFileSync } from 'node:fs';
import { withRoleMatrix } from '../src/api/role-matrix.ts';

const path = new URL('../docs/entitlements.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withRoleMatrix(before);
if (after !== before) writeFileSync(path, after);
process.stdout.write(after === before ? 'docs/entitlements.md is up to date\n' : 'docs/entitlements.md: role matrix rewritten\n');
