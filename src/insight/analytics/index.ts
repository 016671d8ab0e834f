// Fleet analytics: incremental roll-ups of the ledger (keyed by seq, never touching ledger rows)
// and the queries over them that the API, the alert evaluator and compliance reports share.

export { AnalyticsQueries, type AnalyticsQuery, type Freshness, type ReviewBacklog, type Summary } from './analytics-queries.ts';
export { Rollup, WriterThreadRollup, ROLLUP_BATCH_ROWS, type RollupReport, type RollupRunner } from './rollup.ts';
export { figuresOf, OUTCOMES, TIERS, type Figures, type Percentiles } from './figures.ts';
export { bucketRange, previousPeriod, DAY_MS, HOUR_MS, MINUTE_MS, MAX_PERIOD_DAYS, MINUTE_TABLE_MAX_MS, type Grain, type Period } from './period.ts';
export { NO_AGENT, scopeCondition, isScoped, type AgentScope } from './scope.ts';
export { LATENCY_BOUNDS_MS } from './rollup-columns.ts';
export { keptFrom, keptGrain, metadataCutoff, type KeptFrom, type RollupHorizons } from './rollup-horizons.ts';
export { RollupPruning, PRUNE_BATCH_ROWS, PRUNED_TABLES, type PruneReport } from './rollup-pruning.ts';
