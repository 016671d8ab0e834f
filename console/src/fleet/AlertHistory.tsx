// Every alert, firing or resolved, newest first (GET /v1/alerts/history), paged: who acknowledged
// each and when it resolved.

import { useState } from 'react';
import { query } from '../api.ts';
import { Badge, ProblemMessage } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { Acknowledgement, severityTone } from './ActiveAlerts.tsx';
import type { AlertList } from './fleet-types.ts';

const PAGE = 20;

export function AlertHistory({ changes }: { changes: number }) {
  const { client } = useSession();
  const [offset, setOffset] = useState(0);
  const history = useLoad((signal) => client.get<AlertList>(`/v1/alerts/history${query({ limit: PAGE, offset })}`, signal), [offset, changes]);
  const alerts = history.data?.alerts ?? [];
  const total = history.data?.total ?? 0;
  return (
    <section aria-labelledby="alert-history-heading">
      <h2 id="alert-history-heading">Alert history</h2>
      <ProblemMessage problem={history.problem} />
      {history.data && total === 0 ? <p>No alert has fired yet.</p> : null}
      {alerts.length ? (
        <>
          <table className="grid" data-testid="alert-history">
            <caption>Alerts, newest first ({offset + 1}–{offset + alerts.length} of {total})</caption>
            <thead>
              <tr><th scope="col">Rule</th><th scope="col">Severity</th><th scope="col">Status</th><th scope="col">Started</th><th scope="col">Resolved</th><th scope="col">Acknowledgement</th></tr>
            </thead>
            <tbody>
              {alerts.map((alert) => (
                <tr key={alert.id}>
                  <th scope="row"><code>{alert.rule}</code></th>
                  <td><Badge tone={severityTone(alert.severity)}>{alert.severity}</Badge></td>
                  <td>{alert.status}</td>
                  <td>{formatTime(alert.started_at)}</td>
                  <td>{formatTime(alert.resolved_at)}</td>
                  <td><Acknowledgement alert={alert} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="pager">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
            <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>Older</button>
          </div>
        </>
      ) : null}
    </section>
  );
}
