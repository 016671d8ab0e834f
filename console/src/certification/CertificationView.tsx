// Certification per agent: whether each agent the ledger knows holds a certificate for the policy
// in force (GET /v1/certify/agents/{id}), its attempts, and certifying one now (Enterprise).

import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Problem } from '../api.ts';
import { Badge, ProblemMessage } from '../components.tsx';
import { asProblem, formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { AgentCertification, CertificationResult, LedgerRow } from '../types.ts';
import { CriteriaChart } from './CriteriaChart.tsx';

/** Agents come from the newest ledger rows: the API has no agent registry. */
const AGENT_SCAN = 500;

export function CertificationView({ selected }: { selected: string | null }) {
  const { client, can } = useSession();
  const [extra, setExtra] = useState('');
  const [lookups, setLookups] = useState<string[]>([]);
  const agents = useLoad(async (signal) => {
    const ids = new Set<string>(lookups);
    if (can('audit_read')) {
      const page = await client.get<{ items: LedgerRow[] }>(`/v1/audit/executions?limit=${AGENT_SCAN}`, signal);
      for (const row of page.items) if (row.agent_id) ids.add(row.agent_id);
    }
    const sorted = [...ids].sort();
    return Promise.all(sorted.map((id) => client.get<AgentCertification>(`/v1/certify/agents/${encodeURIComponent(id)}`, signal)));
  }, [lookups]);
  const list = agents.data ?? [];
  const chartData = list.map((a) => ({
    agent: a.agent_id,
    passed: a.history.filter((h) => h.passed).length,
    failed: a.history.filter((h) => !h.passed).length,
  }));

  return (
    <>
      <h1>Certification</h1>
      <form className="filters" onSubmit={(e) => { e.preventDefault(); if (extra.trim()) setLookups([...lookups, extra.trim()]); setExtra(''); }}>
        <label>Look up an agent <input value={extra} onChange={(e) => setExtra(e.target.value)} placeholder="agent id" /></label>
        <button type="submit">Look up</button>
      </form>
      <ProblemMessage problem={agents.problem} />
      {list.length ? (
        <section aria-labelledby="attempts-heading">
          <h2 id="attempts-heading">Certification attempts per agent</h2>
          <div className="chart" role="img" aria-label={`Passed and failed certification attempts for ${list.length} agents; the table below has the same figures.`}>
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={chartData} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="agent" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar dataKey="passed" stackId="a" fill="#1a7f37" name="passed" isAnimationActive={false} />
                <Bar dataKey="failed" stackId="a" fill="#b42318" name="failed" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </section>
      ) : null}
      <table className="grid">
        <caption>Agents and their certificates for the policy in force</caption>
        <thead><tr><th scope="col">Agent</th><th scope="col">Certified</th><th scope="col">Current certificate</th><th scope="col">Expires</th><th scope="col">Attempts</th></tr></thead>
        <tbody>
          {list.map((a) => (
            <tr key={a.agent_id} className={a.agent_id === selected ? 'cursor' : undefined}>
              <th scope="row"><a href={`#/certification/${encodeURIComponent(a.agent_id)}`}>{a.agent_id}</a></th>
              <td>{a.certified ? <Badge tone="good">certified</Badge> : <Badge tone="warn">not certified</Badge>}</td>
              <td>{a.current ? `${a.current.policy_version}${a.current.revoked ? ' (revoked)' : ''}` : '—'}</td>
              <td>{formatTime(a.current?.expires_at)}</td>
              <td>{a.history.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!agents.loading && list.length === 0 && !agents.problem ? <p>No agents in the ledger yet.</p> : null}
      {selected ? <AgentPanel agent={list.find((a) => a.agent_id === selected) ?? null} id={selected} canIssue={can('certify_issue')} onChange={agents.reload} /> : null}
    </>
  );
}

function AgentPanel({ agent, id, canIssue, onChange }: { agent: AgentCertification | null; id: string; canIssue: boolean; onChange: () => void }) {
  const { client, health } = useSession();
  const [result, setResult] = useState<CertificationResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const certify = async () => {
    setProblem(null);
    try {
      setResult(await client.post<CertificationResult>('/v1/certify/agent', { agent_id: id, policy_version: health.policy_version }));
      onChange();
    } catch (error) {
      setProblem(asProblem(error));
    }
  };
  return (
    <section aria-labelledby="agent-cert-heading" className="panel">
      <h2 id="agent-cert-heading">{id}</h2>
      {canIssue ? <button type="button" className="primary" onClick={certify}>Certify against {health.policy_version}</button> : <p className="muted">Certifying needs the Enterprise tier.</p>}
      <ProblemMessage problem={problem} />
      {result ? (
        <div data-testid="certification-result">
          <p>{result.passed ? <Badge tone="good">passed</Badge> : <Badge tone="bad">failed</Badge>} {result.expires_at ? `certificate until ${formatTime(result.expires_at)}` : ''}</p>
          <CriteriaChart criteria={result.criteria} />
        </div>
      ) : null}
      {agent?.history.length ? (
        <table className="grid">
          <caption>Attempts, newest first</caption>
          <thead><tr><th scope="col">Issued</th><th scope="col">Policy</th><th scope="col">Result</th><th scope="col">Expires</th><th scope="col">Revoked</th></tr></thead>
          <tbody>
            {agent.history.map((h) => (
              <tr key={h.envelope_id}>
                <td><a href={`#/audit/${h.envelope_id}`}>{formatTime(h.issued_at)}</a></td>
                <td><code>{h.policy_version}</code></td>
                <td>{h.passed ? 'passed' : 'failed'}</td>
                <td>{formatTime(h.expires_at)}</td>
                <td>{h.revoked ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p>No certification attempts yet.</p>}
    </section>
  );
}
