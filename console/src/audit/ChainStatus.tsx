// Whether the hash chain verifies (GET /v1/audit/chain/verify), with the newest signed checkpoint.

import { Badge, Field, ProblemMessage } from '../components.tsx';
import { formatTime, useLoad } from '../hooks.ts';
import { useSession } from '../session.tsx';
import type { ChainVerifyReport, Checkpoint } from '../types.ts';

export function ChainStatus() {
  const { client } = useSession();
  const report = useLoad((signal) => client.get<ChainVerifyReport>('/v1/audit/chain/verify', signal), []);
  const checkpoints = useLoad((signal) => client.get<{ items: Checkpoint[] }>('/v1/audit/chain/checkpoints?limit=1', signal), []);
  const r = report.data;
  const newest = checkpoints.data?.items[0];
  return (
    <section aria-labelledby="chain-heading" className="chain">
      <h2 id="chain-heading">Chain integrity</h2>
      <ProblemMessage problem={report.problem} />
      {r ? (
        <dl className="facts" data-testid="chain-status">
          <Field label="Verification">
            {r.valid ? <Badge tone="good">chain valid</Badge> : <Badge tone="bad">chain INVALID</Badge>}
          </Field>
          <Field label="Rows checked">{r.rows_checked}</Field>
          {!r.valid ? <Field label="First bad row">seq {r.first_bad_seq}: {r.problem} {r.detail ? `— ${r.detail}` : ''}</Field> : null}
          <Field label="Last checkpoint">{newest ? `seq ${String(newest.seq)} at ${formatTime(String(newest.created_at))}` : 'none signed yet'}</Field>
          <Field label="Rows after the newest verified checkpoint">{r.checkpoints.unprotected_rows}</Field>
        </dl>
      ) : report.problem ? null : <p role="status">Verifying…</p>}
      <button type="button" onClick={() => { report.reload(); checkpoints.reload(); }}>Verify again</button>
    </section>
  );
}
