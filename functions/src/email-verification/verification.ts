import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_SECONDS } from '@daftar/shared';
import { EmailVerification, type EmailVerificationItem } from '../db/emailVerification.js';
import { EmailVerificationLink } from '../db/emailVerificationLink.js';
import { User } from '../db/user.js';
import { config } from '../platform/config.js';
import { epochSeconds, nowIso, randomDigits, randomToken } from '../platform/ids.js';
import { renderEmail, sendMail } from '../platform/mailer.js';
import { jwtSecret } from '../platform/secrets.js';
import { isConditionFailure, postTransaction, TransactionRejected, type TransactItem } from '../db/transaction.js';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A 6-digit code has a million values, so a plain hash would be reversed instantly by whoever
 * reads the table; an HMAC under the server's signing secret is not.
 */
async function codeHash(email: string, code: string) {
  return createHmac('sha256', await jwtSecret()).update(`email-code:${email}:${code}`).digest('hex');
}

export interface PendingVerification {
  email: string;
  code: string;
  token: string;
  /** The writes that store it: put them in the transaction that needs them, or `storeVerification`. */
  items: TransactItem[];
}

/** A new code and link for `email`; storing it replaces (and so retires) any earlier ones. */
export async function newVerification(email: string, userId: string): Promise<PendingVerification> {
  const code = randomDigits(6);
  const token = randomToken(32);
  const expiresAt = epochSeconds() + EMAIL_CODE_TTL_SECONDS;
  const tokenHash = sha256(token);
  const items: TransactItem[] = [
    {
      Put: EmailVerification.put({
        email,
        user_id: userId,
        code_hash: await codeHash(email, code),
        link_token_hash: tokenHash,
        attempts: 0,
        expires_at: expiresAt,
        created_at: nowIso(),
        ttl: expiresAt,
      }).params(),
    },
    { Put: EmailVerificationLink.put({ token_hash: tokenHash, email, user_id: userId, expires_at: expiresAt, ttl: expiresAt }).params() },
  ];
  return { email, code, token, items };
}

export const verificationLink = (email: string, token: string) =>
  `${config.appUrl}/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;

export function verificationEmail(email: string, code: string, token: string) {
  const minutes = Math.round(EMAIL_CODE_TTL_SECONDS / 60);
  const { text, html } = renderEmail({
    en: {
      heading: 'Verify your email address',
      paragraphs: [
        'Welcome to Daftar. Enter this code on the verification page, or use the button below, to confirm that this address is yours.',
        `The code and the button expire in ${minutes} minutes. If you did not create a Daftar account, ignore this email.`,
      ],
      action: 'Verify email',
    },
    ar: {
      heading: 'تأكيد عنوان بريدك الإلكتروني',
      paragraphs: [
        'مرحباً بك في دفتر. أدخل هذا الرمز في صفحة التأكيد، أو استخدم الزر أدناه، لتأكيد أن هذا العنوان يخصك.',
        `تنتهي صلاحية الرمز والزر خلال ${minutes} دقيقة. إذا لم تنشئ حساباً في دفتر فتجاهل هذه الرسالة.`,
      ],
      action: 'تأكيد البريد الإلكتروني',
    },
    code,
    actionUrl: verificationLink(email, token),
  });
  return { to: email, subject: 'Daftar: verify your email address · دفتر: تأكيد بريدك الإلكتروني', text, html };
}

export async function sendVerification(pending: PendingVerification) {
  await sendMail(verificationEmail(pending.email, pending.code, pending.token));
}

/** Stores a new verification for the user's address and e-mails it. */
export async function issueVerification(user: { id: string; email: string }) {
  const pending = await newVerification(user.email, user.id);
  await postTransaction(pending.items);
  await sendVerification(pending);
}

/**
 * Counts one try of the address's code and returns the record, or null when there is no live
 * code (none, expired, or out of attempts). Counting before comparing, in one conditional
 * write, means parallel guesses cannot exceed EMAIL_CODE_MAX_ATTEMPTS.
 */
export async function spendAttempt(email: string): Promise<EmailVerificationItem | null> {
  const now = epochSeconds();
  try {
    const { data } = await EmailVerification.patch({ email })
      .add({ attempts: 1 })
      .where(({ attempts, expires_at }, { lt, gt }) => `${lt(attempts, EMAIL_CODE_MAX_ATTEMPTS)} AND ${gt(expires_at, now)}`)
      .go({ response: 'all_new' });
    return data as EmailVerificationItem;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

export async function codeMatches(record: EmailVerificationItem, code: string) {
  const presented = Buffer.from(await codeHash(record.email, code), 'hex');
  const stored = Buffer.from(record.code_hash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The live verification a link token belongs to, or null. */
export async function verificationForLink(token: string): Promise<EmailVerificationItem | null> {
  const tokenHash = sha256(token);
  const { data: link } = await EmailVerificationLink.get({ token_hash: tokenHash }).go({ consistent: true });
  if (!link || link.expires_at <= epochSeconds()) return null;
  const { data: record } = await EmailVerification.get({ email: link.email }).go({ consistent: true });
  if (!record || record.link_token_hash !== tokenHash || record.expires_at <= epochSeconds()) return null;
  return record;
}

/**
 * Marks the user verified and retires the code and link, together. False when the user no
 * longer has this address (changed or deleted since the code was sent) or the code was
 * replaced meanwhile.
 */
export async function completeVerification(record: EmailVerificationItem): Promise<boolean> {
  try {
    await postTransaction([
      {
        Update: User.patch({ id: record.user_id })
          .set({ is_verified: true, updated_at: nowIso() })
          .where(({ email }, { eq }) => eq(email, record.email))
          .params(),
      },
      {
        Delete: EmailVerification.delete({ email: record.email })
          .where(({ link_token_hash }, { eq }) => eq(link_token_hash, record.link_token_hash))
          .params(),
      },
      { Delete: EmailVerificationLink.delete({ token_hash: record.link_token_hash }).params() },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionRejected) return false;
    throw err;
  }
}
