// The global kill switch. Turning it on stops every agent's pre-check and validate, so the
// confirmation says exactly that and asks for the reason, which the ledger records.

import { useRef, useState, type FormEvent } from 'react';
import type { Problem } from '../api.ts';
import { Badge, Field, ProblemMessage } from '../components.tsx';
import { asProblem, formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { KillSwitchState } from '../types.ts';

export function KillSwitchPanel() {
  const { client, can, health } = useSession();
  const state = useLoad((signal) => client.get<KillSwitchState>('/v1/runtime/kill-switch', signal), []);
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const active = state.data?.active ?? false;
  const fleet = health.ledger.kind === 'postgres' ? ' and on every gateway that shares this PostgreSQL ledger' : '';
  const effect = active
    ? `Turning the kill switch off lets agents' calls be decided again${fleet}.`
    : `Turning the kill switch on blocks every pre-check and validate of every agent on this gateway${fleet}, until someone turns it off. Calls already decided are not undone.`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await client.post('/v1/runtime/kill-switch', { active: !active, reason: reason.trim() });
      dialog.current?.close();
      setReason('');
      state.reload();
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="kill-heading" className="panel">
      <h2 id="kill-heading">Kill switch</h2>
      <ProblemMessage problem={state.problem} />
      {state.data ? (
        <dl className="facts" data-testid="kill-switch-state">
          <Field label="State">{active ? <Badge tone="bad">ACTIVE: every call is blocked</Badge> : <Badge tone="good">off</Badge>}</Field>
          <Field label="Reason">{state.data.reason ?? '—'}</Field>
          <Field label="Set by">{state.data.updated_by ?? '—'}</Field>
          <Field label="Since">{formatTime(state.data.updated_at)}</Field>
        </dl>
      ) : null}
      {can('kill_switch_write') ? (
        <button type="button" className={active ? undefined : 'danger'} onClick={() => { setProblem(null); dialog.current?.showModal(); }}>
          {active ? 'Turn the kill switch off…' : 'Activate the kill switch…'}
        </button>
      ) : <p className="muted">Setting the kill switch needs the Team tier or higher.</p>}
      <dialog ref={dialog} aria-labelledby="kill-dialog-heading" aria-describedby="kill-dialog-effect">
        <form onSubmit={submit}>
          <h3 id="kill-dialog-heading">{active ? 'Turn the kill switch off?' : 'Activate the kill switch?'}</h3>
          <p id="kill-dialog-effect">{effect}</p>
          <label htmlFor="kill-reason">Reason (recorded in the audit ledger)</label>
          <textarea id="kill-reason" required rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          <ProblemMessage problem={problem} />
          <div className="actions">
            <button type="submit" className={active ? 'primary' : 'danger'} disabled={busy || reason.trim() === ''}>
              {active ? 'Turn off' : 'Block every agent now'}
            </button>
            <button type="button" onClick={() => dialog.current?.close()}>Cancel</button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
