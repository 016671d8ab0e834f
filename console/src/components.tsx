// Pieces every view uses: a problem message, a readable tree of JSON, labelled badges.

import type { ReactNode } from 'react';
import type { Problem } from './api.ts';
import { MaskedValue, isMasked } from './masking.tsx';

export function ProblemMessage({ problem }: { problem: Problem | null }) {
  if (!problem) return null;
  return (
    <div className="problem" role="alert">
      <strong>{problem.title}</strong>
      {problem.status ? <span className="code"> {problem.status} {problem.code}</span> : null}
      <p>{problem.detail}</p>
      {problem.errors?.length ? <ul>{problem.errors.map((e) => <li key={e.path}><code>{e.path}</code>: {e.message}</li>)}</ul> : null}
    </div>
  );
}

export function Badge({ tone, children }: { tone: 'good' | 'bad' | 'warn' | 'neutral'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export function outcomeTone(outcome: string | null | undefined): 'good' | 'bad' | 'warn' | 'neutral' {
  if (outcome === 'approve' || outcome === 'approved' || outcome === 'allow') return 'good';
  if (outcome === 'block' || outcome === 'rejected' || outcome === 'expired') return 'bad';
  if (outcome === 'escalate' || outcome === 'request_evidence' || outcome === 'pending' || outcome === 'claimed') return 'warn';
  return 'neutral';
}

/** Arguments and payloads as a nested list: keys, then values, objects indented. */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return <div className="json-tree" aria-label={label} role="group"><TreeNode value={value} /></div>;
}

function TreeNode({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="json-null">null</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="json-empty">[]</span>;
    return <ol className="json-list" start={0}>{value.map((v, i) => <li key={i}><TreeNode value={v} /></li>)}</ol>;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <span className="json-empty">{'{}'}</span>;
    return (
      <dl className="json-object">
        {entries.map(([k, v]) => (
          <div key={k} className="json-entry"><dt>{k}</dt><dd><TreeNode value={v} /></dd></div>
        ))}
      </dl>
    );
  }
  if (isMasked(value)) return <MaskedValue />;
  if (typeof value === 'string') return <span className="json-string">{value}</span>;
  return <span className="json-scalar">{String(value)}</span>;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return <div className="field"><dt>{label}</dt><dd>{children}</dd></div>;
}
