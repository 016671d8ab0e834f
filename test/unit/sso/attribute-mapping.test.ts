import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapIdentity, type AttributeMapping } from '../../../src/sso/index.ts';

const mapping: AttributeMapping = {
  subject_attribute: 'email', team_attribute: 'groups', teams: { payments: 'payments', 'risk-eu': 'risk' },
  role_attribute: 'groups', roles: { 'gg-reviewers': ['reviewer'], 'gg-admins': ['admin', 'operator'] }, default_roles: ['viewer'],
};

test('teams and roles come from the listed IdP values only, without duplicates', () => {
  assert.deepEqual(mapIdentity(mapping, 'n-1', { email: 'a@x', groups: ['payments', 'gg-admins', 'gg-reviewers', 'gg-admins', 'unknown', 'risk-eu'] }), {
    subject: 'a@x', teams: ['payments', 'risk'], roles: ['admin', 'operator', 'reviewer'],
  });
});

test('no listed role gives the default roles; a missing subject attribute names nobody', () => {
  assert.deepEqual(mapIdentity(mapping, 'n-1', { email: 'a@x', groups: 'payments' }), { subject: 'a@x', teams: ['payments'], roles: ['viewer'] });
  assert.equal(mapIdentity(mapping, 'n-1', { groups: ['payments'] }), null);
});

test('without a subject attribute the NameID is the subject; without a team map every value is a team', () => {
  const open: AttributeMapping = { ...mapping, subject_attribute: null, teams: null };
  assert.deepEqual(mapIdentity(open, 'n-1', { groups: ['payments', ' ops '] })!.teams, ['payments', 'ops']);
  assert.equal(mapIdentity(open, 'n-1', {})!.subject, 'n-1');
});

test('an attribute named like an Object.prototype key maps nothing', () => {
  assert.deepEqual(mapIdentity(mapping, 'n', { email: 'a', groups: ['constructor', '__proto__', 'toString'] })!.roles, ['viewer']);
});
