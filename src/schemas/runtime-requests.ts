// Request bodies of the runtime API, field for field as the interface spec states them.
// These objects are both the ajv validators' source and the OpenAPI components.

import { FRAMEWORKS } from '../governance/types.ts';
import { AGENT_ID_PATTERN, IDENTIFIER_TEXT_PATTERN, NO_CONTROL_CHARACTERS_PATTERN } from './text-patterns.ts';

export { AGENT_ID_PATTERN };

/** The spec caps `output` at 100 KB of JSON (checked after schema validation, see validator.ts). */
export const OUTPUT_MAX_BYTES = 100 * 1024;

const agentId = {
  type: 'string', pattern: AGENT_ID_PATTERN, minLength: 1, maxLength: 256,
  description: 'The agent\'s id: letters, digits, underscore, dash and dot.', examples: ['support-agent-1'],
};
const framework = { type: 'string', enum: FRAMEWORKS, default: 'REST', description: 'The agent framework. Default REST.' };
const optionalString = (description: string, maxLength = 256) => ({ type: 'string', maxLength, pattern: IDENTIFIER_TEXT_PATTERN, description });

const ToolCallInput = {
  description: 'A tool the agent called: its name, or an object with the name and its arguments.',
  oneOf: [
    { type: 'string', minLength: 1, maxLength: 256 },
    {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 256 },
        arguments: { description: 'Arguments as an object, or a JSON string (OpenAI style).' },
        args: { type: 'object' },
        params: { type: 'object' },
        input: { type: 'object' },
        id: { type: 'string' },
        type: { type: 'string' },
        function: { type: 'object', properties: { name: { type: 'string' }, arguments: {} }, required: ['name'] },
      },
      anyOf: [{ required: ['name'] }, { required: ['function'] }],
    },
  ],
};

export const Execution = {
  type: 'object',
  description: 'What the agent did. `model` is required: an execution of {} is rejected with 422.',
  additionalProperties: false,
  required: ['model'],
  properties: {
    model: { type: 'string', minLength: 1, maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN, examples: ['gpt-4o'] },
    tools_called: { type: 'array', items: ToolCallInput, maxItems: 1000, description: 'Not tool_calls. Send with matching tool_results for tool-trust checks.' },
    tool_results: { type: 'array', maxItems: 1000, description: 'One result per entry of tools_called, in the same order.' },
    latency_ms: { type: 'number', minimum: 0, description: 'Milliseconds.' },
    tokens: { type: 'integer', minimum: 0, description: 'Total tokens.' },
    prompt_tokens: { type: 'integer', minimum: 0, description: 'Not tokens_in.' },
    completion_tokens: { type: 'integer', minimum: 0, description: 'Not tokens_out.' },
  },
};

const RequestInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'input'],
  properties: {
    user: { type: 'string', maxLength: 1024 },
    input: { type: 'string' },
    session_id: { type: ['string', 'null'], maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN },
    metadata: { type: 'object' },
  },
};

const output = { type: 'object', description: 'The agent\'s output: a JSON object (never a bare string), at most 100 KB.' };

export const ValidateRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['agent_id', 'request', 'execution', 'output'],
  properties: {
    agent_id: agentId,
    framework,
    version: optionalString('The agent\'s own version.'),
    parent_envelope_id: { type: ['string', 'null'], format: 'uuid', description: 'Envelope id of the parent execution; runs the trust chain check.' },
    request: RequestInfo,
    execution: Execution,
    output,
    sdk_version: optionalString('Version of the client library.', 64),
    deployment_env: optionalString('Where the agent runs (dev, staging, production, ...).'),
  },
};

export const ProposedAction = {
  type: 'object',
  description: 'An action the agent proposes to run. There is no output field: none exists yet.',
  additionalProperties: false,
  required: ['agent_id', 'action'],
  properties: {
    agent_id: agentId,
    framework,
    action: { type: 'string', minLength: 1, maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN, description: 'The action or tool name (no control characters).', examples: ['invoicepay.create_payment'] },
    params: { type: 'object', default: {}, description: 'The tool\'s parameters.' },
    user: { type: 'string', maxLength: 1024, default: '' },
    input: { type: 'string', default: '' },
    model: { type: 'string', maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN },
    session_id: { type: ['string', 'null'], maxLength: 256, pattern: IDENTIFIER_TEXT_PATTERN },
    sdk_version: optionalString('Version of the client library.', 64),
  },
};

export const PostCheckRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['pre_check_envelope_id', 'execution', 'output'],
  properties: {
    pre_check_envelope_id: { type: 'string', format: 'uuid', description: 'The envelope id returned by the pre-check.' },
    execution: Execution,
    output,
    sdk_version: optionalString('Version of the client library.', 64),
  },
};

export const KillSwitchRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['active', 'reason'],
  properties: {
    active: { type: 'boolean', description: 'true blocks every pre-check and validate until set back to false.' },
    reason: { type: 'string', minLength: 1, maxLength: 2000, description: 'Why: recorded in the ledger.' },
    actor: { type: 'string', maxLength: 256, description: 'Who is flipping it, when auth is off (with auth on, the caller\'s identity is used).' },
  },
};

export const ReviewResolutionRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'note'],
  properties: {
    outcome: { type: 'string', enum: ['approve', 'reject', 'block'], description: 'The reviewer\'s verdict: approve, or reject (block is the same as reject: the spec\'s outcome word).' },
    note: { type: 'string', minLength: 1, maxLength: 4000, description: 'Why: recorded in the ledger; a rejection\'s note is the reason the agent sees.' },
    reviewer_id: { type: 'string', maxLength: 256, pattern: NO_CONTROL_CHARACTERS_PATTERN, description: 'Who reviewed, when auth is off (with auth on, the caller\'s identity is used).' },
    grant: { $ref: '#/components/schemas/ApprovalScope', description: 'Approve more than this call: a standing approval for later calls (approve only).' },
  },
};
