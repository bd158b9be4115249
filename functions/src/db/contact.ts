import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { BUYER_ID_SCHEMES, CONTACT_TYPES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * A customer or supplier of an organization (`both` is either).
 *
 * Access patterns:
 * - one contact by (organization, id): pk `ORG#<org>`, sk `CONTACT#<id>`;
 * - an organization's contacts by name (lists, filtered by type and activity): gsi1
 *   `CONTACTS#<org>`, sk `NAME#<name_key>#<id>`, where `name_key` is the normalized name
 *   (contacts/search.ts) so the order ignores case and Arabic diacritics;
 * - search by prefix: ContactSearchKey below;
 * - uniqueness of the tax number in the organization: ContactTaxNumber below.
 *
 * `credit_limit` is in minor units of `currency` (fils for JOD). `version` guards updates.
 */
export const Contact = new Entity(
  {
    model: { entity: 'contact', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      contact_type: { type: CONTACT_TYPES, required: true },
      name: { type: 'string', required: true },
      name_key: { type: 'string', required: true },
      name_ar: { type: 'string' },
      email: { type: 'string' },
      phone: { type: 'string' },
      tax_number: { type: 'string' },
      national_id: { type: 'string' },
      personal_number: { type: 'string' },
      buyer_id_scheme: { type: BUYER_ID_SCHEMES },
      governorate: { type: 'string' },
      city: { type: 'string' },
      address: { type: 'string' },
      postal_code: { type: 'string' },
      payment_terms_days: { type: 'number' },
      credit_limit: { type: 'number' },
      currency: { type: 'string', required: true },
      is_active: { type: 'boolean', required: true, default: true },
      notes: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'CONTACT#${id}', casing: 'none' },
      },
      byName: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'CONTACTS#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['name_key', 'id'], template: 'NAME#${name_key}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ContactRecord = EntityItem<typeof Contact>;

/**
 * One search term of a contact: the normalized name and each of its word-starts, the Arabic name,
 * the e-mail, the phone digits (local and international forms) and the tax number. A prefix search
 * is one Query, `begins_with(sk, "CONTACTSEARCH#<prefix>")`. Each term carries what lists filter
 * and sort on (type, activity, name key), so a search reads only the matching terms and then the
 * contacts of the page it answers. Written, rewritten and deleted in the same transaction as the
 * contact.
 * Access: by (organization, term prefix), pk `ORG#<org>`, sk `CONTACTSEARCH#<term>#<contact_id>`.
 */
export const ContactSearchKey = new Entity(
  {
    model: { entity: 'contact_search_key', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      term: { type: 'string', required: true, readOnly: true },
      contact_id: { type: 'string', required: true, readOnly: true },
      name_key: { type: 'string', required: true },
      contact_type: { type: CONTACT_TYPES, required: true },
      is_active: { type: 'boolean', required: true },
    },
    indexes: {
      byTerm: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['term', 'contact_id'], template: 'CONTACTSEARCH#${term}#${contact_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ContactSearchKeyRecord = EntityItem<typeof ContactSearchKey>;

/**
 * Uniqueness guard for tax numbers within an organization: written with the contact on condition
 * that it is absent, moved in the same transaction when the number changes, deleted with the
 * contact. Access: by (organization, tax number), pk `ORG#<org>`, sk `CONTACTTIN#<tax_number>`.
 */
export const ContactTaxNumber = new Entity(
  {
    model: { entity: 'contact_tax_number', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      tax_number: { type: 'string', required: true, readOnly: true },
      contact_id: { type: 'string', required: true },
    },
    indexes: {
      byTaxNumber: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['tax_number'], template: 'CONTACTTIN#${tax_number}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
