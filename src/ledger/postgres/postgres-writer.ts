// The PostgreSQL ledger's write connection: one per process, pipelined, used by one batch at a
// time (the group committer never flushes two at once). After any failure the connection is
// closed and the next batch opens a new one, so a database restart or a broken socket costs the
// batches in flight and nothing after the database is back.

import type pg from 'pg';
import type { AppendRequest } from '../append-request.ts';
import { appendBatch, serverLinksLikeUs, type PostgresBatchResult } from './postgres-batch-append.ts';
import { createClient, type PostgresConnectionOptions } from './postgres-connection.ts';

export interface PostgresWriter {
  write(batch: readonly AppendRequest[]): Promise<PostgresBatchResult>;
  close(): Promise<void>;
}

export function createPostgresWriter(options: PostgresConnectionOptions, schema: string, onError: (error: Error) => void): PostgresWriter {
  let client: pg.Client | undefined;
  // Per connection: whether its server links batches itself (postgres-batch-append.ts).
  const serverLinks = new WeakMap<pg.Client, boolean>();

  const open = async (): Promise<pg.Client> => {
    const fresh = createClient(options, (error) => {
      // A broken connection is dropped at once; the next batch reconnects.
      if (client === fresh) client = undefined;
      onError(error);
    }, {
      pipeline: true,
      application_name: `${options.applicationName ?? 'governance-gateway'} ledger writer`,
      // A writer that stops answering while it holds the head lock (a paused process, a network
      // partition) would stop every other writer; the server ends its transaction instead.
      idle_in_transaction_session_timeout: Math.max(10_000, (options.statementTimeoutMs ?? 5000) * 2),
    });
    await fresh.connect();
    serverLinks.set(fresh, await serverLinksLikeUs(fresh));
    return fresh;
  };

  const drop = (broken: pg.Client): void => {
    if (client === broken) client = undefined;
    broken.end().catch(() => {});
  };

  return {
    async write(batch) {
      const connection = (client ??= await open());
      try {
        return await appendBatch(connection, batch, schema, serverLinks.get(connection) ?? false);
      } catch (err) {
        // Its transaction state is unknown (a timeout, a reset): never reuse it.
        drop(connection);
        throw err;
      }
    },
    async close() {
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
