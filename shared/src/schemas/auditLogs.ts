import { z } from 'zod';
import { date } from './common.js';

export const auditLogQuery = z.object({
  action: z.string().trim().max(64).optional(),
  user_id: z.string().max(64).optional(),
  organization_id: z.string().max(64).optional(),
  start_date: date.optional(),
  end_date: date.optional(),
});
export const auditCleanupQuery = z.object({ days_to_keep: z.coerce.number().int().min(1).max(3650).default(90) });

export const auditLogPublic = z.object({
  id: z.string(),
  organization_id: z.string().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  api_key_id: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
