// The gateway's /v1 API with DATABASE_URL selecting PostgreSQL: decisions are recorded and read
// back, /health names the store, PII erasure keeps the chain verifiable, a record past the
// payload retention says its payload is gone, and signed checkpoints are served to auditors.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { auditCheckpoints, checkpointHead, loadCheckpointSigner } from '../../src/ledger/index.ts';
import { runRetention } from '../../src/gateway/index.ts';
import { responseErrors } from '../../src/schemas/index.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';

const { skip } = await probePostgres();

describe('the gateway on PostgreSQL', { skip }, () => {
  test('records decisions, reads them back, verifies the chain; /health names the store', async (t) => {
    const db = await createTestSchema(t);
    const gw = await startTestGateway(t, { env: db.env });
    const health = await gw.call('GET', '/health');
    assert.equal(health.status, 200);
    assert.deepEqual(health.body.ledger, { kind: 'postgres', reachable: true });

    const validate = await gw.call('POST', '/v1/runtime/validate', validateBody());
    const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    assert.deepEqual([validate.status, pre.status], [200, 200]);
    const record = await gw.call('GET', `/v1/audit/executions/${validate.body.envelope_id}`);
    assert.deepEqual(responseErrors('AuditRecord', record.body), []);
    assert.deepEqual(record.body.payload.response, validate.body);
    const list = await gw.call('GET', '/v1/audit/executions?kind=pre_check');
    assert.deepEqual([list.body.total, list.body.items[0].envelope_id], [1, pre.body.envelope_id]);

    const verify = await gw.call('GET', '/v1/audit/chain/verify?from_seq=2');
    assert.deepEqual(responseErrors('ChainVerifyReport', verify.body), []);
    assert.deepEqual([verify.body.valid, verify.body.rows_checked, verify.body.from_seq], [true, 1, 2]);
  });

  test('PII erasure masks the personal fields, keeps the chain metadata, and verify still passes', async (t) => {
    const db = await createTestSchema(t);
    const gw = await startTestGateway(t, { env: db.env });
    const decided = await gw.call('POST', '/v1/runtime/validate', validateBody({ request: { user: 'jane.doe@example.com', input: 'call me at +44 20 7946 0958' } }));
    const before = (await gw.call('GET', `/v1/audit/executions/${decided.body.envelope_id}`)).body;
    const erased = await gw.call('DELETE', `/v1/audit/executions/${decided.body.envelope_id}/pii`);
    assert.equal(erased.status, 200);
    assert.deepEqual(responseErrors('PiiErasure', erased.body), []);
    assert.ok(erased.body.erased_paths.includes('request.request.user'));
    const after = (await gw.call('GET', `/v1/audit/executions/${decided.body.envelope_id}`)).body;
    assert.equal(after.payload_state, 'erased');
    assert.doesNotMatch(JSON.stringify(after.payload), /jane\.doe|7946/);
    assert.deepEqual([after.hash, after.prev_hash, after.payload_digest], [before.hash, before.prev_hash, before.payload_digest]);
    const verify = await gw.call('GET', '/v1/audit/chain/verify');
    assert.deepEqual([verify.body.valid, verify.body.erased_rows], [true, 1]);
  });

  test('past HOT_PAYLOAD_DAYS a record keeps its metadata and says its payload is no longer available', async (t) => {
    const db = await createTestSchema(t);
    const gw = await startTestGateway(t, { env: db.env });
    const decided = await gw.call('POST', '/v1/runtime/validate', validateBody());
    const in91Days = new Date(Date.now() + 91 * 86_400_000);
    // As the scheduled job runs it: signed with the gateway's checkpoint key, so verify can prove the expiry.
    const signer = await loadCheckpointSigner({ key: null, generatedKeyPath: `${gw.dir}/checkpoint-key.jwk` });
    const report = await runRetention(gw.ledger, gw.config.retention, in91Days, { signer });
    assert.deepEqual([report.ran, report.payloads_expired], [true, 1]);
    const record = await gw.call('GET', `/v1/audit/executions/${decided.body.envelope_id}`);
    assert.deepEqual([record.body.payload, record.body.payload_state, record.body.outcome], [null, 'expired', decided.body.decision.outcome]);
    assert.match(record.body.payload_note, /no longer available/);
    const verified = (await gw.call('GET', '/v1/audit/chain/verify')).body;
    assert.deepEqual([verified.valid, verified.expired_rows, verified.retention_records.payload_expiry], [true, 1, 1]);
  });

  test('signed checkpoints are listed with the signing key, and an auditor can check them', async (t) => {
    const db = await createTestSchema(t);
    const gw = await startTestGateway(t, { env: db.env });
    await gw.call('POST', '/v1/runtime/validate', validateBody());
    const signer = await loadCheckpointSigner({ key: null, generatedKeyPath: `${gw.dir}/checkpoint-key.jwk` });
    const checkpoint = await checkpointHead(gw.ledger, signer);
    assert.equal(checkpoint?.seq, 1);
    const res = await gw.call('GET', '/v1/audit/chain/checkpoints');
    assert.equal(res.status, 200);
    assert.deepEqual(responseErrors('ChainCheckpointList', res.body), []);
    assert.deepEqual(res.body.items, [checkpoint]);
    assert.equal(res.body.signing_key.kid, signer.keyId, 'the gateway signs with the key in its data directory');
    const audit = await auditCheckpoints(gw.ledger, [res.body.signing_key]);
    assert.deepEqual([audit.valid, audit.newest_verified_seq], [true, 1]);
  });
});
