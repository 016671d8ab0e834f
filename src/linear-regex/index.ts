// Regular expressions that run in time linear in their input, for every pattern the gateway runs
// on text it does not control (tool results, params, outputs). Backed by re2js (RE2's automata):
// no backtracking, so no input can make a pattern slow. See docs/policies.md#linear-time-patterns.

export { linearRegExpEngine } from './ajv-engine.ts';
export { compilePatternSet, lazyPatternSet, type LinearPatternSet } from './pattern-set.ts';
export { compileLinearPattern, isLinearPattern, lazyLinearPattern, LinearPatternError, type LinearPattern, type LinearPatternSpec } from './linear-pattern.ts';
