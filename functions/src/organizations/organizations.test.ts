import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization as fixtureOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { ApiKey } from '../db/apiKey.js';
import { AuditLog } from '../db/auditLog.js';
import { Invitation, InvitationEmail } from '../db/invitation.js';
import { Membership } from '../db/membership.js';
import { Organization, OrganizationName, organizationNameKey } from '../db/organization.js';
import { nowIso, uuidv7 } from '../platform/ids.js';

const ORGS = '/api/v1/organizations';
const uniqueName = (tag = 'Org') => `${tag} ${uuidv7().slice(-12)}`;

async function createViaApi(token: string, body: Record<string, unknown>) {
  return call('POST', `${ORGS}/`, { token, json: body });
}

describe('POST /organizations', () => {
  it('creates the organization, the owner membership and the name guard', async () => {
    // prepare
    const { user, token } = await createUser();
    const name = uniqueName('Amman Traders');
    // act
    const res = await createViaApi(token, { name, tax_number: '12345678', governorate: 'JO-AM', income_source_sequence: '1' });
    // assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, role: 'owner', owner_id: user.id, base_currency: 'JOD', tax_number: '12345678', governorate: 'JO-AM', member_count: 1, version: 1, legal_name: null });
    const id = res.body.id as string;
    expect((await Membership.get({ organization_id: id, user_id: user.id }).go()).data?.role).toBe('owner');
    expect((await OrganizationName.get({ name_key: organizationNameKey(name) }).go()).data?.organization_id).toBe(id);
    const audit = await AuditLog.query.byOrganization({ organization_id: id }).go();
    expect(audit.data.map((a) => a.action)).toContain('organization.created');
  });

  it('answers 409 for a name taken in any letter case, and writes nothing', async () => {
    const { token } = await createUser();
    const other = await createUser();
    const name = uniqueName('Petra Supplies');
    expect((await createViaApi(token, { name })).status).toBe(201);
    const before = await Membership.query.byUser({ user_id: other.user.id }).go();

    const dup = await createViaApi(other.token, { name: `  ${name.toUpperCase()} ` });

    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('An organization with this name already exists');
    const after = await Membership.query.byUser({ user_id: other.user.id }).go();
    expect(after.data).toEqual(before.data);
  });

  it('answers 422 for bad input and unknown fields, and writes nothing', async () => {
    const { user, token } = await createUser();
    const missing = await createViaApi(token, { tax_number: '123' });
    const unknown = await createViaApi(token, { name: uniqueName(), colour: 'blue' });
    const badCurrency = await createViaApi(token, { name: uniqueName(), base_currency: 'XYZ' });
    for (const res of [missing, unknown, badCurrency]) expect(res.status).toBe(422);
    expect(missing.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.name', 'body.tax_number']));
    expect((await Membership.query.byUser({ user_id: user.id }).go()).data).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    expect((await createViaApi('', { name: uniqueName() })).status).toBe(401);
  });
});

describe('GET /organizations', () => {
  it("lists the caller's organizations with their role, paginated", async () => {
    const { user, token } = await createUser();
    const a = await createViaApi(token, { name: uniqueName('A') });
    const b = await createViaApi(token, { name: uniqueName('B') });
    const stranger = await createUser();
    const c = await fixtureOrganization(stranger.user.id);
    await Membership.create({ organization_id: c.id, user_id: user.id, role: 'viewer', joined_at: nowIso(), updated_at: nowIso() }).go();
    await fixtureOrganization(stranger.user.id); // not the caller's

    const all = await call('GET', ORGS, { token });
    const page = await call('GET', `${ORGS}/`, { token, query: { skip: 1, limit: 1 } });

    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    const roles = Object.fromEntries(all.body.data.map((o: { id: string; role: string }) => [o.id, o.role]));
    expect(roles).toEqual({ [a.body.id]: 'owner', [b.body.id]: 'owner', [c.id]: 'viewer' });
    expect(page.body.count).toBe(3);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].id).toBe(all.body.data[1].id);
  });

  it('lets superusers list every organization with all=true, and refuses others', async () => {
    const admin = await createUser({ is_superuser: true });
    const { token } = await createUser();
    const owner = await createUser();
    const org = await fixtureOrganization(owner.user.id);

    const listed = await call('GET', ORGS, { token: admin.token, query: { all: true, limit: 1000 } });
    const refused = await call('GET', ORGS, { token, query: { all: true } });

    expect(listed.status).toBe(200);
    expect(listed.body.data.map((o: { id: string }) => o.id)).toContain(org.id);
    expect(listed.body.data.find((o: { id: string }) => o.id === org.id).role).toBeNull();
    expect(refused.status).toBe(403);
  });
});

describe('GET, PUT, DELETE /organizations/{id}', () => {
  it('lets a viewer read but not write, and hides the organization from strangers (404)', async () => {
    const { org, users } = await organizationWithRoles();
    const stranger = await createUser();

    const read = await call('GET', `${ORGS}/${org.id}`, { token: users.viewer.token });
    const write = await call('PUT', `${ORGS}/${org.id}`, { token: users.viewer.token, json: { city: 'Irbid' } });
    const hidden = await call('GET', `${ORGS}/${org.id}`, { token: stranger.token });
    const hiddenStats = await call('GET', `${ORGS}/${org.id}/stats`, { token: stranger.token });

    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: org.id, role: 'viewer' });
    expect(write.status).toBe(403);
    expect(hidden.status).toBe(404);
    expect(hiddenStats.status).toBe(404);
    expect((await Organization.get({ id: org.id }).go()).data?.city).toBeUndefined();
  });

  it('updates with optimistic versions and moves the name guard on rename', async () => {
    const { token } = await createUser();
    const oldName = uniqueName('Old');
    const created = (await createViaApi(token, { name: oldName, phone: '+962790000000' })).body;
    const newName = uniqueName('New');

    const renamed = await call('PUT', `${ORGS}/${created.id}`, { token, json: { name: newName, phone: null, city: 'Zarqa', version: 1 } });
    const stale = await call('PUT', `${ORGS}/${created.id}`, { token, json: { city: 'Aqaba', version: 1 } });
    const empty = await call('PUT', `${ORGS}/${created.id}`, { token, json: { version: 2 } });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: newName, phone: null, city: 'Zarqa', version: 2 });
    expect(stale.status).toBe(409);
    expect(empty.status).toBe(422);
    expect((await OrganizationName.get({ name_key: organizationNameKey(oldName) }).go()).data).toBeNull();
    expect((await OrganizationName.get({ name_key: organizationNameKey(newName) }).go()).data?.organization_id).toBe(created.id);
    expect((await Organization.get({ id: created.id }).go()).data?.city).toBe('Zarqa');
    // the old name is free again
    expect((await createViaApi(token, { name: oldName })).status).toBe(201);
  });

  it('refuses a rename to a taken name and changes nothing', async () => {
    const { token } = await createUser();
    const taken = uniqueName('Taken');
    await createViaApi(token, { name: taken });
    const mine = (await createViaApi(token, { name: uniqueName('Mine') })).body;

    const res = await call('PUT', `${ORGS}/${mine.id}`, { token, json: { name: taken.toLowerCase(), city: 'Madaba' } });

    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('An organization with this name already exists');
    const stored = (await Organization.get({ id: mine.id }).go()).data!;
    expect(stored).toMatchObject({ name: mine.name, version: 1 });
    expect(stored.city).toBeUndefined();
  });

  it('lets only owners delete; deletion removes memberships, invitations, API keys and the name guard', async () => {
    const { token, user } = await createUser();
    const name = uniqueName('Doomed');
    const org = (await createViaApi(token, { name })).body;
    const admin = await createUser();
    await call('POST', `${ORGS}/${org.id}/members`, { token, json: { user_id: admin.user.id, role: 'admin' } });
    const invited = await call('POST', `${ORGS}/${org.id}/invitations`, { token, json: { email: 'someone@example.jo', role: 'member' } });
    expect(invited.status).toBe(201);
    const now = nowIso();
    await ApiKey.create({ organization_id: org.id, id: uuidv7(), name: 'k', role: 'viewer', key_prefix: uuidv7().slice(-12), secret_hash: 'x', created_by: user.id, created_at: now, updated_at: now }).go();

    const byAdmin = await call('DELETE', `${ORGS}/${org.id}`, { token: admin.token });
    expect(byAdmin.status).toBe(403);
    const res = await call('DELETE', `${ORGS}/${org.id}`, { token });

    expect(res.status).toBe(200);
    expect((await Organization.get({ id: org.id }).go()).data).toBeNull();
    expect((await Membership.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(0);
    expect((await Invitation.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(0);
    expect((await InvitationEmail.query.byOrganizationEmail({ organization_id: org.id }).go()).data).toHaveLength(0);
    expect((await ApiKey.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(0);
    expect((await OrganizationName.get({ name_key: organizationNameKey(name) }).go()).data).toBeNull();
    expect((await call('GET', `${ORGS}/${org.id}`, { token })).status).toBe(404);
    expect((await call('GET', ORGS, { token: admin.token })).body.count).toBe(0);
  });
});

describe('GET /organizations/{id}/stats', () => {
  it('counts members by role and pending invitations', async () => {
    const { org, users } = await organizationWithRoles();
    await call('POST', `${ORGS}/${org.id}/invitations`, { token: users.admin.token, json: { email: 'a@example.jo' } });
    await call('POST', `${ORGS}/${org.id}/invitations`, { token: users.admin.token, json: { email: 'b@example.jo', role: 'member' } });

    const res = await call('GET', `${ORGS}/${org.id}/stats`, { token: users.viewer.token });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      organization_id: org.id,
      member_count: 4,
      members_by_role: { owner: 1, admin: 1, member: 1, viewer: 1 },
      pending_invitations: 2,
      created_at: org.created_at,
      age_days: 0,
    });
  });
});
