import { describe, expect, it } from 'vitest';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { createUser } from '../../test/fixtures.js';
import { Invitation } from '../db/invitation.js';
import { Membership } from '../db/membership.js';
import { OnboardingProgress } from '../db/onboardingProgress.js';
import { Organization } from '../db/organization.js';
import { User } from '../db/user.js';
import { uuidv7 } from '../platform/ids.js';

const O = '/api/v1/onboarding';
const newcomer = () => createUser({ onboarding_completed: false, full_name: 'Omar Nasser' });
const membershipsOf = async (userId: string) => (await Membership.query.byUser({ user_id: userId }).go()).data;

describe('onboarding', () => {
  it('walks the wizard: profile creates the organization, steps are saved or skipped, then complete', async () => {
    // prepare
    const { user, token } = await newcomer();
    const name = `Jerash Bakery ${uuidv7().slice(-10)}`;

    // nothing done yet
    expect((await call('GET', `${O}/status`, { token })).body).toEqual({ onboarding_completed: false, current_step: 'organization_profile', percent_complete: 0, organization_id: null });
    const notYet = await call('GET', `${O}/validate`, { token });
    expect(notYet.body).toEqual({ valid: false, missing_steps: ['organization_profile'], pending_steps: ['fiscal_year', 'taxpayer_track', 'invite_team'], errors: ['The organization profile is required'] });
    const early = await call('POST', `${O}/complete`, { token });
    expect(early.status).toBe(400);
    expect(early.body.detail).toContain('The organization profile is required');
    expect((await call('POST', `${O}/skip-step/organization_profile`, { token })).status).toBe(400);
    expect((await call('POST', `${O}/progress`, { token, json: { step: 'fiscal_year', data: { fiscal_year_start_month: 4 } } })).status).toBe(400);

    // act: the profile step creates the organization
    const profile = await call('POST', `${O}/progress`, {
      token,
      json: { step: 'organization_profile', data: { name, tax_number: '12345678', income_source_sequence: '7', governorate: 'JO-IR' }, completed: true },
    });
    expect(profile.status).toBe(200);
    const organizationId = profile.body.organization_id as string;
    expect(organizationId).toEqual(expect.any(String));
    expect(profile.body).toMatchObject({ current_step: 'fiscal_year', completed_steps: 1, total_steps: 4, percent_complete: 25 });
    const org = (await Organization.get({ id: organizationId }).go()).data!;
    expect(org).toMatchObject({ name, tax_number: '12345678', income_source_sequence: '7', governorate: 'JO-IR', base_currency: 'JOD', owner_id: user.id, member_count: 1 });
    expect((await membershipsOf(user.id)).map((m) => [m.organization_id, m.role])).toEqual([[organizationId, 'owner']]);

    // saving the profile again updates the same organization
    const again = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name, city: 'Irbid', governorate: 'JO-IR' } } });
    expect(again.body.organization_id).toBe(organizationId);
    expect(await membershipsOf(user.id)).toHaveLength(1);
    expect((await Organization.get({ id: organizationId }).go()).data).toMatchObject({ city: 'Irbid', tax_number: '12345678' });

    // fiscal year updates the organization; taxpayer track is skipped
    await call('POST', `${O}/progress`, { token, json: { step: 'fiscal_year', data: { fiscal_year_start_month: 4 } } });
    expect((await Organization.get({ id: organizationId }).go()).data?.fiscal_year_start_month).toBe(4);
    const skipped = await call('POST', `${O}/skip-step/taxpayer_track`, { token });
    expect(skipped.status).toBe(200);
    expect(skipped.body.steps.find((s: { step: string }) => s.step === 'taxpayer_track').status).toBe('skipped');
    expect((await call('POST', `${O}/skip-step/fiscal_year`, { token })).status).toBe(409);

    // the team step invites colleagues by e-mail
    const colleague = uniqueEmail('colleague');
    const team = await call('POST', `${O}/progress`, { token, json: { step: 'invite_team', data: { invitations: [{ email: colleague, role: 'member' }] } } });
    expect(team.status).toBe(200);
    expect(outbox(colleague)).toHaveLength(1);
    expect((await Invitation.query.byOrganization({ organization_id: organizationId }).go()).data).toMatchObject([{ email: colleague, role: 'member', status: 'pending' }]);
    const step = await call('GET', `${O}/progress/invite_team`, { token });
    expect(step.body).toMatchObject({ step: 'invite_team', status: 'completed', data: { invitations: [{ email: colleague, outcome: 'invited' }] } });

    // everything done: valid, complete
    expect((await call('GET', `${O}/validate`, { token })).body).toEqual({ valid: true, missing_steps: [], pending_steps: [], errors: [] });
    const progress = await call('GET', `${O}/progress`, { token });
    expect(progress.body).toMatchObject({ current_step: null, completed_steps: 4, percent_complete: 100, onboarding_completed: false, organization_id: organizationId });
    const done = await call('POST', `${O}/complete`, { token });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ onboarding_completed: true, current_step: null, percent_complete: 100, organization_id: organizationId });
    expect((await User.get({ id: user.id }).go({ consistent: true })).data?.onboarding_completed).toBe(true);
    expect((await call('GET', `${O}/status`, { token })).body.onboarding_completed).toBe(true);
  });

  it('answers 422 for bad step data or an unknown step, and writes nothing', async () => {
    const { user, token } = await newcomer();

    const noName = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { tax_number: '12' } } });
    const unknownField = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name: 'X', mood: 'happy' } } });
    const unknownStep = await call('POST', `${O}/progress`, { token, json: { step: 'payroll', data: {} } });
    const readUnknown = await call('GET', `${O}/progress/payroll`, { token });
    const skipUnknown = await call('POST', `${O}/skip-step/payroll`, { token });

    expect(noName.status).toBe(422);
    expect(noName.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.data.name', 'body.data.tax_number']));
    expect(unknownField.status).toBe(422);
    expect(unknownStep.status).toBe(422);
    expect(readUnknown.status).toBe(422);
    expect(readUnknown.body.detail[0].loc).toEqual(['path', 'step']);
    expect(skipUnknown.status).toBe(422);
    expect(await membershipsOf(user.id)).toHaveLength(0);
    expect((await OnboardingProgress.query.byUser({ user_id: user.id }).go()).data).toHaveLength(0);
  });

  it('keeps a draft without creating anything, and adopts an organization the user already owns', async () => {
    const { user, token } = await newcomer();
    const draft = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name: 'Half typed' }, completed: false } });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ organization_id: null, current_step: 'organization_profile' });
    expect((await call('GET', `${O}/progress/organization_profile`, { token })).body).toMatchObject({ status: 'pending', data: { name: 'Half typed' } });
    expect(await membershipsOf(user.id)).toHaveLength(0);

    const created = await call('POST', '/api/v1/organizations', { token, json: { name: `Owned ${uuidv7().slice(-10)}` } });
    const profile = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name: created.body.name, phone: '+962790000001' } } });
    expect(profile.body.organization_id).toBe(created.body.id);
    expect(await membershipsOf(user.id)).toHaveLength(1);
  });

  it('answers 409 when the profile names an organization that exists, without creating one', async () => {
    const other = await createUser();
    const name = `Taken Name ${uuidv7().slice(-10)}`;
    await call('POST', '/api/v1/organizations', { token: other.token, json: { name } });
    const { user, token } = await newcomer();

    const res = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name } } });

    expect(res.status).toBe(409);
    expect(await membershipsOf(user.id)).toHaveLength(0);
    expect((await OnboardingProgress.query.byUser({ user_id: user.id }).go()).data).toHaveLength(0);
  });

  it('counts as completed for someone who joined an organization by invitation, never for their own (issue #12)', async () => {
    // prepare: an owner who has not finished the wizard invites a newcomer
    const owner = await newcomer();
    const org = await call('POST', '/api/v1/organizations', { token: owner.token, json: { name: `Inviting ${uuidv7().slice(-10)}` } });
    const email = uniqueEmail('invitee');
    expect((await call('POST', `/api/v1/organizations/${org.body.id}/invitations`, { token: owner.token, json: { email, role: 'member' } })).status).toBe(201);
    const link = /accept-invitation\?token=([\w-]+)/.exec(outbox(email).at(-1)?.text ?? '');
    const invitee = await createUser({ email, onboarding_completed: false });
    const before = await call('GET', `${O}/status`, { token: invitee.token });
    expect(before.body).toEqual({ onboarding_completed: false, current_step: 'organization_profile', percent_complete: 0, organization_id: null });
    expect((await call('GET', '/api/v1/users/me', { token: invitee.token })).body.onboarding_completed).toBe(false);

    // act: the newcomer joins
    expect((await call('POST', '/api/v1/invitations/accept', { token: invitee.token, json: { token: link![1] } })).status).toBe(200);

    // the invitee is never sent to set up an organization, nor told it is 0% done
    expect((await call('GET', `${O}/status`, { token: invitee.token })).body).toMatchObject({ onboarding_completed: true, percent_complete: 100 });
    expect((await call('GET', `${O}/progress`, { token: invitee.token })).body).toMatchObject({ onboarding_completed: true, percent_complete: 100 });
    expect((await call('GET', '/api/v1/users/me', { token: invitee.token })).body.onboarding_completed).toBe(true);
    // the flag stored on the user is left as it was: it is what the app acts on that changes
    expect((await User.get({ id: invitee.user.id }).go({ consistent: true })).data?.onboarding_completed).toBe(false);
    // the owner's own organization does not count: their wizard is still unfinished
    expect((await call('GET', `${O}/status`, { token: owner.token })).body.onboarding_completed).toBe(false);
    expect((await call('GET', '/api/v1/users/me', { token: owner.token })).body.onboarding_completed).toBe(false);
  });

  it('keeps the Arabic business name on the organization, and e-invoicing takes it as the Arabic registered name (issue #12)', async () => {
    // prepare
    const { token } = await newcomer();
    const name = `Nour Bakery ${uuidv7().slice(-10)}`;

    // act
    const latinOnly = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name, name_ar: 'Nour Bakery' } } });
    const profile = await call('POST', `${O}/progress`, { token, json: { step: 'organization_profile', data: { name, name_ar: '  مخبز النور  ' } } });

    // assess: a name without Arabic letters is refused before anything is created
    expect(latinOnly.status).toBe(422);
    expect(latinOnly.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'data', 'name_ar'], msg: 'The Arabic name must contain Arabic letters' })]);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const organizationId = profile.body.organization_id as string;
    expect((await Organization.get({ id: organizationId }).go()).data).toMatchObject({ name, name_ar: 'مخبز النور' });
    const shown = await call('GET', `/api/v1/organizations/${organizationId}`, { token });
    expect(shown.body).toMatchObject({ name, name_ar: 'مخبز النور', legal_name: null });
    const settings = await call('GET', `/api/v1/organizations/${organizationId}/e-invoicing/settings`, { token });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // No legal name: the Latin business name is the English registered name.
    expect(settings.body).toMatchObject({ registered_name_ar: 'مخبز النور', registered_name_en: name });
    expect(settings.body.missing_fields).not.toContain('registered_name');

    // a blank field clears it, and the settings no longer have an Arabic name to offer
    const cleared = await call('PUT', `/api/v1/organizations/${organizationId}`, { token, json: { name_ar: ' ' } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.name_ar).toBeNull();
    expect((await call('GET', `/api/v1/organizations/${organizationId}/e-invoicing/settings`, { token })).body).toMatchObject({ registered_name_ar: null, registered_name_en: name });
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', `${O}/status`)).status).toBe(401);
  });
});
