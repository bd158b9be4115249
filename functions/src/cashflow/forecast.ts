/**
 * Cash forecasts (issue 17): the server's side of shared/src/cashflow/forecast.ts — what it knows
 * on a day, gathered from the books; the forecast made from it, kept one per day so its accuracy can
 * be measured once its days have passed; the owner's settings (alert threshold, adjustments).
 *
 * What goes in (all read by index, bounded by two years of day figures):
 * - history: each day's takings from sales (the `sales` cash flows in, less refunds) and its
 *   day-to-day operating payments by category (expenses, payroll, rent, taxes, other), from the
 *   day figures (db/cashFlow.ts CashFlowDay);
 * - open invoices at their due dates, and the paid ones' delays (due date → the day the invoice
 *   became paid, its last change) for each customer's habit;
 * - open bills at their due dates;
 * - post-dated cheques: payments by cheque whose cheque is dated after today
 *   (payment `cheque_due_date`), received (in) or issued (out), on that date;
 * - planned manual entries, and the owner's adjustments.
 * The nightly job (forecast-consumer.ts) makes every organization's forecast; a forecast asked for
 * on a day that has none yet is made on the spot and kept as that day's.
 */
import type * as z from 'zod';
import { money } from '@daftar/shared';
import {
  COMPONENTS,
  ForecastError,
  balanceBand,
  forecastAccuracy,
  forecastCashFlow,
  forecastSummary,
  projectRecurring,
  type Adjustment,
  type DailyFlow,
  type ForecastResult,
  type OpenInvoice,
  type OpenPayable,
  type PaidInvoice,
  type PlannedEntry,
  type PostDatedCheque,
  type ScenarioForecast,
  type StoredForecast,
} from '@daftar/shared/cashflow/forecast';
import type { cashFlowForecastSettings } from '@daftar/shared/schemas/cashflow';
import { Bill } from '../db/bill.js';
import { CashFlowForecast, CashFlowForecastSettings, CashFlowTransaction } from '../db/cashFlow.js';
import { Invoice, outstandingOf } from '../db/invoice.js';
import { readItem } from '../db/get-together.js';
import { takeAll } from '../db/paging.js';
import { Payment } from '../db/payment.js';
import { addDays } from '../ledger/dates.js';
import { ValidationError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { renderEmail, sendMail } from '../platform/mailer.js';
import { cashBalance, cashScope, dayFlows, type CashScope } from './summaries.js';

/** Days of history the model learns from. */
const HISTORY_DAYS = 730;
/** The forecast kept each day covers the longest horizon. */
const KEPT_DAYS = 90;
/** The shortest history the model is given (zero days included), so one early day is not read as a habit. */
const MIN_HISTORY_DAYS = 28;
const SPENDING_CATEGORIES = ['expenses', 'payroll', 'rent_and_utilities', 'taxes', 'other_operating'] as const;

const text = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

/** What the books say on `today`, as the model's input. */
export async function forecastInput(organizationId: string, scope: CashScope, today: string) {
  const from = addDays(today, -HISTORY_DAYS);
  const [days, opening, invoices, bills, payments, planned, settings] = await Promise.all([
    dayFlows(organizationId, scope, from, today),
    cashBalance(organizationId, scope, today),
    Promise.all(['confirmed', 'sent', 'partially_paid', 'paid'].map((status) => Invoice.query.byStatus({ organization_id: organizationId, status: status as 'paid' }).go({ pages: 'all', attributes: ['id', 'status', 'contact_id', 'due_date', 'issue_date', 'gross_total', 'amount_paid', 'amount_credited', 'updated_at'] }))),
    Promise.all(['confirmed', 'partially_paid'].map((status) => Bill.query.byStatus({ organization_id: organizationId, status: status as 'confirmed' }).go({ pages: 'all', attributes: ['id', 'contact_id', 'due_date', 'issue_date', 'gross_total', 'amount_paid'] }))),
    takeAll(Payment.query.byCreation({ organization_id: organizationId }).where((a, { eq, gt }) => `${eq(a.payment_method, 'cheque')} AND ${gt(a.cheque_due_date, today)}`)),
    CashFlowTransaction.query
      .byDate({ organization_id: organizationId })
      .between({ date: addDays(today, 1), id: '' }, { date: addDays(today, KEPT_DAYS), id: '~' })
      .where((a, { eq }) => `${eq(a.is_manual_entry, true)} AND ${eq(a.is_planned, true)}`)
      .go({ pages: 'all' }),
    readItem(CashFlowForecastSettings, { organization_id: organizationId }),
  ]);
  const history: DailyFlow[] = [];
  for (let d = from; d <= today; d = addDays(d, 1)) {
    const day = days.get(d);
    const sales = day?.byCategory.get('sales');
    const outflows: Record<string, number> = {};
    for (const c of SPENDING_CATEGORIES) {
      const out = day?.byCategory.get(c)?.outflow ?? 0;
      if (out) outflows[c] = out;
    }
    history.push({ date: d, sales: Math.max(0, (sales?.inflow ?? 0) - (sales?.outflow ?? 0)), outflows });
  }
  // History starts at the first day with any cash flow (days before the shop used Daftar are not
  // zeros), but never shorter than four weeks: a young shop's one expense is not a daily habit.
  const first = history.findIndex((h) => h.sales || Object.keys(h.outflows ?? {}).length);
  const known = first < 0 ? [] : history.slice(Math.min(first, Math.max(0, history.length - MIN_HISTORY_DAYS)));
  const allInvoices = invoices.flatMap((p) => p.data);
  const open_invoices: OpenInvoice[] = allInvoices
    .filter((i) => i.status !== 'paid')
    .map((i) => ({ id: i.id, customer_id: i.contact_id!, due_date: i.due_date ?? i.issue_date!, amount: outstandingOf(i as never) }))
    .filter((i) => i.amount > 0);
  const paid_invoices: PaidInvoice[] = allInvoices
    .filter((i) => i.status === 'paid' && i.updated_at)
    .map((i) => ({ customer_id: i.contact_id!, due_date: i.due_date ?? i.issue_date!, paid_date: i.updated_at!.slice(0, 10) }))
    .filter((p) => p.paid_date <= today);
  const payables: OpenPayable[] = bills
    .flatMap((p) => p.data)
    .map((b) => ({ id: b.id, payee: b.contact_id, due_date: b.due_date ?? b.issue_date!, amount: b.gross_total! - (b.amount_paid ?? 0) }))
    .filter((b) => b.amount > 0);
  const cheques: PostDatedCheque[] = payments
    .filter((p) => p.status === 'posted' && p.cheque_due_date)
    .map((p) => ({ id: p.id, direction: p.payment_type === 'received' ? 'received' : 'issued', maturity_date: p.cheque_due_date!, amount: p.amount }));
  const plannedEntries: PlannedEntry[] = planned.data.map((p) => ({ id: p.id, date: p.date, amount: p.amount, description: p.description }));
  return {
    input: {
      today,
      days: KEPT_DAYS,
      opening_balance: opening,
      threshold: settings?.alert_threshold,
      history: known,
      paid_invoices,
      open_invoices,
      payables,
      cheques,
      planned: plannedEntries,
      adjustments: ((settings?.adjustments as Adjustment[] | undefined) ?? []),
    },
    settings,
  };
}

/** Makes today's forecast, keeps it, and sends the alert when the base falls below the threshold. */
export async function makeForecast(organizationId: string, now = new Date()): Promise<{ result: ForecastResult; made_at: string }> {
  const scope = await cashScope(organizationId);
  const today = scope.today;
  const { input, settings } = await forecastInput(organizationId, scope, today);
  let result: ForecastResult;
  try {
    result = forecastCashFlow(input);
  } catch (error) {
    if (error instanceof ForecastError) throw new ValidationError([{ loc: ['forecast', ...error.loc], msg: error.message, type: 'value_error' }]);
    throw error;
  }
  const made_at = now.toISOString();
  await CashFlowForecast.put({ organization_id: organizationId, made_on: today, made_at, result, base_net: result.base.days.map((d) => d.net) }).go();
  if (settings?.alert_threshold !== undefined && settings.alert_email && result.base.below_threshold.length && settings.alerted_on !== today) {
    await alert(organizationId, settings.alert_email, result, settings.alert_threshold, scope.currency).catch((error) =>
      logger.warn('cash forecast alert not sent; tomorrow\'s forecast tries again', { organization_id: organizationId, error: error instanceof Error ? error.message : String(error) }),
    );
  }
  return { result, made_at };
}

async function alert(organizationId: string, to: string, result: ForecastResult, threshold: number, currency: string) {
  const first = result.base.below_threshold[0]!;
  const lowest = result.base.lowest;
  const { text: body, html } = renderEmail({
    en: { heading: 'Cash is forecast to fall below your alert', paragraphs: [`The forecast made on ${result.made_on} has your cash below ${currency} ${text(threshold, currency)} from ${first}.`, `Lowest: ${currency} ${text(lowest.balance, currency)} on ${lowest.date}.`] },
    ar: { heading: 'يُتوقع أن ينخفض النقد دون حد التنبيه', paragraphs: [`التوقع المُعد في ${result.made_on} يُظهر النقد دون ${text(threshold, currency)} ${currency} ابتداءً من ${first}.`, `أدنى رصيد: ${text(lowest.balance, currency)} ${currency} في ${lowest.date}.`] },
  });
  await sendMail({ to, subject: 'Cash forecast alert | تنبيه توقع النقد', text: body, html });
  await CashFlowForecastSettings.patch({ organization_id: organizationId }).set({ alerted_on: result.made_on }).go();
}

/** Today's forecast (made now when there is none yet, or when `refresh` asks). */
async function todaysForecast(organizationId: string, refresh: boolean) {
  const scope = await cashScope(organizationId);
  if (!refresh) {
    const kept = await readItem(CashFlowForecast, { organization_id: organizationId, made_on: scope.today });
    if (kept) return { scope, result: kept.result as ForecastResult, made_at: kept.made_at };
  }
  const { result, made_at } = await makeForecast(organizationId);
  return { scope, result, made_at };
}

function presentScenario(s: ScenarioForecast, days: number, currency: string, band: { low: number; high: number }[] | null) {
  const kept = s.days.slice(0, days);
  const sum = (pick: (d: (typeof kept)[number]) => number) => kept.reduce((t, d) => t + pick(d), 0);
  const components = Object.fromEntries(COMPONENTS.map((c) => [c, text(sum((d) => d.components[c]), currency)])) as Record<(typeof COMPONENTS)[number], string>;
  let lowest = { date: kept[0]?.date ?? '', balance: kept[0]?.closing ?? 0 };
  for (const d of kept) if (d.closing < lowest.balance) lowest = { date: d.date, balance: d.closing };
  return {
    scenario: s.scenario,
    days: kept.map((d, i) => ({
      date: d.date,
      opening: text(d.opening, currency),
      inflow: text(d.inflow, currency),
      outflow: text(d.outflow, currency),
      net: text(d.net, currency),
      closing: text(d.closing, currency),
      components: Object.fromEntries(COMPONENTS.map((c) => [c, text(d.components[c], currency)])) as Record<(typeof COMPONENTS)[number], string>,
      low: band?.[i] ? text(band[i]!.low, currency) : null,
      high: band?.[i] ? text(band[i]!.high, currency) : null,
    })),
    inflow: text(sum((d) => d.inflow), currency),
    outflow: text(sum((d) => d.outflow), currency),
    net: text(sum((d) => d.net), currency),
    components,
    closing_balance: text(kept[kept.length - 1]?.closing ?? 0, currency),
    lowest: { date: lowest.date, balance: text(lowest.balance, currency) },
    below_threshold: s.below_threshold.filter((date) => date <= (kept[kept.length - 1]?.date ?? '')),
  };
}

/** The kept forecasts and the actual daily net flows since the oldest of them, for accuracy. */
async function pastForecasts(organizationId: string, scope: CashScope, horizon: number) {
  const since = addDays(scope.today, -(horizon + 120));
  const kept = await takeAll(CashFlowForecast.query.byDay({ organization_id: organizationId }).gte({ made_on: since }));
  const stored: StoredForecast[] = kept
    .filter((k) => k.made_on < scope.today)
    .map((k) => ({ made_on: k.made_on, days: (k.base_net as number[]).map((net, i) => ({ date: addDays(k.made_on, i + 1), net })) }));
  const from = stored.length ? stored.reduce((m, s) => (s.made_on < m ? s.made_on : m), scope.today) : scope.today;
  const days = await dayFlows(organizationId, scope, addDays(from, -30), addDays(scope.today, -1));
  const actuals: { date: string; net: number }[] = [];
  for (let d = addDays(from, -30); d < scope.today; d = addDays(d, 1)) {
    const day = days.get(d);
    let net = 0;
    for (const [category, f] of day?.byCategory ?? []) if (category !== 'transfers') net += f.inflow - f.outflow;
    actuals.push({ date: d, net });
  }
  return { stored, actuals };
}

export async function forecastFor(organizationId: string, days: 30 | 60 | 90, query: { include_scenarios: 'true' | 'false'; refresh: 'true' | 'false' }) {
  const { scope, result, made_at } = await todaysForecast(organizationId, query.refresh === 'true');
  const settings = await readItem(CashFlowForecastSettings, { organization_id: organizationId });
  const { stored, actuals } = await pastForecasts(organizationId, scope, days);
  const accuracy = forecastAccuracy(stored, actuals.filter((a) => stored.some((s) => a.date > s.made_on)), days);
  const band = accuracy.band.length ? balanceBand({ ...result.base, days: result.base.days.slice(0, days) }, accuracy.band) : null;
  const currency = scope.currency;
  const scenarios = [result.base, result.optimistic, result.pessimistic, ...(result.custom ? [result.custom] : [])];
  return {
    made_on: result.made_on,
    made_at,
    days,
    opening_balance: text(result.opening_balance, currency),
    threshold: settings?.alert_threshold !== undefined ? text(settings.alert_threshold, currency) : null,
    base: presentScenario(result.base, days, currency, band),
    ...(query.include_scenarios === 'true' ? { scenarios: scenarios.map((s) => presentScenario(s, days, currency, s.scenario === 'base' ? band : null)) } : {}),
    model: {
      sales_uncertainty: result.model.sales_uncertainty.toFixed(4),
      doubtful_receivables: text(result.model.doubtful_receivables, currency),
      recurring: result.model.recurring.map((r) => ({
        key: r.key,
        period: r.period,
        amount: text(r.amount, currency),
        next: projectRecurring(r, result.made_on, addDays(result.made_on, days)),
      })),
    },
  };
}

export async function forecastSummaryOf(organizationId: string) {
  const { scope, result } = await todaysForecast(organizationId, false);
  const { stored, actuals } = await pastForecasts(organizationId, scope, 90);
  const currency = scope.currency;
  return {
    made_on: result.made_on,
    opening_balance: text(result.opening_balance, currency),
    horizons: forecastSummary(result).map((h) => {
      const wape = forecastAccuracy(stored, actuals, h.days).wape;
      return { days: h.days, net: text(h.net, currency), closing_balance: text(h.closing_balance, currency), lowest: { date: h.lowest.date, balance: text(h.lowest.balance, currency) }, below_threshold_days: h.below_threshold, wape: wape === null ? null : wape.toFixed(4) };
    }),
  };
}

/**
 * How the kept forecasts did over their first `days` days, beside a naive forecast on the same
 * days (each day's net as it was 30 days before): the owner sees whether the model earns its keep.
 */
export async function forecastAccuracyReport(organizationId: string, days: 30 | 60 | 90) {
  const scope = await cashScope(organizationId);
  const { stored, actuals } = await pastForecasts(organizationId, scope, days);
  const report = forecastAccuracy(stored, actuals, days);
  const byDate = new Map(actuals.map((a) => [a.date, a.net]));
  const naive: StoredForecast[] = stored.map((s) => ({ made_on: s.made_on, days: Array.from({ length: days }, (_, i) => { const date = addDays(s.made_on, i + 1); return { date, net: byDate.get(addDays(date, -30)) ?? 0 }; }) }));
  const naiveReport = forecastAccuracy(naive, actuals, days);
  const currency = scope.currency;
  return {
    horizon: days,
    forecasts_compared: report.forecasts_compared,
    days_compared: report.days_compared,
    mae: report.mae === null ? null : text(report.mae, currency),
    wape: report.wape === null ? null : report.wape.toFixed(4),
    bias: report.bias === null ? null : report.bias.toFixed(4),
    naive_wape: naiveReport.wape === null ? null : naiveReport.wape.toFixed(4),
    band: report.band.map((b) => ({ day: b.day, low: text(b.low, currency), high: text(b.high, currency) })),
  };
}

export async function forecastSettings(organizationId: string) {
  const [settings, scope] = await Promise.all([readItem(CashFlowForecastSettings, { organization_id: organizationId }), cashScope(organizationId)]);
  const currency = scope.currency;
  return {
    alert_threshold: settings?.alert_threshold !== undefined ? text(settings.alert_threshold, currency) : null,
    alert_email: settings?.alert_email ?? null,
    adjustments: ((settings?.adjustments as Adjustment[] | undefined) ?? []).map((a) => ({ id: a.id ?? '', from: a.from, to: a.to ?? null, component: a.component, amount: a.amount === undefined ? null : text(a.amount, currency), percent: a.percent ?? null, note: a.note ?? null })),
    updated_at: settings?.updated_at ?? null,
  };
}

export async function saveForecastSettings(organizationId: string, body: z.infer<typeof cashFlowForecastSettings>) {
  const { currency } = await cashScope(organizationId);
  const adjustments: Adjustment[] = body.adjustments.map((a, i) => ({
    id: a.id ?? `adj-${i + 1}`,
    from: a.from,
    ...(a.to ? { to: a.to } : {}),
    component: a.component,
    ...(a.amount != null ? { amount: money.parseMoney(a.amount, currency).amount } : {}),
    ...(a.percent != null ? { percent: a.percent } : {}),
    ...(a.note ? { note: a.note } : {}),
  }));
  await CashFlowForecastSettings.put({
    organization_id: organizationId,
    ...(body.alert_threshold != null ? { alert_threshold: money.parseMoney(body.alert_threshold, currency).amount } : {}),
    ...(body.alert_email ? { alert_email: body.alert_email } : {}),
    adjustments,
    updated_at: new Date().toISOString(),
  }).go();
  return forecastSettings(organizationId);
}
