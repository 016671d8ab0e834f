// One ledger row with its payload, and a timeline of the rows linked to it: its parent (the
// pre-check a post-check answers), and for a queued call the review rows (claims, verdicts).

import { useState } from 'react';
import { ApiProblem, type Problem } from '../api.ts';
import { Badge, Field, JsonTree, ProblemMessage, outcomeTone } from '../components.tsx';
import { asProblem, formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { LedgerRow, ReviewItemDetail } from '../types.ts';
import { MaskedNotice } from '../masking.tsx';

interface TimelineEntry { at: string; label: string; href?: string; detail?: string }

export function ExecutionDetail({ id }: { id: string }) {
  const { client, can } = useSession();
  const [erasure, setErasure] = useState<{ problem: Problem | null; done: string }>({ problem: null, done: '' });
  const loaded = useLoad(async (signal) => {
    const row = await client.get<LedgerRow>(`/v1/audit/executions/${encodeURIComponent(id)}`, signal);
    const timeline: TimelineEntry[] = [];
    if (row.parent_envelope_id) {
      const parent = await client.get<LedgerRow>(`/v1/audit/executions/${encodeURIComponent(row.parent_envelope_id)}`, signal).catch(() => null);
      if (parent) timeline.push({ at: parent.created_at, label: `${parent.kind}: ${parent.outcome ?? ''}`, href: `#/audit/${parent.envelope_id}`, detail: 'parent' });
    }
    timeline.push({ at: row.created_at, label: `${row.kind}: ${row.outcome ?? ''}`, detail: 'this row' });
    if (row.outcome === 'escalate' || row.outcome === 'request_evidence') {
      const review = await client.get<ReviewItemDetail>(`/v1/review/queue/${encodeURIComponent(id)}`, signal).catch((error) => {
        if (error instanceof ApiProblem && error.problem.status < 500) return null;
        throw error;
      });
      for (const entry of review?.history ?? []) {
        timeline.push({ at: String(entry.at), label: `review ${String(entry.action)} by ${String(entry.by ?? '—')}`, href: `#/audit/${entry.envelope_id}`, detail: entry.note ? `“${String(entry.note)}”` : undefined });
      }
    }
    timeline.sort((a, b) => a.at.localeCompare(b.at));
    return { row, timeline };
  }, [id]);

  const erase = async () => {
    if (!window.confirm('Erase the personal data in this record? The fields are masked for good; the hash chain still verifies.')) return;
    try {
      const result = await client.delete<{ erased_paths?: string[] }>(`/v1/audit/executions/${encodeURIComponent(id)}/pii`);
      setErasure({ problem: null, done: `Personal data erased${result.erased_paths ? `: ${result.erased_paths.join(', ')}` : ''}.` });
      loaded.reload();
    } catch (error) {
      setErasure({ problem: asProblem(error), done: '' });
    }
  };

  const row = loaded.data?.row;
  return (
    <article aria-labelledby="execution-heading">
      <p><a href="#/audit">← Back to the ledger</a></p>
      <h1 id="execution-heading">Execution {row ? `#${row.seq}` : ''}</h1>
      <ProblemMessage problem={loaded.problem} />
      {row ? (
        <>
          <dl className="facts">
            <Field label="Envelope"><code>{row.envelope_id}</code></Field>
            <Field label="Kind">{row.kind}</Field>
            <Field label="Agent">{row.agent_id ?? '—'}</Field>
            <Field label="Tool"><code>{row.action ?? '—'}</code></Field>
            <Field label="Outcome">{row.outcome ? <Badge tone={outcomeTone(row.outcome)}>{row.outcome}</Badge> : '—'}</Field>
            <Field label="Risk">{row.risk_tier ?? '—'} {row.risk_score ?? ''}</Field>
            <Field label="Time">{formatTime(row.created_at)}</Field>
            <Field label="Policy">{row.policy_version}</Field>
            <Field label="Hash"><code className="hash">{row.hash}</code></Field>
          </dl>
          <section aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">Timeline</h2>
            <ol className="timeline">
              {loaded.data!.timeline.map((entry, i) => (
                <li key={i}>
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>{' '}
                  {entry.href ? <a href={entry.href}>{entry.label}</a> : <strong>{entry.label}</strong>}
                  {entry.detail ? <span className="muted"> {entry.detail}</span> : null}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="payload-heading">
            <h2 id="payload-heading">Payload</h2>
            {row.payload_note ? <p>{row.payload_note}</p> : null}
            <MaskedNotice paths={row.masked_paths} />
            {row.payload ? <JsonTree value={row.payload} label="Payload" /> : null}
            {can('audit_erase') && row.payload_state === 'present' && row.pii_paths.length ? (
              <p><button type="button" className="danger" onClick={erase}>Erase personal data ({row.pii_paths.join(', ')})</button></p>
            ) : null}
            <p role="status">{erasure.done}</p>
            <ProblemMessage problem={erasure.problem} />
          </section>
        </>
      ) : null}
    </article>
  );
}
