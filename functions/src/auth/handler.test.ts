import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@daftar/shared';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { createUser, TEST_PASSWORD } from '../../test/fixtures.js';
import { malformedMultipart, malformedUrlencoded } from '../../test/malformed-bodies.js';
import { AuditLog, AUDIT_PLATFORM } from '../db/auditLog.js';
import { PasswordReset } from '../db/passwordReset.js';
import { RateLimit } from '../db/rateLimit.js';
import { RevokedToken } from '../db/revokedToken.js';
import { User } from '../db/user.js';
import { epochSeconds } from '../platform/ids.js';
import { resetTokenFor, signIn } from '../users/test-helpers.js';
import { sha256 } from '../email-verification/verification.js';
import { LOGIN_MAX_FAILURES_PER_IP } from './rateLimit.js';

const retryAfter = (headers: Record<string, string>) => Number(headers['retry-after'] ?? headers['Retry-After']);
const failedSignIns = async (email: string) =>
  (await AuditLog.query.byOrganization({ organization_id: AUDIT_PLATFORM }).go({ pages: 'all' })).data.filter(
    (a) => a.action === 'user.sign_in_failed' && a.user_email === email,
  );

describe('sign-in', () => {
  it('issues a bearer token whose holder /login/test-token names', async () => {
    const { user } = await createUser();
    const login = await signIn(user.email, TEST_PASSWORD, '198.51.100.1');
    expect(login.status).toBe(200);
    expect(login.body.token_type).toBe('bearer');
    const who = await call('POST', '/api/v1/login/test-token', { token: login.body.access_token });
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ id: user.id, email: user.email, is_superuser: false });
  });

  it('answers the template texts: wrong password and unknown e-mail alike, then inactive users', async () => {
    const { user } = await createUser();
    const nobody = uniqueEmail('nobody');
    const wrong = await signIn(user.email, 'not-the-password', '198.51.100.2');
    const unknown = await signIn(nobody, TEST_PASSWORD, '198.51.100.2');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: 'Incorrect email or password' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: 'Incorrect email or password' });
    expect(await failedSignIns(user.email)).toEqual([expect.objectContaining({ user_id: user.id, entity_id: user.id, ip_address: '198.51.100.2' })]);
    expect(await failedSignIns(nobody)).toEqual([expect.not.objectContaining({ user_id: expect.anything() })]);

    await User.patch({ id: user.id }).set({ is_active: false }).go();
    const inactive = await signIn(user.email, TEST_PASSWORD, '198.51.100.2');
    expect(inactive.status).toBe(400);
    expect(inactive.body).toEqual({ detail: 'Inactive user' });
    // Inactive users learn nothing from a wrong password either.
    expect((await signIn(user.email, 'not-the-password', '198.51.100.2')).body.detail).toBe('Incorrect email or password');
  });

  it(`refuses with 429 after ${LOGIN_MAX_FAILURES} failures, even with the right password, until the window passes`, async () => {
    // prepare
    const { user } = await createUser();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await signIn(user.email, `wrong-${i}`, `203.0.113.${i}`)).status).toBe(400);
    }
    // act
    const locked = await signIn(user.email, TEST_PASSWORD, '203.0.113.200');
    const stillLocked = await signIn(user.email.toUpperCase(), TEST_PASSWORD, '203.0.113.201');
    // assess
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect(retryAfter(locked.headers)).toBeGreaterThan(0);
    expect(retryAfter(locked.headers)).toBeLessThanOrEqual(15 * 60);
    expect(stillLocked.status).toBe(429);
    // Refused attempts are not audited: the record of failures stays bounded.
    expect(await failedSignIns(user.email)).toHaveLength(LOGIN_MAX_FAILURES);

    // The window ends (TTL deletion lags, so the stored end time decides).
    await RateLimit.patch({ scope: 'login-email', subject: user.email }).set({ window_ends: epochSeconds() - 1 }).go();
    const after = await signIn(user.email, TEST_PASSWORD, '203.0.113.202');
    expect(after.status).toBe(200);
    // Success resets the address's counter.
    expect((await RateLimit.get({ scope: 'login-email', subject: user.email }).go()).data).toBeNull();
  });

  it(`refuses an IP that failed ${LOGIN_MAX_FAILURES_PER_IP} times across many accounts`, async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      expect((await signIn(uniqueEmail('spray'), 'Winter2025!', ip)).status).toBe(400);
    }
    const { user } = await createUser();
    const refused = await signIn(user.email, TEST_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '203.0.113.100')).status).toBe(200);
  });
});

describe('sign-out', () => {
  it('revokes this token only, until it would have expired', async () => {
    const { user } = await createUser();
    const first = (await signIn(user.email, TEST_PASSWORD, '198.51.100.3')).body.access_token;
    const second = (await signIn(user.email, TEST_PASSWORD, '198.51.100.3')).body.access_token;
    const out = await call('POST', '/api/v1/logout', { token: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Successfully logged out' });
    expect((await call('GET', '/api/v1/users/me', { token: first })).status).toBe(401);
    expect((await call('POST', '/api/v1/logout', { token: first })).status).toBe(401);
    expect((await call('GET', '/api/v1/users/me', { token: second })).status).toBe(200);
    const jti = JSON.parse(Buffer.from(first.split('.')[1], 'base64url').toString()).jti;
    const exp = JSON.parse(Buffer.from(first.split('.')[1], 'base64url').toString()).exp;
    expect((await RevokedToken.get({ jti }).go()).data).toMatchObject({ user_id: user.id, ttl: exp });
  });

  it('needs a token', async () => {
    expect((await call('POST', '/api/v1/logout')).status).toBe(401);
  });
});

describe('password recovery', () => {
  it('mails a single-use link that sets the password and ends existing sessions', async () => {
    // prepare
    const { user, token: oldToken } = await createUser();
    // act
    const asked = await call('POST', `/api/v1/password-recovery/${encodeURIComponent(user.email)}`, { ip: '198.51.100.10' });
    const resetToken = resetTokenFor(user.email);
    const reset = await call('POST', '/api/v1/reset-password', { json: { token: resetToken, new_password: 'a-brand-new-secret' } });
    // assess
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: 'Password recovery email sent' });
    expect(outbox(user.email).at(-1)!.text).toContain('http://localhost:3000/reset-password?token=');
    expect((await PasswordReset.get({ token_hash: resetToken }).go()).data).toBeNull(); // stored hashed only
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password updated successfully' });
    expect((await call('GET', '/api/v1/users/me', { token: oldToken })).status).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.10')).status).toBe(400);
    expect((await signIn(user.email, 'a-brand-new-secret', '198.51.100.10')).status).toBe(200);
    expect((await PasswordReset.get({ token_hash: sha256(resetToken) }).go()).data).toBeNull();

    const reused = await call('POST', '/api/v1/reset-password', { json: { token: resetToken, new_password: 'yet-another-secret' } });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ detail: 'Invalid token' });
    expect((await signIn(user.email, 'a-brand-new-secret', '198.51.100.10')).status).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await call('POST', `/api/v1/password-recovery/${email}`, { ip: '198.51.100.11' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password recovery email sent' });
    expect(outbox(email)).toHaveLength(0);
  });

  it('refuses a repeated request for the same address within a minute, known or not', async () => {
    const { user } = await createUser();
    const ghost = uniqueEmail('ghost');
    expect((await call('POST', `/api/v1/password-recovery/${user.email}`, { ip: '198.51.100.12' })).status).toBe(200);
    expect((await call('POST', `/api/v1/password-recovery/${ghost}`, { ip: '198.51.100.12' })).status).toBe(200);
    const again = await call('POST', `/api/v1/password-recovery/${user.email}`, { ip: '198.51.100.13' });
    const ghostAgain = await call('POST', `/api/v1/password-recovery/${ghost}`, { ip: '198.51.100.13' });
    expect(again.status).toBe(429);
    expect(ghostAgain.status).toBe(429);
    expect(retryAfter(again.headers)).toBeGreaterThan(0);
    expect(outbox(user.email)).toHaveLength(1);
  });

  it('rejects an unknown, an expired and an outdated token, and validates the new password', async () => {
    const { user } = await createUser();
    expect((await call('POST', '/api/v1/reset-password', { json: { token: 'nope', new_password: 'long-enough-1' } })).body).toEqual({ detail: 'Invalid token' });

    await call('POST', `/api/v1/password-recovery/${user.email}`, { ip: '198.51.100.14' });
    const token = resetTokenFor(user.email);
    const short = await call('POST', '/api/v1/reset-password', { json: { token, new_password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body.detail[0].msg).toBe('Password must be at least 8 characters');

    await PasswordReset.patch({ token_hash: sha256(token) }).set({ expires_at: epochSeconds() - 1 }).go();
    const expired = await call('POST', '/api/v1/reset-password', { json: { token, new_password: 'long-enough-1' } });
    expect(expired.status).toBe(400);
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.14')).status).toBe(200);

    // A password changed after the link was sent makes the link useless.
    await RateLimit.delete({ scope: 'recovery-mail', subject: user.email }).go();
    await call('POST', `/api/v1/password-recovery/${user.email}`, { ip: '198.51.100.14' });
    const later = resetTokenFor(user.email);
    await User.patch({ id: user.id }).add({ token_version: 1 }).go();
    expect((await call('POST', '/api/v1/reset-password', { json: { token: later, new_password: 'long-enough-1' } })).status).toBe(400);
  });

  it('shows superusers the recovery e-mail as HTML without sending it; others get 403', async () => {
    const admin = await createUser({ is_superuser: true });
    const { user, token } = await createUser();
    const html = await call('POST', `/api/v1/password-recovery-html-content/${user.email}`, { token: admin.token });
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.raw.toString()).toContain('/reset-password?token=');
    expect(outbox(user.email)).toHaveLength(0);
    expect((await call('POST', `/api/v1/password-recovery-html-content/${user.email}`, { token })).status).toBe(403);
    expect((await call('POST', `/api/v1/password-recovery-html-content/${uniqueEmail('none')}`, { token: admin.token })).status).toBe(404);
  });
});

describe('sign-in with a malformed body', () => {
  const LOGIN = '/api/v1/login/access-token';
  const platformAudit = async () => (await AuditLog.query.byOrganization({ organization_id: AUDIT_PLATFORM }).go({ pages: 'all' })).data.length;

  it('also takes the form as multipart/form-data, as OAuth2 clients may send it', async () => {
    const { user } = await createUser();
    const boundary = '----daftarLogin';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = `${part('username', user.email)}${part('password', TEST_PASSWORD)}--${boundary}--\r\n`;
    const res = await call('POST', LOGIN, { raw: { body, contentType: `multipart/form-data; boundary=${boundary}` }, ip: '198.51.100.90' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.token_type).toBe('bearer');
  });

  it('answers truncated, boundary-less, oversized and badly encoded bodies with a 4xx and a detail, writing nothing', async () => {
    // prepare: the right e-mail and password inside every body, so a body read leniently would sign in
    const { user } = await createUser();
    const cases = [
      ...malformedMultipart(1024 * 1024, { username: user.email, password: TEST_PASSWORD }),
      ...malformedUrlencoded({ parsed: true }).map((c) => ({ ...c, body: Buffer.from(c.body.toString('latin1').replace('username=a&', `username=${encodeURIComponent(user.email)}&`), 'latin1') })),
    ];
    const auditBefore = await platformAudit();
    for (const c of cases) {
      // act
      const res = await call('POST', LOGIN, { raw: { body: c.body, contentType: c.contentType }, ip: '198.51.100.91' });
      // assess
      expect({ name: c.name, status: res.status }).toEqual({ name: c.name, status: c.status });
      expect(res.body.detail, c.name).toBeTruthy();
    }
    // No failure was counted (the user is not locked out) and nothing was audited.
    expect(await failedSignIns(user.email)).toEqual([]);
    expect(await platformAudit()).toBe(auditBefore);
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.91')).status).toBe(200);
  });
});
