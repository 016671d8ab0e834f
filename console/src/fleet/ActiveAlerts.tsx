// The alerts firing now (GET /v1/alerts/active, re-read every few seconds) and acknowledging one
// (POST /v1/alerts/{id}/ack) with a note and, if wanted, a silence; the ledger records who.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Problem } from '../api.ts';
import { Badge, ProblemMessage } from '../components.tsx';
import { asProblem, formatTime, relativeTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import { ACK_ROLES, mayAcknowledge } from './fleet-access.ts';
import type { Alert, AlertList } from './fleet-types.ts';

const ALERTS_POLL_MS = 5000;
const SILENCES = [{ value: '', label: 'do not silence' }, { value: '1h', label: '1 hour' }, { value: '4h', label: '4 hours' }, { value: '1d', label: '1 day' }];

export function severityTone(severity: string): 'bad' | 'warn' | 'neutral' {
  return severity === 'critical' ? 'bad' : severity === 'warning' ? 'warn' : 'neutral';
}

export function Acknowledgement({ alert }: { alert: Alert }) {
  if (!alert.acked_by) return <span className="muted">not acknowledged</span>;
  return (
    <span>
      acknowledged by <strong>{alert.acked_by}</strong> at {formatTime(alert.acked_at)}
      {alert.silenced_until ? <>; silenced until {formatTime(alert.silenced_until)}</> : null}
    </span>
  );
}

export function ActiveAlerts({ changes, onChange }: { changes: number; onChange: () => void }) {
  const { client, me } = useSession();
  const active = useLoad((signal) => client.get<AlertList>('/v1/alerts/active', signal), [changes]);
  useEffect(() => {
    const timer = setInterval(active.reload, ALERTS_POLL_MS);
    return () => clearInterval(timer);
  }, [active.reload]);
  const [acking, setAcking] = useState<Alert | null>(null);
  const [done, setDone] = useState('');
  // Where focus goes when the form closes: back to the alert's button (cancel), or to the
  // section's heading once the button is gone (acknowledged).
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (acking || !returnTo) return;
    document.getElementById(returnTo)?.focus();
    setReturnTo(null);
  }, [acking, returnTo]);
  const canAck = mayAcknowledge(me);
  const alerts = active.data?.alerts ?? [];
  return (
    <section aria-labelledby="alerts-heading">
      <h2 id="alerts-heading" tabIndex={-1}>Active alerts</h2>
      <ProblemMessage problem={active.problem} />
      <p role="status" className="notice">{done}</p>
      {active.data && alerts.length === 0 ? <p data-testid="alerts-empty">No alert is firing.</p> : null}
      {alerts.length ? (
        <table className="grid" data-testid="active-alerts">
          <caption>Alerts firing now, newest first</caption>
          <thead>
            <tr><th scope="col">Rule</th><th scope="col">Severity</th><th scope="col">Summary</th><th scope="col">Value</th><th scope="col">Since</th><th scope="col">Acknowledgement</th></tr>
          </thead>
          <tbody>
            {alerts.map((alert) => (
              <tr key={alert.id}>
                <th scope="row"><code>{alert.rule}</code></th>
                <td><Badge tone={severityTone(alert.severity)}>{alert.severity}</Badge></td>
                <td>{alert.summary}</td>
                <td>{alert.value ?? '—'}{alert.threshold !== null ? <span className="muted"> (above {alert.threshold})</span> : null}</td>
                <td>{formatTime(alert.started_at)} <span className="muted">{relativeTime(alert.started_at)}</span></td>
                <td>
                  <Acknowledgement alert={alert} />
                  {canAck && !alert.acked_by ? (
                    <> <button type="button" id={`ack-${alert.id}`} aria-label={`Acknowledge ${alert.rule}`} onClick={() => { setDone(''); setAcking(alert); }}>Acknowledge…</button></>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {alerts.length && !canAck ? <p className="muted">Acknowledging an alert needs one of the roles {ACK_ROLES.join(', ')}.</p> : null}
      {acking ? (
        <AckForm
          alert={acking}
          onCancel={() => { setReturnTo(`ack-${acking.id}`); setAcking(null); }}
          onDone={(acked) => { setReturnTo('alerts-heading'); setAcking(null); setDone(`${acked.rule} acknowledged by ${acked.acked_by}.`); active.reload(); onChange(); }}
        />
      ) : null}
    </section>
  );
}

function AckForm({ alert, onCancel, onDone }: { alert: Alert; onCancel: () => void; onDone: (acked: Alert) => void }) {
  const { client } = useSession();
  const [note, setNote] = useState('');
  const [silence, setSilence] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const noteField = useRef<HTMLTextAreaElement>(null);
  // The form opens below the table: focus goes to its first field.
  useEffect(() => { noteField.current?.focus(); }, [alert.id]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const body: { note?: string; silence?: string } = {};
      if (note.trim()) body.note = note.trim();
      if (silence) body.silence = silence;
      onDone(await client.post<Alert>(`/v1/alerts/${encodeURIComponent(alert.id)}/ack`, body));
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="decide" aria-labelledby="ack-heading" onSubmit={submit} onKeyDown={(e) => { if (e.key === 'Escape') onCancel(); }}>
      <h3 id="ack-heading">Acknowledge {alert.rule}</h3>
      <p className="muted">Recorded in the audit ledger with your name; the alert keeps firing until its condition clears.</p>
      <label htmlFor="ack-note">Note (recorded in the audit ledger)</label>
      <textarea id="ack-note" ref={noteField} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      <label htmlFor="ack-silence">Silence the rule's notifications</label>
      <select id="ack-silence" value={silence} onChange={(e) => setSilence(e.target.value)}>
        {SILENCES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
      </select>
      <ProblemMessage problem={problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>Acknowledge</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
