// The one catalogue of API errors. Every problem+json body carries a stable `code` from here;
// callers match on the code, never on the message. docs/errors.md lists the same table.

export interface ErrorSpec {
  readonly status: number;
  readonly title: string;
}

export const ERRORS = {
  INVALID_JSON: { status: 400, title: 'Request body is not valid JSON' },
  JSON_DUPLICATE_KEY: { status: 422, title: 'A JSON member name appears more than once' },
  JSON_NUMBER_INEXACT: { status: 422, title: 'A JSON number cannot be read exactly' },
  JSON_TOO_DEEP: { status: 422, title: 'The JSON document nests too deeply' },
  JSON_INVALID_STRING: { status: 422, title: 'A JSON string is not valid Unicode text' },
  JSON_RESERVED_KEY: { status: 422, title: 'A JSON member name is reserved' },
  JSON_TOO_MANY_VALUES: { status: 413, title: 'The JSON document holds too many values' },
  MALFORMED_REQUEST: { status: 400, title: 'The request is not well-formed HTTP' },
  REQUEST_INCOMPLETE: { status: 400, title: 'The request body ended before it was complete' },
  REQUEST_TIMEOUT: { status: 408, title: 'The request did not arrive in time' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
  EXPECTATION_FAILED: { status: 417, title: 'The request expects what the gateway does not do' },
  UNKNOWN_QUERY_PARAMETER: { status: 400, title: 'The route does not take this query parameter' },
  UNAUTHENTICATED: { status: 401, title: 'Missing or invalid credentials' },
  ENTITLEMENT_REQUIRED: { status: 402, title: 'Your tier does not include this feature' },
  FORBIDDEN: { status: 403, title: 'Your tier does not allow this capability' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No such route' },
  ENVELOPE_NOT_FOUND: { status: 404, title: 'Unknown envelope id' },
  ALREADY_RESOLVED: { status: 409, title: 'This review item is already resolved' },
  NOT_IN_REVIEW: { status: 409, title: 'This record is not in the review queue' },
  REVIEW_CONFLICT: { status: 409, title: 'The review item changed while you acted on it' },
  REVIEW_CLAIMED: { status: 409, title: 'Another reviewer holds this review item' },
  REVIEW_NOT_CLAIMED: { status: 409, title: 'This review item is not claimed by you' },
  SELF_REVIEW_FORBIDDEN: { status: 403, title: 'The principal that made a call may not review it' },
  GRANT_NOT_FOUND: { status: 404, title: 'Unknown approval grant' },
  GRANT_REVOKED: { status: 409, title: 'This approval grant is already revoked' },
  NOT_DECIDABLE: { status: 409, title: 'This record carries no decision to re-run' },
  IDEMPOTENCY_CONFLICT: { status: 409, title: 'This pre-check already has a post-check for a different request' },
  PAYLOAD_UNAVAILABLE: { status: 410, title: 'The stored payload is no longer available' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed on this route' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Request body must be application/json' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Request body is too large' },
  VALIDATION_FAILED: { status: 422, title: 'Request does not match the schema' },
  POLICY_INVALID: { status: 422, title: 'The policy bundle in the request is invalid' },
  SDK_VERSION_TOO_OLD: { status: 426, title: 'Client library version is too old' },
  RATE_LIMITED: { status: 429, title: 'Rate limit exceeded' },
  INTERNAL: { status: 500, title: 'Internal gateway error' },
  LEDGER_UNAVAILABLE: { status: 503, title: 'The audit ledger cannot record right now' },
  TOOL_NOT_IDENTIFIED: { status: 400, title: 'The sidecar cannot tell which tool this request calls' },
  PROXY_PATH_REJECTED: { status: 400, title: 'The proxied path is not allowed' },
  TOOL_CALL_BLOCKED: { status: 403, title: 'Governance blocked this tool call' },
  TOOL_RESULT_BLOCKED: { status: 403, title: 'Governance withheld this tool result' },
  DESTINATION_NOT_ALLOWED: { status: 403, title: 'The sidecar does not proxy to this destination' },
  UPGRADE_REFUSED: { status: 403, title: 'Governed routes do not accept protocol upgrades' },
  UPSTREAM_UNAVAILABLE: { status: 502, title: 'The upstream tool server failed' },
  UPSTREAM_RESPONSE_TOO_LARGE: { status: 502, title: 'The upstream response is larger than the route allows' },
  UPSTREAM_RESPONSE_UNREADABLE: { status: 502, title: 'The upstream response cannot be read for its post-check' },
  UPSTREAM_TIMEOUT: { status: 504, title: 'The upstream tool server did not answer in time' },
  SIDECAR_OVERLOADED: { status: 503, title: 'The sidecar is at the bound of its memory budget' },
  CENTRAL_GATEWAY_ONLY: { status: 501, title: 'This sidecar records through the central gateway; ask the central gateway' },
  RATE_LIMIT_UNAVAILABLE: { status: 503, title: 'The shared rate limiter cannot decide right now' },
  AUTH_UNAVAILABLE: { status: 503, title: 'Credentials cannot be checked right now' },
  CONSOLE_NOT_BUILT: { status: 503, title: 'The web console has not been built' },
  ADMISSION_REVIEW_INVALID: { status: 400, title: 'The request is not an admission.k8s.io/v1 AdmissionReview of a Pod' },
  POLICY_VERSION_MISMATCH: { status: 409, title: 'Certification is only against the policy version in force' },
  SUITE_AGENT_MISMATCH: { status: 422, title: 'A certification suite case names another agent than the one certified' },
  CERTIFICATE_NOT_FOUND: { status: 404, title: 'No such certificate' },
  DELIVERY_NOT_FOUND: { status: 404, title: 'Unknown webhook delivery' },
  DELIVERY_NOT_RETRYABLE: { status: 409, title: 'Only a dead or failed webhook delivery can be retried' },
  SSO_NOT_CONFIGURED: { status: 404, title: 'Single sign-on is not configured on this gateway' },
  SSO_IDP_UNAVAILABLE: { status: 503, title: 'The identity provider\'s metadata cannot be read right now' },
  SSO_RELAY_STATE_INVALID: { status: 400, title: 'The return path is not a same-origin relative path' },
  SSO_RESPONSE_MALFORMED: { status: 400, title: 'The SAML response is not well-formed' },
  SSO_SIGNATURE_INVALID: { status: 401, title: 'The SAML assertion is not validly signed by the identity provider' },
  SSO_ASSERTION_INVALID: { status: 401, title: 'The SAML assertion is not for this service provider' },
  SSO_ASSERTION_EXPIRED: { status: 401, title: 'The SAML assertion is outside its validity window' },
  SSO_REPLAYED: { status: 401, title: 'The SAML assertion was already used' },
  SSO_UNSOLICITED: { status: 401, title: 'The SAML response answers no sign-in this gateway started' },
  SSO_BROWSER_MISMATCH: { status: 401, title: 'The SAML response answers a sign-in started in another browser' },
  SSO_IDP_ERROR: { status: 401, title: 'The identity provider did not sign the person in' },
  SSO_SESSION_REQUIRED: { status: 401, title: 'No live single sign-on session' },
  CSRF_REJECTED: { status: 403, title: 'A state-changing request with the session cookie lacks CSRF proof' },
  ROLE_REQUIRED: { status: 403, title: 'Your roles do not allow this action' },
  AGENT_OUT_OF_SCOPE: { status: 403, title: 'This credential is bound to another agent' },
  TEAM_FORBIDDEN: { status: 403, title: 'This credential may not act on that team' },
  TIER_TOO_HIGH: { status: 403, title: 'A key may not get a higher tier than its creator' },
  MEMBER_NOT_FOUND: { status: 404, title: 'No such team member' },
  MEMBER_EXISTS: { status: 409, title: 'This person is already a member of the team' },
  KEY_NOT_FOUND: { status: 404, title: 'No such API key' },
  KEY_ALREADY_REVOKED: { status: 409, title: 'This API key is already revoked' },
  AUTH_DISABLED: { status: 409, title: 'Team management needs AUTH_ENABLED=true' },
  PERIOD_INVALID: { status: 422, title: 'The period is empty, reversed, too long or in the future' },
  BUCKET_INVALID: { status: 422, title: 'The bucket size does not fit the period or its grain' },
  ALERT_NOT_FOUND: { status: 404, title: 'Unknown alert id' },
  REPORT_NOT_FOUND: { status: 404, title: 'No such report' },
  REPORT_FORMAT_NOT_GENERATED: { status: 404, title: 'This report was not generated in that format' },
  REPORT_NOT_READY: { status: 409, title: 'The report is not ready' },
  REPORT_SCOPE_FORBIDDEN: { status: 403, title: 'Your credential may not report on this scope' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error that becomes a problem+json response. Anything thrown that is not an ApiError is
 * reported as INTERNAL without its message or stack (those go to the log only).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly errors?: FieldError[];
  readonly extensions?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { errors?: FieldError[]; extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.detail = detail;
    this.errors = options.errors;
    this.extensions = options.extensions;
    this.headers = options.headers;
  }
}

/** Base of the `type` URI: a page per code in docs/errors.md. */
export const PROBLEM_TYPE_BASE = 'https://governance-gateway.dev/problems/';

/**
 * A problem lists at most this many `errors`, then `errors_omitted` says how many more: a 4 MB
 * body with 200,000 unknown members was a 12 MB answer, and a policy file of 20,000 bad keys 5.7 MB.
 */
export const MAX_LISTED_ERRORS = 100;

export function problemBody(error: ApiError, instance?: string): Record<string, unknown> {
  const errors = error.errors;
  return {
    type: PROBLEM_TYPE_BASE + error.code.toLowerCase().replaceAll('_', '-'),
    title: ERRORS[error.code].title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    ...(instance ? { instance } : {}),
    ...(errors ? { errors: errors.length > MAX_LISTED_ERRORS ? errors.slice(0, MAX_LISTED_ERRORS) : errors } : {}),
    ...(errors && errors.length > MAX_LISTED_ERRORS ? { errors_omitted: errors.length - MAX_LISTED_ERRORS } : {}),
    ...error.extensions,
  };
}
