// OpenAI Agents JS: governance as tool guardrails. The input guardrail pre-checks the call (a
// block becomes `rejectContent`, so the model reads why and the tool never runs); the output
// guardrail post-checks the result (a block replaces it with the reason). The pre-check's
// envelope id is carried from one to the other by the call id.

import type { FunctionTool, ToolInputGuardrailDefinition, ToolOutputGuardrailDefinition } from '@openai/agents';
import { asOutputObject, type GovernanceClient } from '../client.ts';
import { BlockedError } from '../errors.ts';
import { blockedMessage } from './blocked.ts';
import { actionOf, checkOptions, paramsOf, type AdapterOptions } from './options.ts';

export interface GovernanceGuardrails {
  inputGuardrails: ToolInputGuardrailDefinition<any>[];
  outputGuardrails: ToolOutputGuardrailDefinition<any>[];
}

/** Guardrails to pass to `tool({ ..., inputGuardrails, outputGuardrails })` (or use governOpenAiAgentsTool). */
export function governanceGuardrails(governance: GovernanceClient, options: AdapterOptions = {}): GovernanceGuardrails {
  const pending = new Map<string, { envelopeId: string; params: Record<string, unknown>; started: number }>();
  const keyOf = (call: { callId?: string; id?: string; name: string }) => call.callId ?? call.id ?? call.name;
  const reject = (error: unknown, tool: string) => {
    if (!(error instanceof BlockedError)) throw error;
    if (options.onBlocked === 'throw') return { behavior: { type: 'throwException' as const }, outputInfo: { envelope_id: error.envelopeId, decision: error.decision } };
    return { behavior: { type: 'rejectContent' as const, message: blockedMessage(error, tool) }, outputInfo: { envelope_id: error.envelopeId, decision: error.decision } };
  };
  return {
    inputGuardrails: [{
      type: 'tool_input', name: 'governance_pre_check',
      run: async ({ toolCall }) => {
        const params = paramsOf(toolCall.arguments);
        try {
          const result = await governance.preCheck({ action: actionOf(options, toolCall.name), params, input: `OpenAI Agents tool call ${toolCall.name}` }, checkOptions(options));
          pending.set(keyOf(toolCall), { envelopeId: result.envelope_id, params, started: Date.now() });
          return { behavior: { type: 'allow' }, outputInfo: { envelope_id: result.envelope_id } };
        } catch (error) {
          return reject(error, toolCall.name);
        }
      },
    }],
    outputGuardrails: [{
      type: 'tool_output', name: 'governance_post_check',
      run: async ({ toolCall, output }) => {
        const pre = pending.get(keyOf(toolCall));
        pending.delete(keyOf(toolCall));
        if (!pre) return { behavior: { type: 'rejectContent', message: `Governance withheld the result of "${toolCall.name}": it was not pre-checked.` } };
        try {
          const post = await governance.postCheck({
            pre_check_envelope_id: pre.envelopeId, output,
            execution: { tools_called: [{ name: actionOf(options, toolCall.name), arguments: pre.params }], tool_results: [asOutputObject(output)], latency_ms: Date.now() - pre.started },
          });
          return { behavior: { type: 'allow' }, outputInfo: { envelope_id: post.envelope_id } };
        } catch (error) {
          return reject(error, toolCall.name);
        }
      },
    }],
  };
}

/** The same tool with the governance guardrails added before its own. */
export function governOpenAiAgentsTool<T extends FunctionTool<any, any, any>>(governance: GovernanceClient, tool: T, options: AdapterOptions = {}): T {
  const guardrails = governanceGuardrails(governance, options);
  return {
    ...tool,
    inputGuardrails: [...guardrails.inputGuardrails, ...(tool.inputGuardrails ?? [])],
    outputGuardrails: [...guardrails.outputGuardrails, ...(tool.outputGuardrails ?? [])],
  };
}
