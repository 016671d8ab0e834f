// The demo's tool service: a knowledge base and a payment API, plain HTTP and JSON, with no idea
// that a gateway sits in front of it. It records what reached it, so the demo can show that a
// blocked call never did. One article holds a credential, which governance must never release.
// Usage: PORT=9100 node examples/demo/mock-tools.ts

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake OpenAI-style key: it matches the sensitive-data pattern, it is not a real secret. */
export const DEMO_SECRET = 'sk-proj-DEMOdemoDEMOdemoDEMOdemo0000';

const ARTICLES = [
  { id: 'KB-101', title: 'Paying a supplier invoice', body: 'Read the invoice, check the amount, then pay it in its currency.' },
  { id: 'KB-102', title: 'Payment approval limits', body: 'Payments above 5,000 need the invoice read first; above 10,000 they are not made by agents.' },
  { id: 'KB-900', title: 'Break-glass admin credentials', body: `Emergency API key: ${DEMO_SECRET}` },
];

const INVOICES: Record<string, { supplier: string; amount: number; currency: string; due: string }> = {
  'INV-20260042': { supplier: 'Acme Office Supplies', amount: 1200, currency: 'EUR', due: '2026-12-01' },
  'INV-20260077': { supplier: 'Northwind Logistics', amount: 7200, currency: 'EUR', due: '2026-12-05' },
  'INV-20260099': { supplier: 'Globex Consulting', amount: 25000, currency: 'EUR', due: '2026-12-10' },
};

export interface MockTools {
  readonly url: string;
  /** `METHOD path` of every request that reached the service. */
  readonly received: string[];
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startMockTools(port = 0, host = '127.0.0.1'): Promise<MockTools> {
  const received: string[] = [];
  let payments = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://tools');
      received.push(`${req.method} ${url.pathname}`);
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> : {};
      } catch {
        return send(res, 400, { error: 'invalid JSON' });
      }
      if (url.pathname === '/health') return send(res, 200, { status: 'ok' });
      if (url.pathname === '/kb/search' && req.method === 'POST') {
        const words = String(body.query ?? '').toLowerCase().split(/\W+/).filter((w) => w.length > 3);
        const hits = ARTICLES.filter((a) => words.some((w) => `${a.title} ${a.body}`.toLowerCase().includes(w)));
        return send(res, 200, { query: body.query, articles: hits });
      }
      if (url.pathname === '/invoicepay/invoices' && req.method === 'GET') {
        const id = url.searchParams.get('invoice_id') ?? '';
        const invoice = INVOICES[id];
        return invoice ? send(res, 200, { invoice_id: id, ...invoice }) : send(res, 404, { error: `no invoice ${id}` });
      }
      if (url.pathname === '/invoicepay/payments' && req.method === 'POST') {
        payments++;
        return send(res, 201, { payment_id: `PAY-DEMO${String(payments).padStart(6, '0')}`, invoice_id: body.invoice_id, amount: body.amount, currency: body.currency, status: 'created' });
      }
      send(res, 404, { error: `no route ${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

if (import.meta.main) {
  const tools = await startMockTools(Number(process.env.PORT ?? 9100), process.env.HOST ?? '0.0.0.0');
  console.log(JSON.stringify({ msg: 'mock tools listening', url: tools.url }));
}
