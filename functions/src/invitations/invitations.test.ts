import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { createOrganization as fixtureOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { Invitation, InvitationEmail } from '../db/invitation.js';
import { Membership } from '../db/membership.js';
import { Organization } from '../db/organization.js';
import { uuidv7 } from '../platform/ids.js';

const ORGS = '/api/v1/organizations';
const LINK = /http:\/\/localhost:3000\/accept-invitation\?token=([A-Za-z0-9_-]+)/;

async function ownedOrganization() {
  const owner = await createUser({ full_name: 'Layla Haddad' });
  const res = await call('POST', ORGS, { token: owner.token, json: { name: `Invites ${uuidv7().slice(-12)}` } });
  expect(res.status).toBe(201);
  return { owner, org: res.body as { id: string; name: string } };
}

/** The token from the newest invitation e-mail sent to `email`. */
function tokenMailedTo(email: string) {
  const mails = outbox(email);
  const match = LINK.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no invitation link mailed to ${email}`);
  return match[1]!;
}

const invitationsOf = async (organizationId: string) => (await Invitation.query.byOrganization({ organization_id: organizationId }).go({ consistent: true })).data;

describe('invitation flow', () => {
  it('invites by e-mail, the invitee accepts as viewer, and tenancy holds', async () => {
    // prepare
    const { owner, org } = await ownedOrganization();
    const email = uniqueEmail('invitee');
    // act: invite
    const invited = await call('POST', `${ORGS}/${org.id}/invitations/`, { token: owner.token, json: { email, message: 'Welcome aboard' } });
    // assess: a pending invitation, a bilingual e-mail with the link, the token stored hashed
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'viewer', status: 'pending', organization_name: org.name, invited_by: owner.user.id, invited_by_name: 'Layla Haddad', email_sent: true, sent_count: 1 });
    const days = (Date.parse(invited.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = outbox(email);
    expect(mail!.subject).toContain(org.name);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain('Welcome aboard');
    const token = tokenMailedTo(email);
    const stored = (await invitationsOf(org.id))[0]!;
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    // the public preview needs no sign-in
    const preview = await call('GET', `/api/v1/invitations/public/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      organization_id: org.id, organization_name: org.name, invited_by_name: 'Layla Haddad', email, role: 'viewer',
      status: 'pending', message: 'Welcome aboard', expires_at: invited.body.expires_at,
    });

    // act: the invitee signs up and accepts
    const invitee = await createUser({ email });
    const accepted = await call('POST', '/api/v1/invitations/accept', { token: invitee.token, json: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.organization).toMatchObject({ id: org.id, role: 'viewer', member_count: 2 });
    expect(accepted.body.invitation).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
    expect((await Membership.get({ organization_id: org.id, user_id: invitee.user.id }).go()).data).toMatchObject({ role: 'viewer', invitation_id: invited.body.id });
    expect((await InvitationEmail.get({ organization_id: org.id, email }).go()).data).toBeNull();

    // the viewer reads but does not write
    expect((await call('GET', `${ORGS}/${org.id}`, { token: invitee.token })).body.role).toBe('viewer');
    const members = await call('GET', `${ORGS}/${org.id}/members`, { token: invitee.token });
    expect(members.status).toBe(200);
    expect(members.body.count).toBe(2);
    expect((await call('PUT', `${ORGS}/${org.id}`, { token: invitee.token, json: { city: 'Irbid' } })).status).toBe(403);
    expect((await call('POST', `${ORGS}/${org.id}/invitations`, { token: invitee.token, json: { email: uniqueEmail() } })).status).toBe(403);
    expect((await call('GET', `${ORGS}/${org.id}/invitations`, { token: invitee.token })).status).toBe(403);

    // another organization stays invisible to them
    const elsewhere = await fixtureOrganization((await createUser()).user.id);
    expect((await call('GET', `${ORGS}/${elsewhere.id}`, { token: invitee.token })).status).toBe(404);
    expect((await call('GET', `${ORGS}/${elsewhere.id}/members`, { token: invitee.token })).status).toBe(404);
    expect((await call('GET', `${ORGS}/${org.id}/invitations/${invited.body.id}`, { token: invitee.token })).status).toBe(403);

    // accepting again is a conflict
    const twice = await call('POST', '/api/v1/invitations/accept', { token: invitee.token, json: { token } });
    expect(twice.status).toBe(409);
  });

  it('refuses a token accepted by someone signed in with another e-mail, and unknown tokens', async () => {
    const { owner, org } = await ownedOrganization();
    const email = uniqueEmail('target');
    await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email, role: 'member' } });
    const token = tokenMailedTo(email);
    const intruder = await createUser();

    const wrong = await call('POST', '/api/v1/invitations/accept', { token: intruder.token, json: { token } });
    const unknown = await call('POST', '/api/v1/invitations/accept', { token: intruder.token, json: { token: 'x'.repeat(43) } });
    const unknownPreview = await call('GET', `/api/v1/invitations/public/${'y'.repeat(43)}`);
    const anonymous = await call('POST', '/api/v1/invitations/accept', { json: { token } });

    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe('This invitation was sent to another email address');
    expect(unknown.status).toBe(404);
    expect(unknownPreview.status).toBe(404);
    expect(anonymous.status).toBe(401);
    expect((await Membership.get({ organization_id: org.id, user_id: intruder.user.id }).go()).data).toBeNull();
    expect((await invitationsOf(org.id))[0]!.status).toBe('pending');
  });

  it('answers 409 for an address already a member or already invited, and 422 for bad input, writing nothing', async () => {
    const { org, users } = await organizationWithRoles();
    const admin = users.admin.token;
    const email = uniqueEmail('twice');

    const member = await call('POST', `${ORGS}/${org.id}/invitations`, { token: admin, json: { email: users.member.user.email } });
    const first = await call('POST', `${ORGS}/${org.id}/invitations`, { token: admin, json: { email } });
    const second = await call('POST', `${ORGS}/${org.id}/invitations`, { token: admin, json: { email: email.toUpperCase(), role: 'admin' } });
    const badEmail = await call('POST', `${ORGS}/${org.id}/invitations`, { token: admin, json: { email: 'not-an-email' } });
    const badRole = await call('POST', `${ORGS}/${org.id}/invitations`, { token: admin, json: { email: uniqueEmail(), role: 'king' } });
    const extra = await call('POST', `${ORGS}/${org.id}/invitations`, { token: admin, json: { email: uniqueEmail(), colour: 'red' } });

    expect(member.status).toBe(409);
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('An invitation for this email address is already pending');
    expect([badEmail.status, badRole.status, extra.status]).toEqual([422, 422, 422]);
    expect(badEmail.body.detail[0]).toMatchObject({ loc: ['body', 'email'], msg: 'Invalid email address' });
    expect(await invitationsOf(org.id)).toHaveLength(1);
  });

  it('lets only owners invite owners', async () => {
    const { org, users } = await organizationWithRoles();
    const byAdmin = await call('POST', `${ORGS}/${org.id}/invitations`, { token: users.admin.token, json: { email: uniqueEmail(), role: 'owner' } });
    const byOwner = await call('POST', `${ORGS}/${org.id}/invitations`, { token: users.owner.token, json: { email: uniqueEmail(), role: 'owner' } });
    expect(byAdmin.status).toBe(403);
    expect(byOwner.status).toBe(201);
    const raise = await call('PUT', `${ORGS}/${org.id}/invitations/${byOwner.body.id}`, { token: users.admin.token, json: { role: 'viewer' } });
    expect(raise.status).toBe(403);
  });

  it('lists, reads and updates invitations; resend replaces the token; cancel ends it', async () => {
    const { owner, org } = await ownedOrganization();
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    const first = (await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email: a } })).body;
    const second = (await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email: b, role: 'member' } })).body;

    const list = await call('GET', `${ORGS}/${org.id}/invitations`, { token: owner.token });
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    const page = await call('GET', `${ORGS}/${org.id}/invitations`, { token: owner.token, query: { skip: 1, limit: 1 } });
    expect(page.body).toMatchObject({ count: 2, data: [{ id: first.id }] });

    const updated = await call('PUT', `${ORGS}/${org.id}/invitations/${first.id}`, { token: owner.token, json: { role: 'admin', message: 'See you' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ role: 'admin', message: 'See you' });
    expect((await call('GET', `${ORGS}/${org.id}/invitations/${first.id}`, { token: owner.token })).body.role).toBe('admin');

    const oldToken = tokenMailedTo(a);
    const resent = await call('POST', `${ORGS}/${org.id}/invitations/${first.id}/resend`, { token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ status: 'pending', sent_count: 2, email_sent: true });
    const newToken = tokenMailedTo(a);
    expect(newToken).not.toBe(oldToken);
    expect(outbox(a)).toHaveLength(2);
    expect((await call('GET', `/api/v1/invitations/public/${oldToken}`)).status).toBe(404);
    expect((await call('GET', `/api/v1/invitations/public/${newToken}`)).body).toMatchObject({ role: 'admin', status: 'pending' });

    const cancelled = await call('POST', `${ORGS}/${org.id}/invitations/${second.id}/cancel`, { token: owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await call('POST', `${ORGS}/${org.id}/invitations/${second.id}/cancel`, { token: owner.token })).status).toBe(409);
    expect((await call('POST', `${ORGS}/${org.id}/invitations/${second.id}/resend`, { token: owner.token })).status).toBe(409);
    expect((await call('PUT', `${ORGS}/${org.id}/invitations/${second.id}`, { token: owner.token, json: { role: 'member' } })).status).toBe(409);
    const cancelledToken = tokenMailedTo(b);
    const invitee = await createUser({ email: b });
    expect((await call('POST', '/api/v1/invitations/accept', { token: invitee.token, json: { token: cancelledToken } })).status).toBe(409);

    const pending = await call('GET', `${ORGS}/${org.id}/invitations`, { token: owner.token, query: { status_filter: 'pending' } });
    expect(pending.body.data.map((i: { id: string }) => i.id)).toEqual([first.id]);
    expect((await call('GET', `${ORGS}/${org.id}/invitations`, { token: owner.token, query: { status_filter: 'nope' } })).status).toBe(422);

    // the cancelled address can be invited again
    expect((await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email: b } })).status).toBe(201);
    // another organization's invitation id answers 404
    const other = await ownedOrganization();
    expect((await call('GET', `${ORGS}/${other.org.id}/invitations/${first.id}`, { token: other.owner.token })).status).toBe(404);
  });

  it('adding an invited person directly cancels their pending invitation', async () => {
    const { owner, org } = await ownedOrganization();
    const person = await createUser();
    await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email: person.user.email } });

    const added = await call('POST', `${ORGS}/${org.id}/members`, { token: owner.token, json: { email: person.user.email, role: 'member' } });

    expect(added.status).toBe(201);
    expect((await invitationsOf(org.id))[0]!.status).toBe('cancelled');
    expect((await InvitationEmail.get({ organization_id: org.id, email: person.user.email }).go()).data).toBeNull();
  });
});

describe('invitation expiry', () => {
  /** An invitation whose week ran out, written straight through the entity (with its guard). */
  async function expiredInvitation(organizationId: string, invitedBy: string, email: string, token: string) {
    const created = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const invitation = {
      organization_id: organizationId, id: uuidv7(Date.parse(created)), email, role: 'member' as const, status: 'pending' as const,
      token_hash: createHash('sha256').update(token).digest('hex'), invited_by: invitedBy, invited_by_name: 'Layla',
      expires_at: new Date(Date.now() - 86_400_000).toISOString(), sent_count: 1, created_at: created, updated_at: created,
    };
    await Invitation.create(invitation).go();
    await InvitationEmail.create({ organization_id: organizationId, email, invitation_id: invitation.id }).go();
    return invitation;
  }

  it('refuses an expired invitation (410), shows it expired, and cleans it up', async () => {
    const { owner, org } = await ownedOrganization();
    const email = uniqueEmail('late');
    const token = `expired-token-${uuidv7()}`;
    const invitation = await expiredInvitation(org.id, owner.user.id, email, token);
    await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email: uniqueEmail('fresh') } });
    const invitee = await createUser({ email });

    const accept = await call('POST', '/api/v1/invitations/accept', { token: invitee.token, json: { token } });
    const preview = await call('GET', `/api/v1/invitations/public/${token}`);
    const listed = await call('GET', `${ORGS}/${org.id}/invitations`, { token: owner.token, query: { status_filter: 'expired' } });

    expect(accept.status).toBe(410);
    expect(accept.body.detail).toBe('This invitation has expired; ask for a new one');
    expect((await Membership.get({ organization_id: org.id, user_id: invitee.user.id }).go()).data).toBeNull();
    expect(preview.body.status).toBe('expired');
    expect(listed.body.data.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    const byStranger = await call('POST', `${ORGS}/${org.id}/invitations/cleanup`, { token: invitee.token });
    expect(byStranger.status).toBe(404);
    const cleanup = await call('POST', `${ORGS}/${org.id}/invitations/cleanup`, { token: owner.token });
    expect(cleanup.status).toBe(200);
    expect(cleanup.body).toEqual({ expired: 1 });
    const stored = (await Invitation.get({ organization_id: org.id, id: invitation.id }).go()).data!;
    expect(stored.status).toBe('expired');
    expect((stored as Record<string, unknown>).gsi2pk).toBeUndefined();
    expect((await InvitationEmail.get({ organization_id: org.id, email }).go()).data).toBeNull();
    expect((await call('POST', `${ORGS}/${org.id}/invitations/cleanup`, { token: owner.token })).body).toEqual({ expired: 0 });
    const fresh = (await invitationsOf(org.id)).filter((i) => i.id !== invitation.id);
    expect(fresh.map((i) => i.status)).toEqual(['pending']);
  });

  it('lets an expired address be invited again before the clean-up ran', async () => {
    const { owner, org } = await ownedOrganization();
    const email = uniqueEmail('again');
    const old = await expiredInvitation(org.id, owner.user.id, email, `old-token-${uuidv7()}`);

    const res = await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email } });

    expect(res.status).toBe(201);
    expect((await Invitation.get({ organization_id: org.id, id: old.id }).go()).data?.status).toBe('expired');
    expect((await InvitationEmail.get({ organization_id: org.id, email }).go()).data?.invitation_id).toBe(res.body.id);
  });

  it('accepting after the organization was deleted answers 404', async () => {
    const { owner, org } = await ownedOrganization();
    const email = uniqueEmail('orphan');
    await call('POST', `${ORGS}/${org.id}/invitations`, { token: owner.token, json: { email } });
    const token = tokenMailedTo(email);
    await Organization.delete({ id: org.id }).go();
    const invitee = await createUser({ email });

    const res = await call('POST', '/api/v1/invitations/accept', { token: invitee.token, json: { token } });

    expect(res.status).toBe(404);
    expect((await Membership.get({ organization_id: org.id, user_id: invitee.user.id }).go()).data).toBeNull();
    expect((await invitationsOf(org.id))[0]!.status).toBe('pending');
  });
});
