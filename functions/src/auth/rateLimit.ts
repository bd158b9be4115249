import { LOGIN_FAILURE_WINDOW_SECONDS } from '@daftar/shared';
import { RateLimit, type RateLimitItem } from '../db/rateLimit.js';
import { TooManyRequests } from '../platform/errors.js';
import { epochSeconds } from '../platform/ids.js';
import { isConditionFailure } from '../db/transaction.js';

/**
 * One IP may fail this many sign-ins per window across all accounts: enough for an office
 * behind one NAT, too few to spray a password over many accounts.
 */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/** A new verification or recovery e-mail to the same address at most once a minute. */
export const MAIL_COOLDOWN_SECONDS = 60;
/** Public calls that send e-mail, per source IP and window, so no one mails a list of strangers. */
export const MAIL_MAX_PER_IP = 20;
export const MAIL_IP_WINDOW_SECONDS = 15 * 60;
/** Public look-ups of verification status per source IP and window. */
export const STATUS_MAX_PER_IP = 60;
/** Sign-ups per source IP and window (each one mails a code to the address given). */
export const SIGNUPS_MAX_PER_IP = 20;

export type RateScope = 'login-email' | 'login-ip' | 'verify-mail' | 'recovery-mail' | 'mail-ip' | 'status-ip' | 'signup-ip' | 'invitation-ip';

/** Seconds until the window ends when `max` hits are used up in it, else null. */
export function secondsLimited(item: RateLimitItem | null, max: number, now = epochSeconds()): number | null {
  if (!item || item.window_ends <= now || item.hits < max) return null;
  return item.window_ends - now;
}

/**
 * Counts one hit in the subject's window and returns the counter. The window opens with the
 * first hit; a window that has ended (TTL deletion lags up to days) is replaced by a fresh one.
 */
export async function countHit(scope: RateScope, subject: string, windowSeconds: number): Promise<RateLimitItem> {
  for (let attempt = 0; ; attempt++) {
    const now = epochSeconds();
    const end = now + windowSeconds;
    try {
      const { data } = await RateLimit.upsert({ scope, subject })
        .ifNotExists({ window_ends: end, ttl: end })
        .add({ hits: 1 })
        .where(({ window_ends }, { notExists, gt }) => `${notExists(window_ends)} OR ${gt(window_ends, now)}`)
        .go({ response: 'all_new' });
      return data as RateLimitItem;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    try {
      const fresh = { scope, subject, hits: 1, window_ends: end, ttl: end };
      await RateLimit.put(fresh)
        .where(({ window_ends }, { notExists, lte }) => `${notExists(window_ends)} OR ${lte(window_ends, now)}`)
        .go();
      return fresh;
    } catch (err) {
      // Someone else opened the new window first: count in theirs.
      if (!isConditionFailure(err) || attempt >= 2) throw err;
    }
  }
}

export async function clearLimit(scope: RateScope, subject: string) {
  await RateLimit.delete({ scope, subject }).go();
}

const wait = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** Counts a hit and answers 429 (with Retry-After) when it is over `max` in the window. */
export async function consume(scope: RateScope, subject: string, max: number, windowSeconds: number, what: string) {
  const counter = await countHit(scope, subject, windowSeconds);
  if (counter.hits > max) {
    const seconds = Math.max(1, counter.window_ends - epochSeconds());
    throw new TooManyRequests(`Too many ${what}. Try again in ${wait(seconds)}.`, seconds);
  }
}

/** Public calls that send mail: once a minute per address, and a bounded number per IP. */
export async function consumeMailQuota(scope: 'verify-mail' | 'recovery-mail', email: string, ip: string | null) {
  if (ip) await consume('mail-ip', ip, MAIL_MAX_PER_IP, MAIL_IP_WINDOW_SECONDS, 'email requests from this address');
  await consume(scope, email, 1, MAIL_COOLDOWN_SECONDS, 'email requests for this address');
}

/**
 * The sign-in throttle: refuses while the e-mail or the source IP has used up its failures. Takes
 * the counters as read (sign-in reads them in the same BatchGetItem as the e-mail guard).
 */
export function assertSignInAllowed(byEmail: RateLimitItem | null, byIp: RateLimitItem | null, maxPerEmail: number, now = epochSeconds()) {
  const seconds = Math.max(secondsLimited(byEmail, maxPerEmail, now) ?? 0, secondsLimited(byIp, LOGIN_MAX_FAILURES_PER_IP, now) ?? 0);
  if (seconds > 0) throw new TooManyRequests(`Too many failed sign-in attempts. Try again in ${wait(seconds)}.`, seconds);
}

/** Counts a failed sign-in against the e-mail and the IP; returns the e-mail's failure count. */
export async function recordSignInFailure(email: string, ip: string | null): Promise<number> {
  const [byEmail] = await Promise.all([
    countHit('login-email', email, LOGIN_FAILURE_WINDOW_SECONDS),
    ip ? countHit('login-ip', ip, LOGIN_FAILURE_WINDOW_SECONDS) : null,
  ]);
  return byEmail.hits;
}
