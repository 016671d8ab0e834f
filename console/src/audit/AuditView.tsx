// Audit: page through the ledger (by agent and kind: the filters GET /v1/audit/executions takes),
// open one execution as a timeline of its linked rows, and see whether the hash chain verifies.

import { useState } from 'react';
import { query } from '../api.ts';
import { Badge, ProblemMessage, outcomeTone } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { LedgerRow } from '../types.ts';
import { ChainStatus } from './ChainStatus.tsx';
import { ExecutionDetail } from './ExecutionDetail.tsx';

const KINDS = ['', 'pre_check', 'post_check', 'validate', 'decision', 'review', 'review_claim', 'review_note', 'approval', 'approval_revoked', 'approval_use', 'kill_switch', 'judge', 'tool_pin', 'tunnel', 'idempotency_conflict', 'certification', 'certification_revocation'];
const PAGE = 50;

interface AuditList { items: LedgerRow[]; total: number; limit: number; offset: number }

export function AuditView({ selected }: { selected: string | null }) {
  const { client, can } = useSession();
  const [agent, setAgent] = useState('');
  const [kind, setKind] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useLoad(
    (signal) => client.get<AuditList>(`/v1/audit/executions${query({ agent_id: agent.trim(), kind, limit: PAGE, offset })}`, signal),
    [agent, kind, offset],
  );
  if (selected) return <ExecutionDetail id={selected} />;
  const total = list.data?.total ?? 0;
  return (
    <>
      <h1>Audit</h1>
      {can('chain_verify') ? <ChainStatus /> : <p className="muted">Chain verification needs the Enterprise tier.</p>}
      <section aria-labelledby="executions-heading">
        <h2 id="executions-heading">Executions</h2>
        <form className="filters" aria-label="Filter the ledger" onSubmit={(e) => e.preventDefault()}>
          <label>Agent <input value={agent} onChange={(e) => { setAgent(e.target.value); setOffset(0); }} placeholder="agent id" /></label>
          <label>Kind
            <select value={kind} onChange={(e) => { setKind(e.target.value); setOffset(0); }}>
              {KINDS.map((k) => <option key={k} value={k}>{k || 'any'}</option>)}
            </select>
          </label>
        </form>
        <ProblemMessage problem={list.problem} />
        <p role="status" className="count">{list.data ? `${total === 0 ? 0 : offset + 1}–${Math.min(offset + PAGE, total)} of ${total}, newest first` : 'Loading…'}</p>
        <table className="grid">
          <caption className="visually-hidden">Ledger rows</caption>
          <thead>
            <tr><th scope="col">Seq</th><th scope="col">Time</th><th scope="col">Kind</th><th scope="col">Agent</th><th scope="col">Tool</th><th scope="col">Outcome</th><th scope="col">Risk</th><th scope="col">Payload</th></tr>
          </thead>
          <tbody>
            {(list.data?.items ?? []).map((row) => (
              <tr key={row.envelope_id}>
                <td><a href={`#/audit/${row.envelope_id}`}>{row.seq}</a></td>
                <td>{formatTime(row.created_at)}</td>
                <td>{row.kind}</td>
                <td>{row.agent_id ?? '—'}</td>
                <td><code>{row.action ?? ''}</code></td>
                <td>{row.outcome ? <Badge tone={outcomeTone(row.outcome)}>{row.outcome}</Badge> : '—'}</td>
                <td>{row.risk_tier ?? '—'}</td>
                <td>{row.payload_state}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <nav className="pager" aria-label="Pages">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
          <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>Older</button>
        </nav>
      </section>
    </>
  );
}
