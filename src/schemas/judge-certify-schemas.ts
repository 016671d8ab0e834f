// Bodies of the judge status and of agent certification (/v1/judge, /v1/certify).

const score = { type: 'number', minimum: 0, maximum: 100 };

export const JudgeStatus = {
  type: 'object',
  required: ['enabled', 'model', 'url', 'sync_budget_ms', 'timeout_ms', 'concurrency', 'queue_depth'],
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean', description: 'false when JUDGE_URL / JUDGE_MODEL are not set: judge_score then stays null.' },
    model: { type: ['string', 'null'] },
    url: { type: ['string', 'null'], description: 'The chat-completions base URL (never the API key).' },
    sync_budget_ms: { type: ['integer', 'null'], description: 'The hard budget of a synchronous (high and critical risk) judgement.' },
    timeout_ms: { type: ['integer', 'null'] },
    concurrency: { type: ['integer', 'null'] },
    queue_depth: { type: ['integer', 'null'], description: 'Asynchronous judgements waiting or under way.' },
  },
};

const testCase = {
  type: 'object',
  required: ['name', 'expect'],
  properties: {
    name: { type: 'string', minLength: 1 },
    description: { type: 'string' },
    pre_check: { type: 'object' },
    validate: { type: 'object' },
    post_check: { type: 'object' },
    context: { type: 'object' },
    expect: { type: 'object', description: 'outcome, and optionally rules_fired / rules_not_fired (docs/policies.md, "Policy tests").' },
  },
};

export const CertifyRequest = {
  type: 'object',
  required: ['agent_id', 'policy_version'],
  additionalProperties: false,
  properties: {
    agent_id: { type: 'string', pattern: '^[\\w\\-\\.]+$', maxLength: 256 },
    policy_version: { type: 'string', minLength: 1, maxLength: 200, description: 'Must be the version in force (GET /health); another gives 409 POLICY_VERSION_MISMATCH.' },
    suite: {
      type: 'object',
      additionalProperties: false,
      required: ['cases'],
      description: 'Test cases in the policy bundle\'s test format, replayed as dry runs against the policy in force.',
      properties: { cases: { type: 'array', maxItems: 500, items: testCase } },
    },
  },
};

const criterion = {
  type: 'object',
  required: ['name', 'passed', 'actual', 'threshold', 'detail'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', enum: ['min_calls', 'block_rate', 'escalation_rate', 'no_critical_failures', 'reliability', 'suite'] },
    passed: { type: 'boolean' },
    actual: { type: ['number', 'null'] },
    threshold: { type: ['number', 'null'] },
    detail: { type: 'string' },
  },
};

export const CertificationResult = {
  type: 'object',
  required: ['agent_id', 'policy_version', 'score_version', 'passed', 'criteria', 'figures', 'certificate', 'envelope_id'],
  additionalProperties: false,
  properties: {
    agent_id: { type: 'string' },
    policy_version: { type: 'string' },
    score_version: { type: 'string' },
    passed: { type: 'boolean' },
    criteria: { type: 'array', items: criterion },
    figures: {
      type: 'object',
      additionalProperties: false,
      required: ['calls', 'blocked', 'escalated', 'critical_blocks', 'reliability', 'suite_cases', 'suite_failures', 'window_days'],
      properties: {
        calls: { type: 'integer' }, blocked: { type: 'integer' }, escalated: { type: 'integer' }, critical_blocks: { type: 'integer' },
        reliability: score, suite_cases: { type: 'integer' }, suite_failures: { type: 'array', items: { type: 'object' } }, window_days: { type: 'number' },
      },
    },
    certificate: { type: ['string', 'null'], description: 'A compact JWS (EdDSA) when passed; verify it with GET /v1/certify/jwks.' },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    envelope_id: { type: 'string', format: 'uuid', description: 'The `certification` ledger row recording this attempt.' },
  },
};

const certificateSummary = {
  type: 'object',
  required: ['envelope_id', 'policy_version', 'passed', 'issued_at', 'expires_at', 'revoked', 'certificate'],
  properties: {
    envelope_id: { type: 'string', format: 'uuid' },
    policy_version: { type: 'string' },
    score_version: { type: 'string' },
    passed: { type: 'boolean' },
    issued_at: { type: 'string', format: 'date-time' },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    revoked: { type: 'boolean' },
    revocation: { type: ['object', 'null'] },
    certificate: { type: ['string', 'null'] },
  },
};

export const AgentCertification = {
  type: 'object',
  required: ['agent_id', 'policy_version_in_force', 'certified', 'current', 'history'],
  additionalProperties: false,
  properties: {
    agent_id: { type: 'string' },
    policy_version_in_force: { type: 'string' },
    certified: { type: 'boolean', description: 'A valid, unexpired, unrevoked certificate for the policy version in force exists (CEL agent.certified).' },
    current: { oneOf: [certificateSummary, { type: 'null' }] },
    history: { type: 'array', items: certificateSummary, description: 'Every certification attempt, newest first.' },
  },
};

export const RevokeCertificateRequest = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: {
    reason: { type: 'string', minLength: 1, maxLength: 1000 },
    envelope_id: { type: 'string', format: 'uuid', description: 'The certification to revoke; default the current one.' },
  },
};

export const RevocationResult = {
  type: 'object',
  required: ['agent_id', 'revoked_envelope_id', 'envelope_id', 'reason', 'revoked_at'],
  additionalProperties: false,
  properties: {
    agent_id: { type: 'string' },
    revoked_envelope_id: { type: 'string', format: 'uuid' },
    envelope_id: { type: 'string', format: 'uuid', description: 'The `certification_revocation` ledger row.' },
    reason: { type: 'string' },
    revoked_at: { type: 'string', format: 'date-time' },
  },
};

export const Jwks = {
  type: 'object',
  required: ['keys'],
  properties: { keys: { type: 'array', items: { type: 'object', required: ['kty', 'kid'], properties: { kty: { type: 'string' }, kid: { type: 'string' }, alg: { type: 'string' }, crv: { type: 'string' }, x: { type: 'string' }, use: { type: 'string' } } } } },
};

export const CertificateStatus = {
  type: 'object',
  required: ['envelope_id', 'revoked'],
  additionalProperties: false,
  properties: {
    envelope_id: { type: 'string', format: 'uuid' },
    revoked: { type: 'boolean' },
    revocation: { type: ['object', 'null'] },
  },
};
