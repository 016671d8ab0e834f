// Fleet analytics and alerts (src/insight): how often the ledger is rolled up and the alert
// rules (config/alerts.yaml) are evaluated. 0 turns the periodic job off.

import { integer } from './env-values.ts';

export interface InsightConfig {
  /** ANALYTICS_ROLLUP_INTERVAL_SECONDS: how often new ledger rows are added to the roll-ups. */
  readonly rollupIntervalSeconds: number;
  /** ALERTS_EVALUATION_INTERVAL_SECONDS: how often one replica evaluates the alert rules. */
  readonly alertsIntervalSeconds: number;
}

export function insightConfig(env: Record<string, string | undefined>, issues: string[]): InsightConfig {
  return {
    rollupIntervalSeconds: integer(env.ANALYTICS_ROLLUP_INTERVAL_SECONDS, 'ANALYTICS_ROLLUP_INTERVAL_SECONDS', 10, 0, 86_400, issues),
    alertsIntervalSeconds: integer(env.ALERTS_EVALUATION_INTERVAL_SECONDS, 'ALERTS_EVALUATION_INTERVAL_SECONDS', 30, 0, 86_400, issues),
  };
}
