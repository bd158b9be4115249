import { describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../../test/client.js';
import { createUser, organizationWithRoles } from '../../test/fixtures.js';
import { Membership } from '../db/membership.js';
import { Organization } from '../db/organization.js';
import { uuidv7 } from '../platform/ids.js';

const ORGS = '/api/v1/organizations';

/** An organization created through the API, so its counters start consistent. */
async function ownedOrganization() {
  const owner = await createUser({ full_name: 'Owner Person' });
  const res = await call('POST', ORGS, { token: owner.token, json: { name: `Members ${uuidv7().slice(-12)}` } });
  expect(res.status).toBe(201);
  return { owner, org: res.body as { id: string } };
}

const memberCount = async (id: string) => (await Organization.get({ id }).go({ consistent: true })).data?.member_count;
const roleOf = async (organizationId: string, userId: string) =>
  (await Membership.get({ organization_id: organizationId, user_id: userId }).go({ consistent: true })).data?.role ?? null;

describe('members', () => {
  it('lists members with their e-mail and name, to viewers too', async () => {
    const { org, users } = await organizationWithRoles();

    const res = await call('GET', `${ORGS}/${org.id}/members`, { token: users.viewer.token });

    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.data[0]).toEqual({
      user_id: users.owner.user.id,
      organization_id: org.id,
      email: users.owner.user.email,
      full_name: 'Owner',
      role: 'owner',
      joined_at: expect.any(String),
    });
    expect(res.body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'member', 'viewer']);
    const page = await call('GET', `${ORGS}/${org.id}/members`, { token: users.viewer.token, query: { skip: 3, limit: 5 } });
    expect(page.body).toMatchObject({ count: 4, data: [{ role: 'viewer' }] });
  });

  it('adds an existing user by e-mail or id, keeping member_count; 404 for no such user, 409 when already a member', async () => {
    const { owner, org } = await ownedOrganization();
    const byEmail = await createUser({ full_name: 'Rana' });
    const byId = await createUser();

    const first = await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { email: byEmail.user.email.toUpperCase(), role: 'member' } });
    const second = await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { user_id: byId.user.id, role: 'viewer' } });
    const again = await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { user_id: byId.user.id, role: 'admin' } });
    const nobody = await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { email: uniqueEmail('ghost'), role: 'member' } });
    const both = await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { email: byEmail.user.email, user_id: byId.user.id, role: 'member' } });

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ user_id: byEmail.user.id, email: byEmail.user.email, full_name: 'Rana', role: 'member' });
    expect(second.status).toBe(201);
    expect(again.status).toBe(409);
    expect(await roleOf(org.id, byId.user.id)).toBe('viewer');
    expect(nobody.status).toBe(404);
    expect(both.status).toBe(422);
    expect(await memberCount(org.id)).toBe(3);
  });

  it("keeps the owner role to owners: admins can neither grant it, change an owner's role nor remove an owner", async () => {
    const { org, users } = await organizationWithRoles();
    const newcomer = await createUser();
    const admin = users.admin.token;

    const grant = await call('PUT', `${ORGS}/${org.id}/members/${users.member.user.id}`, { token: admin, json: { role: 'owner' } });
    const demote = await call('PUT', `${ORGS}/${org.id}/members/${users.owner.user.id}`, { token: admin, json: { role: 'viewer' } });
    const remove = await call('DELETE', `${ORGS}/${org.id}/members/${users.owner.user.id}`, { token: admin });
    const addOwner = await call('POST', `${ORGS}/${org.id}/members`, { token: admin, json: { user_id: newcomer.user.id, role: 'owner' } });
    const promote = await call('PUT', `${ORGS}/${org.id}/members/${users.viewer.user.id}`, { token: admin, json: { role: 'member' } });
    const byMember = await call('PUT', `${ORGS}/${org.id}/members/${users.viewer.user.id}`, { token: users.member.token, json: { role: 'admin' } });

    expect([grant.status, demote.status, remove.status, addOwner.status]).toEqual([403, 403, 403, 403]);
    expect(remove.body.detail).toBe('Admins cannot remove owners');
    expect(await roleOf(org.id, users.owner.user.id)).toBe('owner');
    expect(await roleOf(org.id, newcomer.user.id)).toBeNull();
    expect(promote.status).toBe(200);
    expect(promote.body.role).toBe('member');
    expect(byMember.status).toBe(403);
  });

  it('never leaves an organization without an owner', async () => {
    const { owner, org } = await ownedOrganization();
    const second = await createUser();

    const demoteLast = await call('PUT', `${ORGS}/${org.id}/members/${owner.user.id}`, { token: owner.token, json: { role: 'admin' } });
    const removeLast = await call('DELETE', `${ORGS}/${org.id}/members/${owner.user.id}`, { token: owner.token });
    const leaveLast = await call('POST', `${ORGS}/${org.id}/leave`, { token: owner.token });

    expect([demoteLast.status, removeLast.status, leaveLast.status]).toEqual([409, 409, 409]);
    expect(demoteLast.body.detail).toBe('Cannot demote the last owner of the organization');
    expect(leaveLast.body.detail).toBe('Transfer ownership before leaving');
    expect(await roleOf(org.id, owner.user.id)).toBe('owner');

    // with a second owner, the first may step down; owner_id follows
    await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { user_id: second.user.id, role: 'owner' } });
    const stepDown = await call('PUT', `${ORGS}/${org.id}/members/${owner.user.id}`, { token: owner.token, json: { role: 'admin' } });
    expect(stepDown.status).toBe(200);
    const stored = (await Organization.get({ id: org.id }).go({ consistent: true })).data!;
    expect(stored.owner_id).toBe(second.user.id);
    const nowLast = await call('POST', `${ORGS}/${org.id}/leave`, { token: second.token });
    expect(nowLast.status).toBe(409);
  });

  it('lets any member leave and an admin remove a member, lowering member_count', async () => {
    const { owner, org } = await ownedOrganization();
    const viewer = await createUser();
    const member = await createUser();
    await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { user_id: viewer.user.id, role: 'viewer' } });
    await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { user_id: member.user.id, role: 'member' } });
    expect(await memberCount(org.id)).toBe(3);

    const left = await call('POST', `${ORGS}/${org.id}/leave`, { token: viewer.token });
    const removed = await call('DELETE', `${ORGS}/${org.id}/members/${member.user.id}`, { token: owner.token });
    const missing = await call('DELETE', `${ORGS}/${org.id}/members/${member.user.id}`, { token: owner.token });

    expect(left.status).toBe(200);
    expect(removed.status).toBe(200);
    expect(missing.status).toBe(404);
    expect(await memberCount(org.id)).toBe(1);
    expect((await call('GET', `${ORGS}/${org.id}`, { token: viewer.token })).status).toBe(404);
  });

  it("answers 404 for another organization's members to a non-member", async () => {
    const { org } = await organizationWithRoles();
    const stranger = await createUser();
    expect((await call('GET', `${ORGS}/${org.id}/members`, { token: stranger.token })).status).toBe(404);
    expect((await call('POST', `${ORGS}/${org.id}/leave`, { token: stranger.token })).status).toBe(404);
  });
});
