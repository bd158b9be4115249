import { narrate } from '@daftar/shared/narrative';
import { describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../../test/client.js';
import { AuditLog, AUDIT_PLATFORM, userScope } from '../db/auditLog.js';
import { signIn, verificationCodeFor } from './test-helpers.js';

/** Arabic isolates around every inserted value, so a Latin address keeps its direction in the sentence. */
const iso = (value: string | number) => `\u2068${value}\u2069`;

const platformRecords = async (userId: string) =>
  (await AuditLog.query.byUser({ user_scope: userScope(AUDIT_PLATFORM, userId) }).go({ pages: 'all' })).data;

describe('platform audit records carry a narrative in the reader\'s language', () => {
  it('sign-up, verification, sign-in, a password change and a new API key: keys, unchanged English, Arabic', async () => {
    // prepare
    const email = uniqueEmail('narrative');
    const signup = await call('POST', '/api/v1/users/signup', { json: { email, password: 'first-password-1' } });
    expect(signup.status).toBe(200);
    const userId = signup.body.id as string;
    expect((await call('POST', '/api/v1/verify-email-code', { json: { email, code: verificationCodeFor(email) } })).status).toBe(200);
    const wrong = await signIn(email, 'not-the-password');
    expect(wrong.status).toBe(400);
    const login = await signIn(email, 'first-password-1');
    expect(login.status).toBe(200);

    // act
    const changed = await call('PATCH', '/api/v1/users/me/password', {
      token: login.body.access_token,
      json: { current_password: 'first-password-1', new_password: 'second-password-2' },
    });
    expect(changed.status).toBe(200);
    const token = changed.body.access_token as string;
    const org = await call('POST', '/api/v1/organizations', { token, json: { name: `Narrative ${userId.slice(-8)}` } });
    expect(org.status).toBe(201);
    const key = await call('POST', `/api/v1/organizations/${org.body.id}/api-keys`, { token, json: { name: 'POS bridge', role: 'member' } });
    expect(key.status).toBe(201);

    // assess: the platform records, as stored
    const platform = await platformRecords(userId);
    const byAction = (action: string) => {
      const found = platform.filter((r) => r.action === action);
      expect(found, action).toHaveLength(1);
      return found[0]!;
    };
    const signedUp = byAction('user.signed_up');
    expect(signedUp.narrative).toEqual({ key: 'audit.user.signed_up', params: { email } });
    expect(signedUp.summary).toBe(`${email} signed up`);
    expect(narrate(signedUp.narrative as never, 'ar')).toBe(`أنشأ ${iso(email)} حسابًا`);

    const verified = byAction('user.email_verified');
    expect(verified.narrative).toEqual({ key: 'audit.user.verified_by_code', params: { email } });
    expect(verified.summary).toBe(`${email} verified by code`);

    const failed = byAction('user.sign_in_failed');
    expect(failed.narrative).toEqual({ key: 'audit.auth.sign_in_failed', params: { email, failures: 1, minutes: 15 } });
    expect(failed.summary).toBe(`Failed sign-in for ${email} (1 in 15 min)`);
    expect(narrate(failed.narrative as never, 'ar')).toBe(`فشل تسجيل دخول ${iso(email)} (المحاولات: ${iso(1)} خلال ${iso(15)} دقيقة)`);

    const signedIn = byAction('user.signed_in');
    expect(signedIn.narrative).toEqual({ key: 'audit.auth.signed_in', params: { email } });
    expect(narrate(signedIn.narrative as never, 'ar')).toBe(`سجّل ${iso(email)} الدخول`);

    // The password change is an organization-less call of the signed-in user: a platform record too.
    const password = byAction('user.password_changed');
    expect(password.narrative).toEqual({ key: 'audit.user.password_changed', params: { email } });
    expect(password.summary).toBe(`${email} changed their password`);
    expect(narrate(password.narrative as never, 'ar')).toBe(`غيّر ${iso(email)} كلمة المرور`);

    // assess: the organization's records, as the audit log answers them
    const log = await call('GET', `/api/v1/organizations/${org.body.id}/audit-logs`, { token });
    expect(log.status).toBe(200);
    const created = log.body.data.find((r: { action: string }) => r.action === 'api_key.created');
    expect(created.narrative).toEqual({ key: 'audit.api_key.created', params: { name: 'POS bridge', prefix: key.body.key_prefix, role: 'member' } });
    expect(created.summary).toBe(`API key "POS bridge" (${key.body.key_prefix}, member) created`);
    // The role is a term: translated, not isolated; the name and prefix are data: isolated as they are.
    expect(narrate(created.narrative, 'ar')).toBe(`أُنشئ مفتاح API «${iso('POS bridge')}» (${iso(key.body.key_prefix)}، عضو)`);
    const orgCreated = log.body.data.find((r: { action: string }) => r.action === 'organization.created');
    expect(orgCreated.narrative).toEqual({ key: 'audit.organization.created', params: { name: org.body.name } });
    expect(narrate(orgCreated.narrative, 'ar')).toBe(`أُنشئت المؤسسة «${iso(org.body.name)}»`);
  });

  it('an onboarding step is named by its title in either language', () => {
    const narrative = { key: 'audit.onboarding.step_completed_invited', params: { step: 'invite_team', invited: 2 } };
    expect(narrate(narrative, 'en')).toBe('Onboarding step invite your team completed (2 invited)');
    expect(narrate(narrative, 'ar')).toBe(`اكتملت خطوة الإعداد «دعوة فريقك» (المدعوون: ${iso(2)})`);
  });
});
