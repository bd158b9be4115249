import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route, type RouteContext } from '../http/api.js';
import { BadRequest } from '../platform/errors.js';
import { consume, consumeMailQuota, MAIL_IP_WINDOW_SECONDS, STATUS_MAX_PER_IP } from '../auth/rateLimit.js';
import { auditPlatform, findUserByEmail } from '../users/accounts.js';
import { codeMatches, completeVerification, issueVerification, spendAttempt, verificationForLink } from './verification.js';
import type { EmailVerificationItem } from '../db/emailVerification.js';

/** One answer for known, unknown and already verified addresses: nothing to learn from it. */
const CODE_SENT = 'If this email belongs to an account that is not verified yet, a new verification code has been sent';
const INVALID_CODE = 'Invalid or expired code';
const INVALID_LINK = 'Invalid or expired verification link';

/**
 * Sends a fresh code and link, which retires the previous ones. Counted per address (once a
 * minute, known or not, so the 429 reveals nothing either) and per source IP.
 */
async function sendCode(ctx: RouteContext<{ email: string }>) {
  const { email } = ctx.body;
  await consumeMailQuota('verify-mail', email, ctx.ip);
  const user = await findUserByEmail(email);
  if (user && user.is_active && !user.is_verified) {
    await issueVerification(user);
    await auditPlatform(ctx, user, { action: 'user.verification_sent', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.verification_sent', params: { email: user.email } } });
  }
  return { message: CODE_SENT };
}

async function verified(ctx: RouteContext<unknown>, record: EmailVerificationItem, how: 'code' | 'link') {
  await auditPlatform(ctx, { id: record.user_id, email: record.email }, {
    action: 'user.email_verified',
    entity_type: 'user',
    entity_id: record.user_id,
    narrative: { key: how === 'code' ? 'audit.user.verified_by_code' : 'audit.user.verified_by_link', params: { email: record.email } },
  });
  return { message: 'Email verified successfully', email: record.email, is_verified: true as const };
}

export const routes = defineRoutes('email-verification', {
  'POST /api/v1/send-verification-code': route({
    access: 'public',
    summary: 'E-mail a new verification code and link',
    body: schemas.emailBody,
    response: schemas.message,
    autoAudit: false,
    handler: sendCode,
  }),

  'POST /api/v1/resend-verification': route({
    access: 'public',
    summary: 'E-mail a new verification code and link (the old ones stop working)',
    body: schemas.emailBody,
    response: schemas.message,
    autoAudit: false,
    handler: sendCode,
  }),

  'POST /api/v1/verify-email-code': route({
    access: 'public',
    summary: 'Verify an e-mail address with the 6-digit code',
    body: schemas.verifyEmailCode,
    response: schemas.emailVerified,
    autoAudit: false,
    handler: async (ctx) => {
      const record = await spendAttempt(ctx.body.email);
      if (!record || !(await codeMatches(record, ctx.body.code))) throw new BadRequest(INVALID_CODE);
      if (!(await completeVerification(record))) throw new BadRequest(INVALID_CODE);
      return verified(ctx, record, 'code');
    },
  }),

  'POST /api/v1/verify-email/{token}': route({
    access: 'public',
    summary: 'Verify an e-mail address with the link from the verification e-mail',
    response: schemas.emailVerified,
    autoAudit: false,
    handler: async (ctx) => {
      const token = ctx.params.token ?? '';
      const record = token.length <= 512 ? await verificationForLink(token) : null;
      if (!record || !(await completeVerification(record))) throw new BadRequest(INVALID_LINK);
      return verified(ctx, record, 'link');
    },
  }),

  'POST /api/v1/check-verification-status': route({
    access: 'public',
    summary: 'Whether an e-mail address is verified (unknown addresses answer false)',
    body: schemas.emailBody,
    response: schemas.verificationStatus,
    autoAudit: false,
    handler: async (ctx) => {
      if (ctx.ip) await consume('status-ip', ctx.ip, STATUS_MAX_PER_IP, MAIL_IP_WINDOW_SECONDS, 'status checks from this address');
      const user = await findUserByEmail(ctx.body.email);
      return { email: ctx.body.email, is_verified: user?.is_verified ?? false };
    },
  }),
});

export const handler = createHandler(routes);
