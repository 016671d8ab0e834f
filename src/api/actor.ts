// Who is acting, for the rows that record privileged actions: the authenticated principal as
// `kind:subject`, or (auth off) the name the caller gives, or `anonymous`.

import type { RequestContext } from '../http/index.ts';

export function actorOf(ctx: RequestContext, stated?: string): string {
  const principal = ctx.principal;
  if (principal && principal.kind !== 'anonymous') return `${principal.kind}:${principal.subject}`;
  return stated ?? 'anonymous';
}
