// What the judge is shown of one execution, from the input the engines saw.

import type { GovernanceInput } from '../governance/index.ts';
import type { JudgeMaterial } from './judge-prompt.ts';

/** undefined when there is nothing to judge yet (a pre-check: no output exists). */
export function judgeMaterial(input: GovernanceInput): JudgeMaterial | undefined {
  if (input.stage === 'pre_check' || input.output === undefined) return undefined;
  return {
    agent_id: input.agentId,
    stage: input.stage,
    request: { user: input.request.user, input: input.request.input },
    tools_called: (input.execution?.toolsCalled ?? []).map((call) => ({ name: call.name, params: call.params })),
    tool_results: (input.execution?.toolResults ?? []).map((result) => result.value),
    output: input.output,
  };
}

export function toolNames(input: GovernanceInput): string[] {
  return (input.execution?.toolsCalled ?? []).map((call) => call.name);
}
