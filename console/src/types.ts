// The shapes of the /v1 answers the console reads (the gateway's /openapi.json is the reference).

export interface Health {
  status: string;
  version: string;
  variant: 'embedded' | 'edge';
  policy_version: string;
  score_version: string;
  kill_switch_active: boolean;
  ledger: { kind: string; reachable: boolean };
  policy_reload?: {
    last_result: string | null; last_attempt_at: string | null; last_success_at: string | null; issues: string[];
    version_in_force?: string; version_on_disk?: string | null; differs_since?: string | null; differs_seconds?: number; stale?: boolean;
  };
}

export interface AuthCheck {
  authenticated: boolean;
  auth_enabled: boolean;
  kind: string;
  subject: string;
  tier: string;
  team: string | null;
  /** The credential's roles (src/auth/roles.ts); what the gateway lets each role call is src/auth/route-roles.ts. */
  roles?: string[];
  expires_at: string | null;
  features: string[];
}

/** GET /v1/sso/session (src/api/sso-routes.ts); `authenticated` is set by the console, not sent. */
export interface SsoSession {
  authenticated?: boolean;
  subject?: string;
  roles?: string[];
  teams?: string[];
  csrf_token?: string;
  login_url?: string;
}

export interface ReviewQueueItem {
  envelope_id: string;
  agent_id: string | null;
  action: string | null;
  outcome: string;
  risk_tier: string | null;
  review_deadline: string | null;
  created_at: string;
  claimed_by: string | null;
  status: string;
  overdue: boolean;
}

export interface ReviewQueue { items: ReviewQueueItem[]; total: number; limit: number; offset: number }

export interface Validation {
  [score: string]: unknown;
  final_confidence: number;
  failures: { code?: string; check?: string; message?: string; [k: string]: unknown }[];
}

export interface Risk { tier: string; score: number; reason: string; action_severity: number; business_impact: number; confidence_gap: number; policy_sensitivity: number }
export interface Decision { outcome: string; reason: string; policy_version: string; score_version: string; reviewer_id?: string | null; review_deadline?: string | null }

export interface LedgerRow {
  seq: number;
  envelope_id: string;
  parent_envelope_id: string | null;
  kind: string;
  agent_id: string | null;
  action: string | null;
  outcome: string | null;
  risk_tier: string | null;
  risk_score: number | null;
  final_confidence: number | null;
  policy_version: string;
  created_at: string;
  payload_state: string;
  pii_paths: string[];
  hash: string;
  prev_hash: string;
  payload?: unknown;
  payload_note?: string;
  /** Present when the caller's roles may not read personal data: the payload fields read "[masked: pii]". */
  masked_paths?: string[];
}

export interface ReviewHistoryEntry { [field: string]: unknown; envelope_id?: string; kind?: string; action?: string; by?: string; note?: string | null; created_at?: string }

export interface ReviewItemDetail {
  envelope_id: string;
  status: string;
  overdue: boolean;
  review_deadline: string | null;
  claimed_by: string | null;
  approvals: string[];
  verdict: unknown;
  requested_by: string | null;
  revision: number;
  history: ReviewHistoryEntry[];
  required_approvals: number;
  on_expiry: string;
  call: {
    kind: string; agent_id: string | null; tool: string | null; arguments: unknown; request: unknown;
    validation: Validation | null; risk: Risk | null; decision: Decision | null; payload_state: string; created_at: string;
  } | null;
  agent_history: LedgerRow[];
  /** Present when the caller's roles may not read personal data (see LedgerRow). */
  masked_paths?: string[];
  /** Only for a changed MCP tool definition (call.kind tool_change). */
  tool_change?: ToolChange;
}

/** src/oversight/definition-diff.ts: JSON Pointer changes and a unified diff of the canonical JSON. */
export interface ToolChange {
  type: string; route: string | null; upstream: string | null; tool: string | null; old_hash: string | null; new_hash: string | null;
  old_definition: unknown; new_definition: unknown;
  diff: { added: PathChange[]; removed: PathChange[]; changed: PathChange[]; unified: string };
}
export interface PathChange { path: string; before?: unknown; after?: unknown }

export interface KillSwitchState { active: boolean; reason: string | null; updated_by: string | null; updated_at: string | null; envelope_id: string | null }

export interface ChainVerifyReport {
  valid: boolean; rows_checked: number; head_hash: string | null; first_bad_seq: number | null; problem: string | null; detail: string | null;
  checkpoints: { checked: number; verified: number; newest_verified_seq: number | null; unprotected_rows: number };
}

export interface Checkpoint { seq?: number; created_at?: string; [field: string]: unknown }

export interface CertificateSummary { envelope_id: string; policy_version: string; passed: boolean; issued_at: string; expires_at: string | null; revoked: boolean }
export interface AgentCertification { agent_id: string; policy_version_in_force: string; certified: boolean; current: CertificateSummary | null; history: CertificateSummary[] }
export interface Criterion { name: string; passed: boolean; actual: number | null; threshold: number | null; detail: string }
export interface CertificationResult { agent_id: string; passed: boolean; criteria: Criterion[]; expires_at: string | null; envelope_id: string }
