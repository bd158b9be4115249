/**
 * Every narrative the server can write, by area. Each area's file owns its keys (prefix them with
 * the area: `ledger.…`, `audit.invoice.…`); a key in two files is a type error here.
 */
import { LEDGER_NARRATIVES } from './ledger.js';
import { AUDIT_NARRATIVES } from './audit.js';
import { AUDIT_PLATFORM_NARRATIVES } from './audit-platform.js';
import { AUDIT_ACCOUNTING_NARRATIVES } from './audit-accounting.js';
import { AUDIT_PRODUCT_NARRATIVES } from './audit-products.js';
import { AUDIT_INVENTORY_NARRATIVES } from './audit-inventory.js';
import { POS_NARRATIVES } from './pos.js';
import { GIFT_CARD_NARRATIVES } from './gift-cards.js';
import { LAYAWAY_NARRATIVES } from './layaway.js';

export type NarrativeTemplate = { readonly en: string; readonly ar: string };

export const NARRATIVES = {
  ...LEDGER_NARRATIVES,
  ...AUDIT_NARRATIVES,
  ...AUDIT_PLATFORM_NARRATIVES,
  ...AUDIT_ACCOUNTING_NARRATIVES,
  ...AUDIT_PRODUCT_NARRATIVES,
  ...AUDIT_INVENTORY_NARRATIVES,
  ...POS_NARRATIVES,
  ...GIFT_CARD_NARRATIVES,
  ...LAYAWAY_NARRATIVES,
} as const satisfies Record<string, NarrativeTemplate>;

export type NarrativeKey = keyof typeof NARRATIVES;
