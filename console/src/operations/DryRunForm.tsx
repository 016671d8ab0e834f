// A dry run of the policy: a pre-check, post-check or validate body, or a stored envelope id,
// evaluated against the bundle in force. Nothing is recorded.

import { useState, type FormEvent } from 'react';
import type { Problem } from '../api.ts';
import { Badge, JsonTree, ProblemMessage, outcomeTone } from '../components.tsx';
import { asProblem } from '../hooks.ts';
import { useSession } from '../session.tsx';

const SUBJECTS = ['pre_check', 'post_check', 'validate', 'envelope_id'] as const;
type Subject = (typeof SUBJECTS)[number];

const EXAMPLE = JSON.stringify({ agent_id: 'support-agent-1', action: 'search_kb', params: { query: 'refund policy' } }, null, 2);

interface EvaluateResult {
  stage: string;
  outcome: string;
  policy_version: string;
  rules_fired: { id?: string; rule?: string; message?: string; effect?: string; [k: string]: unknown }[];
  shadow_matches: unknown[];
  rule_errors: unknown[];
  decision?: { outcome: string; reason: string };
}

export function DryRunForm() {
  const { client } = useSession();
  const [subject, setSubject] = useState<Subject>('pre_check');
  const [text, setText] = useState(EXAMPLE);
  const [result, setResult] = useState<EvaluateResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setResult(null);
    let value: unknown = text.trim();
    if (subject !== 'envelope_id') {
      try {
        value = JSON.parse(text);
      } catch (error) {
        setProblem({ status: 0, code: 'INVALID_JSON', title: 'The body is not JSON', detail: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    try {
      setResult(await client.post<EvaluateResult>('/v1/policy/evaluate', { [subject]: value }));
    } catch (error) {
      setProblem(asProblem(error));
    }
  };

  return (
    <section aria-labelledby="dry-run-heading" className="panel">
      <h2 id="dry-run-heading">Dry run</h2>
      <form onSubmit={submit}>
        <label>Evaluate
          <select value={subject} onChange={(e) => setSubject(e.target.value as Subject)}>
            {SUBJECTS.map((s) => <option key={s} value={s}>{s === 'envelope_id' ? 'a stored envelope (id)' : `a ${s.replace('_', '-')} body`}</option>)}
          </select>
        </label>
        <label htmlFor="dry-run-body">{subject === 'envelope_id' ? 'Envelope id' : 'Request body (JSON)'}</label>
        <textarea id="dry-run-body" rows={subject === 'envelope_id' ? 1 : 8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
        <button type="submit" className="primary">Evaluate</button>
      </form>
      <ProblemMessage problem={problem} />
      {result ? (
        <div role="region" aria-label="Dry run result" data-testid="dry-run-result">
          <p>Outcome <Badge tone={outcomeTone(result.outcome)}>{result.outcome}</Badge> under <code>{result.policy_version}</code>{result.decision ? ` — ${result.decision.reason}` : ''}</p>
          <h3>Rules that fired</h3>
          {result.rules_fired.length ? <JsonTree value={result.rules_fired} label="Rules that fired" /> : <p>None.</p>}
          {result.shadow_matches.length ? <><h3>Shadow matches</h3><JsonTree value={result.shadow_matches} label="Shadow matches" /></> : null}
          {result.rule_errors.length ? <><h3>Rules that could not be evaluated</h3><JsonTree value={result.rule_errors} label="Rule errors" /></> : null}
        </div>
      ) : null}
    </section>
  );
}
