import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A cash session (shift) on one terminal: the cashier, the opening float, and the running totals
 * the X and Z reports show — kept by `ADD` in every sale's and return's transaction (the session
 * belongs to one terminal, which sells one ticket at a time, so this is no hot item), never summed
 * from receipts. Every sale checks `status = open` on it in its transaction: a closed session takes
 * no sale (409), and the close (a conditioned update) waits for no sale in flight.
 *
 * Totals, all minor units (quantities in thousandths), top-level so `ADD` reaches them:
 * sales_count, returns_count, items_milli, net, tax, discount, gross, refunds, and per tender
 * `t_<tender>_sales`, `t_<tender>_refunds`, `t_<tender>_count`.
 *
 * Access: one session by id; a terminal's sessions, newest first (gsi1); an organization's sessions
 * by opening time (pk; ids are UUIDv7, ordered by time), for the shift reconciliation report; a cashier's (gsi2), for cashier performance.
 */
const TENDERS = ['cash', 'card', 'cliq', 'store_credit', 'on_account', 'gift_card'] as const;
const tenderAttributes = Object.fromEntries(
  TENDERS.flatMap((t) => [[`t_${t}_sales`, { type: 'number' }], [`t_${t}_refunds`, { type: 'number' }], [`t_${t}_count`, { type: 'number' }]]),
) as Record<`t_${(typeof TENDERS)[number]}_${'sales' | 'refunds' | 'count'}`, { type: 'number' }>;

export const PosSession = new Entity(
  {
    model: { entity: 'pos_session', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      terminal_id: { type: 'string', required: true, readOnly: true },
      cashier_id: { type: 'string', required: true, readOnly: true },
      cashier_name: { type: 'string' },
      status: { type: ['open', 'closed'] as const, required: true },
      opening_float: { type: 'number', required: true, readOnly: true },
      opened_at: { type: 'string', required: true, readOnly: true },
      closed_at: { type: 'string' },
      closed_by: { type: 'string' },
      note: { type: 'string' },
      counted: { type: 'any' },
      close_entry_id: { type: 'string' },
      sales_count: { type: 'number' },
      returns_count: { type: 'number' },
      items_milli: { type: 'number' },
      net: { type: 'number' },
      tax: { type: 'number' },
      discount: { type: 'number' },
      gross: { type: 'number' },
      refunds: { type: 'number' },
      /** Store credit paid in at this till (cash/card/CliQ deposits), by tender, in `t_<tender>_sales`. */
      last_sale_at: { type: 'string' },
      /**
       * `<date>#<cashier id>` of the day figures this session's latest receipt added to: both day
       * items of that day (this terminal's, that cashier's) already carry every figure, so the next
       * receipt of the same day and cashier adds to them without setting the missing ones to 0.
       */
      figures_day: { type: 'string' },
      ...tenderAttributes,
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSSESSIONS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'S#${id}', casing: 'none' },
      },
      byTerminal: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'terminal_id'], template: 'ORG#${organization_id}#POSTERM#${terminal_id}#SESSIONS', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['opened_at', 'id'], template: '${opened_at}#${id}', casing: 'none' },
      },
      byCashier: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'cashier_id'], template: 'ORG#${organization_id}#POSCASHIER#${cashier_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['opened_at', 'id'], template: '${opened_at}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosSessionRecord = EntityItem<typeof PosSession>;
export const POS_SESSION_TENDERS = TENDERS;
