import { describe, expect, it } from 'vitest';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { addMember, createOrganization, createUser, organizationWithRoles, TEST_PASSWORD } from '../../test/fixtures.js';
import { Membership } from '../db/membership.js';
import { Organization, OrganizationName, organizationNameKey } from '../db/organization.js';
import { User, UserEmail } from '../db/user.js';
import { signIn, verificationCodeFor } from './test-helpers.js';

describe('superuser routes', () => {
  it('lists users newest first with skip, limit and the total count', async () => {
    const admin = await createUser({ is_superuser: true });
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createUser({ full_name: `User ${i}` })).user);
    const all = await call('GET', '/api/v1/users', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(all.body.data.length);
    const page = await call('GET', '/api/v1/users/', { token: admin.token, query: { skip: 1, limit: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(all.body.count);
    expect(page.body.data.map((u: { id: string }) => u.id)).toEqual(all.body.data.slice(1, 3).map((u: { id: string }) => u.id));
    expect(all.body.data[0].id).toBe(made[2]!.id);
    expect(all.body.data[0]).not.toHaveProperty('password_hash');
    expect((await call('GET', '/api/v1/users', { token: admin.token, query: { limit: 0 } })).status).toBe(422);
  });

  it('refuses regular users and organization viewers (403) and strangers (401)', async () => {
    const { org, users } = await organizationWithRoles();
    const someone = users.member.user;
    for (const role of ['viewer', 'owner'] as const) {
      const token = users[role].token;
      expect((await call('GET', '/api/v1/users', { token, org: org.id })).status).toBe(403);
      expect((await call('POST', '/api/v1/users', { token, json: { email: uniqueEmail(), password: 'password-123' } })).status).toBe(403);
      expect((await call('PATCH', `/api/v1/users/${someone.id}`, { token, json: { is_superuser: true } })).status).toBe(403);
      expect((await call('DELETE', `/api/v1/users/${someone.id}`, { token })).status).toBe(403);
      expect((await call('GET', `/api/v1/users/${someone.id}`, { token })).status).toBe(403);
    }
    expect((await call('GET', '/api/v1/users')).status).toBe(401);
    expect((await User.get({ id: someone.id }).go()).data!.is_superuser).toBe(false);
  });

  it('creates a verified user who can sign in; a taken e-mail is 409', async () => {
    const admin = await createUser({ is_superuser: true });
    const email = uniqueEmail('made');
    const res = await call('POST', '/api/v1/users', { token: admin.token, json: { email, password: 'password-123', full_name: 'Omar' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, full_name: 'Omar', is_verified: true, is_superuser: false, is_active: true });
    expect((await signIn(email, 'password-123')).status).toBe(200);
    expect(outbox(email)).toHaveLength(0);
    const dup = await call('POST', '/api/v1/users', { token: admin.token, json: { email, password: 'password-123' } });
    expect(dup.status).toBe(409);
  });

  it('reads any user; others may read only themselves; unknown ids are 404', async () => {
    const admin = await createUser({ is_superuser: true });
    const { user, token } = await createUser();
    expect((await call('GET', `/api/v1/users/${user.id}`, { token })).body).toMatchObject({ id: user.id, email: user.email });
    expect((await call('GET', `/api/v1/users/${admin.user.id}`, { token })).status).toBe(403);
    expect((await call('GET', `/api/v1/users/${user.id}`, { token: admin.token })).status).toBe(200);
    expect((await call('GET', '/api/v1/users/0190a1b2-0000-7000-8000-000000000000', { token: admin.token })).status).toBe(404);
  });

  it('updates a user: deactivation ends their sessions, a new password works at once', async () => {
    const admin = await createUser({ is_superuser: true });
    const { user, token } = await createUser();
    const off = await call('PATCH', `/api/v1/users/${user.id}`, { token: admin.token, json: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await call('GET', '/api/v1/users/me', { token })).status).toBe(401);
    const on = await call('PATCH', `/api/v1/users/${user.id}`, { token: admin.token, json: { is_active: true, password: 'set-by-admin-1' } });
    expect(on.status).toBe(200);
    // The new password bumped token_version: the old token stays dead.
    expect((await call('GET', '/api/v1/users/me', { token })).status).toBe(401);
    expect((await signIn(user.email, 'set-by-admin-1')).status).toBe(200);
  });

  it('does not let a superuser demote, deactivate or delete themselves', async () => {
    const admin = await createUser({ is_superuser: true });
    const demote = await call('PATCH', `/api/v1/users/${admin.user.id}`, { token: admin.token, json: { is_superuser: false } });
    expect(demote.status).toBe(403);
    const del = await call('DELETE', `/api/v1/users/${admin.user.id}`, { token: admin.token });
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ detail: 'Super users are not allowed to delete themselves' });
    const delMe = await call('DELETE', '/api/v1/users/me', { token: admin.token });
    expect(delMe.status).toBe(403);
    expect((await User.get({ id: admin.user.id }).go()).data).toMatchObject({ is_superuser: true, is_active: true });
  });

  it('deletes another user with their memberships', async () => {
    const admin = await createUser({ is_superuser: true });
    const owner = await createUser();
    const org = await createOrganization(owner.user.id);
    const { user } = await createUser();
    await addMember(org.id, user.id, 'member');
    await Organization.patch({ id: org.id }).set({ member_count: 2 }).go();
    const res = await call('DELETE', `/api/v1/users/${user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await User.get({ id: user.id }).go()).data).toBeNull();
    expect((await Membership.get({ organization_id: org.id, user_id: user.id }).go()).data).toBeNull();
    expect((await Organization.get({ id: org.id }).go()).data!.member_count).toBe(1);
    expect((await call('DELETE', `/api/v1/users/${user.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe('/users/me', () => {
  it('answers the profile fields the SPA stores', async () => {
    const { user, token } = await createUser({ full_name: 'Lina Khoury', onboarding_completed: false });
    const res = await call('GET', '/api/v1/users/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id, email: user.email, full_name: 'Lina Khoury', is_active: true, is_superuser: false,
      is_verified: true, onboarding_completed: false, created_at: user.created_at,
    });
  });

  it('updates and clears the full name; an empty or unknown update is 422', async () => {
    const { user, token } = await createUser();
    expect((await call('PATCH', '/api/v1/users/me', { token, json: { full_name: '  Sami  ' } })).body.full_name).toBe('Sami');
    expect((await call('PATCH', '/api/v1/users/me', { token, json: { full_name: null } })).body.full_name).toBeNull();
    expect((await User.get({ id: user.id }).go()).data!.full_name).toBeUndefined();
    expect((await call('PATCH', '/api/v1/users/me', { token, json: {} })).status).toBe(422);
    expect((await call('PATCH', '/api/v1/users/me', { token, json: { is_superuser: true } })).status).toBe(422);
    expect((await User.get({ id: user.id }).go()).data!.is_superuser).toBe(false);
  });

  it('moves the e-mail guard with a new address, which must be verified again', async () => {
    // prepare
    const { user, token } = await createUser();
    const newEmail = uniqueEmail('moved');
    // act
    const res = await call('PATCH', '/api/v1/users/me', { token, json: { email: newEmail.toUpperCase() } });
    // assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: newEmail, is_verified: false });
    expect((await UserEmail.get({ email: user.email }).go()).data).toBeNull();
    expect((await UserEmail.get({ email: newEmail }).go()).data).toMatchObject({ user_id: user.id });
    expect((await User.query.byEmail({ email: newEmail }).go()).data.map((u) => u.id)).toEqual([user.id]);
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(403);
    const verify = await call('POST', '/api/v1/verify-email-code', { json: { email: newEmail, code: verificationCodeFor(newEmail) } });
    expect(verify.status).toBe(200);
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(200);
    // The old address is free again.
    expect((await call('POST', '/api/v1/users/signup', { json: { email: user.email, password: 'password-123' } })).status).toBe(200);
  });

  it('refuses an address another user has, changing nothing', async () => {
    const { user, token } = await createUser();
    const other = await createUser();
    const res = await call('PATCH', '/api/v1/users/me', { token, json: { email: other.user.email, full_name: 'Changed' } });
    expect(res.status).toBe(409);
    expect((await User.get({ id: user.id }).go()).data).toMatchObject({ email: user.email, full_name: user.full_name, is_verified: true });
    expect((await UserEmail.get({ email: user.email }).go()).data).toMatchObject({ user_id: user.id });
    expect((await UserEmail.get({ email: other.user.email }).go()).data).toMatchObject({ user_id: other.user.id });
  });

  it('changes the password: the current one is checked, must differ, and old tokens stop working', async () => {
    const { user, token } = await createUser();
    const wrong = await call('PATCH', '/api/v1/users/me/password', { token, json: { current_password: 'nope-nope', new_password: 'brand-new-pass' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: 'Incorrect password' });
    const same = await call('PATCH', '/api/v1/users/me/password', { token, json: { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD } });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ detail: 'New password cannot be the same as the current one' });
    const short = await call('PATCH', '/api/v1/users/me/password', { token, json: { current_password: TEST_PASSWORD, new_password: 'short' } });
    expect(short.status).toBe(422);

    const changed = await call('PATCH', '/api/v1/users/me/password', { token, json: { current_password: TEST_PASSWORD, new_password: 'brand-new-pass' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Password updated successfully', token_type: 'bearer' });
    expect((await call('GET', '/api/v1/users/me', { token })).status).toBe(401);
    expect((await call('GET', '/api/v1/users/me', { token: changed.body.access_token })).status).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(400);
    expect((await signIn(user.email, 'brand-new-pass')).status).toBe(200);
  });

  it('deletes my account with its e-mail guard and memberships', async () => {
    const owner = await createUser();
    const org = await createOrganization(owner.user.id);
    const { user, token } = await createUser();
    await addMember(org.id, user.id, 'admin');
    const res = await call('DELETE', '/api/v1/users/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted successfully' });
    expect((await User.get({ id: user.id }).go()).data).toBeNull();
    expect((await UserEmail.get({ email: user.email }).go()).data).toBeNull();
    expect((await Membership.get({ organization_id: org.id, user_id: user.id }).go()).data).toBeNull();
    expect((await call('GET', '/api/v1/users/me', { token })).status).toBe(401);
  });

  it('refuses to delete the owner of an organization that has other members, and says which', async () => {
    const { org, users } = await organizationWithRoles();
    const res = await call('DELETE', '/api/v1/users/me', { token: users.owner.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(`"${org.name}"`);
    expect((await User.get({ id: users.owner.user.id }).go()).data).not.toBeNull();
    expect((await Membership.get({ organization_id: org.id, user_id: users.owner.user.id }).go()).data).not.toBeNull();
  });

  it('lets the sole member of an organization delete their account', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    expect((await call('DELETE', '/api/v1/users/me', { token })).status).toBe(200);
    expect((await Membership.get({ organization_id: org.id, user_id: user.id }).go()).data).toBeNull();
  });
});

describe('organization name availability', () => {
  it('reads the organization-name guard, ignoring case and spacing', async () => {
    const { token } = await createUser();
    await OrganizationName.create({ name_key: organizationNameKey('Petra Trading'), organization_id: 'org-1' }).go();
    const taken = await call('GET', '/api/v1/users/validate-organization-name', { token, query: { name: '  petra   TRADING ' } });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ name: 'petra   TRADING', available: false });
    const free = await call('GET', '/api/v1/users/validate-organization-name', { token, query: { name: 'Aqaba Logistics' } });
    expect(free.body).toEqual({ name: 'Aqaba Logistics', available: true });
    expect((await call('GET', '/api/v1/users/validate-organization-name', { token })).status).toBe(422);
    expect((await call('GET', '/api/v1/users/validate-organization-name', { query: { name: 'x' } })).status).toBe(401);
  });
});
