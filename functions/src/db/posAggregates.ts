import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * What the POS reports read (issue 15: flat in the number of sales): per (day, terminal) and per
 * (day, cashier) totals, changed only by `ADD` in each sale's and return's transaction. A terminal
 * sells one ticket at a time and a cashier works one terminal, so these are no hot items; a report
 * over a date range reads days × terminals items, whatever the number of sales.
 *
 * Figures (minor units; quantities thousandths): sales_count, returns_count, items_milli, net, tax,
 * discount, gross, refunds, cost (provisional cost of goods sold), per tender `t_<tender>` (kept,
 * net of change and refunds), and per hour of the day `h<HH>_count` / `h<HH>_gross` (the
 * organization's time zone) for the dashboard's busy hours.
 *
 * Per-product figures (the dashboard's top products) are not kept here: in the sale's transaction
 * they would cost two actions per product and make a popular product's item one every till writes.
 * The receipt's follow-up counts them instead (db/posProductDay.ts, pos/product-figures.ts).
 *
 * Access: an organization's days in a range (pk `ORG#<org>#POSDAY`, sk `<date>#<terminal>`), and
 * the same for cashiers (pk `ORG#<org>#POSCASHIERDAY`, sk `<date>#<cashier>`).
 */
const TENDERS = ['cash', 'card', 'cliq', 'store_credit', 'on_account', 'gift_card'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const figures = {
  sales_count: { type: 'number' },
  returns_count: { type: 'number' },
  items_milli: { type: 'number' },
  net: { type: 'number' },
  tax: { type: 'number' },
  discount: { type: 'number' },
  gross: { type: 'number' },
  refunds: { type: 'number' },
  cost: { type: 'number' },
  ...Object.fromEntries(TENDERS.map((t) => [`t_${t}`, { type: 'number' }])),
  ...Object.fromEntries(HOURS.flatMap((h) => [[`h${h}_count`, { type: 'number' }], [`h${h}_gross`, { type: 'number' }]])),
} as Record<string, { type: 'number' }>;
export type PosFigure = 'sales_count' | 'returns_count' | 'items_milli' | 'net' | 'tax' | 'discount' | 'gross' | 'refunds' | 'cost' | `t_${(typeof TENDERS)[number]}` | `h${string}_count` | `h${string}_gross`;
export const POS_HOURS = HOURS;

export const PosTerminalDay = new Entity(
  {
    model: { entity: 'pos_terminal_day', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      terminal_id: { type: 'string', required: true, readOnly: true },
      ...figures,
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSDAY', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'terminal_id'], template: '${date}#${terminal_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosTerminalDayRecord = EntityItem<typeof PosTerminalDay> & Partial<Record<PosFigure, number>>;

export const PosCashierDay = new Entity(
  {
    model: { entity: 'pos_cashier_day', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      cashier_id: { type: 'string', required: true, readOnly: true },
      ...figures,
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSCASHIERDAY', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'cashier_id'], template: '${date}#${cashier_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosCashierDayRecord = EntityItem<typeof PosCashierDay> & Partial<Record<PosFigure, number>>;

/** Every figure a day item carries. */
export const POS_DAY_FIGURES = Object.keys(figures);

/**
 * The ADD of a receipt's figures to a day item (terminal or cashier), with every other figure set
 * to 0 if the item does not have it yet: a day item has all its figures from its first write, so it
 * is the same size whether the day had one sale or a thousand spread over every hour, and a report
 * reading days × terminals costs the same whatever the number of sales (the bench measures it).
 * ElectroDB writes the ADDs; the `if_not_exists` SETs are added to its expression here.
 */
export function dayFiguresUpdate(params: Record<string, unknown>, added: Record<string, number>): Record<string, unknown> {
  const out = params as { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> };
  const missing = POS_DAY_FIGURES.filter((name) => !(name in added));
  if (!missing.length) return params;
  const sets = missing.map((name, i) => {
    out.ExpressionAttributeNames[`#z${i}`] = name;
    return `#z${i} = if_not_exists(#z${i}, :zero)`;
  });
  out.ExpressionAttributeValues[':zero'] = 0;
  out.UpdateExpression = out.UpdateExpression.startsWith('SET ')
    ? out.UpdateExpression.replace(/^SET /, `SET ${sets.join(', ')}, `)
    : `SET ${sets.join(', ')} ${out.UpdateExpression}`;
  return out;
}
