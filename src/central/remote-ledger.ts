// A Ledger that lives in the central gateway: the sidecar's appends are group-committed here per
// tick (what arrives together goes in one request), the central gateway group-commits them again
// with the rest of the fleet's, and reads (get, findChild, latest, recentOutcomes, tool pins) are
// one round trip each. What only the central gateway does (verification, erasure, retention,
// checkpoints, the review queue) answers CENTRAL_GATEWAY_ONLY: ask the central gateway.

import { ApiError, prefersMinimalReturn } from '../http/index.ts';
import {
  createGroupCommitter, LEDGER_ERROR_CODES, LedgerError, withLazyPayload,
  type Ledger, type LedgerEntry, type LedgerRow, type LedgerRowSummary, type LedgerErrorCode,
} from '../ledger/index.ts';
import { INTERNAL_APPEND_MAX_ENTRIES } from '../schemas/index.ts';
import { createCentralClient, type CentralClient, type CentralClientOptions } from './central-client.ts';
import { INTERNAL_PATHS } from './internal-paths.ts';

export interface RemoteLedger extends Ledger {
  readonly client: CentralClient;
}

type AppendResult = { row: LedgerRow } | { error: { code: string; detail: string } };
/** What the central gateway adds to every payload it stores: the credential that sent it. */
type RecordedBy = { principal: string; tier: string };

export function openRemoteLedger(options: CentralClientOptions & { maxInFlight?: number }): RemoteLedger {
  const client = createCentralClient(options);
  let closed = false;
  const committer = createGroupCommitter<LedgerEntry, AppendResult>({
    maxBatch: INTERNAL_APPEND_MAX_ENTRIES,
    // Batches carry no order between them (a post-check is only submitted after its pre-check
    // resolved), so several may be on the wire at once over the pool's connections.
    maxInFlight: options.maxInFlight ?? 4,
    flush: async (entries) => {
      // return=minimal: the rows come back without the payloads this sidecar just sent.
      const response = await client.call<{ results?: AppendResult[]; recorded_by?: unknown }>('POST', INTERNAL_PATHS.append, {
        body: { entries }, headers: { prefer: 'return=minimal' },
      });
      const results = response.body?.results;
      if (!Array.isArray(results) || results.length !== entries.length) {
        throw new LedgerError('LEDGER_WRITE_FAILED', `the central gateway at ${client.url} answered ${Array.isArray(results) ? results.length : 'no'} results for ${entries.length} entries`);
      }
      // A central gateway from before return=minimal ignores the preference and sends full rows.
      if (!prefersMinimalReturn(response.headers['preference-applied'])) return results;
      const recordedBy = response.body.recorded_by;
      if (!isRecordedBy(recordedBy)) {
        throw new LedgerError('LEDGER_WRITE_FAILED', `the central gateway at ${client.url} left the payloads out of its answer without saying what it added to them (recorded_by)`);
      }
      return results.map((result, i) => ('row' in result ? { row: withSentPayload(result.row, entries[i]!.payload, recordedBy) } : result));
    },
  });
  const centralOnly = (what: string): Promise<never> => Promise.reject(new ApiError(
    'CENTRAL_GATEWAY_ONLY',
    `This sidecar records through the central gateway (${client.url}) and keeps no ledger of its own; ${what} there.`,
  ));
  const rowAt = async (path: string, query?: Record<string, string>): Promise<LedgerRow | undefined> => {
    const { body } = await client.call<{ row: LedgerRow | null }>('GET', path, { query });
    return body?.row ?? undefined;
  };

  return {
    client,
    async append(entry) {
      if (closed) throw new LedgerError('LEDGER_CLOSED');
      const result = await committer.submit(entry);
      if ('row' in result) return result.row;
      const code = result.error.code;
      // The central gateway's own refusals (a duplicate post-check, an invalid entry) keep their
      // code, so the runtime handles them as it would with a local store.
      if (code in LEDGER_ERROR_CODES) throw new LedgerError(code as LedgerErrorCode, result.error.detail);
      throw new LedgerError('LEDGER_WRITE_FAILED', `the central gateway refused the entry: ${code}: ${result.error.detail}`);
    },
    get: (envelopeId) => rowAt(INTERNAL_PATHS.row(envelopeId)),
    findChild: (parentEnvelopeId, kind) => rowAt(INTERNAL_PATHS.child(parentEnvelopeId), { kind }),
    latest: (kind) => rowAt(INTERNAL_PATHS.latest, { kind }),
    async children(parentEnvelopeId, limit = 1000) {
      const { body } = await client.call<{ rows: LedgerRow[] }>('GET', INTERNAL_PATHS.children(parentEnvelopeId), { query: { limit } });
      return body.rows;
    },
    async list(query) {
      // The internal API has no team filter: a sidecar cannot serve a team-limited listing.
      if (query.agents !== undefined) return centralOnly('team-limited audit reads are served');
      // Nor filters by tool, outcome or time: answering without them would list rows they exclude.
      if (query.action !== undefined || query.outcome !== undefined || query.created_after !== undefined || query.created_before !== undefined) {
        return centralOnly('audit reads filtered by tool, outcome or time are served');
      }
      const { body } = await client.call<{ rows: LedgerRowSummary[]; total: number }>('GET', INTERNAL_PATHS.rows, {
        query: { kind: query.kind, agent_id: query.agent_id, limit: query.limit, offset: query.offset },
      });
      return { rows: body.rows, total: body.total };
    },
    async recentOutcomes(agentId, limit) {
      const { body } = await client.call<{ outcomes: Awaited<ReturnType<Ledger['recentOutcomes']>> }>('GET', INTERNAL_PATHS.recentOutcomes, {
        query: { agent_id: agentId, limit },
      });
      return body.outcomes;
    },
    async head() {
      const { body } = await client.call<{ seq: number; hash: string }>('GET', INTERNAL_PATHS.head);
      return { seq: body.seq, hash: body.hash };
    },
    async ping() {
      if (closed) return false;
      try {
        const { body } = await client.call<{ reachable?: boolean }>('GET', INTERNAL_PATHS.head);
        return body?.reachable === true;
      } catch {
        return false;
      }
    },
    reviewQueue: () => centralOnly('the review queue is served'),
    executions: () => centralOnly('executions are listed'),
    executionPage: () => centralOnly('executions are listed'),
    usage: () => centralOnly('usage is counted'),
    periodRows: () => centralOnly('reports are computed'),
    verify: () => centralOnly('verify the chain'),
    erasePii: () => centralOnly('erase personal data'),
    expirePayloads: () => centralOnly('retention runs'),
    retirablePrefix: () => centralOnly('retention runs'),
    retirePrefix: () => centralOnly('retention runs'),
    anchor: () => centralOnly('the chain anchor is kept'),
    addCheckpoint: () => centralOnly('checkpoints are signed'),
    checkpoints: () => centralOnly('checkpoints are listed'),
    addRetentionRecord: () => centralOnly('retention runs'),
    retentionRecords: () => centralOnly('retention records are kept'),
    // The central gateway runs the fleet's jobs; a sidecar never does.
    runExclusive: async () => ({ ran: false }),
    async close() {
      if (closed) return;
      closed = true;
      await committer.drain();
      await client.close();
    },
  } satisfies RemoteLedger;
}

function isRecordedBy(value: unknown): value is RecordedBy {
  const candidate = value as Partial<RecordedBy> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.principal === 'string' && typeof candidate.tier === 'string';
}

/**
 * The row as the central gateway stored it, from its answer without the payload: the payload is
 * the one sent plus `recorded_by`, read back as JSON the way a store returns it, on first read
 * (most rows are never read again). Entries are not changed once appended (a batch is serialized
 * when it leaves, a tick after append), so the copy is what was sent.
 */
function withSentPayload(row: LedgerRow, sent: LedgerEntry['payload'], recordedBy: RecordedBy): LedgerRow {
  return withLazyPayload({ ...row, payload: null }, () => JSON.parse(JSON.stringify({ ...sent, recorded_by: recordedBy })) as LedgerRow['payload']);
}

