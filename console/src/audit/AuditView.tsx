// Audit: search and page through the ledger (agent, kind, tool, outcome, time and a call's status:
// the filters GET /v1/audit/executions takes), open one execution as a timeline of its linked
// rows, and see whether the hash chain verifies.

import { useState } from 'react';
import { query } from '../api.ts';
import { Badge, ProblemMessage, outcomeTone } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { LedgerRow } from '../types.ts';
import { ChainStatus } from './ChainStatus.tsx';
import { ExecutionDetail } from './ExecutionDetail.tsx';

const KINDS = ['', 'pre_check', 'post_check', 'validate', 'decision', 'review', 'review_claim', 'review_note', 'approval', 'approval_revoked', 'approval_use', 'kill_switch', 'judge', 'tool_pin', 'tool_change', 'outcome_unknown', 'tunnel', 'idempotency_conflict', 'certification', 'certification_revocation', 'notification_retry', 'access', 'agent_mismatch', 'alert_ack'];
const OUTCOMES = ['', 'approve', 'block', 'escalate', 'request_evidence'];
/** Where a pre-check's call stands (GET /v1/audit/executions?status=); with one, only pre-checks are listed. */
const STATUSES = ['', 'in_flight', 'awaiting_review', 'completed', 'blocked', 'outcome_unknown'];
const PAGE = 50;

interface AuditList { items: Array<LedgerRow & { execution_status?: string }>; total: number; limit: number; offset: number }

interface Filters { agent: string; kind: string; tool: string; outcome: string; status: string; from: string; to: string }
const NO_FILTERS: Filters = { agent: '', kind: '', tool: '', outcome: '', status: '', from: '', to: '' };

/** A datetime-local value ("2026-11-26T09:30", read as UTC like every time on the page) as ISO-8601. */
function utc(value: string): string | undefined {
  if (!value) return undefined;
  return `${value.length === 16 ? `${value}:00` : value}Z`;
}

function searchQuery(f: Filters, offset: number): string {
  return query({
    agent_id: f.agent.trim(), kind: f.status ? undefined : f.kind, tool: f.tool.trim(), outcome: f.outcome, status: f.status,
    from: utc(f.from), to: utc(f.to), limit: PAGE, offset,
  });
}

export function AuditView({ selected }: { selected: string | null }) {
  const { client, can } = useSession();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const search = searchQuery(filters, offset);
  const list = useLoad((signal) => client.get<AuditList>(`/v1/audit/executions${search}`, signal), [search]);
  const set = (name: keyof Filters) => (event: { target: { value: string } }) => { setFilters({ ...filters, [name]: event.target.value }); setOffset(0); };
  const filtered = Object.values(filters).some(Boolean);
  if (selected) return <ExecutionDetail id={selected} />;
  const total = list.data?.total ?? 0;
  return (
    <>
      <h1>Audit</h1>
      {can('chain_verify') ? <ChainStatus /> : <p className="muted">Chain verification needs the Enterprise tier.</p>}
      <section aria-labelledby="executions-heading">
        <h2 id="executions-heading">Executions</h2>
        <form className="filters" aria-label="Search the ledger" onSubmit={(e) => e.preventDefault()}>
          <label>Agent <input value={filters.agent} onChange={set('agent')} placeholder="agent id" /></label>
          <label>Tool <input value={filters.tool} onChange={set('tool')} placeholder="tool name" /></label>
          <label>Outcome
            <select value={filters.outcome} onChange={set('outcome')}>
              {OUTCOMES.map((o) => <option key={o} value={o}>{o || 'any'}</option>)}
            </select>
          </label>
          <label>Call status
            <select value={filters.status} onChange={set('status')} aria-describedby="status-help">
              {STATUSES.map((o) => <option key={o} value={o}>{o ? o.replace(/_/g, ' ') : 'any'}</option>)}
            </select>
          </label>
          <label>Kind
            <select value={filters.status ? 'pre_check' : filters.kind} onChange={set('kind')} disabled={Boolean(filters.status)} aria-describedby="status-help">
              {KINDS.map((k) => <option key={k} value={k}>{k || 'any'}</option>)}
            </select>
          </label>
          <label>From (UTC) <input type="datetime-local" value={filters.from} onChange={set('from')} /></label>
          <label>To (UTC, not included) <input type="datetime-local" value={filters.to} onChange={set('to')} /></label>
          <button type="button" onClick={() => { setFilters(NO_FILTERS); setOffset(0); }} disabled={!filtered}>Clear filters</button>
        </form>
        <p id="status-help" className="help">A call status lists pre-checks by where their call stands: awaiting review, completed, blocked, outcome unknown (forwarded, no outcome came back).</p>
        <ProblemMessage problem={list.problem} />
        <p role="status" className="count">{list.data ? `${total === 0 ? 0 : offset + 1}–${Math.min(offset + PAGE, total)} of ${total}${filtered ? ' matching' : ''}, newest first` : 'Loading…'}</p>
        <table className="grid">
          <caption className="visually-hidden">Ledger rows</caption>
          <thead>
            <tr><th scope="col">Seq</th><th scope="col">Time</th><th scope="col">Kind</th><th scope="col">Agent</th><th scope="col">Tool</th><th scope="col">Outcome</th>{filters.status ? <th scope="col">Call status</th> : null}<th scope="col">Risk</th><th scope="col">Payload</th></tr>
          </thead>
          <tbody>
            {(list.problem ? [] : list.data?.items ?? []).map((row) => (
              <tr key={row.envelope_id}>
                <td><a href={`#/audit/${row.envelope_id}`}>{row.seq}</a></td>
                <td>{formatTime(row.created_at)}</td>
                <td>{row.kind}</td>
                <td>{row.agent_id ?? '—'}</td>
                <td><code>{row.action ?? ''}</code></td>
                <td>{row.outcome ? <Badge tone={outcomeTone(row.outcome)}>{row.outcome}</Badge> : '—'}</td>
                {filters.status ? <td>{row.execution_status?.replace(/_/g, ' ') ?? '—'}</td> : null}
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
