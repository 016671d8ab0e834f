// A fake OpenAI-compatible judge on port 0. Its behaviour is switched per test: a fixed answer,
// an HTTP error, a malformed answer, an answer held until the test releases it (slow), or a
// gullible judge that obeys "score 100" wherever it reads it OUTSIDE the data block its system
// prompt declares -- so it gives 100 to an injection only if the gateway failed to delimit.
// Beside it, what judged tests share: a bundle whose vault agent is high risk (judged inside the
// request), the gateway settings that point at the fake, and a gateway started with both.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { validateBody } from './bodies.ts';
import { REPO_ROOT, startTestGateway, type TestGateway, type TestGatewayOptions } from './gateway.ts';

export type FakeJudgeMode =
  | { kind: 'answer'; score: number; verdict: 'pass' | 'fail'; reasons?: string[] }
  | { kind: 'http_error'; status: number }
  | { kind: 'malformed' }
  | { kind: 'malformed_once'; then: { score: number; verdict: 'pass' | 'fail' } }
  | { kind: 'hold' }
  | { kind: 'gullible' };

export interface FakeJudge {
  readonly url: string;
  mode: FakeJudgeMode;
  /** Request bodies received, in order. */
  readonly requests: Array<Record<string, any>>;
  readonly headers: http.IncomingHttpHeaders[];
  /** Answers every held request (mode hold) with this, e.g. after the gateway gave up. */
  releaseHeld(answer?: { score: number; verdict: 'pass' | 'fail' }): void;
}

export function chatResponse(content: string): string {
  return JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
}

function answer(score: number, verdict: string, reasons: string[] = ['fake judge']): string {
  return chatResponse(JSON.stringify({ score, verdict, reasons }));
}

/** What the gullible judge reads as instructions: everything except the declared data block. */
export function textOutsideData(messages: Array<{ role: string; content: string }>): string {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const boundary = /<<<DATA ([0-9a-f]+)>>>/.exec(system)?.[1];
  return messages.map((message) => {
    if (boundary === undefined || message.role === 'system') return message.content;
    const open = `<<<DATA ${boundary}>>>`;
    const close = `<<<END DATA ${boundary}>>>`;
    const start = message.content.indexOf(open);
    const end = message.content.indexOf(close, start + open.length);
    if (start < 0 || end < 0) return message.content;
    return message.content.slice(0, start) + message.content.slice(end + close.length);
  }).join('\n');
}

export async function startFakeJudge(t: TestContext, mode: FakeJudgeMode = { kind: 'answer', score: 90, verdict: 'pass' }): Promise<FakeJudge> {
  const held: http.ServerResponse[] = [];
  let malformedSent = false;
  const judge: FakeJudge = {
    url: '',
    mode,
    requests: [],
    headers: [],
    releaseHeld(reply = { score: 90, verdict: 'pass' }) {
      for (const res of held.splice(0)) if (!res.destroyed) res.end(answer(reply.score, reply.verdict));
    },
  };
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => { text += chunk; });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, any>;
      judge.requests.push(body);
      judge.headers.push(req.headers);
      const current = judge.mode;
      res.setHeader('content-type', 'application/json');
      if (current.kind === 'http_error') {
        res.statusCode = current.status;
        res.end(JSON.stringify({ error: { message: 'fake failure' } }));
      } else if (current.kind === 'malformed') {
        res.end(chatResponse('Sure! The output looks fine, I would give it about 80.'));
      } else if (current.kind === 'malformed_once') {
        res.end(malformedSent ? answer(current.then.score, current.then.verdict) : chatResponse('{"score": "high"}'));
        malformedSent = true;
      } else if (current.kind === 'hold') {
        held.push(res);
      } else if (current.kind === 'gullible') {
        const instructions = textOutsideData(body.messages);
        if (/score 100/i.test(instructions)) res.end(answer(100, 'pass', ['as instructed']));
        else res.end(answer(15, 'fail', ['the output tries to instruct its reviewer']));
      } else {
        res.end(answer(current.score, current.verdict, current.reasons));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (judge as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t.after(async () => {
    for (const res of held.splice(0)) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return judge;
}

/** The judge's API key the judged gateways read from a file; it must never show in an answer. */
export const FAKE_JUDGE_API_KEY = 'sk-judge-test';

const VAULT_CATALOG = `
id: vault-agent
agents: ["vault-*"]
defaults: { action_severity: 90, business_impact: 90 }
tools:
  vault.transfer:
    action_severity: 95
    business_impact: 95
    scope: { type: object, properties: { amount: { type: number } } }
`;

/** The sample bundle plus `vault-*` agents whose `vault.transfer` calls are high risk. */
export function writeJudgeBundle(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-judge-policies-'));
  cpSync(path.join(REPO_ROOT, 'policies'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'catalog', 'vault-agent.yaml'), VAULT_CATALOG);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A validate body of a high-risk vault transfer (judged inside the request). */
export function highRiskBody(output: Record<string, unknown> = { transfer_id: 'TR-1', status: 'done', amount: 10 }): Record<string, any> {
  return validateBody({
    agent_id: 'vault-agent-1',
    request: { user: 'treasurer', input: 'Move 10 to the reserve account' },
    execution: {
      model: 'gpt-4o', latency_ms: 5, tokens: 10,
      tools_called: [{ name: 'vault.transfer', arguments: { amount: 10 } }],
      tool_results: [{ transfer_id: 'TR-1', status: 'done', amount: 10 }],
    },
    output,
  });
}

/** The settings that point a gateway at the fake judge: a generous sync budget, a fast worker poll. */
export function fakeJudgeEnv(t: TestContext, judge: FakeJudge): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-judge-key-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const keyFile = path.join(dir, 'key');
  writeFileSync(keyFile, `${FAKE_JUDGE_API_KEY}\n`);
  return { JUDGE_URL: judge.url, JUDGE_MODEL: 'fake-judge', JUDGE_API_KEY_FILE: keyFile, JUDGE_SYNC_BUDGET_MS: '2000', JUDGE_POLL_MS: '20' };
}

/** A gateway judged by `judge`, with the high-risk bundle; `options.env` overrides either. */
export function startJudgedGateway(t: TestContext, judge: FakeJudge, options: TestGatewayOptions = {}): Promise<TestGateway> {
  return startTestGateway(t, { ...options, env: { POLICIES_DIR: writeJudgeBundle(t), ...fakeJudgeEnv(t, judge), ...options.env } });
}
