// The CEL rules of the bundle in force (GET /v1/policy/rules): what each does, when it fires,
// whether it is enforced or only watched (shadow), and where it is written.

import { Badge, ProblemMessage } from '../components.tsx';
import { useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';

interface PolicyRule { id: string; description: string; effect: string; severity: string; message: string; mode: string; stages: string[]; when: string; source: string; line: number | null }

export function RuleList() {
  const { client } = useSession();
  const rules = useLoad((signal) => client.get<{ policy_version: string; rules: PolicyRule[] }>('/v1/policy/rules', signal), []);
  return (
    <section aria-labelledby="rules-heading" className="panel">
      <h2 id="rules-heading">Rules</h2>
      <ProblemMessage problem={rules.problem} />
      {rules.data && rules.data.rules.length === 0 ? <p>The bundle in force has no CEL rules.</p> : null}
      {rules.data?.rules.length ? (
        <table className="grid">
          <caption>Rules of {rules.data.policy_version}, in evaluation order</caption>
          <thead><tr><th scope="col">Rule</th><th scope="col">Effect</th><th scope="col">Mode</th><th scope="col">Stages</th><th scope="col">When</th><th scope="col">Where</th></tr></thead>
          <tbody>
            {rules.data.rules.map((rule) => (
              <tr key={rule.id}>
                <th scope="row"><code>{rule.id}</code><div className="muted">{rule.message}</div></th>
                <td><Badge tone={rule.effect === 'block' ? 'bad' : rule.effect === 'escalate' || rule.effect === 'request_evidence' ? 'warn' : 'neutral'}>{rule.effect}</Badge> {rule.severity}</td>
                <td>{rule.mode}</td>
                <td>{rule.stages.join(', ')}</td>
                <td><code className="cel">{rule.when}</code></td>
                <td>{rule.source}{rule.line ? `:${rule.line}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
