// Check 4, consistency: does the execution record hang together (calls pair with results,
// token counts add up, no negative metrics) and does the output own up to tool errors?

import { acknowledgesError } from './output-claims.ts';
import { scoreFromFailures } from './score-math.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { StageView } from './stage-view.ts';
import type { Failure } from './types.ts';

function executionFailures(view: StageView): Failure[] {
  const failures: Failure[] = [];
  const execution = view.execution;
  if (view.calls.length !== view.results.length) {
    failures.push({
      code: 'TOOL_RESULTS_MISMATCH',
      check: 'consistency',
      severity: 'medium',
      message: `${view.calls.length} tools were called but ${view.results.length} tool results were given.`,
      path: 'execution.tool_results',
    });
  }
  if (!execution) return failures;
  const { tokens, promptTokens, completionTokens, latencyMs } = execution;
  if (tokens !== undefined && promptTokens !== undefined && completionTokens !== undefined
    && promptTokens + completionTokens !== tokens) {
    failures.push({
      code: 'TOKEN_COUNT_MISMATCH',
      check: 'consistency',
      severity: 'low',
      message: `prompt_tokens ${promptTokens} + completion_tokens ${completionTokens} is not tokens ${tokens}.`,
      path: 'execution.tokens',
    });
  }
  if (latencyMs !== undefined && !(latencyMs >= 0)) {
    failures.push({
      code: 'NEGATIVE_LATENCY',
      check: 'consistency',
      severity: 'low',
      message: `latency_ms ${latencyMs} is not a duration.`,
      path: 'execution.latency_ms',
    });
  }
  for (const [field, value] of [['tokens', tokens], ['prompt_tokens', promptTokens], ['completion_tokens', completionTokens]] as const) {
    if (value !== undefined && !(value >= 0)) {
      failures.push({
        code: 'NEGATIVE_TOKENS',
        check: 'consistency',
        severity: 'low',
        message: `${field} ${value} is not a token count.`,
        path: `execution.${field}`,
      });
    }
  }
  return failures;
}

function ignoredErrors(view: StageView): Failure[] {
  if (!view.hasOutput || acknowledgesError(view.output, view.leaves)) return [];
  const failures: Failure[] = [];
  view.results.forEach((result, index) => {
    if (!result.isError) return;
    failures.push({
      code: 'TOOL_ERROR_IGNORED',
      check: 'consistency',
      severity: 'medium',
      message: `Tool result ${index} is an error, but the output does not mention any error.`,
      path: `execution.tool_results[${index}]`,
    });
  });
  return failures;
}

/** Before execution there is no record to compare: the check scores 100. */
export function checkConsistency(view: StageView): CheckOutcome {
  if (view.isPreCheck) return { score: 100, failures: [] };
  const failures = [...executionFailures(view), ...ignoredErrors(view)];
  return { score: scoreFromFailures(failures), failures };
}
