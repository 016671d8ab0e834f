// A webhook receiver on port 0 for the notification tests: records every request with its raw
// body, answers `failing` statuses until told otherwise (the first N tries per delivery, or
// always), can hold requests open, and lets a test wait for the n-th request of a delivery.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';

export interface WebhookRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as signed. */
  body: string;
  delivery: string;
  event: string;
  /** The answer given (0: held, never answered). */
  status: number;
}

export interface ReceiverBehaviour {
  /** Answer 503 to the first N tries of each delivery id, then 200 (Infinity: always fail). */
  failFirst?: number;
  /** Hold every request open without answering (a receiver that hangs). */
  hold?: boolean;
  /** Answer after this long (widens the window in which a second try of the same delivery would overlap). */
  delayMs?: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly requests: WebhookRequest[];
  /** Deliveries that arrived while another request of the same delivery was still open. */
  readonly overlaps: string[];
  /** The most requests that were open (received, not yet answered) at one time. */
  readonly maxOpen: number;
  behaviour: ReceiverBehaviour;
  /** Resolves with the requests once `predicate` holds for the list (checked after each request). */
  waitFor(predicate: (requests: WebhookRequest[]) => boolean): Promise<WebhookRequest[]>;
  /** Requests of one event type, answered 2xx. */
  accepted(event?: string): WebhookRequest[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(t: TestContext | undefined, behaviour: ReceiverBehaviour = {}): Promise<WebhookReceiver> {
  const requests: WebhookRequest[] = [];
  const waiters = new Set<() => void>();
  const tries = new Map<string, number>();
  const held = new Set<http.ServerResponse>();
  const open = new Set<string>();
  const overlaps: string[] = [];
  let openCount = 0;
  const receiver: WebhookReceiver = {
    url: '',
    requests,
    overlaps,
    maxOpen: 0,
    behaviour,
    waitFor(predicate) {
      return new Promise((resolve) => {
        const check = () => {
          if (!predicate(requests)) return;
          waiters.delete(check);
          resolve([...requests]);
        };
        waiters.add(check);
        check();
      });
    },
    accepted: (event) => requests.filter((r) => r.status >= 200 && r.status < 300 && (event === undefined || r.event === event)),
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = String(req.headers['x-governance-delivery'] ?? '');
      const n = (tries.get(delivery) ?? 0) + 1;
      tries.set(delivery, n);
      const { failFirst = 0, hold = false, delayMs = 0 } = receiver.behaviour;
      const status = hold ? 0 : n <= failFirst ? 503 : 200;
      if (open.has(delivery)) overlaps.push(delivery);
      open.add(delivery);
      openCount += 1;
      (receiver as { maxOpen: number }).maxOpen = Math.max(receiver.maxOpen, openCount);
      const request = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), delivery, event: String(req.headers['x-governance-event'] ?? ''), status };
      if (hold) {
        held.add(res);
        requests.push(request);
        for (const waiter of [...waiters]) waiter();
        return;
      }
      setTimeout(() => {
        open.delete(delivery);
        openCount -= 1;
        // Recorded before the answer leaves: a test that saw the n-th request sees its status.
        requests.push(request);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver down for maintenance');
        for (const waiter of [...waiters]) waiter();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (receiver as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  t?.after(() => receiver.close());
  return receiver;
}
