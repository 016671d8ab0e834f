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
  // An acknowledgement changes the history too: both re-read on this counter.
  const [alertChanges, setAlertChanges] = useState(0);
  return (
    <>
      <h1>Fleet</h1>
      {can('alerts') ? <ActiveAlerts onChange={() => setAlertChanges((n) => n + 1)} changes={alertChanges} /> : <p className="muted">Alerts need the <code>alerts</code> feature (Team tier or higher).</p>}
      {can('analytics') ? (
        <>
          <fieldset className="periods">
            <legend>Period</legend>
            {PERIODS.map((choice) => (
              <label key={choice.period}>
                <input type="radio" name="fleet-period" value={choice.period} checked={choice.period === period.period} onChange={() => setPeriod(choice)} />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <SummaryFigures period={period} />
          <OutcomesChart period={period} />
          <div className="columns">
            <BlockedTools period={period} />
            <FailureCodes period={period} />
          </div>
          <LatencyPanel period={period} />
          <AgentTable period={period} />
        </>
      ) : <p className="muted">Fleet figures need the <code>analytics</code> feature (Team tier or higher).</p>}
      {can('alerts') ? <AlertHistory changes={alertChanges} /> : null}
    </>
  );
}
