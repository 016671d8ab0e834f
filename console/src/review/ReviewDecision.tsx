// One review item: everything a reviewer needs to decide (tool, arguments, scores with their
// rationale, risk factors, failures, the agent's recent history, the item's linked rows), and the
// claim / approve / reject actions. It long-polls GET /v1/review/queue/{id}?wait= so a claim or
// verdict by someone else appears at once.

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiProblem, type Problem } from '../api.ts';
import { Badge, Field, JsonTree, ProblemMessage, outcomeTone } from '../components.tsx';
import { asProblem, formatTime, navigate, relativeTime, useShortcuts } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { ReviewItemDetail } from '../types.ts';
import { GrantForm, NO_GRANT, grantBody, type GrantFields } from './GrantForm.tsx';
import { DefinitionDiff } from './DefinitionDiff.tsx';
import { MaskedNotice } from '../masking.tsx';

/** The roles that may claim and decide (src/auth/route-roles.ts, REVIEW_WRITE). */
const REVIEW_ROLES = ['admin', 'reviewer'];
/** Seconds each long-poll waits for a change (the gateway allows up to 60). */
const WAIT_SECONDS = 25;
const SCORE_NAMES = ['schema_score', 'evidence_score', 'tool_trust_score', 'consistency_score', 'policy_score', 'judge_score', 'historical_reliability', 'safety_score', 'contradiction_score', 'final_confidence'];

export function ReviewDecision({ id, position, onQueueChange }: { id: string; position: string | null; onQueueChange: () => void }) {
  const { client, can, me } = useSession();
  const [item, setItem] = useState<ReviewItemDetail | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState('');
  const [note, setNote] = useState('');
  const [grant, setGrant] = useState<GrantFields>(NO_GRANT);
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const revision = useRef<number | null>(null);
  /** True while this person's own action is in flight: the long-poll sees its row too, and must not announce it as someone else's. */
  const acting = useRef(false);

  /** Someone else changed the item: say so (a live region) and refresh the queue. */
  const announce = useCallback((next: ReviewItemDetail) => {
    setNotice(`Updated: the item is now ${next.status}${next.claimed_by ? `, claimed by ${next.claimed_by}` : ''}.`);
    onQueueChange();
  }, [onQueueChange]);

  // Follow the item: read it, then wait for the next revision, until the view closes.
  useEffect(() => {
    const controller = new AbortController();
    revision.current = null;
    setItem(null);
    (async () => {
      while (!controller.signal.aborted) {
        try {
          const path = revision.current === null
            ? `/v1/review/queue/${encodeURIComponent(id)}`
            : `/v1/review/queue/${encodeURIComponent(id)}?wait=${WAIT_SECONDS}&revision=${revision.current}`;
          const next = await client.get<ReviewItemDetail>(path, controller.signal);
          if (revision.current !== null && next.revision !== revision.current && !acting.current) announce(next);
          revision.current = next.revision;
          setItem(next);
        } catch (error) {
          if (controller.signal.aborted) return;
          setProblem(asProblem(error));
          if (error instanceof ApiProblem && error.problem.status < 500) return;
          await new Promise((resolve) => setTimeout(resolve, 3000));
        }
      }
    })();
    return () => controller.abort();
  }, [client, id, onQueueChange, announce]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    acting.current = true;
    try {
      const after = await run() as Partial<ReviewItemDetail> | undefined;
      setNotice(done);
      onQueueChange();
      // The long-poll sees the new row as well; read now so the buttons change at once.
      const fresh = await client.get<ReviewItemDetail>(`/v1/review/queue/${encodeURIComponent(id)}`);
      // Another reviewer's change that landed while this action ran (the long-poll kept quiet
      // meanwhile): the item moved past the revision this action made.
      if (typeof after?.revision === 'number' && fresh.revision > after.revision) announce(fresh);
      revision.current = fresh.revision;
      setItem(fresh);
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      acting.current = false;
      setBusy(false);
    }
  };
  const open = item !== null && (item.status === 'pending' || item.status === 'claimed');
  // The tier must include the queue and a role must allow verdicts (the gateway refuses others with 403 ROLE_REQUIRED anyway).
  const mayReview = can('review_queue') && (me.roles === undefined || me.roles.some((role) => REVIEW_ROLES.includes(role)));
  const claim = () => act(() => client.post(`/v1/review/queue/${encodeURIComponent(id)}/claim`, {}), 'You claimed this item.');
  const release = () => act(() => client.post(`/v1/review/queue/${encodeURIComponent(id)}/release`, {}), 'You released this item.');
  const resolve = (outcome: 'approve' | 'reject') => {
    if (!note.trim()) {
      setProblem({ status: 0, code: 'NOTE_REQUIRED', title: 'A note is required', detail: `Say why you ${outcome} this call; the note is recorded with the verdict.` });
      noteRef.current?.focus();
      return;
    }
    const body = { outcome, note: note.trim(), ...(outcome === 'approve' && !item?.tool_change && grantBody(grant) ? { grant: grantBody(grant) } : {}) };
    void act(() => client.post(`/v1/review/queue/${encodeURIComponent(id)}/resolution`, body), outcome === 'approve' ? 'Approved.' : 'Rejected.');
  };
  // Enter in the form must not resolve anything: only the two buttons do.
  const onSubmit = (event: FormEvent) => event.preventDefault();

  useShortcuts({
    Escape: () => navigate('review'),
    c: () => { if (open && item?.status === 'pending') void claim(); },
    // Both start at the note, which a verdict needs; Approve and Reject follow it in tab order.
    a: () => { if (open) noteRef.current?.focus(); },
    r: () => { if (open) noteRef.current?.focus(); },
  });

  const call = item?.call;
  return (
    <article aria-labelledby="item-heading">
      <p><a href="#/review">← Back to the queue</a>{position ? <span className="muted"> · item {position}</span> : null}</p>
      <h1 id="item-heading">Review: <code>{call?.tool ?? '…'}</code> by {call ? (call.agent_id ?? 'no agent') : '…'}</h1>
      <p role="status" aria-live="polite" className="notice">{notice}</p>
      <ProblemMessage problem={problem} />
      {item ? (
        <>
          <dl className="facts">
            <Field label="Status"><Badge tone={outcomeTone(item.status)}>{item.status}</Badge>{item.overdue ? <> <Badge tone="bad">overdue</Badge></> : null}</Field>
            <Field label="Deadline">{formatTime(item.review_deadline)} <span className="muted">{relativeTime(item.review_deadline)}</span></Field>
            <Field label="Claimed by">{item.claimed_by ?? '—'}</Field>
            <Field label="Approvals">{item.approvals.length} of {item.required_approvals}{item.approvals.length ? ` (${item.approvals.join(', ')})` : ''}</Field>
            <Field label="Requested by">{item.requested_by ?? '—'}</Field>
            <Field label="Unanswered at the deadline">{item.on_expiry}</Field>
          </dl>
          <MaskedNotice paths={item.masked_paths} />
          <div className="columns">
            <section aria-labelledby="call-heading">
              <h2 id="call-heading">The call</h2>
              {call ? (
                <>
                  <dl className="facts">
                    <Field label="Tool"><code>{call.tool}</code></Field>
                    <Field label="Kind">{call.kind}</Field>
                    <Field label="Decision">{call.decision ? <><Badge tone={outcomeTone(call.decision.outcome)}>{call.decision.outcome}</Badge> {call.decision.reason}</> : '—'}</Field>
                    <Field label="Policy">{call.decision?.policy_version ?? '—'}</Field>
                  </dl>
                  {item.tool_change ? <p>A changed tool definition: the diff is below.</p> : (
                    <>
                      <h3>Arguments</h3>
                      {call.payload_state === 'present' ? <JsonTree value={call.arguments} label="Arguments" /> : <p>The payload is {call.payload_state}.</p>}
                      {call.payload_state === 'present' && call.request ? (
                        <details className="request">
                          <summary>The whole request (user, input, model)</summary>
                          <JsonTree value={call.request} label="Request" />
                        </details>
                      ) : null}
                    </>
                  )}
                </>
              ) : <p>The call's record is not readable.</p>}
            </section>
            <section aria-labelledby="scores-heading">
              <h2 id="scores-heading">Scores and risk</h2>
              {call?.risk ? (
                <>
                  <p><Badge tone={call.risk.tier === 'low' ? 'good' : 'warn'}>{call.risk.tier}</Badge> risk {call.risk.score}: {call.risk.reason}</p>
                  <table className="grid compact">
                    <caption>Risk factors</caption>
                    <tbody>
                      {(['action_severity', 'business_impact', 'confidence_gap', 'policy_sensitivity'] as const).map((name) => (
                        <tr key={name}><th scope="row">{name.replace(/_/g, ' ')}</th><td>{call.risk![name]}</td></tr>
                      ))}
                    </tbody>
                  </table>
                </>
              ) : null}
              {call?.validation ? (
                <table className="grid compact">
                  <caption>Validation scores (0–100)</caption>
                  <tbody>
                    {SCORE_NAMES.map((name) => (
                      <tr key={name}><th scope="row">{name.replace(/_/g, ' ')}</th><td>{call.validation![name] === null ? 'not run' : String(call.validation![name])}</td></tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              <h3>Failures</h3>
              {call?.validation?.failures.length ? (
                <ul>{call.validation.failures.map((f, i) => <li key={i}><code>{String(f.code ?? f.check ?? 'failure')}</code> {String(f.message ?? f.detail ?? '')}</li>)}</ul>
              ) : <p>None.</p>}
            </section>
          </div>
          {item.tool_change ? <DefinitionDiff change={item.tool_change} /> : null}
          {!mayReview && open && can('review_queue') ? (
            <p className="muted" data-testid="no-verdict-role">Your roles ({me.roles?.join(', ') || 'none'}) read this item but cannot decide it: that needs the reviewer or admin role.</p>
          ) : null}
          {mayReview && open ? (
            <section aria-labelledby="decide-heading" className="decide">
              <h2 id="decide-heading">Decide</h2>
              <div className="actions">
                {item.status === 'pending' ? <button type="button" onClick={claim} disabled={busy}>Claim <kbd>c</kbd></button> : null}
                {item.status === 'claimed' ? <button type="button" onClick={release} disabled={busy}>Release</button> : null}
              </div>
              <form onSubmit={onSubmit}>
                <label htmlFor="review-note">Note (recorded with the verdict)</label>
                <textarea id="review-note" ref={noteRef} value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
                {/* A tool definition change is approved for the fleet as it is: it carries no grant (the API refuses one). */}
                {item.tool_change ? null : <GrantForm fields={grant} onChange={setGrant} />}
                <div className="actions">
                  <button id="approve-button" type="button" className="primary" disabled={busy} onClick={() => resolve('approve')}>Approve</button>
                  <button type="button" className="danger" disabled={busy} onClick={() => resolve('reject')}>Reject</button>
                </div>
              </form>
            </section>
          ) : null}
          <section aria-labelledby="history-heading">
            <h2 id="history-heading">Linked rows</h2>
            {item.history.length ? (
              <ol className="timeline">
                {item.history.map((entry) => (
                  <li key={entry.envelope_id}>
                    <time dateTime={String(entry.at ?? '')}>{formatTime(String(entry.at ?? ''))}</time> <strong>{String(entry.action)}</strong> by {String(entry.by ?? '—')}
                    {entry.note ? <> — “{String(entry.note)}”</> : null}
                  </li>
                ))}
              </ol>
            ) : <p>No claims, comments or verdicts yet.</p>}
          </section>
          <section aria-labelledby="agent-heading">
            <h2 id="agent-heading">The agent's recent history</h2>
            {!call?.agent_id ? <p>This item names no agent, so there is no history to show.</p> : item.agent_history.length === 0 ? <p>No records of {call.agent_id} yet.</p> : (
            <table className="grid">
              <caption className="visually-hidden">Recent records of {call?.agent_id}</caption>
              <thead><tr><th scope="col">Time</th><th scope="col">Kind</th><th scope="col">Tool</th><th scope="col">Outcome</th><th scope="col">Risk</th><th scope="col">Confidence</th></tr></thead>
              <tbody>
                {item.agent_history.map((row) => (
                  <tr key={row.envelope_id}>
                    <td><a href={`#/audit/${row.envelope_id}`}>{formatTime(row.created_at)}</a></td>
                    <td>{row.kind}</td><td><code>{row.action}</code></td>
                    <td>{row.outcome ? <Badge tone={outcomeTone(row.outcome)}>{row.outcome}</Badge> : '—'}</td>
                    <td>{row.risk_tier ?? '—'}</td><td>{row.final_confidence ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            )}
          </section>
        </>
      ) : problem ? null : <p role="status">Loading…</p>}
    </article>
  );
}
