// Decisions per outcome over the period (GET /v1/analytics/decisions) as stacked bars, with the
// same figures as a table: a screen reader reads the table, the chart's label sums it up.

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { query } from '../api.ts';
import { ProblemMessage } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { OTHER_COLOUR, OUTCOME_COLOURS, bucketLabel, outcomesOf, type PeriodChoice } from './fleet-format.ts';
import type { DecisionSeries } from './fleet-types.ts';

export function OutcomesChart({ period }: { period: PeriodChoice }) {
  const { client } = useSession();
  const series = useLoad(
    (signal) => client.get<DecisionSeries>(`/v1/analytics/decisions${query({ period: period.period, bucket: period.bucket })}`, signal),
    [period.period, period.reads],
  );
  const points = series.data?.series ?? [];
  const outcomes = outcomesOf(points);
  const total = points.reduce((n, p) => n + p.total, 0);
  const totals = outcomes.map((o) => `${o} ${points.reduce((n, p) => n + (p.by_outcome[o] ?? 0), 0)}`);
  const busy = points.filter((p) => p.total > 0);
  const minutes = series.data?.bucket_minutes ?? 60;
  const rows = points.map((p) => ({ at: bucketLabel(p.at, minutes), ...p.by_outcome }));
  return (
    <section aria-labelledby="outcomes-heading">
      <h2 id="outcomes-heading">Outcomes over time</h2>
      <ProblemMessage problem={series.problem} />
      {series.data && total === 0 ? <p data-testid="outcomes-empty">No decisions in the last {period.label}.</p> : null}
      {series.data && total > 0 ? (
        <>
          <div
            className="chart" role="img"
            aria-label={`Decisions per ${period.bucketLabel} over the last ${period.label}: ${total} in all (${totals.join(', ')}). The table below lists every ${period.bucketLabel} that had decisions.`}
          >
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={rows} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="at" minTickGap={16} />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                {outcomes.map((o) => <Bar key={o} dataKey={o} stackId="outcomes" name={o} fill={OUTCOME_COLOURS[o] ?? OTHER_COLOUR} isAnimationActive={false} />)}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="grid compact" data-testid="outcomes-table">
            <caption>Decisions per {period.bucketLabel} (only those with decisions; {busy.length} of {points.length})</caption>
            <thead>
              <tr><th scope="col">From</th><th scope="col">Total</th>{outcomes.map((o) => <th key={o} scope="col">{o}</th>)}</tr>
            </thead>
            <tbody>
              {busy.map((p) => (
                <tr key={p.at}><th scope="row">{formatTime(p.at)}</th><td>{p.total}</td>{outcomes.map((o) => <td key={o}>{p.by_outcome[o] ?? 0}</td>)}</tr>
              ))}
            </tbody>
            <tfoot>
              <tr><th scope="row">All</th><td>{total}</td>{outcomes.map((o) => <td key={o}>{points.reduce((n, p) => n + (p.by_outcome[o] ?? 0), 0)}</td>)}</tr>
            </tfoot>
          </table>
        </>
      ) : null}
      {!series.data && series.loading ? <p role="status">Loading…</p> : null}
    </section>
  );
}
