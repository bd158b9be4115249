import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ACCOUNT_TYPES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * An account of an organization's chart of accounts (docs/ledger.md).
 *
 * Access patterns:
 * - one account by (organization, id): pk `ORG#<org>`, sk `ACCOUNT#<id>` — also the BatchGet the
 *   posting engine uses to check that every line's account exists in this organization and is
 *   active;
 * - the whole chart: pk `ORG#<org>`, sk begins_with `ACCOUNT#` (consistent Query; a chart is a few
 *   hundred items at most, sorted by code and filtered in memory).
 *
 * `code` is unique per organization through the AccountCode guard below, written in the same
 * transaction. System accounts (`is_system`) are the ones the posting code of other modules looks
 * up by subtype; they cannot be deleted, deactivated or retyped. `version` guards updates.
 */
export const Account = new Entity(
  {
    model: { entity: 'account', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      code: { type: 'string', required: true },
      name: { type: 'string', required: true },
      name_ar: { type: 'string' },
      description: { type: 'string' },
      type: { type: ACCOUNT_TYPES, required: true },
      subtype: { type: 'string', required: true },
      parent_id: { type: 'string' },
      is_active: { type: 'boolean', required: true, default: true },
      is_system: { type: 'boolean', required: true, default: false },
      currency: { type: 'string', required: true },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'ACCOUNT#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type AccountRecord = EntityItem<typeof Account>;

/**
 * Uniqueness guard for account codes: written with the account on condition that it is absent,
 * moved in the same transaction when the code changes, deleted with the account.
 * Access: by (organization, code), pk `ORG#<org>`, sk `ACCOUNTCODE#<code>`.
 */
export const AccountCode = new Entity(
  {
    model: { entity: 'account_code', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      code: { type: 'string', required: true, readOnly: true },
      account_id: { type: 'string', required: true },
    },
    indexes: {
      byCode: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['code'], template: 'ACCOUNTCODE#${code}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/**
 * Marks that an organization's default chart of accounts has been created, and from which version
 * of the default list, so `ensureChartOfAccounts` is one consistent GetItem once done and can add
 * accounts that a later default list introduces.
 * Access: by organization, pk `ORG#<org>`, sk `CHART`.
 */
export const ChartOfAccounts = new Entity(
  {
    model: { entity: 'chart_of_accounts', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      chart_version: { type: 'number', required: true },
      created_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'CHART', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
