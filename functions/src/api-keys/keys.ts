/** API keys of an organization: minting, presenting, reading, changing. */
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { schemas } from '@daftar/shared';
import { ApiKey, type ApiKeyItem } from '../db/apiKey.js';
import { API_KEY_PREFIX, hashApiKeySecret, parseApiKey } from '../http/principal.js';
import { NotFound } from '../platform/errors.js';
import { randomToken } from '../platform/ids.js';

export type ApiKeyPublic = z.infer<typeof schemas.apiKeyPublic>;

/** Stored in `expires_at` for keys that never expire; sorts after every ISO time in gsi2. */
export const NEVER_EXPIRES = '9999';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PREFIX_LENGTH = 12;

/**
 * A new key `dft_<prefix>_<secret>`: the 12-character prefix is public and finds the key (gsi1);
 * the secret carries 256 bits and is kept only as its SHA-256.
 */
export function mintApiKey() {
  let prefix = '';
  for (let i = 0; i < PREFIX_LENGTH; i++) prefix += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  const secret = randomToken(32);
  const key = `${API_KEY_PREFIX}${prefix}_${secret}`;
  // The format is the authentication path's contract: refuse to hand out a key it would not parse.
  if (!parseApiKey(key)) throw new Error('minted API key does not parse');
  return { key, prefix, secretHash: hashApiKeySecret(secret) };
}

export const isExpired = (item: Pick<ApiKeyItem, 'expires_at'>, now = new Date()) =>
  item.expires_at !== NEVER_EXPIRES && item.expires_at <= now.toISOString();

export function presentApiKey(item: ApiKeyItem, now = new Date()): ApiKeyPublic {
  return {
    id: item.id,
    organization_id: item.organization_id,
    name: item.name,
    description: item.description ?? null,
    role: item.role,
    key_prefix: item.key_prefix,
    is_active: item.is_active,
    is_expired: isExpired(item, now),
    expires_at: item.expires_at === NEVER_EXPIRES ? null : item.expires_at,
    last_used_at: item.last_used_at ?? null,
    usage_count: item.usage_count,
    created_by: item.created_by,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

export async function getApiKey(organizationId: string, id: string): Promise<ApiKeyItem> {
  const { data } = await ApiKey.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('API key not found');
  return data;
}

/** An organization's keys, newest first; without `includeInactive`, deactivated and expired keys are left out. */
export function organizationKeysQuery(organizationId: string, includeInactive: boolean, now = new Date()) {
  const q = ApiKey.query.byOrganization({ organization_id: organizationId });
  if (includeInactive) return q;
  return q.where(({ is_active, expires_at }, { eq, gt }) => `${eq(is_active, true)} AND ${gt(expires_at, now.toISOString())}`);
}
