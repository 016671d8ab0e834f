// Fleet-wide signals over PostgreSQL LISTEN/NOTIFY: one connection per gateway process listens on
// the channels it cares about and sends this process's own announcements. NOTIFY is best effort
// (nothing is delivered while the connection is down), so after every reconnect `onResync` runs:
// the owner re-reads the state the signals are about. Channels are per database, so every message
// carries the schema and messages for other schemas are ignored.

import type pg from 'pg';
import { createClient, type PostgresConnectionOptions } from './postgres-connection.ts';

export interface SignalMessage {
  schema: string;
  [key: string]: unknown;
}

export interface FleetSignalsOptions {
  connection: PostgresConnectionOptions;
  /** The ledger's schema (PostgresLedger.schema). */
  schema: string;
  channels: readonly string[];
  onSignal(channel: string, message: SignalMessage): void;
  /** After the first connect and after each reconnect: re-read what may have been missed. */
  onResync(): void;
  onError?(error: Error): void;
  /** Wait before reconnecting: starts here and doubles up to 5 s. Default 100 ms. */
  retryMs?: number;
}

export interface FleetSignals {
  /** Sends `message` (plus the schema) on `channel` to every listening process, this one included. */
  notify(channel: string, message: Record<string, unknown>): Promise<void>;
  /** True while the LISTEN connection is up. */
  readonly connected: boolean;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function listenForSignals(options: FleetSignalsOptions): FleetSignals {
  for (const channel of options.channels) {
    if (!CHANNEL_NAME.test(channel)) throw new TypeError(`channel names are lowercase identifiers, got ${JSON.stringify(channel)}`);
  }
  const onError = options.onError ?? (() => {});
  const firstRetry = options.retryMs ?? 100;
  let client: pg.Client | undefined;
  let closed = false;
  let retry = firstRetry;
  let timer: NodeJS.Timeout | undefined;

  const scheduleReconnect = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => { timer = undefined; void connect(); }, retry);
    timer.unref();
    retry = Math.min(retry * 2, 5000);
  };

  const connect = async (): Promise<void> => {
    const fresh = createClient(options.connection, (error) => {
      onError(error);
      if (client === fresh) client = undefined;
      fresh.end().catch(() => {});
      scheduleReconnect();
    }, { application_name: `${options.connection.applicationName ?? 'governance-gateway'} signals`, statement_timeout: 0 });
    fresh.on('notification', (notification) => {
      let message: SignalMessage;
      try {
        message = JSON.parse(notification.payload ?? '') as SignalMessage;
      } catch {
        return; // not one of ours
      }
      if (message?.schema !== options.schema) return;
      options.onSignal(notification.channel, message);
    });
    fresh.on('end', () => {
      if (client === fresh) client = undefined;
      scheduleReconnect();
    });
    try {
      await fresh.connect();
      for (const channel of options.channels) await fresh.query(`LISTEN ${channel}`);
    } catch (error) {
      onError(error as Error);
      fresh.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    if (closed) { await fresh.end().catch(() => {}); return; }
    client = fresh;
    retry = firstRetry;
    options.onResync();
  };

  void connect();

  return {
    async notify(channel, message) {
      const connection = client;
      if (!connection) throw new Error('the signal connection is down; the periodic re-read will carry the change');
      await connection.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ ...message, schema: options.schema })]);
    },
    get connected() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
