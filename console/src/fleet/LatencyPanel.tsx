// Latency percentiles of the period (GET /v1/analytics/latency): the gateway's decision time
// overall and per stage, and the upstream tool's time. Percentiles are histogram bucket bounds, so
// the table says "≤ 5 ms"; a figure above the top bound (2500 ms) has no bar.

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { query } from '../api.ts';
import { ProblemMessage } from '../components.tsx';
import { useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { milliseconds, percentile, type PeriodChoice } from './fleet-format.ts';
import type { Latency, Percentiles } from './fleet-types.ts';

export function LatencyPanel({ period }: { period: PeriodChoice }) {
  const { client } = useSession();
  const latency = useLoad((signal) => client.get<Latency>(`/v1/analytics/latency${query({ period: period.period })}`, signal), [period.period, period.reads]);
  const data = latency.data;
  const rows: { name: string; p: Percentiles }[] = data ? [
    { name: 'gateway (all stages)', p: data.gateway },
    ...Object.entries(data.gateway_by_stage).sort(([a], [b]) => a.localeCompare(b)).map(([stage, p]) => ({ name: `gateway: ${stage}`, p })),
    { name: 'upstream tool', p: data.upstream },
  ] : [];
  const measured = rows.filter((r) => r.p.count > 0);
  const describe = (r: { name: string; p: Percentiles }) => `${r.name} p50 ${percentile(r.p.p50_ms, r.p.count)}, p95 ${percentile(r.p.p95_ms, r.p.count)}, p99 ${percentile(r.p.p99_ms, r.p.count)}`;
  return (
    <section aria-labelledby="latency-heading">
      <h2 id="latency-heading">Latency</h2>
      <ProblemMessage problem={latency.problem} />
      {data && measured.length === 0 ? <p>No timed calls in the last {period.label}.</p> : null}
      {measured.length ? (
        <>
          <div className="chart" role="img" aria-label={`Latency percentiles over the last ${period.label}: ${measured.map(describe).join('; ')}. The table below has the figures.`}>
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={measured.map((r) => ({ name: r.name, p50: r.p.p50_ms, p95: r.p.p95_ms, p99: r.p.p99_ms }))} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis unit=" ms" />
                <Tooltip />
                <Legend />
                <Bar dataKey="p50" name="p50" fill="#6e9bd1" isAnimationActive={false} />
                <Bar dataKey="p95" name="p95" fill="#1f4e8c" isAnimationActive={false} />
                <Bar dataKey="p99" name="p99" fill="#10233f" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="grid" data-testid="latency-table">
            <caption>Latency percentiles (upper bounds of histogram buckets)</caption>
            <thead><tr><th scope="col">Measured</th><th scope="col">Calls</th><th scope="col">Mean</th><th scope="col">p50</th><th scope="col">p95</th><th scope="col">p99</th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.name}>
                  <th scope="row">{r.name}</th><td>{r.p.count}</td><td>{r.p.count ? milliseconds(r.p.mean_ms === null ? null : Math.round(r.p.mean_ms * 10) / 10) : '—'}</td>
                  <td>{percentile(r.p.p50_ms, r.p.count)}</td><td>{percentile(r.p.p95_ms, r.p.count)}</td><td>{percentile(r.p.p99_ms, r.p.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
