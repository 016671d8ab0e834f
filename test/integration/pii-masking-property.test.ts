// Property: whatever a payload holds, no value at one of its PII paths ever appears in the answer
// a masked role (viewer, reviewer) gets from GET /v1/audit/executions/{id} or
// GET /v1/review/queue/{id}: not in the arguments, the request, the scores, a tool definition or
// its diff. Payloads are generated (fast-check), recorded through the real ledger's PII detector
// (which decides the paths), and read back over HTTP from a real gateway with auth on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startTestGateway } from '../helpers/gateway.ts';
import { issueKey } from '../helpers/credentials.ts';
import { eventEntry, getAtPath, parsePath } from '../../src/ledger/index.ts';
import { MASKED_VALUE } from '../../src/api/pii-masking.ts';

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .@+-_'];
/**
 * No character JSON escapes: a value reads the same in a payload, a tree and a diff's text. Text
 * can sit under a personal key too, so it starts with a character the gateway's own words never
 * hold: unmarked, "rguments" was found in an answer, as a piece of the word "arguments".
 */
const text = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 40 }).map((value) => (value === '' ? value : `~${value}`));
/** A personal value: distinctive, so finding it in an answer cannot be a coincidence. */
const personal = fc.oneof(
  fc.stringMatching(/^[a-z]{3,10}\.[a-z]{3,10}@[a-z]{3,8}\.(com|org|eu)$/),
  fc.stringMatching(/^\+44 20 \d{4} \d{4}$/),
  fc.stringMatching(/^person-[0-9a-f]{12,16}$/),
);
const PERSONAL_KEYS = ['email', 'name', 'phone', 'address', 'user', 'iban', 'date_of_birth'];
const NEUTRAL_KEYS = ['amount', 'currency', 'memo', 'items', 'ticket', 'region', 'status', 'query'];

/** Nested JSON whose personal keys hold personal values (an object or list of them, sometimes). */
const payloadTree = fc.letrec((tie) => ({
  node: fc.dictionary(
    fc.oneof(fc.constantFrom(...PERSONAL_KEYS), fc.constantFrom(...NEUTRAL_KEYS)),
    fc.oneof({ depthSize: 'small' }, personal, text, fc.integer(), fc.boolean(), fc.constant(null), tie('node'), fc.array(fc.oneof(personal, text, tie('node')), { maxLength: 3 })),
    { maxKeys: 5 },
  ),
})).node as fc.Arbitrary<Record<string, unknown>>;

/** Every string leaf of a value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

test('no value at a PII path appears in what a viewer or reviewer reads (audit record, review item)', async (t) => {
  const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true', CHECKPOINT_INTERVAL_SECONDS: '0' } });
  const bearer = async (role: 'viewer' | 'reviewer' | 'auditor') => ({ authorization: `Bearer ${(await issueKey(gw.config.keysPath, 'enterprise', null, { roles: [role] })).key}` });
  const [viewer, reviewer, auditor] = [await bearer('viewer'), await bearer('reviewer'), await bearer('auditor')];
  const versions = { policy_version: 'test-policy', score_version: 'test-score' };
  let masked = 0;

  await fc.assert(fc.asyncProperty(
    fc.boolean(), payloadTree, payloadTree, personal, payloadTree,
    async (toolChange, params, response, user, definition) => {
      const payload = toolChange
        ? { type: 'tool_definition_change', route: 'tools-mcp', upstream: 'http://mcp.test', tool: 'lookup', old_hash: 'a'.repeat(64), new_hash: 'b'.repeat(64), old_definition: { description: 'Looks up', ...response }, new_definition: definition }
        : { request: { agent_id: 'prop-agent', action: 'lookup', params, user }, response };
      const row = await gw.ledger.append(eventEntry({
        kind: toolChange ? 'tool_change' : 'pre_check', agentId: 'prop-agent', action: 'lookup', outcome: 'escalate', riskTier: 'high', versions, payload,
      }));
      // The personal values, as the auditor (who may read them) sees them at the row's PII paths.
      const full = await gw.call('GET', `/v1/audit/executions/${row.envelope_id}`, undefined, auditor);
      assert.equal(full.status, 200, full.text);
      const secrets = row.pii_paths.flatMap((path) => strings(getAtPath(full.body.payload, parsePath(path)).value)).filter((s) => s.length >= 8 && s !== MASKED_VALUE);
      masked += row.pii_paths.length;

      for (const [who, auth, path] of [
        ['viewer', viewer, `/v1/audit/executions/${row.envelope_id}`],
        ['viewer', viewer, `/v1/review/queue/${row.envelope_id}`],
        ['reviewer', reviewer, `/v1/review/queue/${row.envelope_id}`],
      ] as const) {
        const res = await gw.call('GET', path, undefined, auth);
        assert.equal(res.status, 200, res.text);
        for (const secret of secrets) assert.ok(!res.text.includes(secret), `${who} ${path} shows ${JSON.stringify(secret)} (pii_paths ${row.pii_paths.join(', ')})`);
        assert.ok(Array.isArray(res.body.masked_paths), `${who} ${path}: masked_paths`);
      }
    },
  ), { numRuns: 60 });
  assert.ok(masked > 60, `the generated payloads held personal data (${masked} paths)`);
});
