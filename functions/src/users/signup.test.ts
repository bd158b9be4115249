import { describe, expect, it } from 'vitest';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { AuditLog, AUDIT_PLATFORM } from '../db/auditLog.js';
import { EmailVerification } from '../db/emailVerification.js';
import { User, UserEmail } from '../db/user.js';
import { signIn, verificationCodeFor, verificationLinkFor } from './test-helpers.js';

const PASSWORD = 'sesame-street-42';

describe('sign-up', () => {
  it('creates an unverified account, mails a code and a link, and the verified user signs in and reads /users/me', async () => {
    // prepare
    const email = uniqueEmail('signup');
    // act
    const signup = await call('POST', '/api/v1/users/signup', { json: { email: email.toUpperCase(), password: PASSWORD, full_name: 'Rana Haddad' } });
    // assess
    expect(signup.status).toBe(200);
    expect(signup.body).toEqual({
      id: expect.any(String),
      email,
      full_name: 'Rana Haddad',
      is_active: true,
      is_superuser: false,
      is_verified: false,
      onboarding_completed: false,
      created_at: expect.any(String),
    });
    expect(signup.body).not.toHaveProperty('password_hash');
    const mail = outbox(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.html).toContain('dir="rtl"');
    const code = verificationCodeFor(email);
    const { url } = verificationLinkFor(email);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/verify-email');
    expect(url.searchParams.get('email')).toBe(email);
    const stored = (await EmailVerification.get({ email }).go()).data!;
    expect(stored.code_hash).not.toContain(code);
    expect(stored.link_token_hash).not.toBe(url.searchParams.get('token'));

    // Before verification the password is right but the address is not confirmed.
    const early = await signIn(email, PASSWORD);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ detail: 'Email not verified' });

    const verify = await call('POST', '/api/v1/verify-email-code', { json: { email, code } });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ email, is_verified: true });

    const login = await signIn(email, PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });

    const me = await call('GET', '/api/v1/users/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: signup.body.id, email, full_name: 'Rana Haddad', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: false });

    const audit = await AuditLog.query.byOrganization({ organization_id: AUDIT_PLATFORM }).go();
    const actions = audit.data.filter((a) => a.user_id === signup.body.id).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.signed_up', 'user.email_verified', 'user.signed_in']));
  });

  it('refuses a second account with the same e-mail (any case) with 409 and writes nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await call('POST', '/api/v1/users/signup', { json: { email, password: PASSWORD } })).status).toBe(200);
    const again = await call('POST', '/api/v1/users/signup', { json: { email: email.toUpperCase(), password: 'another-password' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'The user with this email already exists in the system' });
    const users = await User.query.byEmail({ email }).go();
    expect(users.data).toHaveLength(1);
    expect(outbox(email)).toHaveLength(1);
  });

  it('answers 422 in the FastAPI shape with the SPEC texts for a bad e-mail and a short password', async () => {
    const res = await call('POST', '/api/v1/users/signup', { json: { email: 'not-an-email', password: 'short' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'email'], msg: 'Invalid email address', type: expect.any(String) },
        { loc: ['body', 'password'], msg: 'Password must be at least 8 characters', type: expect.any(String) },
      ]),
    );
    expect((await UserEmail.get({ email: 'not-an-email' }).go()).data).toBeNull();
  });

  it('answers 422 for an unknown field, a missing body and malformed JSON', async () => {
    const email = uniqueEmail('strict');
    const unknown = await call('POST', '/api/v1/users/signup', { json: { email, password: PASSWORD, is_superuser: true } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].type).toBe('unrecognized_keys');
    expect((await UserEmail.get({ email }).go()).data).toBeNull();

    const missing = await call('POST', '/api/v1/users/signup');
    expect(missing.status).toBe(422);

    const malformed = await call('POST', '/api/v1/users/signup', { raw: { body: '{"email": "x@y.jo", ', contentType: 'application/json' } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });

  it('limits sign-ups per source IP', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) {
      // Duplicates count too: each attempt is a request to create an account.
      const res = await call('POST', '/api/v1/users/signup', { json: { email: 'same.person@example.jo', password: PASSWORD }, ip });
      expect([200, 409]).toContain(res.status);
    }
    const refused = await call('POST', '/api/v1/users/signup', { json: { email: uniqueEmail('ip'), password: PASSWORD }, ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'] ?? refused.headers['Retry-After'])).toBeGreaterThan(0);
  });
});
