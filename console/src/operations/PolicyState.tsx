// The policy bundle in force (GET /health): its version, whether the files on disk are that
// bundle, and the newest hot reload with its problems.

import { Badge, Field } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { readHealth } from '../session.tsx';

export function PolicyState() {
  const health = useLoad(() => readHealth(), []);
  const h = health.data;
  const reload = h?.policy_reload;
  const agree = reload?.version_on_disk === undefined || reload.version_on_disk === reload.version_in_force;
  return (
    <section aria-labelledby="policy-heading" className="panel">
      <h2 id="policy-heading">Policy in force</h2>
      {h ? (
        <dl className="facts" data-testid="policy-state">
          <Field label="Version in force"><code>{h.policy_version}</code></Field>
          <Field label="Version on disk">{reload?.version_on_disk ? <code>{reload.version_on_disk}</code> : '—'}</Field>
          <Field label="Disk and enforced">
            {agree ? <Badge tone="good">same bundle</Badge> : <Badge tone={reload?.stale ? 'bad' : 'warn'}>{reload?.stale ? 'differ (stale: a change was not applied)' : 'differ (reloading)'}</Badge>}
          </Field>
          <Field label="Last reload">{reload?.last_result ?? 'none since start'} {reload?.last_attempt_at ? `at ${formatTime(reload.last_attempt_at)}` : ''}</Field>
          <Field label="Score version"><code>{h.score_version}</code></Field>
        </dl>
      ) : null}
      {reload?.issues.length ? (
        <>
          <h3>Problems in the rejected edit</h3>
          <ul>{reload.issues.map((issue) => <li key={issue}><code>{issue}</code></li>)}</ul>
        </>
      ) : null}
      <button type="button" onClick={health.reload}>Refresh</button>
    </section>
  );
}
