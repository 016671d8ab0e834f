// The period's headline figures next to the previous period's (GET /v1/analytics/summary), and
// the review backlog now: a few figures large for a glance, every figure in a table for reading.

import { query } from '../api.ts';
import { Badge, ProblemMessage } from '../components.tsx';
import { formatTime, relativeTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { change, milliseconds, percent, type PeriodChoice } from './fleet-format.ts';
import type { Figures, Summary } from './fleet-types.ts';

interface Row { label: string; kind: 'count' | 'share' | 'ms'; read: (f: Figures) => number | null }

const ROWS: Row[] = [
  { label: 'Calls', kind: 'count', read: (f) => f.calls },
  { label: 'Decisions', kind: 'count', read: (f) => f.decisions.total },
  { label: 'Blocked', kind: 'count', read: (f) => f.decisions.by_outcome.block ?? 0 },
  { label: 'Block rate', kind: 'share', read: (f) => f.block_rate },
  { label: 'Escalated', kind: 'count', read: (f) => f.decisions.by_outcome.escalate ?? 0 },
  { label: 'Escalation rate', kind: 'share', read: (f) => f.escalation_rate },
  { label: 'Reviews queued', kind: 'count', read: (f) => f.review.queued },
  { label: 'Reviews decided', kind: 'count', read: (f) => f.review.decided },
  { label: 'Reviews expired unanswered', kind: 'count', read: (f) => f.review.expired },
  { label: 'Mean time to decision', kind: 'ms', read: (f) => f.review.mean_time_to_decision_ms },
  { label: 'Judge failure rate', kind: 'share', read: (f) => f.judge.failure_rate },
  { label: 'Upstream error rate', kind: 'share', read: (f) => f.upstream.error_rate },
  { label: 'Calls with an unknown outcome', kind: 'count', read: (f) => f.outcome_unknown },
];
const HEADLINES = ['Calls', 'Block rate', 'Escalation rate', 'Mean time to decision'];

function show(value: number | null, kind: Row['kind']): string {
  if (kind === 'share') return percent(value);
  if (kind === 'ms') return milliseconds(value);
  return value === null ? '—' : String(value);
}

export function SummaryFigures({ period }: { period: PeriodChoice }) {
  const { client, can } = useSession();
  const summary = useLoad((signal) => client.get<Summary>(`/v1/analytics/summary${query({ period: period.period })}`, signal), [period.period, period.reads]);
  const data = summary.data;
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">The last {period.label}</h2>
      <ProblemMessage problem={summary.problem} />
      {data ? (
        <>
          <p className="muted">
            {formatTime(data.period.from)} to {formatTime(data.period.to)} (whole {data.grain}s), compared with the {period.label} before;
            ledger rows up to seq {data.through_seq} counted.
          </p>
          <dl className="headlines" data-testid="fleet-headlines">
            {ROWS.filter((row) => HEADLINES.includes(row.label)).map((row) => {
              const now = row.read(data.figures);
              return (
                <div key={row.label} className="headline">
                  <dt>{row.label}</dt>
                  <dd><span className="figure">{show(now, row.kind)}</span> <span className="muted">{change(now, row.read(data.previous.figures), row.kind)}</span></dd>
                </div>
              );
            })}
            <div className="headline">
              <dt>Review backlog now</dt>
              <dd>
                <span className="figure">{data.backlog.open}</span> open{' '}
                {data.backlog.overdue > 0 ? <Badge tone="bad">{data.backlog.overdue} overdue</Badge> : <span className="muted">none overdue</span>}
              </dd>
            </div>
          </dl>
          <table className="grid compact" data-testid="fleet-summary">
            <caption>Figures of the last {period.label} and the {period.label} before</caption>
            <thead><tr><th scope="col">Figure</th><th scope="col">This period</th><th scope="col">Previous period</th><th scope="col">Change</th></tr></thead>
            <tbody>
              {ROWS.map((row) => {
                const now = row.read(data.figures);
                const before = row.read(data.previous.figures);
                return (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{show(now, row.kind)}</td>
                    <td>{show(before, row.kind)}</td>
                    <td>{change(now, before, row.kind)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <h3>Review backlog now</h3>
          <p data-testid="fleet-backlog">
            {data.backlog.open === 0 ? 'No review item is open.' : (
              <>
                {data.backlog.open} open, {data.backlog.overdue} overdue; the oldest since {formatTime(data.backlog.oldest_open_at)} ({relativeTime(data.backlog.oldest_open_at)}).{' '}
                {can('review_queue') ? <a href="#/review">Open the review queue</a> : null}
              </>
            )}
          </p>
        </>
      ) : summary.loading ? <p role="status">Loading…</p> : null}
    </section>
  );
}
