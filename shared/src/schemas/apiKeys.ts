import { z } from 'zod';
import { role } from './common.js';

export const API_KEY_SCOPES_ROLES = ['viewer', 'member', 'admin'] as const;

export const apiKeyCreate = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(500).nullish(),
  /** An API key never acts as owner. */
  role: z.enum(API_KEY_SCOPES_ROLES).default('viewer'),
  expires_in_days: z.number().int().min(1).max(3650).nullish(),
});
export const apiKeyUpdate = z
  .strictObject({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().trim().max(500).nullish(),
    role: z.enum(API_KEY_SCOPES_ROLES).optional(),
    is_active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const apiKeyPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role,
  key_prefix: z.string(),
  is_active: z.boolean(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  usage_count: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
});
export const apiKeyCreated = apiKeyPublic.extend({ key: z.string() });
