// Roles: what a principal may do inside what its tier allows. A tier is the licence (402/403 as
// the spec says); a role is the permission. A principal may hold several roles.

export const ROLES = ['admin', 'operator', 'reviewer', 'auditor', 'viewer', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  admin: 'teams, members, keys and settings; passes every role check; reads personal data',
  operator: 'kill switch, policy dry runs, certification',
  reviewer: 'the review queue and approvals',
  auditor: 'audit reads with personal data shown, chain verification, erasure',
  viewer: 'read-only: kill switch state, audit and review listings, usage',
  agent: 'runtime calls only (pre-check, post-check, validate), bound to an agent id or glob',
};

/**
 * The roles that read personal data: the payload fields a ledger row lists in `pii_paths`. Every
 * other role reads those fields masked in audit records and review items (src/api/pii-masking.ts),
 * so a reviewer decides on the call without seeing the customer's email. A principal holding any
 * of these roles sees them; the gateway masks, not the page.
 */
export const PERSONAL_DATA_ROLES: readonly Role[] = Object.freeze(['admin', 'auditor'] as Role[]);

export function mayReadPersonalData(roles: readonly Role[]): boolean {
  return roles.some((role) => PERSONAL_DATA_ROLES.includes(role));
}

/**
 * What a credential without stored roles holds: an API key created before roles existed, or a
 * JWT without a `roles` claim. Every role but admin, so an upgrade takes nothing away that the
 * tier allowed before (tiers still apply), and nothing new (team administration) is handed out.
 */
export const LEGACY_ROLES: readonly Role[] = Object.freeze(ROLES.filter((role) => role !== 'admin'));

/** What a new key gets when no role is named: least privilege. */
export const DEFAULT_KEY_ROLES: readonly Role[] = Object.freeze(['viewer'] as Role[]);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Deduplicated, in table order: how roles are stored and shown. */
export function normalizeRoles(roles: Iterable<Role>): Role[] {
  const set = new Set(roles);
  return ROLES.filter((role) => set.has(role));
}

/** A stored roles column (JSON array text, or null for a legacy key) as roles. */
export function parseStoredRoles(text: string | null): Role[] | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every(isRole)) throw new Error(`stored roles ${text} are not a list of roles`);
  return normalizeRoles(parsed);
}
