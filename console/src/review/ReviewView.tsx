// The review queue: open items soonest deadline first, with filters; the selected item opens its
// decision view. The list is polled, and the open item long-polls (?wait=), so what another
// reviewer does shows up without a reload.

import { useEffect, useState } from 'react';
import { query } from '../api.ts';
import { Badge, ProblemMessage, outcomeTone } from '../components.tsx';
import { formatTime, navigate, relativeTime, useLoad, useShortcuts } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { ReviewQueue, ReviewQueueItem } from '../types.ts';
import { ReviewDecision } from './ReviewDecision.tsx';

const STATUSES = ['open', 'pending', 'claimed', 'overdue', 'approved', 'rejected', 'expired', 'resolved'];
const TIERS = ['', 'low', 'medium', 'high', 'critical'];
/** The queue is re-read this often; the open item itself follows changes at once (long-poll). */
const QUEUE_POLL_MS = 3000;

export function sortByDeadline(items: ReviewQueueItem[]): ReviewQueueItem[] {
  const key = (item: ReviewQueueItem) => (item.review_deadline ? Date.parse(item.review_deadline) : Number.POSITIVE_INFINITY);
  return [...items].sort((a, b) => key(a) - key(b) || a.created_at.localeCompare(b.created_at));
}

export function ReviewView({ selected }: { selected: string | null }) {
  const { client } = useSession();
  const [status, setStatus] = useState('open');
  const [tier, setTier] = useState('');
  const [agent, setAgent] = useState('');
  const [tool, setTool] = useState('');
  const queue = useLoad(
    (signal) => client.get<ReviewQueue>(`/v1/review/queue${query({ status, tier, agent_id: agent.trim(), tool: tool.trim(), limit: 500 })}`, signal),
    [status, tier, agent, tool],
  );
  useEffect(() => {
    const timer = setInterval(queue.reload, QUEUE_POLL_MS);
    return () => clearInterval(timer);
  }, [queue.reload]);
  const items = sortByDeadline(queue.data?.items ?? []);
  const index = items.findIndex((item) => item.envelope_id === selected);
  const [cursor, setCursor] = useState(0);

  useShortcuts(selected ? {} : {
    j: () => setCursor((c) => Math.min(c + 1, items.length - 1)),
    k: () => setCursor((c) => Math.max(c - 1, 0)),
    Enter: () => { if (items[cursor]) navigate('review', items[cursor].envelope_id); },
  });
  useEffect(() => {
    if (!selected) document.getElementById(`queue-row-${cursor}`)?.focus();
  }, [cursor, selected]);

  if (selected) return <ReviewDecision id={selected} position={index >= 0 ? `${index + 1} of ${items.length}` : null} onQueueChange={queue.reload} />;
  return (
    <>
      <h1>Review queue</h1>
      <form className="filters" aria-label="Filter the queue" onSubmit={(e) => e.preventDefault()}>
        <label>Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>{STATUSES.map((s) => <option key={s}>{s}</option>)}</select>
        </label>
        <label>Risk tier
          <select value={tier} onChange={(e) => setTier(e.target.value)}>{TIERS.map((s) => <option key={s} value={s}>{s || 'any'}</option>)}</select>
        </label>
        <label>Agent <input value={agent} onChange={(e) => setAgent(e.target.value)} placeholder="agent id" /></label>
        <label>Tool <input value={tool} onChange={(e) => setTool(e.target.value)} placeholder="tool name" /></label>
      </form>
      <p className="help">Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens; in an item <kbd>c</kbd> claim, <kbd>a</kbd> approve, <kbd>r</kbd> reject, <kbd>Escape</kbd> back.</p>
      <ProblemMessage problem={queue.problem} />
      <p role="status" className="count">{queue.data ? `${items.length} of ${queue.data.total} items, soonest deadline first` : 'Loading…'}</p>
      <table className="grid">
        <caption className="visually-hidden">Review items</caption>
        <thead>
          <tr><th scope="col">Deadline</th><th scope="col">Status</th><th scope="col">Agent</th><th scope="col">Tool</th><th scope="col">Risk</th><th scope="col">Outcome</th><th scope="col">Claimed by</th></tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={item.envelope_id} className={i === cursor ? 'cursor' : undefined}>
              <td>
                <a id={`queue-row-${i}`} href={`#/review/${item.envelope_id}`} onFocus={() => setCursor(i)}>
                  {formatTime(item.review_deadline)}
                </a>
                <span className="muted"> {relativeTime(item.review_deadline)}</span>
                {item.overdue ? <> <Badge tone="bad">overdue</Badge></> : null}
              </td>
              <td><Badge tone={outcomeTone(item.status)}>{item.status}</Badge></td>
              <td>{item.agent_id}</td>
              <td><code>{item.action}</code></td>
              <td>{item.risk_tier}</td>
              <td>{item.outcome}</td>
              <td>{item.claimed_by ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
