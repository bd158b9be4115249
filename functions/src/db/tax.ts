import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { SPECIAL_TAX_TYPES, TAX_PURCHASE_ACCOUNT_SUBTYPES, TAX_RECORD_CATEGORIES, TAX_SALES_ACCOUNT_SUBTYPES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * A tax of an organization: a general sales tax rate (standard, zero-rated, exempt) or a special
 * sales tax (fixed per unit or percent).
 *
 * Access patterns:
 * - one tax by (organization, id): pk `ORG#<org>`, sk `TAX#<id>` (BatchGet for the calculator);
 * - all taxes of an organization: pk `ORG#<org>`, sk begins_with `TAX#` (a few dozen at most,
 *   sorted and filtered in memory);
 * - uniqueness of `code`: TaxCode below.
 *
 * `rate` and `special_tax_amount` are canonical decimal text (never floats). The ledger posts the
 * tax to the organization's account of `sales_account_subtype` / `purchase_account_subtype`. At most
 * one tax is `is_default`, kept so by the transactions that set the mark. `version` guards updates.
 */
export const Tax = new Entity(
  {
    model: { entity: 'tax', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      code: { type: 'string' },
      name: { type: 'string', required: true },
      name_ar: { type: 'string' },
      description: { type: 'string' },
      rate: { type: 'string', required: true },
      tax_category: { type: TAX_RECORD_CATEGORIES, required: true },
      jofotara_category: { type: ['S', 'Z', 'O'] as const, required: true },
      special_tax_type: { type: SPECIAL_TAX_TYPES },
      special_tax_amount: { type: 'string' },
      sales_account_subtype: { type: TAX_SALES_ACCOUNT_SUBTYPES, required: true },
      purchase_account_subtype: { type: TAX_PURCHASE_ACCOUNT_SUBTYPES },
      is_default: { type: 'boolean', required: true, default: false },
      is_active: { type: 'boolean', required: true, default: true },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'TAX#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type TaxRecord = EntityItem<typeof Tax>;

/**
 * Uniqueness guard for tax codes (upper-case): written with the tax on condition that it is
 * absent, moved in the same transaction when the code changes, deleted with the tax. The Jordan GST
 * setup finds its taxes by these codes (`JO_GST_16` …), which makes it idempotent.
 * Access: by (organization, code), pk `ORG#<org>`, sk `TAXCODE#<code>`.
 */
export const TaxCode = new Entity(
  {
    model: { entity: 'tax_code', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      code: { type: 'string', required: true, readOnly: true },
      tax_id: { type: 'string', required: true },
    },
    indexes: {
      byCode: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['code'], template: 'TAXCODE#${code}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
