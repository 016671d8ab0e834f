// The one entry point single sign-on uses to keep its people in the members table: after a
// successful login, the IdP's attributes (mapped to teams and roles by the SSO configuration)
// replace what was stored for that person, and the change is in the ledger.

import type { KeyStore } from './key-store.ts';
import { normalizeRoles, isRole, type Role } from './roles.ts';
import { TEAM_NAME_PATTERN, type Member } from './team-store.ts';

export interface SsoMemberInput {
  /** The NameID (or email) the IdP asserted: the member's key. */
  subject: string;
  display_name?: string | null;
  teams: ReadonlyArray<{ team: string; roles: readonly Role[] }>;
}

/**
 * Creates or updates the SSO member `input.subject` with exactly `input.teams` (teams it no
 * longer maps are dropped), moves the credential mark so every replica re-reads roles, and
 * returns the member (its `id` is stable across logins). `recordChange` (optional) receives
 * the before/after for the ledger row the caller writes with its eventEntry.
 */
export async function upsertSsoMember(
  store: Pick<KeyStore, 'teams'>,
  input: SsoMemberInput,
  options: { now?: Date; recordChange?: (change: { before: Member | undefined; after: Member }) => Promise<void> } = {},
): Promise<Member> {
  const subject = input.subject.trim();
  if (subject.length === 0 || subject.length > 256) throw new Error('upsertSsoMember: subject must be 1-256 characters');
  for (const { team, roles } of input.teams) {
    if (!TEAM_NAME_PATTERN.test(team)) throw new Error(`upsertSsoMember: team ${JSON.stringify(team)} must be 1-64 letters, digits, _ . or -`);
    if (!roles.every(isRole)) throw new Error(`upsertSsoMember: unknown role in ${JSON.stringify(roles)}`);
  }
  const before = await store.teams.findMemberBySubject(subject);
  const after = await store.teams.upsertSsoMember({
    subject,
    display_name: input.display_name ?? null,
    teams: input.teams.map(({ team, roles }) => ({ team, roles: normalizeRoles(roles) })),
  }, (options.now ?? new Date()).toISOString());
  await options.recordChange?.({ before, after });
  return after;
}
