// /v1/judge: whether the LLM judge is on, with what model and budget, and its queue (Enterprise).

import type { Route } from '../http/index.ts';
import type { JudgeConfig } from '../config/index.ts';
import { judgeUrlForDisplay, type JudgeJobStore } from '../judge/index.ts';

export interface JudgeRouteDeps {
  config: JudgeConfig | null;
  jobs: JudgeJobStore | undefined;
}

export function judgeRoutes(deps: JudgeRouteDeps): Route[] {
  return [{
    method: 'GET', path: '/v1/judge/status',
    meta: {
      feature: 'llm_judge',
      doc: {
        summary: 'The LLM judge\'s configuration and queue', tags: ['judge'],
        description: 'The model and endpoint (never the API key), the synchronous budget, and how many asynchronous judgements wait. See docs/judge.md.',
        responses: { 200: { description: 'Judge status', schema: 'JudgeStatus' } }, errors: [402],
      },
    },
    handler: async () => {
      const config = deps.config;
      return {
        body: {
          enabled: config !== null,
          model: config?.model ?? null,
          url: config ? judgeUrlForDisplay(config.url) : null,
          sync_budget_ms: config?.syncBudgetMs ?? null,
          timeout_ms: config?.timeoutMs ?? null,
          concurrency: config?.concurrency ?? null,
          queue_depth: deps.jobs ? await deps.jobs.depth() : null,
        },
      };
    },
  }];
}
