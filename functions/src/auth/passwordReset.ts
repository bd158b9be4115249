import { PASSWORD_RESET_TTL_SECONDS } from '@daftar/shared';
import { PasswordReset, type PasswordResetItem } from '../db/passwordReset.js';
import { User, type UserItem } from '../db/user.js';
import { sha256 } from '../email-verification/verification.js';
import { config } from '../platform/config.js';
import { epochSeconds, nowIso, randomToken } from '../platform/ids.js';
import { renderEmail } from '../platform/mailer.js';
import { hashPassword } from '../platform/passwords.js';
import { getUser } from '../users/accounts.js';
import { postTransaction, TransactionRejected } from '../db/transaction.js';

/** Stores a new single-use reset token for the user and returns it (it exists only in the mail). */
export async function issuePasswordReset(user: UserItem): Promise<string> {
  const token = randomToken(32);
  const expiresAt = epochSeconds() + PASSWORD_RESET_TTL_SECONDS;
  await PasswordReset.create({
    token_hash: sha256(token),
    user_id: user.id,
    email: user.email,
    token_version: user.token_version,
    expires_at: expiresAt,
    created_at: nowIso(),
    ttl: expiresAt,
  }).go();
  return token;
}

export const resetLink = (token: string) => `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;

export function passwordRecoveryEmail(email: string, token: string) {
  const minutes = Math.round(PASSWORD_RESET_TTL_SECONDS / 60);
  const { text, html } = renderEmail({
    en: {
      heading: 'Reset your password',
      paragraphs: [
        `Someone asked to reset the password of the Daftar account ${email}. Use the button below to choose a new one.`,
        `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
      ],
      action: 'Reset password',
    },
    ar: {
      heading: 'إعادة تعيين كلمة المرور',
      paragraphs: [
        `طلب أحدهم إعادة تعيين كلمة مرور حساب دفتر ${email}. استخدم الزر أدناه لاختيار كلمة مرور جديدة.`,
        `يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ${minutes} دقيقة. إذا لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة المرور كما هي.`,
      ],
      action: 'إعادة تعيين كلمة المرور',
    },
    actionUrl: resetLink(token),
  });
  return { to: email, subject: 'Daftar: reset your password · دفتر: إعادة تعيين كلمة المرور', text, html };
}

export type ResetOutcome = { ok: true; user: UserItem } | { ok: false; reason: 'invalid' | 'inactive' };

/**
 * Redeems a reset token: sets the password, bumps token_version (signed-in sessions end) and
 * deletes the token, in one transaction conditional on the user being as the token found them.
 * Completing it proves control of the mailbox, so the address counts as verified.
 */
export async function redeemPasswordReset(token: string, newPassword: string): Promise<ResetOutcome> {
  const tokenHash = sha256(token);
  const { data: reset } = await PasswordReset.get({ token_hash: tokenHash }).go({ consistent: true });
  if (!reset || reset.expires_at <= epochSeconds()) return { ok: false, reason: 'invalid' };
  const user = await getUser(reset.user_id);
  if (!user || !stillValidFor(reset, user)) return { ok: false, reason: 'invalid' };
  if (!user.is_active) return { ok: false, reason: 'inactive' };
  try {
    await postTransaction([
      {
        Update: User.patch({ id: user.id })
          .set({ password_hash: await hashPassword(newPassword), is_verified: true, updated_at: nowIso() })
          .add({ token_version: 1 })
          .where(({ email, token_version }, { eq }) => `${eq(email, reset.email)} AND ${eq(token_version, reset.token_version)}`)
          .params(),
      },
      { Delete: PasswordReset.delete({ token_hash: tokenHash }).where(({ user_id }, { eq }) => eq(user_id, user.id)).params() },
    ]);
  } catch (err) {
    // Used by a parallel request, or the user changed in between: the token is spent either way.
    if (err instanceof TransactionRejected) return { ok: false, reason: 'invalid' };
    throw err;
  }
  return { ok: true, user: { ...user, is_verified: true, token_version: user.token_version + 1 } };
}

/** A token dies when the address or the password (token_version) changed after it was issued. */
const stillValidFor = (reset: PasswordResetItem, user: UserItem) => reset.email === user.email && reset.token_version === user.token_version;
