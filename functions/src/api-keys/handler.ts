import { hasRank, type Role } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import { createHandler, defineRoutes, route, signedInUser, type RouteContext } from '../http/api.js';
import { Forbidden, NotFound } from '../platform/errors.js';
import { ApiKey, type ApiKeyItem } from '../db/apiKey.js';
import { uuidv7 } from '../platform/ids.js';
import { listPage } from '../db/paging.js';
import { isConditionFailure } from '../db/transaction.js';
import { getApiKey, mintApiKey, NEVER_EXPIRES, organizationKeysQuery, presentApiKey } from './keys.js';
import { globalUsage, organizationUsage } from './stats.js';
import { cleanupExpiredApiKeys } from './cleanup.js';

const ORG = '/api/v1/organizations/{organization_id}';

/**
 * Keys are managed by signed-in admins only: a key that could mint or re-activate keys would let
 * a leaked credential outlive its own revocation.
 */
const requireSignedInUser = (ctx: RouteContext<unknown, unknown>) => signedInUser(ctx, 'API keys cannot manage API keys; sign in as an admin');

function refuseRoleAboveCaller(ctx: RouteContext<unknown, unknown>, role: Role | undefined) {
  if (role && !hasRank(ctx.role, role)) throw new Forbidden('An API key cannot have a role above your own');
}

export const routes = defineRoutes('api-keys', {
  [`POST ${ORG}/api-keys`]: route({
    access: { org: 'admin' },
    summary: 'Create an API key; the full key is in the answer once and never again',
    body: schemas.apiKeyCreate,
    response: schemas.apiKeyCreated,
    status: 201,
    handler: async (ctx) => {
      const user = requireSignedInUser(ctx);
      refuseRoleAboveCaller(ctx, ctx.body.role);
      const now = new Date();
      const { key, prefix, secretHash } = mintApiKey();
      const expiresAt = ctx.body.expires_in_days ? new Date(now.getTime() + ctx.body.expires_in_days * 86_400_000).toISOString() : NEVER_EXPIRES;
      const { data } = await ApiKey.create({
        organization_id: ctx.organizationId!,
        id: uuidv7(now.getTime()),
        name: ctx.body.name,
        description: ctx.body.description || undefined,
        role: ctx.body.role,
        key_prefix: prefix,
        secret_hash: secretHash,
        is_active: true,
        expires_at: expiresAt,
        usage_count: 0,
        usage_by_day: {},
        created_by: user.id,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      }).go();
      const created = presentApiKey(data, now);
      ctx.audit({
        action: 'api_key.created',
        entity_type: 'api_key',
        entity_id: created.id,
        narrative: { key: 'audit.api_key.created', params: { name: created.name, prefix, role: created.role } },
        changes: { name: created.name, role: created.role, key_prefix: prefix, expires_at: created.expires_at },
      });
      return { ...created, key };
    },
  }),
  [`GET ${ORG}/api-keys`]: route({
    access: { org: 'admin' },
    summary: "The organization's API keys, newest first (include_inactive adds deactivated and expired keys)",
    query: schemas.apiKeyListQuery,
    response: schemas.listOf(schemas.apiKeyPublic),
    handler: async ({ organizationId, query }) => {
      const now = new Date();
      return listPage(organizationKeysQuery(organizationId!, query.include_inactive, now), query, (k) => presentApiKey(k, now));
    },
  }),
  [`GET ${ORG}/api-keys/{api_key_id}`]: route({
    access: { org: 'admin' },
    summary: 'One API key (never its secret)',
    response: schemas.apiKeyPublic,
    handler: async ({ organizationId, params }) => presentApiKey(await getApiKey(organizationId!, params.api_key_id!)),
  }),
  [`PUT ${ORG}/api-keys/{api_key_id}`]: route({
    access: { org: 'admin' },
    summary: 'Rename, re-describe, change the role of, deactivate or re-activate an API key',
    body: schemas.apiKeyUpdate,
    response: schemas.apiKeyPublic,
    handler: async (ctx) => {
      requireSignedInUser(ctx);
      refuseRoleAboveCaller(ctx, ctx.body.role);
      const key = { organization_id: ctx.organizationId!, id: ctx.params.api_key_id! };
      const before = await getApiKey(key.organization_id, key.id);
      // An empty or null description clears it.
      const { description, ...rest } = ctx.body;
      const set = { ...rest, ...(description ? { description } : {}), updated_at: new Date().toISOString() };
      let updated: ApiKeyItem;
      try {
        const patch = ApiKey.patch(key).set(set);
        updated = (await (description === null || description === '' ? patch.remove(['description']) : patch).go({ response: 'all_new' })).data as ApiKeyItem;
      } catch (err) {
        if (isConditionFailure(err)) throw new NotFound('API key not found');
        throw err;
      }
      const fields = Object.keys(ctx.body) as (keyof typeof ctx.body)[];
      const changes = Object.fromEntries(fields.map((f) => [f, { from: before[f] ?? null, to: updated[f] ?? null }]));
      const verb = ctx.body.is_active === false ? 'deactivated' : ctx.body.is_active === true && !before.is_active ? 'reactivated' : 'updated';
      ctx.audit({
        action: `api_key.${verb}`,
        entity_type: 'api_key',
        entity_id: key.id,
        narrative: { key: `audit.api_key.${verb}`, params: { name: updated.name, prefix: updated.key_prefix } },
        changes,
      });
      return presentApiKey(updated);
    },
  }),
  [`DELETE ${ORG}/api-keys/{api_key_id}`]: route({
    access: { org: 'admin' },
    summary: 'Delete an API key: requests made with it fail from now on',
    response: schemas.message,
    handler: async (ctx) => {
      requireSignedInUser(ctx);
      const key = { organization_id: ctx.organizationId!, id: ctx.params.api_key_id! };
      let removed;
      try {
        removed = (await ApiKey.remove(key).go({ response: 'all_old' })).data;
      } catch (err) {
        if (isConditionFailure(err)) throw new NotFound('API key not found');
        throw err;
      }
      if (!removed) throw new NotFound('API key not found');
      ctx.audit({
        action: 'api_key.deleted',
        entity_type: 'api_key',
        entity_id: key.id,
        narrative: { key: 'audit.api_key.deleted', params: { name: removed.name, prefix: removed.key_prefix } },
        changes: { name: removed.name, key_prefix: removed.key_prefix, role: removed.role, usage_count: removed.usage_count },
      });
      return { message: 'API key deleted' };
    },
  }),
  [`GET ${ORG}/api-keys/stats/usage`]: route({
    access: { org: 'admin' },
    summary: "Requests per day over the last `days` days for the organization's keys, in total and per key",
    query: schemas.apiKeyUsageQuery,
    response: schemas.apiKeyUsageStats,
    handler: async ({ organizationId, query }) => organizationUsage(organizationId!, query.days),
  }),
  [`POST ${ORG}/api-keys/cleanup`]: route({
    access: 'superuser',
    summary: 'Delete expired API keys in every organization (superuser; also run nightly)',
    response: schemas.apiKeyCleanupResult,
    handler: async (ctx) => {
      const deleted = await cleanupExpiredApiKeys(new Date(), ctx.actor());
      ctx.audit({ action: 'api_key.cleanup', entity_type: 'api_key', narrative: { key: 'audit.api_key.cleanup', params: { count: deleted } }, changes: { deleted } });
      return { deleted, message: `Removed ${deleted} expired API keys` };
    },
  }),
  [`GET ${ORG}/api-keys/global/stats`]: route({
    access: 'superuser',
    summary: 'API key totals across all organizations (superuser)',
    response: schemas.apiKeyGlobalStats,
    handler: async () => globalUsage(),
  }),
});

export const handler = createHandler(routes);
