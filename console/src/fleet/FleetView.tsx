// The fleet: how the agents fared over a period (outcomes over time, the figures against the
// previous period, blocked tools, failure codes, latency, the review backlog), the alerts firing
// now with their acknowledgement, and each busy agent's certification. Only the public
// /v1/analytics, /v1/alerts and /v1/certify APIs; sections the credential's tier lacks are left out.

import { useState } from 'react';
import { useSession } from '../session.tsx';
import { PERIODS } from './fleet-format.ts';
import { SummaryFigures } from './SummaryFigures.tsx';
import { OutcomesChart } from './OutcomesChart.tsx';
import { BlockedTools, FailureCodes } from './TopLists.tsx';
import { LatencyPanel } from './LatencyPanel.tsx';
import { AgentTable } from './AgentTable.tsx';
import { ActiveAlerts } from './ActiveAlerts.tsx';
import { AlertHistory } from './AlertHistory.tsx';

export function FleetView() {
  const { can } = useSession();
  const [period, setPeriod] = useState(PERIODS[1]);
  // The figures are read when the period changes and when the person asks again.
  const [reads, setReads] = useState(0);
  const choice = { ...period, reads };
  // An acknowledgement changes the history too: both re-read on this counter.
  const [alertChanges, setAlertChanges] = useState(0);
  return (
    <>
      <h1>Fleet</h1>
      {can('alerts') ? <ActiveAlerts onChange={() => setAlertChanges((n) => n + 1)} changes={alertChanges} /> : <p className="muted">Alerts need the <code>alerts</code> feature (Team tier or higher).</p>}
      {can('analytics') ? (
        <>
          <div className="filters">
            <fieldset className="periods">
              <legend>Period</legend>
              {PERIODS.map((option) => (
                <label key={option.period}>
                  <input type="radio" name="fleet-period" value={option.period} checked={option.period === period.period} onChange={() => setPeriod(option)} />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <button type="button" onClick={() => setReads((n) => n + 1)}>Read the figures again</button>
          </div>
          <SummaryFigures period={choice} />
          <OutcomesChart period={choice} />
          <div className="columns">
            <BlockedTools period={choice} />
            <FailureCodes period={choice} />
          </div>
          <LatencyPanel period={choice} />
          <AgentTable period={choice} />
        </>
      ) : <p className="muted">Fleet figures need the <code>analytics</code> feature (Team tier or higher).</p>}
      {can('alerts') ? <AlertHistory changes={alertChanges} /> : null}
    </>
  );
}
