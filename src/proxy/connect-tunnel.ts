// CONNECT (HTTPS through HTTP_PROXY): the sidecar cannot see inside the TLS, so it cannot govern
// it. Hosts on the connect.allow list tunnel through, each tunnel recorded in the ledger as an
// ungoverned `tunnel` row; every other host is refused with a problem body saying why.

import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, problemBody } from '../http/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';
import { connectAllowed, splitHost } from './route-matcher.ts';
import { publishSidecarEvent } from './sidecar-events.ts';
import type { ConnectRule } from './route-types.ts';

const CONNECT_TIMEOUT_MS = 10_000;

export interface TunnelDeps {
  rules(): readonly ConnectRule[];
  ledger: Ledger;
  agentId(): string | null;
  versions(): { policy_version: string; score_version: string };
  logger: Logger;
}

export async function handleConnect(deps: TunnelDeps, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  const authority = req.url ?? '';
  socket.on('error', () => socket.destroy());
  if (!connectAllowed(deps.rules(), authority)) {
    publishSidecarEvent('connect', 'tunnel_refused');
    deps.logger.warn('sidecar: CONNECT refused (not on connect.allow)', { authority });
    refuse(socket, new ApiError('DESTINATION_NOT_ALLOWED', `CONNECT to ${authority} is refused: the host is not on the sidecar's connect.allow list, and the sidecar cannot govern traffic it cannot read. Call the tool through a governed route instead, or ask an operator to allow the host.`, {
      extensions: { authority },
    }), authority);
    return;
  }
  try {
    await deps.ledger.append(tunnelEntry(deps, authority));
  } catch (error) {
    refuse(socket, error instanceof ApiError ? error : new ApiError('LEDGER_UNAVAILABLE', 'The audit ledger cannot record the tunnel.'), authority);
    return;
  }
  const { hostname, port } = splitHost(authority);
  const upstream = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
  upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy(new Error('connect timeout')));
  upstream.once('connect', () => {
    upstream.setTimeout(0);
    publishSidecarEvent('connect', 'tunnel');
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', (error) => {
    if (socket.writable && !upstream.readable) {
      refuse(socket, new ApiError('UPSTREAM_UNAVAILABLE', `CONNECT to ${authority} failed: ${error.message}.`), authority);
    } else {
      socket.destroy();
    }
  });
  socket.on('close', () => upstream.destroy());
}

function tunnelEntry(deps: TunnelDeps, authority: string) {
  return {
    envelope_id: randomUUID(),
    parent_envelope_id: null,
    kind: 'tunnel' as const,
    agent_id: deps.agentId(),
    action: `CONNECT ${authority}`,
    outcome: null,
    risk_tier: null,
    risk_score: null,
    final_confidence: null,
    ...deps.versions(),
    reviewer_id: null,
    review_deadline: null,
    payload: { authority, governed: false, reason: 'on connect.allow; TLS content cannot be inspected' },
  };
}

function refuse(socket: Duplex, error: ApiError, authority: string): void {
  const json = JSON.stringify(problemBody(error, authority));
  const reason = error.status === 403 ? 'Forbidden' : error.status === 503 ? 'Service Unavailable' : 'Bad Gateway';
  socket.end(`HTTP/1.1 ${error.status} ${reason}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`);
}
