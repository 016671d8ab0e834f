// A person signed in through SSO is a member of the teams their IdP names, with the mapped
// roles. A change of their teams or roles is an `access` ledger row, by the sign-in that made it.

import { upsertSsoMember, type KeyStore } from '../auth/index.ts';
import type { AccessEvents } from '../api/index.ts';
import type { RequestContext } from '../http/index.ts';
import type { MappedIdentity } from '../sso/index.ts';

export function recordSsoMembership(keys: KeyStore, access: AccessEvents, now?: () => number): (ctx: RequestContext, identity: MappedIdentity) => Promise<void> {
  return async (ctx, identity) => {
    await upsertSsoMember(keys, { subject: identity.subject, teams: identity.teams.map((team) => ({ team, roles: identity.roles })) }, {
      now: now ? new Date(now()) : undefined,
      recordChange: async ({ before, after }) => {
        if (before && JSON.stringify(before.teams) === JSON.stringify(after.teams)) return;
        await access.record(ctx, before ? 'member_updated' : 'member_added', { actor: `sso:${after.subject}`, member_id: after.id, subject: after.subject, source: 'sso', teams: after.teams });
      },
    });
  };
}
