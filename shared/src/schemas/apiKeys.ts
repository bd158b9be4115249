import * as z from 'zod';
import { pagination, queryBoolean, role } from './common.js';

/** Roles an API key may carry: an integration never acts as owner. */
export const API_KEY_ROLES = ['viewer', 'member', 'admin'] as const;
export const apiKeyRole = z.enum(API_KEY_ROLES);

export const apiKeyCreate = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(500).nullish(),
  role: apiKeyRole.default('viewer'),
  /** Absent or null: the key never expires. */
  expires_in_days: z.number().int().min(1).max(3650).nullish(),
});
export const apiKeyUpdate = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().trim().max(500).nullish(),
    role: apiKeyRole.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const apiKeyListQuery = pagination.extend({
  /** Also list deactivated and expired keys. */
  include_inactive: queryBoolean.default(false),
});
export const apiKeyUsageQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const apiKeyPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role,
  key_prefix: z.string(),
  is_active: z.boolean(),
  /** True when the expiry has passed, whatever `is_active` says. */
  is_expired: z.boolean(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  usage_count: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** The create answer: the only time the full key (`key`) is ever shown. */
export const apiKeyCreated = apiKeyPublic.extend({ key: z.string() });

export const apiKeyUsageStats = z.object({
  organization_id: z.string(),
  days: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  total_keys: z.number().int(),
  active_keys: z.number().int(),
  /** Requests ever made with this organization's keys. */
  total_requests: z.number().int(),
  /** Requests inside the window. */
  period_requests: z.number().int(),
  daily: z.array(z.object({ date: z.string(), requests: z.number().int() })),
  keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      key_prefix: z.string(),
      is_active: z.boolean(),
      usage_count: z.number().int(),
      period_requests: z.number().int(),
      last_used_at: z.string().nullable(),
    }),
  ),
});

export const apiKeyGlobalStats = z.object({
  total_keys: z.number().int(),
  active_keys: z.number().int(),
  inactive_keys: z.number().int(),
  expired_keys: z.number().int(),
  total_requests: z.number().int(),
  organizations_with_keys: z.number().int(),
});

export const apiKeyCleanupResult = z.object({ deleted: z.number().int(), message: z.string() });
