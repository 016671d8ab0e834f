// The three stages carry their calls and output in different places; the checks read this one
// view instead, with the request paths each call is reported under.

import type { AgentPolicy, PolicyBundle, ToolPolicy } from '../policy/types.ts';
import type { GovernanceContext, GovernanceInput, NormalizedExecution, ToolCall, ToolResult } from './types.ts';
import { createLeafWalker, type LeafWalker } from './json-leaves.ts';
import { ScanBudget } from './scan-budget.ts';

export interface StageView {
  isPreCheck: boolean;
  calls: ToolCall[];
  /** Where each call sits in the request: `action` at pre-check, `execution.tools_called[i]` after. */
  callPaths: string[];
  /** Where each call's params sit: `params` at pre-check, `execution.tools_called[i].params` after. */
  paramPaths: string[];
  results: ToolResult[];
  /** The agent output; undefined at pre-check (and when a caller left it out). */
  output: unknown;
  hasOutput: boolean;
  requestInput: string;
  execution: NormalizedExecution | undefined;
  agentPolicy: AgentPolicy | undefined;
  bundle: PolicyBundle;
  /** Pre-check only: the session's earlier calls of the proposed tool, when someone counts them. */
  priorSessionCalls: number | undefined;
  /** The leaves of any value of this request, each value walked once for all the checks. */
  leaves: LeafWalker;
  /** The characters this evaluation may still scan with patterns. */
  scanBudget: ScanBudget;
  /** Post-check only: the sidecar could not read the tool's result. */
  unscannableOutput: GovernanceContext['unscannableOutput'];
}

export function buildStageView(input: GovernanceInput, ctx: GovernanceContext): StageView {
  const isPreCheck = input.stage === 'pre_check';
  const calls = isPreCheck
    ? (input.proposedAction ? [input.proposedAction] : [])
    : (input.execution?.toolsCalled ?? []);
  const callPaths = calls.map((_, index) => (isPreCheck ? 'action' : `execution.tools_called[${index}]`));
  const paramPaths = calls.map((_, index) => (isPreCheck ? 'params' : `execution.tools_called[${index}].params`));
  return {
    isPreCheck,
    calls,
    callPaths,
    paramPaths,
    results: isPreCheck ? [] : (input.execution?.toolResults ?? []),
    output: isPreCheck ? undefined : input.output,
    hasOutput: !isPreCheck && input.output !== undefined,
    requestInput: typeof input.request?.input === 'string' ? input.request.input : '',
    execution: isPreCheck ? undefined : input.execution,
    agentPolicy: ctx.agentPolicy,
    bundle: ctx.bundle,
    priorSessionCalls: isPreCheck ? ctx.priorSessionCalls : undefined,
    leaves: createLeafWalker(),
    scanBudget: new ScanBudget(),
    unscannableOutput: isPreCheck ? undefined : ctx.unscannableOutput,
  };
}

/** The catalog entry for a called tool; undefined when the agent has no catalog or lacks the tool. */
export function declaredTool(view: StageView, name: string): ToolPolicy | undefined {
  return view.agentPolicy?.tools.get(name);
}

export function toolLabel(name: string): string {
  return name === '' ? '(unnamed tool)' : name;
}
