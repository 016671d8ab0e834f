// Graceful shutdown of a real `govgate serve` process: on SIGTERM it stops accepting, finishes
// the requests already in flight, flushes the ledger and exits 0; SIGINT does the same.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import type { TestContext } from 'node:test';
import { REPO_ROOT, call } from '../helpers/gateway.ts';
import { validateBody } from '../helpers/bodies.ts';

interface ServeProcess {
  child: ChildProcess;
  url: string;
  ledgerPath: string;
  /** Resolves with the first stdout log line whose msg is `msg`. */
  logLine(msg: string): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Spawns `govgate serve --port 0` and resolves once it logs "gateway listening" with its url. */
async function serve(t: TestContext): Promise<ServeProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-serve-'));
  const ledgerPath = path.join(dir, 'ledger.db');
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), 'serve', '--port', '0'], {
    cwd: REPO_ROOT,
    env: { ...inherited, SERVICE_ENV: 'test', LOG_LEVEL: 'info', LEDGER_PATH: ledgerPath, POLICIES_DIR: path.join(REPO_ROOT, 'policies') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  });

  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ msg: string; resolve: (line: Record<string, unknown>) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.msg === line.msg)) waiter.resolve(line);
  });
  const logLine = (msg: string) => {
    const seen = lines.find((line) => line.msg === msg);
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<Record<string, unknown>>((resolve) => waiters.push({ msg, resolve })),
      exited.then(({ code, stderr: err }) => {
        throw new Error(`govgate exited (${code}) before logging "${msg}": ${err}`);
      }),
    ]);
  };
  const listening = await logLine('gateway listening');
  return { child, url: String(listening.url), ledgerPath, logLine, exited };
}

/**
 * Starts a validate whose body is held back. With `Expect: 100-continue` the server answers
 * "100 Continue" only after it has parsed the headers and handed the request to its handler,
 * so once `started` resolves the request is in flight on the server, no timing guesses.
 */
function heldValidate(url: string): { started: Promise<void>; finish(): Promise<{ status: number; body: any }> } {
  const body = JSON.stringify(validateBody());
  const req = http.request(`${url}/v1/runtime/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
  const started = new Promise<void>((resolve, reject) => {
    req.on('continue', () => resolve());
    req.on('error', reject);
  });
  req.flushHeaders();
  return {
    started,
    finish: () => {
      req.end(body);
      return response;
    },
  };
}

function ledgerEnvelopeIds(ledgerPath: string): Set<string> {
  const db = new DatabaseSync(ledgerPath, { readOnly: true });
  try {
    return new Set((db.prepare('SELECT envelope_id FROM ledger').all() as Array<{ envelope_id: string }>).map((r) => r.envelope_id));
  } finally {
    db.close();
  }
}

test('SIGTERM: in-flight requests complete with 200, new connections are refused, exit 0, every acknowledged envelope is in the ledger', { timeout: 60_000 }, async (t) => {
  const gw = await serve(t);
  const acknowledged: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await call(gw.url, 'POST', '/v1/runtime/validate', validateBody());
    assert.equal(res.status, 200);
    acknowledged.push(res.body.envelope_id);
  }
  const held = Array.from({ length: 4 }, () => heldValidate(gw.url));
  await Promise.all(held.map((h) => h.started));

  gw.child.kill('SIGTERM');
  const stopping = await gw.logLine('shutting down');
  assert.equal(stopping.signal, 'SIGTERM');
  await assert.rejects(call(gw.url, 'GET', '/health'), 'a draining gateway accepts no new connections');

  const finished = await Promise.all(held.map((h) => h.finish()));
  for (const res of finished) {
    assert.equal(res.status, 200);
    acknowledged.push(res.body.envelope_id);
  }
  const { code, signal, stderr } = await gw.exited;
  assert.deepEqual([code, signal], [0, null], stderr);
  await gw.logLine('gateway stopped');

  const recorded = ledgerEnvelopeIds(gw.ledgerPath);
  assert.equal(acknowledged.length, 7);
  for (const id of acknowledged) assert.ok(recorded.has(id), `acknowledged envelope ${id} is missing from the ledger`);
});

test('SIGINT: the gateway stops and exits 0', { timeout: 60_000 }, async (t) => {
  const gw = await serve(t);
  const res = await call(gw.url, 'POST', '/v1/runtime/validate', validateBody());
  assert.equal(res.status, 200);
  gw.child.kill('SIGINT');
  assert.equal((await gw.logLine('shutting down')).signal, 'SIGINT');
  const { code, signal, stderr } = await gw.exited;
  assert.deepEqual([code, signal], [0, null], stderr);
  assert.ok(ledgerEnvelopeIds(gw.ledgerPath).has(res.body.envelope_id));
});
