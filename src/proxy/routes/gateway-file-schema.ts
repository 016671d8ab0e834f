// The JSON Schema of config/gateway.yaml. Strict (`additionalProperties: false` everywhere), so a
// misspelt key is an error with its line, never a silently ignored setting.

const NAME = '^[a-z0-9][a-z0-9._-]{0,62}$';
const AGENT_ID = '^[\\w\\-\\.]+$';
const FIELD_PATH = '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*$';

const millis = (max: number) => ({ type: 'integer', minimum: 1, maximum: max });

/** When a governed call's post-check row becomes durable: before release (strict) or just after (intent). */
const AUDIT_MODE = { enum: ['strict', 'intent'] };

const toolSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: 'string', pattern: '^\\S{1,200}$', description: 'A fixed tool name for every request of the route.' },
    path: { type: 'string', pattern: '^/.*\\{tool\\}', description: 'A path template such as /tools/{tool}.' },
    name_field: { type: 'string', pattern: FIELD_PATH, description: 'The JSON body field holding the tool name.' },
    params_field: { type: 'string', pattern: FIELD_PATH, description: 'The JSON body field holding the params (default: the whole body).' },
  },
};

const routeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'match', 'upstream'],
  properties: {
    name: { type: 'string', pattern: NAME },
    match: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        path_prefix: { type: 'string', pattern: '^/[^\\s?#]*$' },
        host: { type: 'string', pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' },
      },
    },
    upstream: { type: 'string', pattern: '^https?://' },
    strip_prefix: { type: 'boolean' },
    protocol: { enum: ['http', 'mcp'] },
    governed: { type: 'boolean' },
    framework: { enum: ['LangChain', 'LangGraph', 'CrewAI', 'OpenAI Agents', 'Claude Agents', 'MCP', 'Custom', 'REST'] },
    tool: toolSchema,
    timeouts: {
      type: 'object',
      additionalProperties: false,
      properties: { connect_ms: millis(60_000), headers_ms: millis(600_000), body_ms: millis(600_000) },
    },
    max_response_bytes: { type: 'integer', minimum: 1024, maximum: 100 * 1024 * 1024 },
    fail_mode: { enum: ['closed', 'open'] },
    on_escalation: { enum: ['block', 'forward', 'hold', 'elicit'] },
    hold_seconds: { type: 'integer', minimum: 1, maximum: 3600 },
    redact: { type: 'boolean' },
    unscannable: { enum: ['block', 'release'] },
    audit: AUDIT_MODE,
    mcp: {
      type: 'object',
      additionalProperties: false,
      properties: {
        accept_tool_changes: {
          type: 'object',
          additionalProperties: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        },
        elicitation_fallback: { enum: ['block', 'hold'] },
      },
    },
  },
};

export const GATEWAY_FILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    agent_id: { type: 'string', pattern: AGENT_ID },
    /** The default audit mode of the file's governed routes (a route's own `audit` wins). */
    audit: AUDIT_MODE,
    sessions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        idle_seconds: { type: 'integer', minimum: 1, maximum: 7 * 86_400 },
        max_sessions: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      },
    },
    connect: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allow: { type: 'array', items: { type: 'string', pattern: '^[A-Za-z0-9.*?\\[\\]{}!,-]+(:[0-9]{1,5})?$' } },
      },
    },
    routes: { type: 'array', items: routeSchema },
  },
} as const;
