// The demo's MCP server (official SDK, streamable HTTP): a knowledge-base tool the agent may call
// and a shell tool it may not. Stateless: one server and transport per request.
// Usage: PORT=9200 node examples/demo/mcp-server.ts

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
  { name: 'get_article', description: 'Reads one knowledge-base article.', inputSchema: { type: 'object' as const, properties: { article_id: { type: 'string' } }, required: ['article_id'] } },
  { name: 'shell_exec', description: 'Runs a shell command on the server.', inputSchema: { type: 'object' as const, properties: { cmd: { type: 'string' } }, required: ['cmd'] } },
];

export interface DemoMcpServer {
  readonly url: string;
  /** The tools that actually ran. */
  readonly calls: string[];
  close(): Promise<void>;
}

export async function startDemoMcpServer(port = 0, host = '127.0.0.1'): Promise<DemoMcpServer> {
  const calls: string[] = [];
  const newServer = (): Server => {
    const server = new Server({ name: 'demo-kb', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      calls.push(request.params.name);
      if (request.params.name === 'get_article') {
        const id = String((request.params.arguments as { article_id?: unknown } | undefined)?.article_id ?? '');
        return { content: [{ type: 'text', text: `${id}: Paying a supplier invoice. Read the invoice, check the amount, then pay it.` }] };
      }
      return { content: [{ type: 'text', text: 'executed' }] };
    });
    return server;
  };
  const httpServer = http.createServer((req, res) => {
    void (async () => {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => { void transport.close(); });
      await newServer().connect(transport);
      await transport.handleRequest(req, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(port, host, resolve));
  const address = httpServer.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}/mcp`,
    calls,
    close: () => new Promise<void>((resolve) => { httpServer.closeAllConnections(); httpServer.close(() => resolve()); }),
  };
}

if (import.meta.main) {
  const server = await startDemoMcpServer(Number(process.env.PORT ?? 9200), process.env.HOST ?? '0.0.0.0');
  console.log(JSON.stringify({ msg: 'demo MCP server listening', url: server.url }));
}
