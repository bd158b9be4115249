/**
 * Reading layaways (issue 16): the presenters, one layaway, the lists and the summary — apart from
 * the changes (layaways.ts), so that the layaway Lambda's reading routes load none of the posting,
 * stock and payment code (a route group of their own: layaway/handler.ts).
 */
import { money } from '@daftar/shared';
import { quantityText } from '@daftar/shared/inventory/costing';
import {
  LAYAWAY_DEFAULT_CANCELLATION_POLICY,
  LAYAWAY_STATUSES,
  type LayawayItemPublic,
  type LayawayPaymentPublic,
  type LayawayPublic,
  type LayawaySchedule,
  type LayawayStatus,
  type LayawaySummary,
} from '@daftar/shared/schemas/layaway';
import type * as z from 'zod';
import type * as schemas from '@daftar/shared/schemas/layaway';
import { readItem } from '../db/get-together.js';
import { Layaway, LayawayPayment, type LayawayPaymentRecord, type LayawayRecord, type StoredLayawayLine } from '../db/layaway.js';
import { listPage, takeAll } from '../db/paging.js';
import { accountBalances, normalBalance } from '../ledger/balances.js';
import { systemAccount } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { NotFound } from '../platform/errors.js';
import { isOverdue, paymentSchedule } from './schedule.js';

export const formatAmount = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));
export const parseAmount = (text: string, currency: string) => money.parseMoney(text, currency).amount;

// ---- Presenters ---------------------------------------------------------------------------------

export function presentItem(layaway: LayawayRecord, line: StoredLayawayLine): LayawayItemPublic {
  const amount = (minor: number) => formatAmount(minor, layaway.currency);
  return {
    id: line.id,
    layaway_id: layaway.id,
    product_id: line.product_id ?? '',
    product_name: line.name,
    sku: line.sku,
    quantity: quantityText(line.quantity),
    reserved_quantity: quantityText(line.reserved_milli ?? 0),
    unit_price: line.unit_price,
    price_includes_tax: line.price_includes_tax,
    tax_id: line.tax_id,
    tax_rate: line.tax_rate,
    line_subtotal: amount(line.net),
    line_tax: amount(line.tax + line.special_tax),
    line_total: amount(line.gross),
  };
}

export const scheduleOf = (layaway: LayawayRecord) => ({
  total: layaway.total,
  minimum_deposit: layaway.minimum_deposit,
  amount_paid: layaway.amount_paid,
  start_date: layaway.start_date,
  due_date: layaway.due_date,
  payment_frequency: layaway.payment_frequency,
  currency: layaway.currency,
});

export function presentLayaway(layaway: LayawayRecord, today = todayIn()): LayawayPublic {
  const amount = (minor: number) => formatAmount(minor, layaway.currency);
  const next = layaway.status === 'active' ? paymentSchedule(scheduleOf(layaway), today).find((i) => i.status !== 'paid') : undefined;
  return {
    id: layaway.id,
    layaway_number: layaway.number,
    status: layaway.status,
    location_id: layaway.location_id,
    customer_id: layaway.customer_id,
    customer_name: layaway.customer_name ?? null,
    currency: layaway.currency,
    subtotal: amount(layaway.subtotal),
    tax_total: amount(layaway.tax_total),
    total: amount(layaway.total),
    amount_paid: amount(layaway.amount_paid),
    balance_due: amount(layaway.status === 'active' ? layaway.total - layaway.amount_paid : 0),
    minimum_deposit: amount(layaway.minimum_deposit),
    payment_frequency: layaway.payment_frequency,
    start_date: layaway.start_date,
    due_date: layaway.due_date,
    is_overdue: layaway.is_overdue,
    next_due_date: next?.due_date ?? null,
    next_due_amount: next ? amount(next.amount - next.paid) : null,
    reservation_status: layaway.reservation_status,
    cancellation_policy: layaway.cancellation_policy ?? LAYAWAY_DEFAULT_CANCELLATION_POLICY,
    cancellation_fee: amount(layaway.cancellation_fee ?? 0),
    cancel_reason: layaway.cancel_reason ?? null,
    notes: layaway.notes ?? null,
    sale_document_id: layaway.sale_journal_entry_id ? layaway.id : null,
    sale_journal_entry_id: layaway.sale_journal_entry_id ?? null,
    completed_at: layaway.completed_at ?? null,
    cancelled_at: layaway.cancelled_at ?? null,
    created_by: layaway.created_by ?? null,
    created_at: layaway.created_at,
    updated_at: layaway.updated_at,
    items: (layaway.lines as StoredLayawayLine[]).map((line) => presentItem(layaway, line)),
  };
}

export function presentPayment(line: LayawayPaymentRecord, currency: string): LayawayPaymentPublic {
  return {
    id: line.id,
    layaway_id: line.layaway_id,
    payment_type: line.payment_type,
    amount: formatAmount(line.amount, currency),
    payment_method: line.payment_method ?? null,
    session_id: line.session_id ?? null,
    account_id: line.account_id ?? null,
    journal_entry_id: line.journal_entry_id ?? null,
    date: line.date,
    notes: line.notes ?? null,
    created_by: line.created_by ?? null,
    created_at: line.created_at,
  };
}

// ---- Reads --------------------------------------------------------------------------------------

export async function getLayaway(organizationId: string, id: string): Promise<LayawayRecord> {
  const layaway = await readItem(Layaway, { organization_id: organizationId, id });
  if (!layaway) throw new NotFound('Layaway not found');
  return layaway;
}

type ListQuery = z.infer<typeof schemas.layawayListQuery>;

/**
 * Which index answers a list query (docs/layaway.md): the customer's layaways (gsi2) when a
 * customer is named; else a status (gsi1), at a location as a key prefix; else a location alone
 * (gsi1 once per status, merged); else the organization's layaways (the table's own key). Every
 * other filter is a FilterExpression on that Query.
 */
export function listPlan(query: Partial<ListQuery>): { index: 'byCustomer' | 'byStatus' | 'byStatusAtLocation' | 'byLocation' | 'byId'; filters: string[] } {
  const filters = (['status', 'location_id', 'min_amount', 'max_amount', 'start_date_from', 'start_date_to', 'due_date_from', 'due_date_to', 'payment_frequency', 'is_overdue'] as const).filter((k) => query[k] !== undefined);
  if (query.customer_id) return { index: 'byCustomer', filters };
  if (query.status) return { index: query.location_id ? 'byStatusAtLocation' : 'byStatus', filters: filters.filter((f) => f !== 'status' && f !== 'location_id') };
  if (query.location_id) return { index: 'byLocation', filters: filters.filter((f) => f !== 'location_id') };
  return { index: 'byId', filters };
}

function listQueries(organizationId: string, query: ListQuery, currency: string) {
  const min = query.min_amount !== undefined ? parseAmount(query.min_amount, currency) : null;
  const max = query.max_amount !== undefined ? parseAmount(query.max_amount, currency) : null;
  const plan = listPlan(query);
  const where = <Q extends { where: (cb: (a: any, op: any) => string) => unknown }>(base: Q) =>
    base.where((a, { eq, gte, lte }) =>
      [
        plan.filters.includes('status') ? eq(a.status, query.status) : '',
        plan.filters.includes('location_id') ? eq(a.location_id, query.location_id) : '',
        min !== null ? gte(a.total, min) : '',
        max !== null ? lte(a.total, max) : '',
        query.start_date_from ? gte(a.start_date, query.start_date_from) : '',
        query.start_date_to ? lte(a.start_date, query.start_date_to) : '',
        query.due_date_from ? gte(a.due_date, query.due_date_from) : '',
        query.due_date_to ? lte(a.due_date, query.due_date_to) : '',
        query.payment_frequency ? eq(a.payment_frequency, query.payment_frequency) : '',
        query.is_overdue !== undefined ? eq(a.is_overdue, query.is_overdue) : '',
      ]
        .filter(Boolean)
        .join(' AND '),
    ) as unknown as ReturnType<typeof Layaway.query.byId>;
  const key = { organization_id: organizationId };
  switch (plan.index) {
    case 'byCustomer': return [where(Layaway.query.byCustomer({ ...key, customer_id: query.customer_id! }))];
    case 'byStatus': return [where(Layaway.query.byStatus({ ...key, status: query.status! }))];
    case 'byStatusAtLocation': return [where(Layaway.query.byStatus({ ...key, status: query.status!, location_id: query.location_id! }))];
    case 'byLocation': return LAYAWAY_STATUSES.map((status) => where(Layaway.query.byStatus({ ...key, status, location_id: query.location_id! })));
    case 'byId': return [where(Layaway.query.byId(key))];
  }
}

export async function listLayaways(organizationId: string, query: ListQuery) {
  const { currency } = await organizationSettings(organizationId);
  const today = todayIn();
  const queries = listQueries(organizationId, query, currency);
  if (queries.length === 1) return listPage(queries[0]!, { skip: query.skip, limit: query.limit, order: 'desc' }, (l) => presentLayaway(l, today));
  // A location across the three statuses: the three index queries merged, newest first.
  const all = (await Promise.all(queries.map((q) => takeAll(q, 'desc')))).flat().sort((a, b) => (a.id < b.id ? 1 : -1));
  return { data: all.slice(query.skip, query.skip + query.limit).map((l) => presentLayaway(l, today)), count: all.length };
}

export async function listPayments(organizationId: string, layawayId: string, page: { skip: number; limit: number }) {
  const layaway = await getLayaway(organizationId, layawayId);
  return listPage(LayawayPayment.query.byLayaway({ organization_id: organizationId, layaway_id: layawayId }), { ...page, order: 'asc' }, (p) => presentPayment(p, layaway.currency));
}

export async function layawaySchedule(organizationId: string, layawayId: string): Promise<LayawaySchedule> {
  const layaway = await getLayaway(organizationId, layawayId);
  const { timeZone } = await organizationSettings(organizationId);
  const amount = (minor: number) => formatAmount(minor, layaway.currency);
  const instalments = paymentSchedule(scheduleOf(layaway), todayIn(timeZone));
  return {
    layaway_id: layaway.id,
    currency: layaway.currency,
    payment_frequency: layaway.payment_frequency,
    total: amount(layaway.total),
    amount_paid: amount(layaway.amount_paid),
    balance_due: amount(layaway.total - layaway.amount_paid),
    is_overdue: layaway.status === 'active' && instalments.some((i) => i.status === 'overdue'),
    instalments: instalments.map((i) => ({ number: i.number, due_date: i.due_date, is_deposit: i.is_deposit, amount: amount(i.amount), paid: amount(i.paid), remaining: amount(i.amount - i.paid), status: i.status })),
  };
}

// ---- Lines --------------------------------------------------------------------------------------

// ---- Summary ------------------------------------------------------------------------------------

export async function layawaySummary(organizationId: string, query: { period_start?: string; period_end?: string }, locationId: string | null = null): Promise<LayawaySummary> {
  const settings = await organizationSettings(organizationId);
  const today = todayIn(settings.timeZone);
  const source = locationId
    ? (await Promise.all(LAYAWAY_STATUSES.map((status) => takeAll(Layaway.query.byStatus({ organization_id: organizationId, status, location_id: locationId }))))).flat()
    : await takeAll(Layaway.query.byId({ organization_id: organizationId }));
  const inPeriod = (l: LayawayRecord) => (!query.period_start || l.start_date >= query.period_start) && (!query.period_end || l.start_date <= query.period_end);
  const byStatus = Object.fromEntries(LAYAWAY_STATUSES.map((s) => [s, { count: 0, total: 0, paid: 0 }])) as Record<LayawayStatus, { count: number; total: number; paid: number }>;
  let count = 0;
  let held = 0;
  let overdueCount = 0;
  let overdueBalance = 0;
  let balanceDue = 0;
  for (const l of source) {
    if (l.status === 'active') {
      held += l.amount_paid;
      balanceDue += l.total - l.amount_paid;
      if (l.is_overdue || isOverdue(scheduleOf(l), today)) {
        overdueCount++;
        overdueBalance += l.total - l.amount_paid;
      }
    }
    if (!inPeriod(l)) continue;
    count++;
    byStatus[l.status].count++;
    byStatus[l.status].total += l.total;
    byStatus[l.status].paid += l.amount_paid;
  }
  const amount = (minor: number) => formatAmount(minor, settings.currency);
  let accountBalance: string | null = null;
  if (!locationId) {
    const [account, balances] = await Promise.all([systemAccount(organizationId, 'customer_deposits'), accountBalances(organizationId)]);
    accountBalance = amount(normalBalance('liability', balances.get(account.id)));
  }
  return {
    currency: settings.currency,
    location_id: locationId,
    period_start: query.period_start ?? null,
    period_end: query.period_end ?? null,
    count,
    by_status: Object.fromEntries(LAYAWAY_STATUSES.map((s) => [s, { count: byStatus[s].count, total: amount(byStatus[s].total), paid: amount(byStatus[s].paid) }])) as LayawaySummary['by_status'],
    deposits_held: amount(held),
    deposits_account_balance: accountBalance,
    overdue_count: overdueCount,
    overdue_balance: amount(overdueBalance),
    balance_due: amount(balanceDue),
  };
}
