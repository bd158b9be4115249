/**
 * What signing in costs in DynamoDB calls (issue #13): at most 3, in at most 3 sequential steps,
 * with or without a failure counter to clear. Counted by a middleware on the functions' own
 * client (as bench/api.ts does), so every call of the request is seen; steps are groups of calls
 * that overlap in time.
 */
import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@daftar/shared';
import { createUser, TEST_PASSWORD } from '../../test/fixtures.js';
import { AuditLog, AUDIT_PLATFORM } from '../db/auditLog.js';
import { RateLimit } from '../db/rateLimit.js';
import { signIn } from '../users/test-helpers.js';
import { recordRoundTrips as recorded, stepsOf } from '../../test/round-trips.js';

const auditOf = async (email: string, action: string) =>
  (await AuditLog.query.byOrganization({ organization_id: AUDIT_PLATFORM }).go({ pages: 'all' })).data.filter(
    (a) => a.action === action && a.user_email === email,
  );
const emailCounter = async (email: string) => (await RateLimit.get({ scope: 'login-email', subject: email }).go({ consistent: true })).data;

describe('sign-in round trips', () => {
  it('signs in with at most 3 DynamoDB calls in 3 steps and audits it', async () => {
    const { user } = await createUser();
    const { value: res, calls, commands } = await recorded(() => signIn(user.email, TEST_PASSWORD, '198.18.13.10'));
    expect(res.status).toBe(200);
    expect(calls.length, commands.join(', ')).toBeLessThanOrEqual(3);
    expect(stepsOf(calls)).toBeLessThanOrEqual(3);
    // Nothing to clear: the guard and counters in one batch, the user, the audit record.
    expect(commands).toEqual(['BatchGetItemCommand', 'GetItemCommand', 'PutItemCommand']);
    expect(await auditOf(user.email, 'user.signed_in')).toEqual([expect.objectContaining({ user_id: user.id, entity_id: user.id, ip_address: '198.18.13.10' })]);
  });

  it('clears an earlier failure in the same write as the audit record, still in 3 calls', async () => {
    // prepare
    const { user } = await createUser();
    expect((await signIn(user.email, 'not-the-password', '198.18.13.11')).status).toBe(400);
    expect(await emailCounter(user.email)).toMatchObject({ hits: 1 });
    // act
    const { value: res, calls, commands } = await recorded(() => signIn(user.email, TEST_PASSWORD, '198.18.13.11'));
    // assess
    expect(res.status).toBe(200);
    expect(calls.length, commands.join(', ')).toBeLessThanOrEqual(3);
    expect(stepsOf(calls)).toBeLessThanOrEqual(3);
    expect(commands).toEqual(['BatchGetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand']);
    expect(await emailCounter(user.email)).toBeNull();
    expect(await auditOf(user.email, 'user.signed_in')).toHaveLength(1);
  });

  it('counts a wrong password against the address and the IP and audits it; a locked address costs one read', async () => {
    // prepare
    const { user } = await createUser();
    const ip = '198.18.13.12';
    // act
    const { value: wrong, calls } = await recorded(() => signIn(user.email, 'not-the-password', ip));
    // assess
    expect(wrong.status).toBe(400);
    expect(calls.length).toBeLessThanOrEqual(5);
    expect(await emailCounter(user.email)).toMatchObject({ hits: 1 });
    expect((await RateLimit.get({ scope: 'login-ip', subject: ip }).go({ consistent: true })).data).toMatchObject({ hits: 1 });
    const failed = await auditOf(user.email, 'user.sign_in_failed');
    expect(failed).toEqual([expect.objectContaining({ user_id: user.id, entity_id: user.id, ip_address: ip })]);

    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) expect((await signIn(user.email, `wrong-${i}`, `198.18.13.${20 + i}`)).status).toBe(400);
    expect(await auditOf(user.email, 'user.sign_in_failed')).toHaveLength(LOGIN_MAX_FAILURES);
    const { value: locked, commands } = await recorded(() => signIn(user.email, TEST_PASSWORD, '198.18.13.40'));
    expect(locked.status).toBe(429);
    expect(commands).toEqual(['BatchGetItemCommand']);
    expect(await emailCounter(user.email)).toMatchObject({ hits: LOGIN_MAX_FAILURES });
  });
});
