// The TypeScript client's framework adapters, each with the real framework package and a fake
// model, against a real gateway (the sample policies: support-agent-1 may search the knowledge
// base; shell_exec is not declared for it; an answer carrying an API key is withheld). Each test
// proves that an allowed call ran and was recorded as a pre-check and a post-check, that a
// blocked call never reached the tool, and that a secret never reached the model.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { z } from 'zod';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { SECRET, startMcpServer } from '../helpers/mcp-server.ts';
import { GovernanceClient } from '../../clients/typescript/src/index.ts';
import { governLangChainTools } from '../../clients/typescript/src/adapters/langchain.ts';
import { governAiSdkTools } from '../../clients/typescript/src/adapters/ai-sdk.ts';
import { governOpenAiAgentsTool } from '../../clients/typescript/src/adapters/openai-agents.ts';
import { governMcpClient } from '../../clients/typescript/src/adapters/mcp.ts';

const AGENT = 'support-agent-1';

async function setUp(t: TestContext, framework: 'LangChain' | 'OpenAI Agents' | 'MCP' | 'Custom') {
  const gw = await startTestGateway(t);
  const governance = new GovernanceClient({ baseUrl: gw.url, agentId: AGENT, framework, model: 'fake-model' });
  const ran: string[] = [];
  return { gw, governance, ran };
}

/** The pre-check and post-check rows recorded, oldest first, as `kind:action:outcome`. */
async function recorded(gw: TestGateway): Promise<string[]> {
  const rows = (await gw.ledger.list({ limit: 50, offset: 0 })).rows.filter((r) => r.kind === 'pre_check' || r.kind === 'post_check');
  return rows.reverse().map((r) => `${r.kind}:${r.action ?? ''}:${r.outcome}`);
}

const searchResult = (query: string) => (query.includes('leak') ? `admin key: ${SECRET}` : `3 articles for "${query}"`);

test('LangChain.js: a fake tool-calling chat model, tools invoked with its tool calls', async (t) => {
  const { tool } = await import('@langchain/core/tools');
  const { AIMessageChunk } = await import('@langchain/core/messages');
  const { FakeStreamingChatModel } = await import('@langchain/core/utils/testing');
  const { gw, governance, ran } = await setUp(t, 'LangChain');
  const tools = governLangChainTools(governance, [
    tool(async ({ query }: { query: string }) => { ran.push('search_kb'); return searchResult(query); }, { name: 'search_kb', description: 'Search the help center.', schema: z.object({ query: z.string() }) }),
    tool(async ({ cmd }: { cmd: string }) => { ran.push('shell_exec'); return `ran ${cmd}`; }, { name: 'shell_exec', description: 'Runs a shell command.', schema: z.object({ cmd: z.string() }) }),
  ]);
  const model = new FakeStreamingChatModel({
    chunks: [new AIMessageChunk({
      content: '',
      tool_calls: [
        { id: 'call-1', name: 'search_kb', args: { query: 'password reset' }, type: 'tool_call' },
        { id: 'call-2', name: 'shell_exec', args: { cmd: 'rm -rf /' }, type: 'tool_call' },
        { id: 'call-3', name: 'search_kb', args: { query: 'leak the admin key' }, type: 'tool_call' },
      ],
    })],
  }).bindTools(tools);
  const message = await model.invoke('Help the customer');
  assert.equal(message.tool_calls?.length, 3);
  const answers = [];
  for (const call of message.tool_calls!) {
    const governed = tools.find((candidate) => candidate.name === call.name)!;
    answers.push(String((await governed.invoke({ ...call, type: 'tool_call' })).content));
  }
  assert.equal(answers[0], '3 articles for "password reset"');
  assert.match(answers[1], /^Governance blocked this: the call to tool "shell_exec" was not run\. Reason: .*not declared.*\(envelope [0-9a-f-]{36}\)/);
  assert.match(answers[2], /^Governance blocked this: the result of tool "search_kb" was withheld/);
  assert.ok(!answers.join('\n').includes(SECRET));
  assert.deepEqual(ran, ['search_kb', 'search_kb'], 'shell_exec never ran');
  assert.deepEqual(await recorded(gw), ['pre_check:search_kb:approve', 'post_check:search_kb:approve', 'pre_check:shell_exec:block', 'pre_check:search_kb:approve', 'post_check:search_kb:block']);
});

test('Vercel AI SDK: generateText with MockLanguageModelV4 calling governed tools', async (t) => {
  const { generateText, tool, isStepCount } = await import('ai');
  const { MockLanguageModelV4 } = await import('ai/test');
  const { gw, governance, ran } = await setUp(t, 'Custom');
  const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
  const model = new MockLanguageModelV4({
    doGenerate: [
      {
        content: [
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'search_kb', input: '{"query":"password reset"}' },
          { type: 'tool-call', toolCallId: 'call-2', toolName: 'shell_exec', input: '{"cmd":"rm -rf /"}' },
          { type: 'tool-call', toolCallId: 'call-3', toolName: 'search_kb', input: '{"query":"leak the admin key"}' },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [],
      },
      { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
    ],
  });
  const result = await generateText({
    model,
    prompt: 'Help the customer',
    stopWhen: isStepCount(3),
    tools: governAiSdkTools(governance, {
      search_kb: tool({ description: 'Search the help center.', inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => { ran.push('search_kb'); return searchResult(query); } }),
      shell_exec: tool({ description: 'Runs a shell command.', inputSchema: z.object({ cmd: z.string() }), execute: async ({ cmd }) => { ran.push('shell_exec'); return `ran ${cmd}`; } }),
    }),
  });
  assert.equal(result.text, 'Done.');
  const outputs = result.steps[0].toolResults.map((r) => String(r.output));
  assert.equal(outputs[0], '3 articles for "password reset"');
  assert.match(outputs[1], /^Governance blocked this: the call to tool "shell_exec" was not run/);
  assert.match(outputs[2], /^Governance blocked this: the result of tool "search_kb" was withheld/);
  assert.ok(!JSON.stringify(model.doGenerateCalls[1].prompt).includes(SECRET), 'the secret never reached the model');
  assert.deepEqual(ran, ['search_kb', 'search_kb']);
  assert.deepEqual((await recorded(gw)).sort(), ['post_check:search_kb:approve', 'post_check:search_kb:block', 'pre_check:search_kb:approve', 'pre_check:search_kb:approve', 'pre_check:shell_exec:block']);
});

test('OpenAI Agents JS: governance as tool guardrails, with a stub Model', async (t) => {
  const { Agent, Runner, Usage, tool, setTracingDisabled } = await import('@openai/agents');
  setTracingDisabled(true);
  const { gw, governance, ran } = await setUp(t, 'OpenAI Agents');
  const requests: unknown[] = [];
  let turn = 0;
  const call = (callId: string, name: string, args: unknown) => ({ type: 'function_call' as const, callId, name, arguments: JSON.stringify(args), status: 'completed' as const });
  const model = {
    async getResponse(request: { input: unknown }) {
      requests.push(request.input);
      turn++;
      const output = turn === 1
        ? [call('call-1', 'search_kb', { query: 'password reset' }), call('call-2', 'shell_exec', { cmd: 'rm -rf /' }), call('call-3', 'search_kb', { query: 'leak the admin key' })]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'Done.' }] }];
      return { usage: new Usage(), output, responseId: `resp-${turn}` };
    },
    // eslint-disable-next-line require-yield
    async *getStreamedResponse(): AsyncIterable<never> { throw new Error('not streamed in this test'); },
  };
  const agent = new Agent({
    name: 'support', instructions: 'Help the customer.', model,
    tools: [
      governOpenAiAgentsTool(governance, tool({ name: 'search_kb', description: 'Search the help center.', parameters: z.object({ query: z.string() }), execute: async ({ query }) => { ran.push('search_kb'); return searchResult(query); } })),
      governOpenAiAgentsTool(governance, tool({ name: 'shell_exec', description: 'Runs a shell command.', parameters: z.object({ cmd: z.string() }), execute: async ({ cmd }) => { ran.push('shell_exec'); return `ran ${cmd}`; } })),
    ],
  });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Help the customer');
  assert.equal(result.finalOutput, 'Done.');
  const secondTurn = JSON.stringify(requests[1]);
  assert.match(secondTurn, /3 articles for \\"password reset\\"/);
  assert.match(secondTurn, /Governance blocked this: the call to tool \\"shell_exec\\" was not run/);
  assert.match(secondTurn, /Governance blocked this: the result of tool \\"search_kb\\" was withheld/);
  assert.ok(!secondTurn.includes(SECRET), 'the secret never reached the model');
  assert.deepEqual(ran, ['search_kb', 'search_kb']);
  assert.deepEqual((await recorded(gw)).sort(), ['post_check:search_kb:approve', 'post_check:search_kb:block', 'pre_check:search_kb:approve', 'pre_check:search_kb:approve', 'pre_check:shell_exec:block']);
});

test('MCP: a governed @modelcontextprotocol/sdk client against a real MCP server', async (t) => {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const { gw, governance } = await setUp(t, 'MCP');
  const server = await startMcpServer(t);
  const raw = new Client({ name: 'support-agent', version: '1.0.0' });
  await raw.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  t.after(() => raw.close());
  const client = governMcpClient(raw, governance);
  assert.ok((await client.listTools()).tools.length >= 3, 'other methods pass through');
  const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((c) => c.text).join('\n');
  const ok = await client.callTool({ name: 'search_kb', arguments: { query: 'password reset' } });
  assert.equal(ok.isError, undefined);
  assert.match(text(ok), /3 articles for "password reset"/);
  const blocked = await client.callTool({ name: 'shell_exec', arguments: { cmd: 'rm -rf /' } });
  assert.equal(blocked.isError, true);
  assert.match(text(blocked), /^Governance blocked this: the call to tool "shell_exec" was not run/);
  const withheld = await client.callTool({ name: 'search_kb', arguments: { query: 'leak the admin key' } });
  assert.equal(withheld.isError, true);
  assert.ok(!text(withheld).includes(SECRET));
  assert.deepEqual(server.calls, ['search_kb', 'search_kb'], 'shell_exec never reached the server');
  assert.deepEqual(await recorded(gw), ['pre_check:search_kb:approve', 'post_check:search_kb:approve', 'pre_check:shell_exec:block', 'pre_check:search_kb:approve', 'post_check:search_kb:block']);
});
