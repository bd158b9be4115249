/** Reading the audit trail: one organization's log, one user's, recent activity, summaries, the global log. */
import type { z } from 'zod';
import type { WhereAttributeSymbol } from 'electrodb';
import type { schemas } from '@daftar/shared';
import { AuditLog, AUDIT_PLATFORM, userScope, type AuditLogItem } from '../db/auditLog.js';
import type { StoredNarrative } from '@daftar/shared/narrative';
import { ValidationError } from '../platform/errors.js';
import { addDays, dayStart, daysDescending, DAY_MS, idFloor, utcDay } from './days.js';
import { countMatching, takeAll, takeRange, type PageableQuery } from '../db/paging.js';

export type AuditLogPublic = z.infer<typeof schemas.auditLogPublic>;

export function presentAuditLog(item: AuditLogItem): AuditLogPublic {
  return {
    id: item.id,
    organization_id: item.organization_id === AUDIT_PLATFORM ? null : item.organization_id,
    user_id: item.user_id ?? null,
    user_email: item.user_email ?? null,
    api_key_id: item.api_key_id ?? null,
    action: item.action,
    entity_type: item.entity_type,
    entity_id: item.entity_id ?? null,
    summary: item.summary,
    narrative: (item.narrative as StoredNarrative | undefined) ?? null,
    changes: item.changes && typeof item.changes === 'object' ? (item.changes as Record<string, unknown>) : null,
    ip_address: item.ip_address ?? null,
    user_agent: item.user_agent ?? null,
    created_at: item.created_at,
  };
}

/** Beyond every UUIDv7 of the next few thousand years: the open upper end of an id range. */
const ID_CEILING = 'ffffffff-ffff';

/** The id range of inclusive UTC dates; open ends stay open. */
function idBounds(startDate?: string, endDate?: string) {
  return {
    low: startDate ? idFloor(dayStart(startDate, 'start_date')) : idFloor(0),
    high: endDate ? idFloor(dayStart(endDate, 'end_date') + DAY_MS) : ID_CEILING,
  };
}

type Filterable = { action?: string };
type Compare = <T, A extends WhereAttributeSymbol<T>>(attr: A, value: T) => string;
/** `where` callback: an exact action, or a whole family when the value has no dot. */
const actionFilter = (action: string) =>
  ({ action: a }: { action: WhereAttributeSymbol<string> }, { eq, begins }: { eq: Compare; begins: Compare }) =>
    action.includes('.') ? eq(a, action) : `(${eq(a, action)} OR ${begins(a, `${action}.`)})`;

export interface LogFilter extends Filterable { user_id?: string; start_date?: string; end_date?: string }

/** An organization's log (or one user's in it), newest first, filtered by date range and action. */
export function organizationLogQuery(organizationId: string, filter: LogFilter): PageableQuery<AuditLogItem> {
  const { low, high } = idBounds(filter.start_date, filter.end_date);
  if (filter.user_id) {
    const q = AuditLog.query.byUser({ user_scope: userScope(organizationId, filter.user_id) }).between({ user_sort: low }, { user_sort: high });
    return filter.action ? q.where(actionFilter(filter.action)) : q;
  }
  const q = AuditLog.query.byOrganization({ organization_id: organizationId }).between({ id: low }, { id: high });
  return filter.action ? q.where(actionFilter(filter.action)) : q;
}

export async function organizationLog(organizationId: string, filter: LogFilter, page: { skip: number; limit: number }) {
  const query = organizationLogQuery(organizationId, filter);
  const [items, count] = await Promise.all([takeRange(query, page.skip, page.limit, 'desc'), countMatching(query)]);
  return { data: items.map(presentAuditLog), count };
}

/** The last `hours` of an organization's activity, newest first, at most `limit` records. */
export async function recentActivity(organizationId: string, hours: number, limit: number, now = new Date()) {
  const query = AuditLog.query
    .byOrganization({ organization_id: organizationId })
    .between({ id: idFloor(now.getTime() - hours * 3_600_000) }, { id: ID_CEILING });
  const items = await takeRange(query, 0, limit, 'desc');
  return { data: items.map(presentAuditLog), count: items.length };
}

/** Counts by action and by user over the last `days` UTC days (today included). */
export async function activitySummary(organizationId: string, days: number, now = new Date()) {
  const endDate = utcDay(now);
  const startDate = addDays(endDate, -(days - 1));
  const query = AuditLog.query
    .byOrganization({ organization_id: organizationId })
    .between({ id: idFloor(dayStart(startDate)) }, { id: ID_CEILING });
  const items = await takeAll(query);
  const byAction = new Map<string, number>();
  const byUser = new Map<string, { user_id: string | null; user_email: string | null; count: number }>();
  for (const item of items) {
    byAction.set(item.action, (byAction.get(item.action) ?? 0) + 1);
    // Calls made with an API key have no user; they are grouped under the key.
    const who = item.user_id ?? (item.api_key_id ? `api_key:${item.api_key_id}` : 'system');
    const entry = byUser.get(who) ?? { user_id: item.user_id ?? null, user_email: item.user_email ?? null, count: 0 };
    entry.count += 1;
    entry.user_email ??= item.user_email ?? null;
    byUser.set(who, entry);
  }
  return {
    days,
    start_date: startDate,
    end_date: endDate,
    total: items.length,
    by_action: [...byAction].map(([action, count]) => ({ action, count })).sort((a, b) => b.count - a.count || a.action.localeCompare(b.action)),
    by_user: [...byUser.values()].sort((a, b) => b.count - a.count),
  };
}

/** Default look-back of the global log when no start date is given, and the widest range allowed. */
export const GLOBAL_DEFAULT_DAYS = 90;
export const GLOBAL_MAX_DAYS = 366;
/** Day partitions read at once while walking back. */
const DAY_BATCH = 15;

export interface GlobalFilter extends Filterable { organization_id?: string; start_date?: string; end_date?: string }

/**
 * The platform-wide log, newest first. Without an organization it walks the gsi2 day partitions
 * from the newest day back, a few days at a time, until `skip + limit` records are found; with
 * one it reads that organization's partition by id range, which needs no walking.
 * `count` is the number of records answered: a total would mean reading every day in range.
 */
export async function globalLog(filter: GlobalFilter, page: { skip: number; limit: number }, now = new Date()) {
  const endDate = filter.end_date ?? utcDay(now);
  const startDate = filter.start_date ?? addDays(endDate, -(GLOBAL_DEFAULT_DAYS - 1));
  const days = daysDescending(startDate, endDate);
  if (days.length > GLOBAL_MAX_DAYS) {
    throw new ValidationError([{ loc: ['query', 'start_date'], msg: `The date range may span at most ${GLOBAL_MAX_DAYS} days`, type: 'range_too_wide' }]);
  }
  const wanted = page.skip + page.limit;

  if (filter.organization_id) {
    const items = await takeRange(organizationLogQuery(filter.organization_id, { action: filter.action, start_date: startDate, end_date: endDate }), page.skip, page.limit, 'desc');
    return { data: items.map(presentAuditLog), count: items.length };
  }

  const found: AuditLogItem[] = [];
  for (let i = 0; i < days.length && found.length < wanted; i += DAY_BATCH) {
    const need = wanted - found.length;
    const batch = await Promise.all(
      days.slice(i, i + DAY_BATCH).map((day) => {
        const q = AuditLog.query.byDay({ day });
        return takeRange(filter.action ? q.where(actionFilter(filter.action)) : q, 0, need, 'desc');
      }),
    );
    for (const dayItems of batch) found.push(...dayItems);
  }
  const items = found.slice(page.skip, wanted);
  return { data: items.map(presentAuditLog), count: items.length };
}
