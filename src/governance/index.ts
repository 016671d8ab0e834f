// The governance pipeline as pure functions: normalize what the agent did, run the six checks,
// score confidence and risk, check the trust chain and decide. No clock, no I/O: callers pass both in.

export { RELIABILITY_PRIOR, SCORE_VERSION } from './scoring-table.ts';
export { normalizeToolCalls, normalizeToolResults } from './tool-calls.ts';
export { countsTowardReliability, historicalReliability, historicalReliabilityAt, OPERATOR_DECIDERS } from './reliability.ts';
export { patternsOfKind, scanSensitive } from './sensitive-data.ts';
export { evaluate } from './evaluate.ts';
export * from './types.ts';
