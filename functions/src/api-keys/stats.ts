/** Usage figures: one organization's keys by day, and platform-wide totals (superuser). */
import { ApiKey, type ApiKeyItem } from '../db/apiKey.js';
import { addDays, daysDescending, utcDay } from '../audit-logs/days.js';
import { takeAll } from '../db/paging.js';
import { isExpired } from './keys.js';

const usageOn = (key: ApiKeyItem, day: string) => Number((key.usage_by_day as Record<string, number> | undefined)?.[day] ?? 0);

/** Requests per UTC day over the last `days` days (today included), in total and per key. */
export async function organizationUsage(organizationId: string, days: number, now = new Date()) {
  const endDate = utcDay(now);
  const startDate = addDays(endDate, -(days - 1));
  const window = daysDescending(startDate, endDate).reverse();
  const keys = await takeAll(ApiKey.query.byOrganization({ organization_id: organizationId }), 'desc');
  const daily = window.map((date) => ({ date, requests: keys.reduce((sum, key) => sum + usageOn(key, date), 0) }));
  return {
    organization_id: organizationId,
    days,
    start_date: startDate,
    end_date: endDate,
    total_keys: keys.length,
    active_keys: keys.filter((k) => k.is_active && !isExpired(k, now)).length,
    total_requests: keys.reduce((sum, k) => sum + k.usage_count, 0),
    period_requests: daily.reduce((sum, d) => sum + d.requests, 0),
    daily,
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      key_prefix: k.key_prefix,
      is_active: k.is_active,
      usage_count: k.usage_count,
      period_requests: window.reduce((sum, day) => sum + usageOn(k, day), 0),
      last_used_at: k.last_used_at ?? null,
    })),
  };
}

/** Totals over every organization's keys, read from the gsi2 expiry index (one partition, no Scan). */
export async function globalUsage(now = new Date()) {
  const keys = await takeAll(ApiKey.query.byExpiry({}));
  const expired = keys.filter((k) => isExpired(k, now));
  return {
    total_keys: keys.length,
    active_keys: keys.filter((k) => k.is_active && !isExpired(k, now)).length,
    inactive_keys: keys.filter((k) => !k.is_active).length,
    expired_keys: expired.length,
    total_requests: keys.reduce((sum, k) => sum + k.usage_count, 0),
    organizations_with_keys: new Set(keys.map((k) => k.organization_id)).size,
  };
}
