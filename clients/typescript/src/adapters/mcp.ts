// MCP: wraps a client of @modelcontextprotocol/sdk so every tools/call is pre-checked before it
// is sent and its result post-checked before the agent sees it. A blocked call answers like a
// tool error the model can read (isError: true), as the gateway's MCP sidecar does.

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { GovernanceClient } from '../client.ts';
import { BlockedError } from '../errors.ts';
import { blockedMessage } from './blocked.ts';
import { actionOf, checkOptions, paramsOf, type AdapterOptions } from './options.ts';

type CallTool = Client['callTool'];

/** The same client, with `callTool` governed; everything else passes through. */
export function governMcpClient<C extends Pick<Client, 'callTool'>>(client: C, governance: GovernanceClient, options: AdapterOptions = {}): C {
  const original = client.callTool.bind(client) as CallTool;
  const callTool = async (...args: Parameters<CallTool>): Promise<Awaited<ReturnType<CallTool>>> => {
    const [params] = args;
    try {
      const { output } = await governance.governCall(
        { action: actionOf(options, params.name), params: paramsOf(params.arguments ?? {}), input: `MCP tools/call ${params.name}` },
        () => original(...args),
        checkOptions(options),
      );
      return output;
    } catch (error) {
      if (!(error instanceof BlockedError) || options.onBlocked === 'throw') throw error;
      return {
        content: [{ type: 'text', text: blockedMessage(error, params.name) }],
        isError: true,
        _meta: { 'io.governance-gateway/decision': { stage: error.stage, envelope_id: error.envelopeId, outcome: error.outcome, reason: error.decision.reason } },
      };
    }
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'callTool') return callTool;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
