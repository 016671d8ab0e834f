// `npm run demo`: the whole product in one command. Starts the mock tool service and the MCP
// server, then the gateway as the agent's sidecar (`govgate serve` with the routes of
// gateway.yaml, SQLite ledger in a temp dir), runs the scripted agent through it, and stops
// everything. docker-compose.yml runs the same pieces as containers, on PostgreSQL.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMockTools } from './mock-tools.ts';
import { startDemoMcpServer } from './mcp-server.ts';
import { writeDemoBundle } from './policy-bundle.ts';
import { runAgent, type AgentRun } from './agent.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEMO_AGENT_ID = 'demo-agent-1';

/** The settings the demo's sidecar runs with (docker-compose.yml sets the same ones). */
export function sidecarEnv(dir: string): Record<string, string> {
  return {
    SERVICE_ENV: 'development', AUTH_ENABLED: 'false', RATE_LIMIT_ENABLED: 'false', GATEWAY_VARIANT: 'edge', AGENT_ID: DEMO_AGENT_ID,
    POLICIES_DIR: path.join(dir, 'policies'), CONFIG_DIR: path.join(dir, 'config'), LEDGER_PATH: path.join(dir, 'ledger.db'),
  };
}

/** gateway.yaml with the compose service names replaced by where the tools really listen. */
export function localRoutes(toolsUrl: string, mcpUrl: string): string {
  return readFileSync(path.join(import.meta.dirname, 'config/gateway.yaml'), 'utf8')
    .replaceAll('http://mock-tools:9100', toolsUrl)
    .replaceAll('http://mcp-server:9200/mcp', mcpUrl);
}

export interface DemoRun extends AgentRun {
  /** What reached the tool service and the MCP server (a blocked call never does). */
  toolRequests: string[];
  mcpCalls: string[];
  sidecarUrl: string;
}

export async function runDemo(print: (line: string) => void = (line) => console.log(line)): Promise<DemoRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-demo-'));
  const tools = await startMockTools();
  const mcp = await startDemoMcpServer();
  let child: ReturnType<typeof spawn> | undefined;
  try {
    writeDemoBundle(path.join(dir, 'policies'));
    mkdirSync(path.join(dir, 'config'));
    writeFileSync(path.join(dir, 'config/gateway.yaml'), localRoutes(tools.url, mcp.url));
    const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
    child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/govgate.js'), 'serve', '--port', '0', '--host', '127.0.0.1'], {
      cwd: REPO_ROOT, env: { ...inherited, LOG_LEVEL: 'info', ...sidecarEnv(dir) }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sidecarUrl = await listeningUrl(child);
    print(`Started: mock tools ${tools.url}, MCP server ${mcp.url}, sidecar (govgate serve, agent ${DEMO_AGENT_ID}) ${sidecarUrl}`);
    const run = await runAgent({ sidecarUrl, print });
    return { ...run, toolRequests: [...tools.received], mcpCalls: [...mcp.calls], sidecarUrl };
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await tools.close();
    await mcp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function listeningUrl(child: ReturnType<typeof spawn>): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sidecar did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`the sidecar exited (${code ?? signal}) before listening:\n${output}`)); });
  });
}

if (import.meta.main) {
  const run = await runDemo();
  const count = (outcome: string) => run.steps.filter((s) => s.outcome === outcome).length;
  console.log(`\n${run.steps.length} tool calls: ${count('allowed')} allowed, ${count('approved by a human')} approved by a human, ${count('blocked')} blocked, ${count('withheld')} withheld.`);
  console.log(`The tool service saw ${run.toolRequests.length} requests and the MCP server ran ${run.mcpCalls.join(', ') || 'nothing'}: blocked calls never reached them.`);
  process.exitCode = run.chain.valid ? 0 : 1;
}
