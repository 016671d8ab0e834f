// The busiest agents of the period (GET /v1/analytics/agents) with their certificate for the
// policy in force; the certification view has each agent's attempts and certifies.

import { query } from '../api.ts';
import { Badge, ProblemMessage } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { percent, type PeriodChoice } from './fleet-format.ts';
import type { Agents } from './fleet-types.ts';

export function AgentTable({ period }: { period: PeriodChoice }) {
  const { client, can, health } = useSession();
  const agents = useLoad((signal) => client.get<Agents>(`/v1/analytics/agents${query({ period: period.period, limit: 50 })}`, signal), [period.period, period.reads]);
  const list = agents.data?.agents ?? [];
  return (
    <section aria-labelledby="agents-heading">
      <h2 id="agents-heading">Agents and certification</h2>
      <ProblemMessage problem={agents.problem} />
      {agents.data && list.length === 0 ? <p>No agent made a call in the last {period.label}.</p> : null}
      {list.length ? (
        <table className="grid" data-testid="fleet-agents">
          <caption>The busiest agents of the last {period.label}, with their certificate for policy {health.policy_version}</caption>
          <thead>
            <tr><th scope="col">Agent</th><th scope="col">Decisions</th><th scope="col">Blocked</th><th scope="col">Block rate</th><th scope="col">Top failure codes</th><th scope="col">Certification</th></tr>
          </thead>
          <tbody>
            {list.map((a) => (
              <tr key={a.agent_id}>
                <th scope="row">{can('certify_read') ? <a href={`#/certification/${encodeURIComponent(a.agent_id)}`}>{a.agent_id}</a> : a.agent_id}</th>
                <td>{a.decisions}</td>
                <td>{a.by_outcome.block ?? 0}</td>
                <td>{percent(a.block_rate)}</td>
                <td>{a.top_failures.length ? a.top_failures.map((f) => `${f.code} (${f.count})`).join(', ') : '—'}</td>
                <td>
                  {a.certification
                    ? <><Badge tone="good">certified</Badge> <span className="muted">until {formatTime(a.certification.expires_at)}</span></>
                    : <Badge tone="warn">not certified</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
