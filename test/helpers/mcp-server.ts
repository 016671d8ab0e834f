// A real MCP server (the official TypeScript SDK, streamable HTTP transport, one transport per
// session) on port 0 for the sidecar tests. Its tools can be changed while it runs, and it
// records which tools were actually called, so a test can prove a blocked call never arrived.

import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

export interface FakeMcpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:PORT/mcp. */
  readonly url: string;
  /** Names of the tools the server ran, in order. */
  readonly calls: string[];
  /** Edit freely: tools/list answers with what is here at the time. */
  readonly tools: Tool[];
  /** Session ids the server issued. */
  readonly sessions: string[];
  close(): Promise<void>;
}

export const SECRET = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';

export function defaultTools(): Tool[] {
  return [
    { name: 'search_kb', description: 'Search the help center.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
    { name: 'crm_lookup', description: 'Look a customer up.', inputSchema: { type: 'object', properties: { customer_id: { type: 'string' } } } },
    { name: 'shell_exec', description: 'Runs a shell command on the server.', inputSchema: { type: 'object', properties: { cmd: { type: 'string' } } } },
  ];
}

/** `json: true` answers POSTs with application/json; otherwise with an SSE stream (the SDK default). */
export async function startMcpServer(t?: TestContext, options: { json?: boolean } = {}): Promise<FakeMcpServer> {
  const calls: string[] = [];
  const sessions: string[] = [];
  const tools = defaultTools();
  const transports = new Map<string, StreamableHTTPServerTransport>();

  const newServer = (): Server => {
    const server = new Server({ name: 'fake-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      calls.push(request.params.name);
      const query = String((request.params.arguments as { query?: unknown } | undefined)?.query ?? '');
      const progressToken = request.params._meta?.progressToken;
      if (progressToken !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 2, message: 'searching' } });
      }
      if (query.includes('leak')) return { content: [{ type: 'text', text: `admin key: ${SECRET}` }] };
      return { content: [{ type: 'text', text: `3 articles for "${query}": How to reset your password` }] };
    });
    return server;
  };

  const httpServer = http.createServer((req, res) => {
    void (async () => {
      const sessionId = req.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (!transport) {
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          enableJsonResponse: options.json ?? false,
          onsessioninitialized: (id) => {
            sessions.push(id);
            transports.set(id, created);
          },
        });
        transport = created;
        await newServer().connect(transport);
      }
      await transport.handleRequest(req, res);
    })();
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  const close = async () => {
    for (const transport of transports.values()) await transport.close();
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  };
  t?.after(close);
  return { url: `http://127.0.0.1:${port}/mcp`, calls, tools, sessions, close };
}
