// Who a signed-in person is inside the gateway: subject, teams and roles from the IdP's
// attributes, by the mapping in config/sso.yaml. Pure, so the table of cases is a unit test.

import type { Role } from '../auth/roles.ts';
import type { AttributeMapping } from './sso-file.ts';

export interface MappedIdentity {
  subject: string;
  teams: string[];
  roles: Role[];
}

export type Attributes = Readonly<Record<string, unknown>>;

/** null when the subject attribute is configured but absent (the person cannot be named). */
export function mapIdentity(mapping: AttributeMapping, nameId: string, attributes: Attributes): MappedIdentity | null {
  let subject = nameId;
  if (mapping.subject_attribute !== null) {
    const [value] = valuesOf(attributes[mapping.subject_attribute]);
    if (value === undefined) return null;
    subject = value;
  }
  const teams: string[] = [];
  if (mapping.team_attribute !== null) {
    for (const value of valuesOf(attributes[mapping.team_attribute])) {
      const team = mapping.teams === null ? value : Object.hasOwn(mapping.teams, value) ? mapping.teams[value] : undefined;
      if (team !== undefined && !teams.includes(team)) teams.push(team);
    }
  }
  const roles: Role[] = [];
  if (mapping.role_attribute !== null) {
    for (const value of valuesOf(attributes[mapping.role_attribute])) {
      if (!Object.hasOwn(mapping.roles, value)) continue;
      for (const role of mapping.roles[value]) if (!roles.includes(role)) roles.push(role);
    }
  }
  return { subject, teams, roles: roles.length > 0 ? roles : [...mapping.default_roles] };
}

/** An attribute's string values (node-saml gives a string, or an array for several values). */
function valuesOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => value.trim());
}
