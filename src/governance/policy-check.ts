// Check 5, policy: the deterministic policy violations. Today that is personal data going
// where no tool allows it; rule findings (CEL) will join them here as more failures.

import { patternsOfKind, scanSensitive } from './sensitive-data.ts';
import { scoreFromFailures } from './score-math.ts';
import { declaredTool, toolLabel, type StageView } from './stage-view.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { Failure } from './types.ts';

/** PII may appear in the output only when a called, declared tool allows it (e.g. a CRM lookup). */
function piiInOutput(view: StageView, pii: ReturnType<typeof patternsOfKind>): Failure[] {
  if (!view.hasOutput) return [];
  if (view.calls.some((call) => declaredTool(view, call.name)?.allows_pii === true)) return [];
  return scanSensitive(view.output, pii, 'output', view.leaves, view.scanBudget).map((hit) => ({
    code: 'PII_IN_OUTPUT',
    check: 'policy',
    severity: hit.pattern.severity,
    message: `${hit.path} holds personal data (${hit.pattern.id}) and no called tool allows personal data.`,
    path: hit.path,
  }));
}

/** PII sent as params to a tool that does not allow it (an undeclared tool allows nothing). */
function piiInParams(view: StageView, pii: ReturnType<typeof patternsOfKind>): Failure[] {
  return view.calls.flatMap((call, index) => {
    if (declaredTool(view, call.name)?.allows_pii === true) return [];
    return scanSensitive(call.params, pii, view.paramPaths[index], view.leaves, view.scanBudget).map((hit) => ({
      code: 'PII_IN_PARAMS',
      check: 'policy' as const,
      severity: hit.pattern.severity,
      message: `${hit.path} sends personal data (${hit.pattern.id}) to ${toolLabel(call.name)}, which does not allow it.`,
      path: hit.path,
    }));
  });
}

export function checkPolicy(view: StageView): CheckOutcome {
  const pii = patternsOfKind(view.bundle.sensitive_data, 'pii');
  const failures = [...piiInParams(view, pii), ...piiInOutput(view, pii)];
  return { score: scoreFromFailures(failures), failures };
}
