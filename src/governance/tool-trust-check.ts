// Check 3, tool trust: every call is to a declared tool, inside its declared scope and limits.
// Any failure caps the score at 50; below 100 is a hard block gate (spec: pre-check rule 2).

import { formatNumber, numericValue } from './number-text.ts';
import { paramAt } from './param-lookup.ts';
import { violationPath } from './schema-paths.ts';
import { TOOL_TRUST_FAILURE_CAP } from './scoring-table.ts';
import { scoreFromFailures } from './score-math.ts';
import { declaredTool, toolLabel, type StageView } from './stage-view.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { ToolPolicy } from '../policy/types.ts';
import type { Failure, ToolCall } from './types.ts';

function scopeFailures(tool: ToolPolicy, call: ToolCall, paramPath: string): Failure[] {
  if (!tool.scope) return [];
  return tool.scope(call.params).map((violation) => {
    const path = violationPath(paramPath, violation.path);
    return {
      code: 'TOOL_OUT_OF_SCOPE',
      check: 'tool_trust',
      severity: 'high',
      message: `${tool.name} called outside its declared scope: ${path} ${violation.message}.`,
      path,
    };
  });
}

function capFailures(tool: ToolPolicy, call: ToolCall, paramPath: string): Failure[] {
  const failures: Failure[] = [];
  for (const [key, cap] of Object.entries(tool.limits.caps ?? {})) {
    const value = numericValue(paramAt(call.params, key));
    if (value === undefined || value <= cap) continue;
    failures.push({
      code: 'TOOL_CAP_EXCEEDED',
      check: 'tool_trust',
      severity: 'high',
      message: `${tool.name} ${key} ${formatNumber(value)} is above its cap of ${formatNumber(cap)}.`,
      path: violationPath(paramPath, key),
    });
  }
  return failures;
}

function callLimitFailures(view: StageView): Failure[] {
  const counts = new Map<string, { count: number; firstPath: string }>();
  view.calls.forEach((call, index) => {
    const entry = counts.get(call.name);
    if (entry) entry.count += 1;
    else counts.set(call.name, { count: 1, firstPath: view.callPaths[index] });
  });
  const failures: Failure[] = [];
  for (const [name, { count, firstPath }] of counts) {
    const limit = declaredTool(view, name)?.limits.max_calls_per_execution;
    if (limit === undefined || count <= limit) continue;
    failures.push({
      code: 'TOOL_CALL_LIMIT_EXCEEDED',
      check: 'tool_trust',
      severity: 'high',
      message: `${name} was called ${count} times; at most ${limit} per execution are allowed.`,
      path: firstPath,
    });
  }
  return failures;
}

/** Pre-check only: the proposed call would be one more than the session may make. */
function sessionLimitFailures(view: StageView): Failure[] {
  const prior = view.priorSessionCalls;
  const call = view.calls[0];
  if (prior === undefined || !call) return [];
  const limit = declaredTool(view, call.name)?.limits.max_calls_per_session;
  if (limit === undefined || prior < limit) return [];
  return [{
    code: 'TOOL_SESSION_LIMIT_EXCEEDED',
    check: 'tool_trust',
    severity: 'high',
    message: `${call.name} was already called ${prior} times in this session; at most ${limit} per session are allowed.`,
    path: view.callPaths[0],
  }];
}

function callFailures(view: StageView, call: ToolCall, index: number): Failure[] {
  const path = view.callPaths[index];
  if (!view.agentPolicy) {
    return [{
      code: 'AGENT_NOT_IN_CATALOG',
      check: 'tool_trust',
      severity: 'critical',
      message: `${toolLabel(call.name)} is not declared: the agent matches no catalog in the policy bundle.`,
      path,
    }];
  }
  const tool = declaredTool(view, call.name);
  if (!tool) {
    return [{
      code: 'TOOL_UNDECLARED',
      check: 'tool_trust',
      severity: 'critical',
      message: `${toolLabel(call.name)} is not declared for agent catalog ${view.agentPolicy.id}.`,
      path,
    }];
  }
  return [...scopeFailures(tool, call, view.paramPaths[index]), ...capFailures(tool, call, view.paramPaths[index])];
}

export function checkToolTrust(view: StageView): CheckOutcome {
  const failures = [
    ...view.calls.flatMap((call, index) => callFailures(view, call, index)),
    ...callLimitFailures(view),
    ...sessionLimitFailures(view),
  ];
  const score = scoreFromFailures(failures);
  return { score: failures.length > 0 ? Math.min(score, TOOL_TRUST_FAILURE_CAP) : score, failures };
}
