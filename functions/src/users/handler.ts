import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as schemas from '@daftar/shared/schemas/index';
import { documentClient } from '../db/client.js';
import { OrganizationName, organizationNameKey } from '../db/organization.js';
import { User } from '../db/user.js';
import { consume, MAIL_IP_WINDOW_SECONDS, SIGNUPS_MAX_PER_IP } from '../auth/rateLimit.js';
import { createHandler, defineRoutes, route, signedInPrincipal } from '../http/api.js';
import { BadRequest, Forbidden, NotFound } from '../platform/errors.js';
import { verifyPassword } from '../platform/passwords.js';
import { issueAccessToken } from '../platform/tokens.js';
import { onboardingDone } from '../organizations/organizations.js';
import { auditPlatform, createAccount, deleteAccount, getUser, publicUser, updateAccount, type AccountChanges } from './accounts.js';

const USER_NOT_FOUND = 'User not found';

/** Users on the `all` index (one partition, gsi2), counted page by page without reading items. */
async function countUsers(): Promise<number> {
  const base = User.query.all({}).params<QueryCommandInput>();
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({ ...base, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** What an update changed, for the audit record (secrets are redacted by the audit writer). */
const changedFields = (changes: AccountChanges) =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined).map(([k, v]) => [k, k === 'password' ? '[changed]' : v]));

export const routes = defineRoutes('users', {
  'GET /api/v1/users': route({
    access: 'superuser',
    summary: 'All users, newest first',
    query: schemas.pagination,
    response: schemas.usersPublic,
    handler: async (ctx) => {
      const { skip, limit } = ctx.query;
      const [page, count] = await Promise.all([
        User.query.all({}).go({ order: 'desc', count: skip + limit, pages: 'all' }),
        countUsers(),
      ]);
      return { data: page.data.slice(skip).map(publicUser), count };
    },
  }),

  'POST /api/v1/users': route({
    access: 'superuser',
    summary: 'Create a user (superuser)',
    body: schemas.userCreate,
    response: schemas.userPublic,
    handler: async (ctx) => {
      const { user } = await createAccount(ctx.body);
      ctx.audit({
        action: 'user.created',
        entity_type: 'user',
        entity_id: user.id,
        narrative: { key: user.is_superuser ? 'audit.user.created_superuser' : 'audit.user.created', params: { email: user.email } },
        changes: { email: user.email, is_active: user.is_active, is_superuser: user.is_superuser, is_verified: user.is_verified },
      });
      return publicUser(user);
    },
  }),

  'GET /api/v1/users/me': route({
    access: 'user',
    summary: 'The signed-in user',
    response: schemas.userPublic,
    // Someone who joined an organization counts as onboarded: the app never sends them to set one up (issue #12).
    handler: async (ctx) => {
      const { user } = signedInPrincipal(ctx);
      return { ...publicUser(user), onboarding_completed: await onboardingDone(user) };
    },
  }),

  'DELETE /api/v1/users/me': route({
    access: 'user',
    summary: 'Delete my account',
    response: schemas.message,
    handler: async (ctx) => {
      const { user } = signedInPrincipal(ctx);
      if (user.is_superuser) throw new Forbidden('Super users are not allowed to delete themselves');
      await deleteAccount(user, 'self');
      ctx.audit({ action: 'user.deleted', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.account_deleted', params: { email: user.email } } });
      return { message: 'User deleted successfully' };
    },
  }),

  'PATCH /api/v1/users/me': route({
    access: 'user',
    summary: 'Update my name or e-mail (a new e-mail must be verified again)',
    body: schemas.userUpdateMe,
    response: schemas.userPublic,
    handler: async (ctx) => {
      const { user } = signedInPrincipal(ctx);
      const updated = await updateAccount(user, ctx.body);
      ctx.audit({ action: 'user.updated', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.profile_updated', params: { email: user.email } }, changes: changedFields(ctx.body) });
      return publicUser(updated);
    },
  }),

  'PATCH /api/v1/users/me/password': route({
    access: 'user',
    summary: 'Change my password; other sessions end and a new token is returned',
    body: schemas.updatePassword,
    response: schemas.passwordUpdated,
    handler: async (ctx) => {
      const { user } = signedInPrincipal(ctx);
      const { current_password: current, new_password: next } = ctx.body;
      if (!(await verifyPassword(current, user.password_hash))) throw new BadRequest('Incorrect password');
      if (current === next) throw new BadRequest('New password cannot be the same as the current one');
      const updated = await updateAccount(user, { password: next });
      ctx.audit({ action: 'user.password_changed', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.password_changed', params: { email: user.email } } });
      return { message: 'Password updated successfully', access_token: await issueAccessToken(updated), token_type: 'bearer' as const };
    },
  }),

  'POST /api/v1/users/signup': route({
    access: 'public',
    summary: 'Create an account; a verification code and link are e-mailed',
    body: schemas.userRegister,
    response: schemas.userPublic,
    autoAudit: false,
    handler: async (ctx) => {
      if (ctx.ip) await consume('signup-ip', ctx.ip, SIGNUPS_MAX_PER_IP, MAIL_IP_WINDOW_SECONDS, 'sign-ups from this address');
      const { user } = await createAccount({ email: ctx.body.email, password: ctx.body.password, full_name: ctx.body.full_name });
      await auditPlatform(ctx, user, { action: 'user.signed_up', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.signed_up', params: { email: user.email } } });
      return publicUser(user);
    },
  }),

  'GET /api/v1/users/validate-organization-name': route({
    access: 'user',
    summary: 'Whether an organization name is still free',
    query: schemas.organizationNameQuery,
    response: schemas.organizationNameAvailability,
    handler: async (ctx) => {
      const { data } = await OrganizationName.get({ name_key: organizationNameKey(ctx.query.name) }).go({ consistent: true });
      return { name: ctx.query.name, available: !data };
    },
  }),

  'GET /api/v1/users/{user_id}': route({
    access: 'user',
    summary: 'A user (superusers: anyone; others: themselves)',
    response: schemas.userPublic,
    handler: async (ctx) => {
      const { user: me } = signedInPrincipal(ctx);
      if (ctx.params.user_id === me.id) return publicUser(me);
      if (!me.is_superuser) throw new Forbidden();
      const user = await getUser(ctx.params.user_id!);
      if (!user) throw new NotFound(USER_NOT_FOUND);
      return publicUser(user);
    },
  }),

  'PATCH /api/v1/users/{user_id}': route({
    access: 'superuser',
    summary: 'Update a user (superuser)',
    body: schemas.userUpdate,
    response: schemas.userPublic,
    handler: async (ctx) => {
      const { user: me } = signedInPrincipal(ctx);
      const user = await getUser(ctx.params.user_id!);
      if (!user) throw new NotFound(USER_NOT_FOUND);
      // The last superuser must not lock the platform out by accident.
      if (user.id === me.id && (ctx.body.is_superuser === false || ctx.body.is_active === false)) {
        throw new Forbidden('Super users are not allowed to remove their own superuser status or deactivate themselves');
      }
      const updated = await updateAccount(user, ctx.body);
      ctx.audit({ action: 'user.updated', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.updated', params: { email: user.email } }, changes: changedFields(ctx.body) });
      return publicUser(updated);
    },
  }),

  'DELETE /api/v1/users/{user_id}': route({
    access: 'superuser',
    summary: 'Delete a user (superuser)',
    response: schemas.message,
    handler: async (ctx) => {
      const { user: me } = signedInPrincipal(ctx);
      if (ctx.params.user_id === me.id) throw new Forbidden('Super users are not allowed to delete themselves');
      const user = await getUser(ctx.params.user_id!);
      if (!user) throw new NotFound(USER_NOT_FOUND);
      await deleteAccount(user, 'other');
      ctx.audit({ action: 'user.deleted', entity_type: 'user', entity_id: user.id, narrative: { key: 'audit.user.deleted', params: { email: user.email } } });
      return { message: 'User deleted successfully' };
    },
  }),
});

export const handler = createHandler(routes);
