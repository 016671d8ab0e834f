// Compliance reports (/v1/reports): the request that queues one, the job it becomes, and the
// signature served beside each file. The report document itself is described in docs/reports.md.

const TEAM_PATTERN = '^[\\w.\\-]{1,64}$';

export const ReportRequest = {
  type: 'object',
  required: ['period'],
  additionalProperties: false,
  properties: {
    period: {
      type: 'object',
      required: ['from', 'to'],
      additionalProperties: false,
      description: 'The period [from, to): at most 366 days, starting no later than now.',
      properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } },
    },
    scope: {
      description: 'What the report covers (default: all). A team covers the calls made with that team\'s API keys; a caller whose credential has a team may only ask for its own team.',
      oneOf: [
        { type: 'object', required: ['kind'], additionalProperties: false, properties: { kind: { const: 'all' } } },
        { type: 'object', required: ['kind', 'team'], additionalProperties: false, properties: { kind: { const: 'team' }, team: { type: 'string', pattern: TEAM_PATTERN } } },
        { type: 'object', required: ['kind', 'agent_id'], additionalProperties: false, properties: { kind: { const: 'agent' }, agent_id: { type: 'string', pattern: '^[\\w\\-\\.]+$', maxLength: 256 } } },
      ],
    },
    formats: {
      type: 'array', minItems: 1, maxItems: 3, uniqueItems: true, items: { type: 'string', enum: ['json', 'csv', 'pdf'] },
      description: 'Files to produce (default all three; json is always produced).',
    },
  },
};

const fileLinks = {
  type: 'object',
  required: ['format', 'size', 'sha256', 'file', 'signature'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['json', 'csv', 'pdf'] },
    size: { type: 'integer' },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    file: { type: 'string', description: 'GET this path for the file.' },
    signature: { type: 'string', description: 'GET this path for its signature (a compact JWS).' },
  },
};

export const ReportJob = {
  type: 'object',
  required: ['id', 'status', 'progress', 'period', 'scope', 'formats', 'requested_by', 'created_at', 'finished_at', 'error', 'files', 'links'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    period: { type: 'object' },
    scope: { type: 'object' },
    formats: { type: 'array', items: { type: 'string' } },
    requested_by: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    error: { type: ['string', 'null'] },
    files: { type: 'array', items: fileLinks },
    links: {
      type: 'object', additionalProperties: false, required: ['self', 'jwks'],
      properties: { self: { type: 'string' }, jwks: { type: 'string' } },
    },
  },
};

export const ReportSignature = {
  type: 'object',
  required: ['report_id', 'format', 'sha256', 'jws', 'jwks'],
  additionalProperties: false,
  properties: {
    report_id: { type: 'string', format: 'uuid' },
    format: { type: 'string', enum: ['json', 'csv', 'pdf'] },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    jws: { type: 'string', description: 'Compact JWS (typ govgate-report+jws) over {report_id, format, sha256, size, signed_at}.' },
    jwks: { type: 'string', description: 'Where the public keys are.' },
  },
};
