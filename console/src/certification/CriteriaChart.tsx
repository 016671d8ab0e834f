// A certification attempt's criteria: the measured value next to the threshold, as a chart and,
// for screen readers and exact figures, as a table.

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Criterion } from '../types.ts';

export function CriteriaChart({ criteria }: { criteria: Criterion[] }) {
  const numeric = criteria.filter((c) => c.actual !== null && c.threshold !== null);
  return (
    <>
      {numeric.length ? (
        <div className="chart" role="img" aria-label="Measured value and threshold per criterion; the table below has the figures.">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={numeric.map((c) => ({ name: c.name, actual: c.actual, threshold: c.threshold }))} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis />
              <Tooltip />
              <Legend />
              <Bar dataKey="actual" fill="#1f4e8c" name="measured" isAnimationActive={false} />
              <Bar dataKey="threshold" fill="#8a8f98" name="threshold" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      <table className="grid">
        <caption>Criteria</caption>
        <thead><tr><th scope="col">Criterion</th><th scope="col">Result</th><th scope="col">Measured</th><th scope="col">Threshold</th><th scope="col">Detail</th></tr></thead>
        <tbody>
          {criteria.map((c) => (
            <tr key={c.name}><th scope="row">{c.name}</th><td>{c.passed ? 'pass' : 'fail'}</td><td>{c.actual ?? '—'}</td><td>{c.threshold ?? '—'}</td><td>{c.detail}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
