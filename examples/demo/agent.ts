// The demo's scripted agent: no LLM, a fixed list of tool calls, each made exactly as an agent
// would make it through its sidecar (plain HTTP to the sidecar's routes, MCP with the official
// SDK client). It prints what governance did at each step with the envelope ids, has one held
// payment approved by a human through `govgate review approve`, and ends with a chain check.
// Usage: SIDECAR_URL=http://127.0.0.1:8000 node examples/demo/agent.ts

import { execFile } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const DEMO_AGENT = 'demo-agent-1';

export type StepOutcome = 'allowed' | 'blocked' | 'withheld' | 'approved by a human';

export interface Step {
  n: number;
  title: string;
  outcome: StepOutcome;
  status: number;
  preCheck: string | null;
  postCheck: string | null;
  review: string | null;
  detail: string;
}

export interface AgentRun {
  steps: Step[];
  chain: { valid: boolean; rows_checked: number; head_hash: string | null };
}

export interface AgentOptions {
  sidecarUrl: string;
  print?: (line: string) => void;
  /** How a human approves a review item; default `govgate review approve <id> --note ...` against the sidecar. */
  approve?: (envelopeId: string) => Promise<string>;
}

/** `govgate review approve` as a reviewer would type it. */
export function approveWithCli(gatewayUrl: string): (envelopeId: string) => Promise<string> {
  return (envelopeId) => new Promise((resolve, reject) => {
    const { NODE_TEST_CONTEXT: _ignored, ...env } = process.env;
    execFile(process.execPath, [path.join(REPO_ROOT, 'bin/govgate.js'), 'review', 'approve', envelopeId, '--note', 'Invoice checked by finance: amount matches the delivery note.'], {
      cwd: REPO_ROOT, env: { ...env, GOVGATE_URL: gatewayUrl }, timeout: 60_000,
    }, (error, stdout, stderr) => (error ? reject(new Error(`govgate review approve failed: ${stderr || error.message}`)) : resolve(stdout.trim())));
  });
}

interface HttpAnswer { status: number; headers: Headers; body: any }

async function http(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', 'x-session-id': 'demo-session-1', ...init.headers } });
  const text = await response.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: response.status, headers: response.headers, body };
}

export async function runAgent(options: AgentOptions): Promise<AgentRun> {
  const base = options.sidecarUrl.replace(/\/+$/, '');
  const print = options.print ?? ((line: string) => console.log(line));
  const approve = options.approve ?? approveWithCli(base);
  const steps: Step[] = [];

  const record = (title: string, answer: HttpAnswer, extra: Partial<Step> = {}): Step => {
    const body = answer.body as Record<string, any>;
    const code = typeof body === 'object' && body ? body.code : undefined;
    const outcome: StepOutcome = extra.outcome ?? (code === 'TOOL_RESULT_BLOCKED' ? 'withheld' : answer.status >= 400 ? 'blocked' : 'allowed');
    const step: Step = {
      n: steps.length + 1, title, outcome, status: answer.status,
      preCheck: answer.headers.get('x-governance-pre-check') ?? (outcome === 'blocked' ? body?.envelope_id ?? null : null),
      postCheck: answer.headers.get('x-governance-post-check') ?? (outcome === 'withheld' ? body?.envelope_id ?? null : null),
      review: null,
      detail: outcome === 'allowed' || outcome === 'approved by a human' ? JSON.stringify(body).slice(0, 100) : String(body?.decision?.reason ?? body?.detail ?? ''),
      ...extra,
    };
    steps.push(step);
    const ids = [step.preCheck && `pre-check ${step.preCheck}`, step.postCheck && `post-check ${step.postCheck}`, step.review && `review ${step.review}`].filter(Boolean).join(', ');
    print(`${String(step.n).padStart(2)}. ${title}\n    -> ${outcome.toUpperCase()} (HTTP ${step.status}${ids ? `; ${ids}` : ''})\n       ${step.detail}`);
    return step;
  };

  // MCP through the sidecar, keeping each answer's governance headers.
  let lastMcpHeaders = new Headers();
  const mcp = new Client({ name: 'demo-agent', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      if (response.headers.has('x-governance-pre-check')) lastMcpHeaders = response.headers;
      return response;
    },
  }));
  const mcpCall = async (name: string, args: Record<string, unknown>): Promise<HttpAnswer> => {
    lastMcpHeaders = new Headers();
    const result = await mcp.callTool({ name, arguments: args }) as { isError?: boolean; content: Array<{ text?: string }>; _meta?: Record<string, any> };
    const meta = result._meta?.['io.governance-gateway/decision'] as { envelope_id?: string; reason?: string } | undefined;
    const text = result.content.map((c) => c.text ?? '').join('\n');
    if (result.isError && meta) return { status: 403, headers: lastMcpHeaders, body: { code: 'TOOL_CALL_BLOCKED', envelope_id: meta.envelope_id, decision: { reason: meta.reason } } };
    // An MCP answer's headers leave before its body is post-checked: the post-check row is found
    // in the audit log, linked to the pre-check.
    const headers = new Headers(lastMcpHeaders);
    const pre = headers.get('x-governance-pre-check');
    const audit = await http(`${base}/v1/audit/executions?agent_id=${DEMO_AGENT}&limit=20`);
    const linked = (audit.body as { items?: Array<{ kind: string; envelope_id: string; parent_envelope_id: string | null }> }).items
      ?.find((row) => row.kind === 'post_check' && row.parent_envelope_id === pre);
    if (linked) headers.set('x-governance-post-check', linked.envelope_id);
    return { status: 200, headers, body: { text } };
  };

  try {
    print(`Demo agent "demo-agent-1" calling its tools through the sidecar at ${base}\n`);
    const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

    record('kb.search "paying a supplier invoice" (HTTP)', await http(`${base}/kb/search`, post({ query: 'paying a supplier invoice' })));
    const tools = await mcp.listTools();
    print(`    (MCP tools/list through the sidecar shows only declared tools: ${tools.tools.map((t) => t.name).join(', ')})`);
    record('get_article KB-101 (MCP)', await mcpCall('get_article', { article_id: 'KB-101' }));
    record('invoicepay.get_invoice INV-20260042', await http(`${base}/invoicepay/invoices?invoice_id=INV-20260042`));
    record('invoicepay.create_payment INV-20260042, 1,200 EUR', await http(`${base}/invoicepay/payments`, post({ invoice_id: 'INV-20260042', amount: 1200, currency: 'EUR' })));
    record('shell_exec "cat /etc/passwd" (MCP, a tool the agent never declared)', await mcpCall('shell_exec', { cmd: 'cat /etc/passwd' }));
    record('invoicepay.create_payment INV-20260099, 25,000 EUR (over the 10,000 cap)', await http(`${base}/invoicepay/payments`, post({ invoice_id: 'INV-20260099', amount: 25000, currency: 'EUR' })));

    // A payment above 5,000 without a read of its invoice waits for a human; the route holds the
    // call open, a reviewer approves it from the CLI, and the held call goes through.
    const held = http(`${base}/invoicepay/payments`, post({ invoice_id: 'INV-20260077', amount: 7200, currency: 'EUR' }));
    const item = await waitForReviewItem(base, 'invoicepay.create_payment');
    print(`    (held: review item ${item} waits for a human; approving it with \`govgate review approve ${item} --note ...\`)`);
    const cli = await approve(item);
    print(`    (${cli.split('\n')[0]})`);
    const answer = await held;
    record('invoicepay.create_payment INV-20260077, 7,200 EUR (no invoice read: needs a human)', answer, {
      outcome: answer.status < 400 ? 'approved by a human' : 'blocked', review: item, preCheck: answer.headers.get('x-governance-pre-check') ?? item,
    });

    record('kb.search "break-glass admin credentials" (the answer holds an API key)', await http(`${base}/kb/search`, post({ query: 'break-glass admin credentials' })));

    const verify = await http(`${base}/v1/audit/chain/verify`);
    const chain = verify.body as AgentRun['chain'];
    print(`\nAudit chain: ${chain.valid ? 'VALID' : 'BROKEN'}, ${chain.rows_checked} rows checked, head ${chain.head_hash}`);
    return { steps, chain };
  } finally {
    await mcp.close();
  }
}

/** The open review item of a tool, as a reviewer's queue shows it (polled: the demo has no push). */
async function waitForReviewItem(base: string, tool: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const queue = await http(`${base}/v1/review/queue?status=open&tool=${encodeURIComponent(tool)}`);
    const first = (queue.body as { items?: Array<{ envelope_id: string }> }).items?.[0];
    if (first) return first.envelope_id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no review item for ${tool} appeared`);
}

if (import.meta.main) {
  const sidecarUrl = process.env.SIDECAR_URL ?? 'http://127.0.0.1:8000';
  const run = await runAgent({ sidecarUrl });
  process.exitCode = run.chain.valid ? 0 : 1;
}
