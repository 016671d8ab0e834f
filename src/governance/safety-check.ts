// Check 6, safety: credentials that must never leave (secrets in the output or params) and
// prompt-injection markers in what the agent read (request input, tool results).

import { injectionMarker } from './prompt-injection.ts';
import { patternsOfKind, scanSensitive } from './sensitive-data.ts';
import { scoreFromFailures } from './score-math.ts';
import { toolLabel, type StageView } from './stage-view.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { Failure } from './types.ts';

function secretFailures(view: StageView): Failure[] {
  const secrets = patternsOfKind(view.bundle.sensitive_data, 'secret');
  const inParams: Failure[] = view.calls.flatMap((call, index) =>
    scanSensitive(call.params, secrets, view.paramPaths[index], view.leaves, view.scanBudget).map((hit) => ({
      code: 'SECRET_IN_PARAMS',
      check: 'safety' as const,
      severity: hit.pattern.severity,
      message: `${hit.path} passes a secret (${hit.pattern.id}) to ${toolLabel(call.name)}.`,
      path: hit.path,
    })));
  const inOutput: Failure[] = view.hasOutput
    ? scanSensitive(view.output, secrets, 'output', view.leaves, view.scanBudget).map((hit) => ({
      code: 'SECRET_IN_OUTPUT',
      check: 'safety',
      severity: 'critical',
      message: `${hit.path} holds a secret (${hit.pattern.id}); it must never be released.`,
      path: hit.path,
    }))
    : [];
  return [...inParams, ...inOutput];
}

function injectionFailure(path: string, marker: string): Failure {
  return {
    code: 'PROMPT_INJECTION_SUSPECTED',
    check: 'safety',
    severity: 'high',
    message: `${path} contains a prompt-injection marker ("${marker}").`,
    path,
  };
}

function injectionFailures(view: StageView): Failure[] {
  const failures: Failure[] = [];
  const inInput = view.scanBudget.take(view.requestInput.length) ? injectionMarker(view.requestInput) : undefined;
  if (inInput) failures.push(injectionFailure('request.input', inInput));
  view.results.forEach((result, index) => {
    for (const leaf of view.leaves(result.value, `execution.tool_results[${index}]`)) {
      if (typeof leaf.value !== 'string' || !view.scanBudget.take(leaf.value.length)) continue;
      const marker = injectionMarker(leaf.value);
      if (marker) failures.push(injectionFailure(leaf.path, marker));
    }
  });
  return failures;
}

/** Text the budget left unscanned may hold anything: never approved as if it had been read. */
function scanLimitFailure(view: StageView): Failure[] {
  if (!view.scanBudget.exceeded) return [];
  return [{
    code: 'SCAN_LIMIT_EXCEEDED',
    check: 'safety',
    severity: 'critical',
    message: `The request holds more text than one evaluation scans (${view.scanBudget.limit} characters); the rest could not be checked for secrets, personal data or prompt injection.`,
  }];
}

/** A result nobody could read is not approved as if it had been checked (unless the route opts out). */
function unscannableFailure(view: StageView): Failure[] {
  const unread = view.unscannableOutput;
  if (!unread || unread.action !== 'block') return [];
  return [{
    code: 'RESULT_UNSCANNABLE',
    check: 'safety',
    severity: 'critical',
    message: `The tool's result (${unread.contentType}) could not be read, so it could not be checked; the route releases such results only with unscannable: release.`,
    path: 'output',
  }];
}

export function checkSafety(view: StageView): CheckOutcome {
  const failures = [...secretFailures(view), ...injectionFailures(view), ...scanLimitFailure(view), ...unscannableFailure(view)];
  return { score: scoreFromFailures(failures), failures };
}
