// Redis for tests: the server at TEST_REDIS_URL (default redis://127.0.0.1:6379). When none
// answers, Redis tests skip with a visible reason, unless REQUIRE_REDIS=1 (CI), which makes
// that a failure. Tests isolate by key prefix. `startTcpRelay` puts a relay on port 0 in front
// of the server, so a test can make Redis "go away" without touching the shared server.

import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let probed: Promise<string | false> | undefined;

/** false when the server answered, else why the tests skip. Throws when REQUIRE_REDIS=1 and nothing answers. */
export function probeRedis(): Promise<string | false> {
  probed ??= (async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.ping();
      return false;
    } catch (error) {
      const reason = `Redis tests skipped: no server answered at ${TEST_REDIS_URL} (${(error as Error).message}); start redis-server or set TEST_REDIS_URL (REQUIRE_REDIS=1 makes this a failure)`;
      if (process.env.REQUIRE_REDIS === '1') throw new Error(reason.replace('tests skipped', 'is required (REQUIRE_REDIS=1)'));
      process.stderr.write(`# ${reason}\n`);
      return reason;
    } finally {
      redis.disconnect();
    }
  })();
  return probed;
}

export function uniquePrefix(): string {
  return `gg-test-${randomBytes(6).toString('hex')}:`;
}

export interface TcpRelay {
  readonly url: string;
  /** Stops accepting and cuts every relayed connection: Redis is gone for whoever used the relay. */
  cut(): Promise<void>;
}

export async function startTcpRelay(t: { after(fn: () => unknown): void }, target = TEST_REDIS_URL): Promise<TcpRelay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port || 6379), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  let cut: Promise<void> | undefined;
  const relay: TcpRelay = {
    url: `redis://127.0.0.1:${address.port}`,
    cut: () => (cut ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    })),
  };
  t.after(() => relay.cut());
  return relay;
}
