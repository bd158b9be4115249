import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A tenant.
 *
 * Access patterns:
 * - by id: pk `ORG#<id>`, sk `ORG` (the organization's partition also holds its memberships,
 *   invitations and other tenant items, each under its own sk prefix);
 * - all organizations in creation order (superuser listing): gsi2 `ORGS`.
 *
 * `member_count` is kept in the same transactions that add or remove memberships; `owner_id` is
 * always one of the current owners (moved when that owner steps down); `version` guards updates.
 */
export const Organization = new Entity(
  {
    model: { entity: 'organization', version: '1', service: 'daftar' },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      /** The business name in Arabic (onboarding, organization settings); printed beside `name`. */
      name_ar: { type: 'string' },
      legal_name: { type: 'string' },
      tax_number: { type: 'string' },
      /** Recorded by `POST taxes/jordan-gst/setup` (digits, JORDAN.md §2.2). */
      gst_registration_number: { type: 'string' },
      income_source_sequence: { type: 'string' },
      taxpayer_track: { type: 'string' },
      commercial_registration: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      address: { type: 'string' },
      city: { type: 'string' },
      governorate: { type: 'string' },
      postal_code: { type: 'string' },
      base_currency: { type: 'string', required: true, default: 'JOD' },
      fiscal_year_start_month: { type: 'number', required: true, default: 1 },
      /** Absent on organizations made before inventory: FIFO. */
      inventory_valuation_method: { type: ['fifo', 'average'] as const },
      /** Absent: allowed. */
      allow_negative_stock: { type: 'boolean' },
      pos_receiptless_returns: { type: ['never', 'admins', 'everyone'] as const },
      /**
       * How the shop's scales print labels (shared/src/barcodes.ts `ScaleBarcodeSettings`). Absent:
       * the default layout (20–24 weight, 25–29 price, five-digit item codes).
       */
      scale_barcodes: {
        type: 'map',
        properties: {
          prefixes: {
            type: 'list',
            required: true,
            items: {
              type: 'map',
              properties: {
                prefix: { type: 'string', required: true },
                value: { type: ['weight', 'price'] as const, required: true },
              },
            },
          },
          item_digits: { type: 'number', required: true },
        },
      },
      timezone: { type: 'string', required: true, default: 'Asia/Amman' },
      description: { type: 'string' },
      owner_id: { type: 'string', required: true },
      member_count: { type: 'number', required: true, default: 0 },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: 'ORG#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'ORG', casing: 'none' },
      },
      all: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: [], template: 'ORGS', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['created_at', 'id'], casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type OrganizationItem = EntityItem<typeof Organization>;

/** Every organization's id, a page at a time: the walk of the nightly jobs (one Query page each). */
export async function* organizationIdPages(): AsyncGenerator<string[]> {
  let cursor: string | null = null;
  do {
    const page: { data: { id: string }[]; cursor: string | null } = await Organization.query.all({}).go({ cursor, attributes: ['id'] });
    yield page.data.map((o) => o.id);
    cursor = page.cursor;
  } while (cursor);
}

/**
 * Uniqueness guard for organization names (case-insensitive, see `organizationNameKey`): written
 * with the organization in one transaction on condition that it is absent; moved in one
 * transaction on rename; deleted with the organization.
 * Access: by name key, pk `ORGNAME#<key>`.
 */
export const OrganizationName = new Entity(
  {
    model: { entity: 'organization_name', version: '1', service: 'daftar' },
    attributes: {
      name_key: { type: 'string', required: true },
      organization_id: { type: 'string', required: true },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name_key'], template: 'ORGNAME#${name_key}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'ORGNAME', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

export const organizationNameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');
