import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import * as z from 'zod';
import { RevokedToken } from '../db/revokedToken.js';
import { createHandler, defineRoutes, Reply, route, signedInPrincipal, validate } from '../http/api.js';
import { BadRequest, Forbidden, NotFound } from '../platform/errors.js';
import { sendMail } from '../platform/mailer.js';
import { dummyPasswordHash, verifyPassword } from '../platform/passwords.js';
import { issueAccessToken } from '../platform/tokens.js';
import { auditPlatform, findUserByEmail, getUser, publicUser } from '../users/accounts.js';
import { issuePasswordReset, passwordRecoveryEmail, redeemPasswordReset } from './passwordReset.js';
import { assertSignInAllowed, clearLimit, consumeMailQuota, recordSignInFailure } from './rateLimit.js';
import { readSignInState, recordSignIn } from './signIn.js';

/**
 * The same answer whether or not the address has an account. The FastAPI template answers 404
 * for unknown addresses, which lets anyone test which e-mails are Daftar customers; a business
 * directory of who uses which accounting system is worth protecting, and the SPA shows the same
 * "check your inbox" screen either way.
 */
const RECOVERY_SENT = 'Password recovery email sent';

const emailParam = z.object({ email: schemas.email });

export const routes = defineRoutes('auth', {
  'POST /api/v1/login/access-token': route({
    access: 'public',
    summary: 'Sign in with e-mail (as `username`) and password; OAuth2 password form',
    bodyType: 'form',
    body: schemas.loginForm,
    response: schemas.token,
    autoAudit: false,
    handler: async (ctx) => {
      const { username: email, password } = ctx.body;
      const state = await readSignInState(email, ctx.ip);
      assertSignInAllowed(state.byEmail, state.byIp, LOGIN_MAX_FAILURES);
      const found = state.userId ? await getUser(state.userId) : null;
      // A guard left behind by an e-mail change names a user who now has another address.
      const user = found?.email === email ? found : null;
      // An unknown address costs the same scrypt as a known one, so timing does not tell them apart.
      const passwordOk = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !passwordOk) {
        const failures = await recordSignInFailure(email, ctx.ip);
        // Throttled attempts never reach this point, so at most LOGIN_MAX_FAILURES records per
        // address and window land in the audit log however hard someone hammers it.
        const locked = failures >= LOGIN_MAX_FAILURES;
        await auditPlatform(ctx, { id: user?.id, email }, {
          action: 'user.sign_in_failed',
          entity_type: 'user',
          entity_id: user?.id ?? null,
          narrative: {
            key: locked ? 'audit.auth.sign_in_failed_locked' : 'audit.auth.sign_in_failed',
            params: { email, failures, minutes: LOGIN_FAILURE_WINDOW_SECONDS / 60 },
          },
        });
        throw new BadRequest('Incorrect email or password');
      }
      if (!user.is_active) throw new BadRequest('Inactive user');
      if (!user.is_verified) throw new Forbidden('Email not verified');
      const [accessToken] = await Promise.all([
        issueAccessToken(user),
        recordSignIn(
          { ...ctx.actor(), organization_id: null, user_id: user.id, user_email: user.email },
          { action: 'user.signed_in', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.auth.signed_in', params: { email: user.email } } },
          // Only an address with failures in its counter has one to clear.
          state.byEmail ? { email } : null,
        ),
      ]);
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  }),

  'POST /api/v1/login/test-token': route({
    access: 'user',
    summary: 'The user the access token belongs to',
    response: schemas.userPublic,
    autoAudit: false,
    handler: async (ctx) => publicUser(signedInPrincipal(ctx).user),
  }),

  'POST /api/v1/logout': route({
    access: 'user',
    summary: 'Revoke this access token',
    response: schemas.message,
    handler: async (ctx) => {
      const { user, token } = signedInPrincipal(ctx);
      // Kept until the token would have expired anyway; then DynamoDB's TTL removes it.
      await RevokedToken.put({ jti: token.jti, user_id: user.id, ttl: token.exp }).go();
      ctx.audit({ action: 'user.signed_out', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.auth.signed_out', params: { email: user.email } } });
      return { message: 'Successfully logged out' };
    },
  }),

  'POST /api/v1/password-recovery/{email}': route({
    access: 'public',
    summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
    response: schemas.message,
    autoAudit: false,
    handler: async (ctx) => {
      const { email } = validate(emailParam, ctx.params, 'path');
      await consumeMailQuota('recovery-mail', email, ctx.ip);
      const user = await findUserByEmail(email);
      if (user?.is_active) {
        const token = await issuePasswordReset(user);
        await sendMail(passwordRecoveryEmail(user.email, token));
        await auditPlatform(ctx, user, { action: 'user.password_recovery_requested', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.auth.password_reset_sent', params: { email: user.email } } });
      }
      return { message: RECOVERY_SENT };
    },
  }),

  'POST /api/v1/reset-password': route({
    access: 'public',
    summary: 'Set a new password with the token from the recovery e-mail',
    body: schemas.resetPassword,
    response: schemas.message,
    autoAudit: false,
    handler: async (ctx) => {
      const outcome = await redeemPasswordReset(ctx.body.token, ctx.body.new_password);
      if (!outcome.ok) throw new BadRequest(outcome.reason === 'inactive' ? 'Inactive user' : 'Invalid token');
      const { user } = outcome;
      // The mailbox owner just proved themselves: lift a sign-in lockout on the address.
      await Promise.all([
        clearLimit('login-email', user.email),
        auditPlatform(ctx, user, { action: 'user.password_reset', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.auth.password_reset', params: { email: user.email } } }),
      ]);
      return { message: 'Password updated successfully' };
    },
  }),

  'POST /api/v1/password-recovery-html-content/{email}': route({
    access: 'superuser',
    summary: 'The password-recovery e-mail for a user, as HTML, without sending it',
    handler: async (ctx) => {
      const { email } = validate(emailParam, ctx.params, 'path');
      const user = await findUserByEmail(email);
      if (!user) throw new NotFound('The user with this email does not exist in the system');
      // A working link: the superuser may hand it to the user through another channel.
      const token = await issuePasswordReset(user);
      const mail = passwordRecoveryEmail(user.email, token);
      ctx.audit({ action: 'user.password_recovery_viewed', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.auth.password_reset_viewed', params: { email: user.email } } });
      return new Reply(200, mail.html, { 'content-type': 'text/html; charset=utf-8', 'x-email-subject': encodeURIComponent(mail.subject) });
    },
  }),
});

export const handler = createHandler(routes);
