import type { EntityItem } from 'electrodb';
import { LAYAWAY_CANCELLATION_POLICIES, LAYAWAY_PAYMENT_FREQUENCIES, LAYAWAY_PAYMENT_TYPES, LAYAWAY_RESERVATION_STATUSES, LAYAWAY_STATUSES } from '@daftar/shared/schemas/layaway';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';
import type { StoredPosLine } from './posTransaction.js';

/**
 * A layaway line as stored: the till's line shape (db/posTransaction.ts StoredPosLine: minor units,
 * quantity in thousandths, the tax figures computed once with shared/src/pos/ticket.ts), so the
 * pickup's JoFotara invoice is mapped by the till's own mapping (pos/einvoice.ts), plus what is
 * held in stock for the line.
 */
export interface StoredLayawayLine extends StoredPosLine {
  /** Thousandths held in stock for this line (its quantity once reserved; 0 before and after). */
  reserved_milli: number;
}

/**
 * A layaway (issue 16; shared/src/schemas/layaway.ts). Money in minor units. `amount_paid` changes
 * only in the transaction that posts the payment, on condition that `version` is still the one
 * read, so two payments at once never pay more than the total: the second re-reads and is refused.
 *
 * Access (each list filter of the API is a Query of one of these, the other filters FilterExpressions):
 * - byId: the organization's layaways (`ORG#<org>#LAYAWAYS`, sk `LAY#<id>`, ids UUIDv7: newest last);
 * - byStatus (gsi1): `ORG#<org>#LAYAWAYS#<status>`, sk `<location_id>#<id>`: a status, and a status
 *   at a location as a key prefix;
 * - byCustomer (gsi2): `ORG#<org>#LAYAWAYCUST#<customer_id>`, sk `<id>`.
 */
export const Layaway = new Entity(
  {
    model: { entity: 'layaway', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      number: { type: 'string', required: true, readOnly: true },
      status: { type: LAYAWAY_STATUSES, required: true },
      /** Not readOnly: every update sets it again (with the status) so ElectroDB can rebuild gsi1's key; it never changes. */
      location_id: { type: 'string', required: true },
      customer_id: { type: 'string', required: true, readOnly: true },
      customer_name: { type: 'string' },
      currency: { type: 'string', required: true, readOnly: true },
      lines: { type: 'any', required: true },
      subtotal: { type: 'number', required: true },
      tax_total: { type: 'number', required: true },
      /** What the customer pays in all, tax included (the list's min/max_amount filter). */
      total: { type: 'number', required: true },
      amount_paid: { type: 'number', required: true },
      minimum_deposit: { type: 'number', required: true },
      payment_frequency: { type: LAYAWAY_PAYMENT_FREQUENCIES, required: true },
      start_date: { type: 'string', required: true },
      due_date: { type: 'string', required: true },
      is_overdue: { type: 'boolean', required: true },
      reservation_status: { type: LAYAWAY_RESERVATION_STATUSES, required: true },
      /** Absent: the organization's default (LAYAWAY_DEFAULT_CANCELLATION_POLICY). */
      cancellation_policy: { type: LAYAWAY_CANCELLATION_POLICIES },
      cancellation_fee: { type: 'number' },
      cancel_reason: { type: 'string' },
      notes: { type: 'string' },
      /** The pickup's journal entry; the JoFotara submission is keyed by the layaway's id. */
      sale_journal_entry_id: { type: 'string' },
      sale_date: { type: 'string' },
      /** queued | needs_attention once the pickup's e-invoice was handled (pos/einvoice.ts flags); absent before. */
      einvoice_status: { type: 'string' },
      completed_at: { type: 'string' },
      cancelled_at: { type: 'string' },
      created_by: { type: 'string' },
      version: { type: 'number', required: true },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#LAYAWAYS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'LAY#${id}', casing: 'none' },
      },
      byStatus: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'status'], template: 'ORG#${organization_id}#LAYAWAYS#${status}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['location_id', 'id'], template: '${location_id}#${id}', casing: 'none' },
      },
      byCustomer: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'customer_id'], template: 'ORG#${organization_id}#LAYAWAYCUST#${customer_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type LayawayRecord = EntityItem<typeof Layaway>;

/**
 * One line of a layaway's money, numbered by the layaway version it made (`seq`), written with the
 * layaway's versioned update in the transaction that posts it.
 */
export const LayawayPayment = new Entity(
  {
    model: { entity: 'layaway_payment', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      layaway_id: { type: 'string', required: true, readOnly: true },
      seq_key: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      payment_type: { type: LAYAWAY_PAYMENT_TYPES, required: true, readOnly: true },
      /** Signed minor units from the deposits' side: + money in; − refunded, turned into store credit or kept as a fee. */
      amount: { type: 'number', required: true, readOnly: true },
      payment_method: { type: 'string', readOnly: true },
      session_id: { type: 'string', readOnly: true },
      account_id: { type: 'string', readOnly: true },
      journal_entry_id: { type: 'string', readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      notes: { type: 'string', readOnly: true },
      created_by: { type: 'string', readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byLayaway: {
        pk: { field: 'pk', composite: ['organization_id', 'layaway_id'], template: 'ORG#${organization_id}#LAYAWAY#${layaway_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['seq_key'], template: 'P#${seq_key}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type LayawayPaymentRecord = EntityItem<typeof LayawayPayment>;

/**
 * The reminder sent for one overdue instalment: created on condition that it is absent, so a
 * customer gets one reminder per overdue instalment however often check-overdue runs.
 */
export const LayawayReminder = new Entity(
  {
    model: { entity: 'layaway_reminder', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      layaway_id: { type: 'string', required: true, readOnly: true },
      instalment: { type: 'number', required: true, readOnly: true },
      email: { type: 'string', readOnly: true },
      sent_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byLayaway: {
        pk: { field: 'pk', composite: ['organization_id', 'layaway_id'], template: 'ORG#${organization_id}#LAYAWAY#${layaway_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['instalment'], template: 'R#${instalment}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/**
 * Every active layaway across organizations (`LAYAWAYACTIVE`, sk `<org>#<id>`): written in the
 * create's transaction and deleted in the pickup's or the cancel's, so the nightly overdue check
 * reads the open layaways without a Scan. It is written once per layaway (not per payment), so the
 * one partition is never hot.
 */
export const LayawayActive = new Entity(
  {
    model: { entity: 'layaway_active', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      layaway_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      all: {
        pk: { field: 'pk', composite: [], template: 'LAYAWAYACTIVE', casing: 'none' },
        sk: { field: 'sk', composite: ['organization_id', 'layaway_id'], template: '${organization_id}#${layaway_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
