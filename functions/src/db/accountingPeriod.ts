import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ACCOUNTING_PERIOD_STATUSES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * An accounting period of an organization (a month, a quarter, a fiscal year: any date range that
 * overlaps no other period). Periods close in date order and reopen in reverse order, so the
 * closed ones always form a prefix of the calendar and the lock below is one date.
 *
 * Access patterns:
 * - one period by (organization, id): pk `ORG#<org>`, sk `PERIOD#<id>`;
 * - all periods of an organization: same pk, sk begins_with `PERIOD#` (a few dozen; sorted by
 *   date in memory).
 */
export const AccountingPeriod = new Entity(
  {
    model: { entity: 'accounting_period', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      start_date: { type: 'string', required: true, readOnly: true },
      end_date: { type: 'string', required: true, readOnly: true },
      status: { type: ACCOUNTING_PERIOD_STATUSES, required: true },
      closed_at: { type: 'string' },
      closed_by: { type: 'string' },
      reopened_at: { type: 'string' },
      reopened_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'PERIOD#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type AccountingPeriodRecord = EntityItem<typeof AccountingPeriod>;

/**
 * The organization's books are closed through `closed_through` (the end date of the latest closed
 * period): every posting transaction carries a ConditionCheck
 * `attribute_not_exists(closed_through) OR closed_through < :date` on one copy of this item, so an
 * organization that never closed a period needs no item at all (the check on a missing item
 * passes). There are LEDGER_LOCK_COPIES identical copies: a posting checks the copy its shard maps
 * to, so postings on different shards share no item (two transactions touching one item conflict,
 * even through a ConditionCheck); closing and reopening rewrite every copy in one transaction.
 * Access: by (organization, copy), pk `ORG#<org>`, sk `LEDGERLOCK#<copy>`.
 */
export const LEDGER_LOCK_COPIES = 8;
export const LedgerLock = new Entity(
  {
    model: { entity: 'ledger_lock', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      copy: { type: 'string', required: true, readOnly: true },
      closed_through: { type: 'string' },
      updated_at: { type: 'string' },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['copy'], template: 'LEDGERLOCK#${copy}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
