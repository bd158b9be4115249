import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { JOFOTARA_TRACKS } from '@daftar/shared/jofotara/types';
import { entityConfig } from './client.js';

/**
 * An organization's JoFotara settings, one item per organization.
 *
 * Access patterns:
 * - by organization: pk `ORG#<organization_id>`, sk `EINVOICING#SETTINGS` (GetItem; the
 *   settings screen, test-connection and every submission read it).
 *
 * `client_id_encrypted` / `secret_key_encrypted` are AES-256-GCM envelopes (platform/crypto.ts)
 * bound to the organization and the field; the plaintext is never stored. `client_id_last4` is
 * kept in clear only for long Client-Ids, so the settings screen can tell devices apart.
 *
 * `version` guards settings updates (conditional write on the version read) and is what a
 * submission records as the settings it used. `icv_counter` is the invoice counter (ICV) handed
 * out by an atomic ADD that does not touch `version`, so issuing a number never conflicts with an
 * admin editing the settings.
 */
export const EinvoicingSettings = new Entity(
  {
    model: { entity: 'einvoicing_settings', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      seller_tin: { type: 'string' },
      registered_name_ar: { type: 'string' },
      registered_name_en: { type: 'string' },
      income_source_sequence: { type: 'string' },
      taxpayer_track: { type: JOFOTARA_TRACKS },
      client_id_encrypted: { type: 'string' },
      client_id_last4: { type: 'string' },
      secret_key_encrypted: { type: 'string' },
      credentials_updated_at: { type: 'string' },
      icv_counter: { type: 'number', required: true, default: 0 },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
      updated_by: { type: 'string' },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'EINVOICING#SETTINGS', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type EinvoicingSettingsItem = EntityItem<typeof EinvoicingSettings>;
