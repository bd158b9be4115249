import * as z from 'zod';
import { calendarDate, narrativePublic, pagination } from './common.js';

const dateRange = {
  /** Inclusive UTC dates. */
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
};
const refineRange = (v: { start_date?: string; end_date?: string }) => !v.start_date || !v.end_date || v.start_date <= v.end_date;
const rangeMessage = { message: 'start_date must not be after end_date', path: ['start_date'] };

/**
 * `action` matches exactly, or, without a dot, every action of that family (`item` → `item.created`,
 * `item.updated`, …).
 */
export const auditLogQuery = pagination
  .extend({
    action: z.string().trim().min(1).max(64).optional(),
    user_id: z.string().min(1).max(64).optional(),
    ...dateRange,
  })
  .refine(refineRange, rangeMessage);
export const auditLogGlobalQuery = pagination
  .extend({
    action: z.string().trim().min(1).max(64).optional(),
    organization_id: z.string().min(1).max(64).optional(),
    ...dateRange,
  })
  .refine(refineRange, rangeMessage);
export const auditRecentQuery = z.object({
  /** Look this many hours back (default the last 24 hours). */
  hours: z.coerce.number().int().min(1).max(24 * 31).default(24),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
export const auditSummaryQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const auditCleanupQuery = z.object({ days_to_keep: z.coerce.number().int().min(1).max(3650).default(90) });

export const auditLogPublic = z.object({
  id: z.string(),
  /** Null for platform events (sign-in, sign-up) that belong to no organization. */
  organization_id: z.string().nullable(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  api_key_id: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The English sentence; screens show `narrative` in the reader's language when there is one. */
  summary: z.string(),
  narrative: narrativePublic.nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});

export const auditSummary = z.object({
  days: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  total: z.number().int(),
  by_action: z.array(z.object({ action: z.string(), count: z.number().int() })),
  by_user: z.array(z.object({ user_id: z.string().nullable(), user_email: z.string().nullable(), count: z.number().int() })),
});

export const auditCleanupResult = z.object({ deleted: z.number().int(), days_to_keep: z.number().int(), cutoff_date: z.string() });
