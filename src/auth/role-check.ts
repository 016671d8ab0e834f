// The role layer of the auth hook: after the tier allowed the route, one of the principal's roles
// must be in the route's row of the role table. The 403 names the roles that would do.

import { ApiError, type Principal } from '../http/index.ts';
import type { RouteAccess } from './route-roles.ts';
import type { Role } from './roles.ts';

export function rolesAllow(access: RouteAccess, roles: readonly Role[]): boolean {
  if (access === 'public' || access === 'any') return true;
  return roles.some((role) => access.includes(role));
}

export function requireRole(access: RouteAccess, principal: Principal, what: string): void {
  if (rolesAllow(access, principal.roles)) return;
  const needed = access as readonly Role[];
  const held = principal.roles.length > 0 ? principal.roles.join(', ') : 'none';
  throw new ApiError('ROLE_REQUIRED', `${what} needs one of the roles ${needed.join(', ')}; this caller has ${held}.`, {
    extensions: { required_roles: [...needed], current_roles: [...principal.roles] },
  });
}

/** True when the principal holds the admin role (which passes every role check and team scope). */
export function isAdmin(principal: Principal | undefined): boolean {
  return principal?.roles.includes('admin') ?? false;
}
