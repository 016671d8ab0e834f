// A fake upstream tool server for the sidecar tests, on port 0: every request is recorded, and
// the test says how each path answers (JSON, text, gzip, a stream, silence, a reset).

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type ToolHandler = (req: ReceivedRequest, res: http.ServerResponse) => void;

export interface ToolServer {
  readonly origin: string;
  readonly port: number;
  readonly received: ReceivedRequest[];
  /** Answers requests whose path starts with `prefix` (longest prefix wins); default: 200 `{"ok":true}`. */
  on(prefix: string, handler: ToolHandler): void;
  close(): Promise<void>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ToolHandler {
  return (_req, res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

export async function startToolServer(t?: TestContext): Promise<ToolServer> {
  const received: ReceivedRequest[] = [];
  const handlers = new Map<string, ToolHandler>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const prefix = [...handlers.keys()].filter((p) => request.url.startsWith(p)).sort((a, b) => b.length - a.length)[0];
      (prefix === undefined ? json(200, { ok: true }) : handlers.get(prefix)!)(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  t?.after(close);
  return { origin: `http://127.0.0.1:${port}`, port, received, on: (prefix, handler) => handlers.set(prefix, handler), close };
}

/** A raw HTTP/1.1 request: the path goes out exactly as given (fetch would normalise dot segments). */
export function rawRequest(base: string, method: string, path: string, body?: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
