// Certification: "may this agent run in production under this policy?". The agent's history in the
// ledger and a test suite replayed as dry runs are checked against the bundle's criteria; a pass
// is signed into a certificate. Every attempt, pass or fail, and every revocation is a ledger row.

import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';
import { SCORE_VERSION, OUTCOMES, countsTowardReliability, type Outcome, type RiskTier } from '../governance/index.ts';
import { ApiError } from '../http/index.ts';
import { eventEntry, isCallKind, newEnvelopeId, type Ledger, type LedgerRow, type LedgerRowSummary } from '../ledger/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import type { CertificateKeys } from './certificate-keys.ts';
import { signCertificate } from './certificates.ts';
import { evaluateCriteria, type CertificationFigures, type CriterionResult, type DecidedCall } from './criteria.ts';
import { replaySuite, type SuiteCaseInput } from './suite-replay.ts';

const PAGE = 500;
/** Most history rows read per certification: enough for any threshold people set. */
const MAX_HISTORY_ROWS = 20_000;
/** How long a process trusts its cached answer to `agent.certified` (a revocation elsewhere in a fleet). */
const CERTIFIED_CACHE_MS = 30_000;

export interface CertifyRequest {
  agent_id: string;
  policy_version: string;
  suite?: { cases: SuiteCaseInput[] };
}

export interface CertificationResult {
  agent_id: string;
  policy_version: string;
  score_version: string;
  passed: boolean;
  criteria: CriterionResult[];
  figures: CertificationFigures;
  certificate: string | null;
  expires_at: string | null;
  envelope_id: string;
}

export interface CertificationServiceDeps {
  ledger: Ledger;
  policies: { current(): PolicyBundle };
  keys: CertificateKeys;
  issuer: string;
  reliability: (agentId: string, now: number) => Promise<number>;
  now?: () => number;
}

export interface CertificateSummary {
  envelope_id: string;
  policy_version: string;
  score_version: string;
  passed: boolean;
  issued_at: string;
  expires_at: string | null;
  revoked: boolean;
  revocation: Record<string, unknown> | null;
  certificate: string | null;
}

export class CertificationService {
  readonly #deps: CertificationServiceDeps;
  readonly #now: () => number;
  readonly #certified = entryBoundedCache<string, boolean>({ maxEntries: 10_000, ttl: CERTIFIED_CACHE_MS });

  constructor(deps: CertificationServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  async certify(request: CertifyRequest, actor: string): Promise<CertificationResult> {
    const bundle = this.#deps.policies.current();
    if (request.policy_version !== bundle.version) {
      throw new ApiError('POLICY_VERSION_MISMATCH', `Policy version ${request.policy_version} is not the one in force (${bundle.version}); certification is only against the policy in force.`, {
        extensions: { policy_version_in_force: bundle.version },
      });
    }
    const now = this.#now();
    const criteria = bundle.certification;
    const suite = request.suite ? replaySuite(bundle, request.agent_id, request.suite.cases) : null;
    const [calls, reliability] = await Promise.all([
      this.#history(request.agent_id, now - criteria.history_window_seconds * 1000),
      this.#deps.reliability(request.agent_id, now),
    ]);
    const evaluated = evaluateCriteria({ criteria, calls, reliability, suite, now });
    const envelopeId = newEnvelopeId();
    const iat = Math.floor(now / 1000);
    const exp = iat + criteria.validity_seconds;
    const certificate = evaluated.passed
      ? await signCertificate(this.#deps.keys.signing, {
        iss: this.#deps.issuer, sub: request.agent_id, jti: envelopeId, iat, exp,
        policy_version: bundle.version, score_version: SCORE_VERSION, criteria: evaluated.criteria, figures: evaluated.figures,
      })
      : null;
    const expiresAt = certificate ? new Date(exp * 1000).toISOString() : null;
    await this.#deps.ledger.append(eventEntry({
      envelopeId, kind: 'certification', agentId: request.agent_id, action: null,
      versions: { policy_version: bundle.version, score_version: SCORE_VERSION },
      payload: {
        passed: evaluated.passed, criteria: evaluated.criteria, figures: evaluated.figures, certificate, expires_at: expiresAt,
        issuer: this.#deps.issuer, kid: certificate ? this.#deps.keys.signing.kid : null, requested_by: actor, thresholds: { ...criteria },
      },
    }));
    this.#forget(request.agent_id);
    return {
      agent_id: request.agent_id, policy_version: bundle.version, score_version: SCORE_VERSION, passed: evaluated.passed,
      criteria: evaluated.criteria, figures: evaluated.figures, certificate, expires_at: expiresAt, envelope_id: envelopeId,
    };
  }

  /** Every certification of the agent, newest first, with revocations. */
  async history(agentId: string): Promise<CertificateSummary[]> {
    // PAGE (500) is also the largest page a sidecar's central gateway serves (/v1/internal/ledger/rows).
    const { rows } = await this.#deps.ledger.list({ agent_id: agentId, kind: 'certification', limit: PAGE, offset: 0 });
    return Promise.all(rows.map(async (summary) => {
      const [row, revocation] = await Promise.all([
        this.#deps.ledger.get(summary.envelope_id),
        this.#deps.ledger.findChild(summary.envelope_id, 'certification_revocation'),
      ]);
      const payload = (row?.payload ?? {}) as Record<string, unknown>;
      return {
        envelope_id: summary.envelope_id,
        policy_version: summary.policy_version,
        score_version: summary.score_version,
        passed: payload.passed === true,
        issued_at: summary.created_at,
        expires_at: typeof payload.expires_at === 'string' ? payload.expires_at : null,
        revoked: revocation !== undefined,
        revocation: revocation ? revocationOf(revocation) : null,
        certificate: typeof payload.certificate === 'string' ? payload.certificate : null,
      };
    }));
  }

  /** The newest passed, unexpired, unrevoked certificate for `policyVersion`, if any. */
  async current(agentId: string, policyVersion: string): Promise<CertificateSummary | undefined> {
    const now = this.#now();
    return (await this.history(agentId)).find((entry) =>
      entry.passed && !entry.revoked && entry.policy_version === policyVersion && entry.expires_at !== null && Date.parse(entry.expires_at) > now);
  }

  /** CEL `agent.certified`: cached for a short while per agent (the answer changes rarely, the question comes with every call). */
  async isCertified(agentId: string, policyVersion: string): Promise<boolean> {
    const key = `${agentId}\u0000${policyVersion}`;
    const cached = this.#certified.get(key);
    if (cached !== undefined) return cached;
    const certified = (await this.current(agentId, policyVersion)) !== undefined;
    this.#certified.set(key, certified);
    return certified;
  }

  async revoke(agentId: string, reason: string, actor: string, envelopeId?: string): Promise<Record<string, unknown>> {
    const history = await this.history(agentId);
    const target = envelopeId
      ? history.find((entry) => entry.envelope_id === envelopeId && entry.passed)
      : history.find((entry) => entry.passed && !entry.revoked);
    if (!target) throw new ApiError('CERTIFICATE_NOT_FOUND', envelopeId ? `Agent ${agentId} has no certificate ${envelopeId}.` : `Agent ${agentId} holds no unrevoked certificate.`);
    if (target.revoked) return { agent_id: agentId, revoked_envelope_id: target.envelope_id, ...(target.revocation as object) };
    const bundle = this.#deps.policies.current();
    const revokedAt = new Date(this.#now()).toISOString();
    const revocationId = newEnvelopeId();
    await this.#deps.ledger.append(eventEntry({
      envelopeId: revocationId, parentEnvelopeId: target.envelope_id, kind: 'certification_revocation', agentId, action: null,
      versions: { policy_version: bundle.version, score_version: SCORE_VERSION },
      payload: { reason, revoked_by: actor, revoked_at: revokedAt },
    }));
    this.#forget(agentId);
    return { agent_id: agentId, revoked_envelope_id: target.envelope_id, envelope_id: revocationId, reason, revoked_at: revokedAt };
  }

  /** Revocation status of one certificate by its id (the JWT's jti), for online verification. */
  async status(envelopeId: string): Promise<{ envelope_id: string; revoked: boolean; revocation: Record<string, unknown> | null }> {
    const row = await this.#deps.ledger.get(envelopeId);
    if (!row || row.kind !== 'certification') throw new ApiError('CERTIFICATE_NOT_FOUND', `No certificate with id ${envelopeId}.`);
    const revocation = await this.#deps.ledger.findChild(envelopeId, 'certification_revocation');
    return { envelope_id: envelopeId, revoked: revocation !== undefined, revocation: revocation ? revocationOf(revocation) : null };
  }

  /** This process's cached `agent.certified` answers for the agent; other processes of a fleet catch up within CERTIFIED_CACHE_MS. */
  #forget(agentId: string): void {
    for (const key of [...this.#certified.keys()]) if (key.startsWith(`${agentId}\u0000`)) this.#certified.delete(key);
  }

  async #history(agentId: string, since: number): Promise<DecidedCall[]> {
    const calls: DecidedCall[] = [];
    for (let offset = 0; offset < MAX_HISTORY_ROWS; offset += PAGE) {
      const { rows } = await this.#deps.ledger.list({ agent_id: agentId, limit: PAGE, offset });
      const operators = await this.#operatorDecided(rows);
      for (const row of rows) {
        const at = Date.parse(row.created_at);
        if (at < since) return calls;
        if (isCallKind(row.kind) && row.outcome && (OUTCOMES as readonly string[]).includes(row.outcome) && !operators.has(row.envelope_id)) {
          calls.push({ outcome: row.outcome as Outcome, risk_tier: row.risk_tier as RiskTier | null, at });
        }
      }
      if (rows.length < PAGE) break;
    }
    return calls;
  }

  /**
   * The blocks of `rows` the operator decided (the kill switch): not the agent's record, as its
   * reliability leaves them out (governance/reliability.ts). Who decided is in the payload, which a
   * listing does not carry, so only blocks (all the kill switch decides) are read in full; a row
   * whose payload expired cannot say, and counts, as it does for reliability.
   */
  async #operatorDecided(rows: readonly LedgerRowSummary[]): Promise<Set<string>> {
    const blocks = rows.filter((row) => isCallKind(row.kind) && row.outcome === 'block');
    const full = await Promise.all(blocks.map((row) => this.#deps.ledger.get(row.envelope_id)));
    return new Set(full
      .filter((row) => typeof row?.payload?.decided_by === 'string' && !countsTowardReliability(row.payload.decided_by))
      .map((row) => row!.envelope_id));
  }
}

function revocationOf(row: LedgerRow): Record<string, unknown> {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  return { envelope_id: row.envelope_id, reason: payload.reason ?? null, revoked_by: payload.revoked_by ?? null, revoked_at: payload.revoked_at ?? row.created_at };
}
