// The tools the gateway blocked most (GET /v1/analytics/tools, sorted by blocks) and the most
// frequent failure codes (GET /v1/analytics/failures), each as a bar chart and a table.

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { query } from '../api.ts';
import { ProblemMessage } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { percent, type PeriodChoice } from './fleet-format.ts';
import type { Failures, Tools } from './fleet-types.ts';

/** The API lists the busiest tools; the blocked ones are picked from its largest page. */
const TOOL_PAGE = 100;
const TOP = 10;

function HorizontalBars({ data, label, name, colour }: { data: { key: string; value: number }[]; label: string; name: string; colour: string }) {
  return (
    <div className="chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={Math.max(120, 36 * data.length + 40)}>
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="key" width={210} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="value" name={name} fill={colour} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function BlockedTools({ period }: { period: PeriodChoice }) {
  const { client } = useSession();
  const tools = useLoad((signal) => client.get<Tools>(`/v1/analytics/tools${query({ period: period.period, limit: TOOL_PAGE })}`, signal), [period.period, period.reads]);
  const blocked = (tools.data?.tools ?? []).filter((t) => t.blocks > 0).sort((a, b) => b.blocks - a.blocks || a.tool.localeCompare(b.tool)).slice(0, TOP);
  const summary = blocked.map((t) => `${t.tool} ${t.blocks}`).join(', ');
  return (
    <section aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">Top blocked tools</h2>
      <ProblemMessage problem={tools.problem} />
      {tools.data && blocked.length === 0 ? <p>No tool was blocked in the last {period.label}.</p> : null}
      {blocked.length ? (
        <>
          <HorizontalBars
            data={blocked.map((t) => ({ key: t.tool, value: t.blocks }))} name="blocked" colour="#b42318"
            label={`Blocked calls per tool over the last ${period.label}: ${summary}. The table below has the figures.`}
          />
          <table className="grid" data-testid="blocked-tools">
            <caption>Tools by blocked calls</caption>
            <thead><tr><th scope="col">Tool</th><th scope="col">Blocked</th><th scope="col">Decisions</th><th scope="col">Block rate</th><th scope="col">Escalated</th></tr></thead>
            <tbody>
              {blocked.map((t) => (
                <tr key={t.tool}><th scope="row"><code>{t.tool}</code></th><td>{t.blocks}</td><td>{t.decisions}</td><td>{percent(t.block_rate)}</td><td>{t.escalations}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

export function FailureCodes({ period }: { period: PeriodChoice }) {
  const { client, can } = useSession();
  const failures = useLoad((signal) => client.get<Failures>(`/v1/analytics/failures${query({ period: period.period, limit: TOP })}`, signal), [period.period, period.reads]);
  const list = failures.data?.failures ?? [];
  return (
    <section aria-labelledby="failures-heading">
      <h2 id="failures-heading">Top failure codes</h2>
      <ProblemMessage problem={failures.problem} />
      {failures.data && list.length === 0 ? <p>No validation failures in the last {period.label}.</p> : null}
      {list.length ? (
        <>
          <HorizontalBars
            data={list.map((f) => ({ key: f.code, value: f.count }))} name="decisions" colour="#8a5a00"
            label={`Decisions per failure code over the last ${period.label}: ${list.map((f) => `${f.code} ${f.count}`).join(', ')}. The table below has the figures.`}
          />
          <table className="grid" data-testid="failure-codes">
            <caption>Failure codes, most frequent first</caption>
            <thead><tr><th scope="col">Code</th><th scope="col">Decisions</th><th scope="col">Agents</th><th scope="col">Newest example</th></tr></thead>
            <tbody>
              {list.map((f) => (
                <tr key={f.code}>
                  <th scope="row"><code>{f.code}</code></th>
                  <td>{f.count}</td>
                  <td>{f.agents}</td>
                  <td>
                    {!f.example ? <span className="muted">deleted by retention</span>
                      : can('audit_read') ? <a href={`#/audit/${encodeURIComponent(f.example.envelope_id)}`}>{f.example.agent_id ?? 'row'} · {formatTime(f.example.created_at)}</a>
                        : <>{f.example.agent_id} · {formatTime(f.example.created_at)}</>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
