import { createHash, timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@daftar/shared';
import { documentClient } from '../db/client.js';
import { readItem } from '../db/get-together.js';
import { User, type UserItem } from '../db/user.js';
import { RevokedToken } from '../db/revokedToken.js';
import { Membership, type MembershipItem } from '../db/membership.js';
import { ApiKey, type ApiKeyItem } from '../db/apiKey.js';
import { config } from '../platform/config.js';
import { verifyAccessToken, type AccessTokenClaims } from '../platform/tokens.js';
import { Unauthorized } from './errors.js';

/** Who is calling: a signed-in user, or an API key acting in its organization with its role. */
export type Principal =
  | { kind: 'user'; user: UserItem; token: AccessTokenClaims; membership: MembershipItem | null }
  | { kind: 'api_key'; apiKey: ApiKeyItem; user: UserItem | null; membership: { organization_id: string; role: Role } };

/** Who acts, as documents and audit records name them: the signed-in user, or the API key of an integration. */
export const actorIdOf = (principal: Principal | null): string | null =>
  principal?.kind === 'api_key' ? principal.apiKey.id : (principal?.user?.id ?? null);

export const API_KEY_PREFIX = 'dft_';

export function hashApiKeySecret(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}

/** Parses `dft_<prefix>_<secret>`. */
export function parseApiKey(key: string): { prefix: string; secret: string } | null {
  const m = /^dft_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{32,})$/.exec(key);
  return m ? { prefix: m[1]!, secret: m[2]! } : null;
}

function credentialsFrom(headers: Record<string, string | undefined>): { bearer?: string; apiKey?: string } {
  const apiKey = headers['x-api-key'];
  if (apiKey) return { apiKey };
  const auth = headers['authorization'];
  if (!auth) return {};
  const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
  if (!m) return {};
  const token = m[1]!.trim();
  return token.startsWith(API_KEY_PREFIX) ? { apiKey: token } : { bearer: token };
}

/**
 * Resolves the caller in one DynamoDB round trip for a user token: the user, the token's
 * revocation marker and (when an organization is named) the membership are read together
 * (db/get-together.ts), and with them whatever `alongside` starts reading in the same turn — the
 * route's reads made ahead (http/api.ts), once the token's signature has been checked, so that
 * only a caller holding a token we signed makes anything be read.
 */
export async function resolvePrincipal(
  headers: Record<string, string | undefined>,
  organizationId: string | undefined,
  alongside?: () => void,
): Promise<Principal | null> {
  const { bearer, apiKey } = credentialsFrom(headers);
  if (apiKey) return resolveApiKey(apiKey);
  if (!bearer) return null;

  const claims = await verifyAccessToken(bearer);
  if (!claims) throw new Unauthorized();

  alongside?.();
  const [user, revoked, membership] = await Promise.all([
    readItem(User, { id: claims.sub }),
    readItem(RevokedToken, { jti: claims.jti }),
    organizationId ? readItem(Membership, { organization_id: organizationId, user_id: claims.sub }) : Promise.resolve(null),
  ]);
  if (!user || revoked) throw new Unauthorized();
  if (!user.is_active) throw new Unauthorized('Inactive user');
  if (claims.tv !== user.token_version) throw new Unauthorized();
  return { kind: 'user', user: user as UserItem, token: claims, membership: (membership as MembershipItem | null) ?? null };
}

async function resolveApiKey(presented: string): Promise<Principal> {
  const parsed = parseApiKey(presented);
  if (!parsed) throw new Unauthorized('Invalid API key');
  const { data } = await ApiKey.query.byPrefix({ key_prefix: parsed.prefix }).go({ limit: 1 });
  const key = data[0];
  const presentedHash = Buffer.from(hashApiKeySecret(parsed.secret), 'hex');
  if (!key || !timingSafeEqual(presentedHash, Buffer.from(key.secret_hash, 'hex'))) throw new Unauthorized('Invalid API key');
  if (!key.is_active) throw new Unauthorized('API key is inactive');
  if (key.expires_at !== '9999' && key.expires_at <= new Date().toISOString()) throw new Unauthorized('API key has expired');

  // Usage accounting: one UpdateItem with counters; the map entry for today is created on demand.
  const now = new Date().toISOString();
  const day = now.slice(0, 10);
  const { Key } = ApiKey.get({ organization_id: key.organization_id, id: key.id }).params();
  await documentClient.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key,
      UpdateExpression: 'SET last_used_at = :now, usage_by_day.#day = if_not_exists(usage_by_day.#day, :zero) + :one ADD usage_count :one',
      ExpressionAttributeNames: { '#day': day },
      ExpressionAttributeValues: { ':now': now, ':zero': 0, ':one': 1 },
    }),
  );
  return { kind: 'api_key', apiKey: key, user: null, membership: { organization_id: key.organization_id, role: key.role } };
}
