// /v1/certify: certify an agent against the policy in force, read its certificates, revoke one;
// the JWKS and a certificate's revocation status are public, like a CA's keys and its CRL.

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import { validateRequest } from '../schemas/index.ts';
import type { CertificateKeys, CertificationService, CertifyRequest } from '../certify/index.ts';
import type { PolicySource } from '../runtime/index.ts';
import { envelopeIdParam } from './query-params.ts';
import { readScope, requireTeamAgent, type TeamAgents } from './team-scope.ts';
import { matchesTeamAgents } from '../ledger/agent-patterns.ts';

export interface CertifyRouteDeps {
  certification: CertificationService;
  keys: CertificateKeys;
  policies: PolicySource;
  /**
   * Team scoping (src/api/team-scope.ts): a team member certifies and revokes its team's agents
   * only (403 TEAM_FORBIDDEN), and reads another team's agent as one with no certificate.
   */
  teamAgents?: TeamAgents;
}

const AGENT_ID = /^[\w\-.]+$/;
const agentPath = { name: 'agent_id', in: 'path' as const, required: true, description: 'The agent id.', schema: { type: 'string', pattern: '^[\\w\\-\\.]+$' } };
const certificatePath = { name: 'envelope_id', in: 'path' as const, required: true, description: 'The certificate\'s id (its `jti`, the certification row\'s envelope id).', schema: { type: 'string', format: 'uuid' } };

function actorOf(ctx: RequestContext): string {
  const principal = ctx.principal;
  return principal && principal.kind !== 'anonymous' ? `${principal.kind}:${principal.subject}` : 'anonymous';
}

function agentParam(value: string | undefined): string {
  if (!value || !AGENT_ID.test(value) || value.length > 256) {
    throw new ApiError('VALIDATION_FAILED', `"${value ?? ''}" is not an agent id.`, { errors: [{ path: 'agent_id', message: 'must match ^[\\w\\-\\.]+$' }] });
  }
  return value;
}

export function certifyRoutes(deps: CertifyRouteDeps): Route[] {
  const jwks = (): { body: unknown; headers: Record<string, string> } => ({ body: deps.keys.jwks(), headers: { 'cache-control': 'public, max-age=300' } });
  return [
    {
      method: 'POST', path: '/v1/certify/agent',
      meta: {
        feature: 'certify_issue',
        doc: {
          summary: 'Certify an agent against the policy in force', tags: ['certify'], request: 'CertifyRequest',
          description: 'Checks the agent\'s ledger history (calls, block and escalation rates, critical failures, reliability) and an optional test suite replayed as dry runs against the criteria of certification.yaml. '
            + 'Every criterion is reported with its figures; a pass returns a signed certificate. Both outcomes are recorded as a `certification` ledger row.',
          responses: { 200: { description: 'Pass or fail per criterion; a certificate when all pass', schema: 'CertificationResult' } }, errors: [402, 409, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<CertifyRequest>('CertifyRequest', await ctx.json());
        // The answer holds the agent's call figures, which analytics shows a team for its own agents only.
        await requireTeamAgent(ctx, deps.teamAgents, body.agent_id);
        return { body: await deps.certification.certify(body, actorOf(ctx)) };
      },
    },
    {
      method: 'GET', path: '/v1/certify/agents/{agent_id}',
      meta: {
        feature: 'certify_read',
        doc: {
          summary: 'An agent\'s current certificate and its history', tags: ['certify'], parameters: [agentPath],
          responses: { 200: { description: 'Current certificate (for the policy in force) and every attempt', schema: 'AgentCertification' } }, errors: [403, 422, 503],
        },
      },
      handler: async (ctx) => {
        const agentId = agentParam(ctx.params.agent_id);
        const version = deps.policies.current().version;
        // Another team's agent reads as one never certified, as its audit records read as unknown.
        const scope = await readScope(ctx, deps.teamAgents);
        if (scope !== undefined && !matchesTeamAgents(scope, agentId)) {
          return { body: { agent_id: agentId, policy_version_in_force: version, certified: false, current: null, history: [] } };
        }
        const [history, current] = await Promise.all([deps.certification.history(agentId), deps.certification.current(agentId, version)]);
        return { body: { agent_id: agentId, policy_version_in_force: version, certified: current !== undefined, current: current ?? null, history } };
      },
    },
    {
      method: 'POST', path: '/v1/certify/agents/{agent_id}/revocation',
      meta: {
        feature: 'certify_issue',
        doc: {
          summary: 'Revoke an agent\'s certificate', tags: ['certify'], parameters: [agentPath], request: 'RevokeCertificateRequest',
          description: 'Records a `certification_revocation` row linked to the certificate. `agent.certified` turns false (within 30 s across a fleet); online verification reports the revocation.',
          responses: { 200: { description: 'The revocation', schema: 'RevocationResult' } }, errors: [402, 404, 503],
        },
      },
      handler: async (ctx) => {
        const agentId = agentParam(ctx.params.agent_id);
        const body = validateRequest<{ reason: string; envelope_id?: string }>('RevokeCertificateRequest', await ctx.json());
        await requireTeamAgent(ctx, deps.teamAgents, agentId);
        return { body: await deps.certification.revoke(agentId, body.reason, actorOf(ctx), body.envelope_id?.toLowerCase()) };
      },
    },
    {
      method: 'GET', path: '/v1/certify/certificates/{envelope_id}/status',
      meta: {
        public: true,
        doc: {
          summary: 'Whether a certificate is revoked', tags: ['certify'], parameters: [certificatePath],
          description: 'Public, like a revocation list: `govgate certify verify` asks here when it verifies online.',
          responses: { 200: { description: 'Revocation status', schema: 'CertificateStatus' } }, errors: [404],
        },
      },
      handler: async (ctx) => ({ body: await deps.certification.status(certificateIdParam(ctx.params.envelope_id)) }),
    },
    {
      method: 'GET', path: '/v1/certify/jwks',
      meta: { public: true, doc: { summary: 'Public keys that verify certificates', tags: ['certify'], description: 'The signing key and retired keys, by kid.', responses: { 200: { description: 'JWKS', schema: 'Jwks' } } } },
      handler: jwks,
    },
    {
      method: 'GET', path: '/.well-known/jwks.json',
      meta: { public: true, doc: { summary: 'Public keys that verify certificates (well-known path)', tags: ['certify'], responses: { 200: { description: 'JWKS', schema: 'Jwks' } } } },
      handler: jwks,
    },
  ];
}

function certificateIdParam(value: string | undefined): string {
  try {
    return envelopeIdParam(value);
  } catch {
    throw new ApiError('CERTIFICATE_NOT_FOUND', `"${value ?? ''}" is not a certificate id (a UUID).`);
  }
}
