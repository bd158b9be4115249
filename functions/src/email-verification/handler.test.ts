import { describe, expect, it } from 'vitest';
import { EMAIL_CODE_MAX_ATTEMPTS } from '@daftar/shared';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { createUser } from '../../test/fixtures.js';
import { EmailVerification } from '../db/emailVerification.js';
import { RateLimit } from '../db/rateLimit.js';
import { User } from '../db/user.js';
import { epochSeconds } from '../platform/ids.js';
import { signIn, verificationCodeFor, verificationLinkFor } from '../users/test-helpers.js';

const PASSWORD = 'verify-me-please';
const GENERIC = 'If this email belongs to an account that is not verified yet, a new verification code has been sent';

async function signUp(email = uniqueEmail('verify')) {
  const res = await call('POST', '/api/v1/users/signup', { json: { email, password: PASSWORD }, ip: '10.1.1.1' });
  expect(res.status).toBe(200);
  return { email, id: res.body.id as string };
}

const isVerified = async (id: string) => (await User.get({ id }).go()).data!.is_verified;
/** The per-address cooldown has passed (its stored end time decides). */
const cooldownPassed = (email: string) => RateLimit.patch({ scope: 'verify-mail', subject: email }).set({ window_ends: epochSeconds() - 1 }).go();

describe('verification by link', () => {
  it('verifies the address once; the link then stops working', async () => {
    const { email, id } = await signUp();
    const { token } = verificationLinkFor(email);
    const res = await call('POST', `/api/v1/verify-email/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Email verified successfully', email, is_verified: true });
    expect(await isVerified(id)).toBe(true);
    expect((await EmailVerification.get({ email }).go()).data).toBeNull();
    expect((await signIn(email, PASSWORD)).status).toBe(200);

    const again = await call('POST', `/api/v1/verify-email/${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'Invalid or expired verification link' });
  });

  it('refuses a made-up token', async () => {
    const res = await call('POST', '/api/v1/verify-email/not-a-real-token');
    expect(res.status).toBe(400);
  });
});

describe('verification by code', () => {
  it(`kills the code after ${EMAIL_CODE_MAX_ATTEMPTS} wrong tries, even for the right one`, async () => {
    const { email, id } = await signUp();
    const code = verificationCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < EMAIL_CODE_MAX_ATTEMPTS; i++) {
      const res = await call('POST', '/api/v1/verify-email-code', { json: { email, code: wrong } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Invalid or expired code' });
    }
    const right = await call('POST', '/api/v1/verify-email-code', { json: { email, code } });
    expect(right.status).toBe(400);
    expect(await isVerified(id)).toBe(false);
    // The mailed link still works: it proves the mailbox, and guessing cannot exhaust it.
    expect((await call('POST', `/api/v1/verify-email/${verificationLinkFor(email).token}`)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email, id } = await signUp();
    await EmailVerification.patch({ email }).set({ expires_at: epochSeconds() - 1 }).go();
    const res = await call('POST', '/api/v1/verify-email-code', { json: { email, code: verificationCodeFor(email) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Invalid or expired code' });
    expect(await isVerified(id)).toBe(false);
  });

  it('answers the same 400 for an address without an account, and 422 for a malformed code', async () => {
    const unknown = await call('POST', '/api/v1/verify-email-code', { json: { email: uniqueEmail('none'), code: '123456' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ detail: 'Invalid or expired code' });
    const malformed = await call('POST', '/api/v1/verify-email-code', { json: { email: uniqueEmail('none'), code: '12ab56' } });
    expect(malformed.status).toBe(422);
  });

  it('accepts a code typed with a space', async () => {
    const { email, id } = await signUp();
    const code = verificationCodeFor(email);
    const res = await call('POST', '/api/v1/verify-email-code', { json: { email, code: `${code.slice(0, 3)} ${code.slice(3)}` } });
    expect(res.status).toBe(200);
    expect(await isVerified(id)).toBe(true);
  });
});

describe('sending codes', () => {
  it('a resend retires the old code and link; asking again within a minute is 429', async () => {
    // prepare
    const { email, id } = await signUp();
    const oldCode = verificationCodeFor(email);
    const oldLink = verificationLinkFor(email).token;
    // act: straight after sign-up the address is still cooling down
    const tooSoon = await call('POST', '/api/v1/resend-verification', { json: { email } });
    await cooldownPassed(email);
    const resent = await call('POST', '/api/v1/resend-verification', { json: { email } });
    const newCode = verificationCodeFor(email);
    // assess
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'] ?? tooSoon.headers['Retry-After'])).toBeGreaterThan(0);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: GENERIC });
    expect(outbox(email)).toHaveLength(2);
    expect((await call('POST', '/api/v1/send-verification-code', { json: { email } })).status).toBe(429);
    if (newCode !== oldCode) {
      expect((await call('POST', '/api/v1/verify-email-code', { json: { email, code: oldCode } })).status).toBe(400);
    }
    expect((await call('POST', `/api/v1/verify-email/${oldLink}`)).status).toBe(400);
    expect((await call('POST', '/api/v1/verify-email-code', { json: { email, code: newCode } })).status).toBe(200);
    expect(await isVerified(id)).toBe(true);
  });

  it('answers unknown and already verified addresses with the same message and sends nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const { user } = await createUser({ is_verified: true });
    const a = await call('POST', '/api/v1/send-verification-code', { json: { email: ghost } });
    const b = await call('POST', '/api/v1/send-verification-code', { json: { email: user.email } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(outbox(ghost)).toHaveLength(0);
    expect(outbox(user.email)).toHaveLength(0);
    // The cooldown applies to unknown addresses too, so a 429 does not reveal an account.
    expect((await call('POST', '/api/v1/send-verification-code', { json: { email: ghost } })).status).toBe(429);
  });

  it('validates the body', async () => {
    const res = await call('POST', '/api/v1/send-verification-code', { json: { email: 'nope' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'email'], msg: 'Invalid email address' });
    expect((await call('POST', '/api/v1/send-verification-code', { json: { email: uniqueEmail(), extra: 1 } })).status).toBe(422);
  });
});

describe('verification status', () => {
  it('tells whether an address is verified; unknown ones are not', async () => {
    const { email } = await signUp();
    const { user } = await createUser({ is_verified: true });
    const ghost = uniqueEmail('ghost');
    expect((await call('POST', '/api/v1/check-verification-status', { json: { email } })).body).toEqual({ email, is_verified: false });
    expect((await call('POST', '/api/v1/check-verification-status', { json: { email: user.email.toUpperCase() } })).body).toEqual({ email: user.email, is_verified: true });
    expect((await call('POST', '/api/v1/check-verification-status', { json: { email: ghost } })).body).toEqual({ email: ghost, is_verified: false });
  });
});
