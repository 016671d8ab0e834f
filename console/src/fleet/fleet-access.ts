// Which roles may acknowledge an alert: the row of POST /v1/alerts/{id}/ack in the gateway's role
// table (src/auth/route-roles.ts). The console only hides the button; the gateway decides.

import type { AuthCheck } from '../types.ts';

export const ACK_ROLES = ['admin', 'operator', 'auditor'];

/** A credential without roles in /v1/auth/check (a gateway before roles) is not second-guessed. */
export function mayAcknowledge(me: AuthCheck): boolean {
  return me.roles === undefined || me.roles.some((role) => ACK_ROLES.includes(role));
}
