import type { EntityItem } from 'electrodb';
import { GIFT_CARD_STATUSES, GIFT_CARD_TRANSACTION_TYPES, GIFT_CARD_TYPES } from '@daftar/shared/schemas/giftCards';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A gift card (issue 16; shared/src/schemas/giftCards.ts): what the shop owes its holder. The
 * balance is in minor units and changes only in the transaction that posts the money, on condition
 * that the card's `version` is still the one read, so two tills spending the same card at once
 * cannot overdraw it: the second re-reads and is refused if the money is gone. Each change is a
 * line of the card's ledger (GiftCardActivity) numbered by the version it made, with the balance
 * after it.
 *
 * Access: the organization's cards by id (newest last); by status (gsi1) and by issuing location
 * (gsi2), each an index query; by number through GiftCardNumber.
 */
export const GiftCard = new Entity(
  {
    model: { entity: 'gift_card', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      card_number: { type: 'string', required: true, readOnly: true },
      status: { type: GIFT_CARD_STATUSES, required: true },
      gift_card_type: { type: GIFT_CARD_TYPES, required: true, readOnly: true },
      location_id: { type: 'string', required: true },
      currency: { type: 'string', required: true, readOnly: true },
      balance: { type: 'number', required: true },
      initial_balance: { type: 'number' },
      /** scrypt hash of the PIN (platform/passwords.ts), absent without a PIN. */
      pin_hash: { type: 'string' },
      pin_failures: { type: 'number' },
      pin_locked_until: { type: 'string' },
      design_template: { type: 'string', required: true },
      notes: { type: 'string' },
      reference_id: { type: 'string' },
      customer_id: { type: 'string' },
      customer_name: { type: 'string' },
      expires_on: { type: 'string' },
      suspended_reason: { type: 'string' },
      activated_at: { type: 'string' },
      last_activity_at: { type: 'string' },
      /** Issued, redeemed, refunded and released in total (minor units), for the card's page. */
      issued_total: { type: 'number' },
      redeemed_total: { type: 'number' },
      created_by: { type: 'string' },
      version: { type: 'number', required: true },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#GIFTCARDS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'GC#${id}', casing: 'none' },
      },
      byStatus: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'status'], template: 'ORG#${organization_id}#GIFTCARDS#${status}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
      byLocation: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'location_id'], template: 'ORG#${organization_id}#GIFTCARDLOC#${location_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type GiftCardRecord = EntityItem<typeof GiftCard>;

/**
 * The card number's key: `GIFTCARDNO#<16 digits>` → the card. Written with the card on condition
 * that it is absent, so a number is never given twice (a collision of random numbers makes the
 * create draw another); a lookup by number is one GetItem here and one for the card.
 */
export const GiftCardNumber = new Entity(
  {
    model: { entity: 'gift_card_number', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      card_number: { type: 'string', required: true, readOnly: true },
      gift_card_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byNumber: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['card_number'], template: 'GIFTCARDNO#${card_number}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/**
 * One line of a card's ledger. `seq` is the card version the change made (1, 2, …), so the lines
 * are in the order the card changed and `balance_after` is exact; the Put is conditioned on its
 * absence, with the card's versioned update, in the transaction that posts the money.
 */
export const GiftCardActivity = new Entity(
  {
    model: { entity: 'gift_card_activity', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      gift_card_id: { type: 'string', required: true, readOnly: true },
      seq: { type: 'number', required: true, readOnly: true },
      /** `seq` zero-padded (8 digits), so the sort key orders the lines as numbers. */
      seq_key: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      transaction_type: { type: GIFT_CARD_TRANSACTION_TYPES, required: true, readOnly: true },
      /** Signed minor units: + activate, load, refund to the card; − redeem, refund of the card, release. */
      amount: { type: 'number', required: true, readOnly: true },
      balance_after: { type: 'number', required: true, readOnly: true },
      reference_type: { type: 'string', readOnly: true },
      reference_id: { type: 'string', readOnly: true },
      location_id: { type: 'string', readOnly: true },
      journal_entry_id: { type: 'string', readOnly: true },
      notes: { type: 'string', readOnly: true },
      created_by: { type: 'string', readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byCard: {
        pk: { field: 'pk', composite: ['organization_id', 'gift_card_id'], template: 'ORG#${organization_id}#GIFTCARD#${gift_card_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['seq_key'], template: 'A#${seq_key}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type GiftCardActivityRecord = EntityItem<typeof GiftCardActivity>;

/**
 * Per location, running figures (ADD in each card's money transaction): issued there, spent
 * there, refunded, released as breakage. `analytics/locations` is one Query of these.
 */
export const GiftCardLocationFigures = new Entity(
  {
    model: { entity: 'gift_card_location_figures', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      location_id: { type: 'string', required: true, readOnly: true },
      issued: { type: 'number' },
      issued_count: { type: 'number' },
      redeemed: { type: 'number' },
      redeemed_count: { type: 'number' },
      refunded: { type: 'number' },
      breakage: { type: 'number' },
      /** What cards issued at this location still owe (issued − redeemed − refunded − released, wherever spent). */
      outstanding: { type: 'number' },
      updated_at: { type: 'string' },
    },
    indexes: {
      byLocation: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#GIFTCARDFIG', casing: 'none' },
        sk: { field: 'sk', composite: ['location_id'], template: 'L#${location_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);

/**
 * A card's expiry date, filed by date across organizations (`GIFTCARDEXPIRY#<date>`), so the
 * nightly job reads the cards that expired yesterday (and any night it missed) without a Scan.
 * Written when a card gets an expiry date; a marker whose card has since changed its date, or
 * ended, is simply dropped by the job.
 */
export const GiftCardExpiry = new Entity(
  {
    model: { entity: 'gift_card_expiry', version: '1', service: 'daftar' },
    attributes: {
      expires_on: { type: 'string', required: true, readOnly: true },
      organization_id: { type: 'string', required: true, readOnly: true },
      gift_card_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['expires_on'], template: 'GIFTCARDEXPIRY#${expires_on}', casing: 'none' },
        sk: { field: 'sk', composite: ['organization_id', 'gift_card_id'], template: '${organization_id}#${gift_card_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
