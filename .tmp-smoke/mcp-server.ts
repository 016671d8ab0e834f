import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface FakeMcp { url: string; calls: string[]; tools: any[]; close(): Promise<void> }

export async function startMcpServer(opts: { json?: boolean } = {}): Promise<FakeMcp> {
  const calls: string[] = [];
  const tools: any[] = [
    { name: 'search_kb', description: 'Search the help center.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
    { name: 'crm_lookup', description: 'Look a customer up.', inputSchema: { type: 'object', properties: { customer_id: { type: 'string' } } } },
    { name: 'shell_exec', description: 'Runs a shell command.', inputSchema: { type: 'object', properties: { cmd: { type: 'string' } } } },
  ];
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const newServer = () => {
    const server = new Server({ name: 'fake', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (req) => {
      calls.push(req.params.name);
      const q = String((req.params.arguments as any)?.query ?? '');
      if (q.includes('leak')) return { content: [{ type: 'text', text: 'admin key: sk-proj-abcdefghijklmnopqrstuvwxyz123' }] };
      return { content: [{ type: 'text', text: `results for ${q}: How to reset your password` }] };
    });
    return server;
  };
  const httpServer = http.createServer(async (req, res) => {
    const sid = req.headers['mcp-session-id'] as string | undefined;
    let transport = sid ? transports.get(sid) : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), enableJsonResponse: opts.json, onsessioninitialized: (id) => { transports.set(id, transport!); } });
      await newServer().connect(transport);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  const port = (httpServer.address() as any).port;
  return { url: `http://127.0.0.1:${port}/mcp`, calls, tools, close: async () => { for (const t of transports.values()) await t.close(); httpServer.closeAllConnections(); await new Promise((r) => httpServer.close(r)); } };
}
