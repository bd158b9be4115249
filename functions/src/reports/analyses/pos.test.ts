import { beforeAll, describe, expect, it } from 'vitest';
import { resolveReportPeriod } from '@daftar/shared/reportPeriods';
import { reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import {
  posCashierPerformancePublic,
  posDashboardMetricsPublic,
  posSalesSummaryPublic,
  posShiftReconciliationPublic,
} from '@daftar/shared/schemas/reportAnalyses';
import { call } from '../../../test/client.js';
import { createUser } from '../../../test/fixtures.js';
import { PosCashierDay, PosTerminalDay, type PosFigure } from '../../db/posAggregates.js';
import { PosProductDay, PosTerminalProductDay } from '../../db/posProductDay.js';
import { PosSession } from '../../db/posSession.js';
import { PosTerminal } from '../../db/posTerminal.js';
import { uuidv7 } from '../../platform/ids.js';
import type { ReportOrganization } from '../definition.js';
import { posCashierPerformance, posDashboardMetrics, posDashboardSpan, posDays, posPreviousSpan, posSalesSummary, posShiftReconciliation, quantityText } from './pos.js';
import { analysisReports } from './tables.js';
import { analysisOrganization } from './test-helpers.js';

const amman: ReportOrganization = { id: 'org', name: 'Al Noor Trading', currency: 'JOD', timezone: 'Asia/Amman', fiscal_year_start_month: 1 };
const organization = (): ReportOrganization => ({ ...amman, id: uuidv7() });
// 22:30 UTC on 30 June is already 1 July in Amman (UTC+3).
const lateEvening = new Date('2025-06-30T22:30:00Z');

type Figures = Partial<Record<PosFigure, number>>;

/**
 * One sale or return reaching the day figures as the sale's transaction writes them: an `ADD` to
 * the (day, terminal) item and to the (day, cashier) item, so tickets of the same day and till sum.
 */
async function ring(organizationId: string, date: string, terminalId: string, cashierId: string, figures: Figures) {
  await PosTerminalDay.update({ organization_id: organizationId, date, terminal_id: terminalId }).add(figures).go();
  await PosCashierDay.update({ organization_id: organizationId, date, cashier_id: cashierId }).add(figures).go();
}

/** A sale in JOD fils: net after discount, 16 % tax, paid with `tender` (cash net of change). */
const sale = (hour: string, net: number, tax: number, items: number, tender: string, discount = 0): Figures => ({
  sales_count: 1,
  items_milli: items,
  net,
  tax,
  discount,
  gross: net + tax,
  [`t_${tender}`]: net + tax,
  [`h${hour}_count`]: 1,
  [`h${hour}_gross`]: net + tax,
});
/** A return at `hour` refunding `refund` (tax included) in cash: the hour's takings go down, its count does not. */
const cashReturn = (hour: string, refund: number): Figures => ({ returns_count: 1, refunds: refund, t_cash: -refund, [`h${hour}_gross`]: -refund });

// The June of two tills (T-1 Lina, T-2 Omar), in fils:
// 10 Jun T-1: A 10.000 + 1.600 tax cash (10h); B 4.500 after 0.500 discount + 0.720 tax card, 1.5 kg (10h);
//             R refunds 5.800 in cash (18h).
// 10 Jun T-2: C 20.000 + 3.200 tax CliQ (17h).
// 30 Jun T-1: D 1.000 + 0.160 cash at 23h, the range's last day.
// 31 May and 1 Jul T-1: 100.000 each, outside June.
async function june(organizationId: string, lina: string, omar: string) {
  await ring(organizationId, '2025-06-10', 'T-1', lina, sale('10', 10_000, 1_600, 2_000, 'cash'));
  await ring(organizationId, '2025-06-10', 'T-1', lina, sale('10', 4_500, 720, 1_500, 'card', 500));
  await ring(organizationId, '2025-06-10', 'T-2', omar, sale('17', 20_000, 3_200, 1_000, 'cliq'));
  await ring(organizationId, '2025-06-10', 'T-1', lina, cashReturn('18', 5_800));
  await ring(organizationId, '2025-06-30', 'T-1', lina, sale('23', 1_000, 160, 1_000, 'cash'));
  await ring(organizationId, '2025-05-31', 'T-1', lina, sale('12', 100_000, 16_000, 1_000, 'cash'));
  await ring(organizationId, '2025-07-01', 'T-1', lina, sale('12', 100_000, 16_000, 1_000, 'cash'));
}

/** A session as the till opens it (UUIDv7 id of its opening moment) with the totals its sales added. */
async function session(organizationId: string, fields: { terminal_id: string; cashier_id: string; opened_at: string; opening_float: number; cashier_name?: string } & Record<string, unknown>) {
  const id = uuidv7(Date.parse(fields.opened_at));
  await PosSession.create({ organization_id: organizationId, id, status: 'open', updated_at: fields.opened_at, ...fields } as never).go();
  return id;
}

describe('POS days and spans', () => {
  it('default to today in the organization zone; a start alone runs to today; an end alone is one day', () => {
    expect(posDays(amman, {}, lateEvening)).toEqual({ start: '2025-07-01', end: '2025-07-01' });
    expect(posDays(amman, { start_date: '2025-06-20' }, lateEvening)).toEqual({ start: '2025-06-20', end: '2025-07-01' });
    expect(posDays(amman, { start_date: '2025-08-01' }, lateEvening)).toEqual({ start: '2025-08-01', end: '2025-08-01' });
    expect(posDays(amman, { end_date: '2025-06-15' }, lateEvening)).toEqual({ start: '2025-06-15', end: '2025-06-15' });
  });

  it('dashboard spans and what they are compared with', () => {
    expect(posDashboardSpan('today', '2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(posDashboardSpan('yesterday', '2025-03-01')).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(posDashboardSpan('last_7_days', '2025-03-01')).toEqual({ from: '2025-02-23', to: '2025-03-01' });
    expect(posDashboardSpan('last_30_days', '2025-03-01')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(posDashboardSpan('current_month', '2025-03-31')).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(posDashboardSpan('last_month', '2025-03-31')).toEqual({ from: '2025-02-01', to: '2025-02-28' });

    expect(posPreviousSpan('today', { from: '2025-03-01', to: '2025-03-01' })).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(posPreviousSpan('last_7_days', { from: '2025-02-23', to: '2025-03-01' })).toEqual({ from: '2025-02-16', to: '2025-02-22' });
    expect(posPreviousSpan('current_month', { from: '2025-03-01', to: '2025-03-31' })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(posPreviousSpan('last_month', { from: '2025-02-01', to: '2025-02-28' })).toEqual({ from: '2025-01-01', to: '2025-01-31' });
  });

  it('write quantities as the till does', () => {
    expect([quantityText(0), quantityText(5_500), quantityText(2_750), quantityText(3_000), quantityText(1)]).toEqual(['0', '5.5', '2.75', '3', '0.001']);
  });

  it('answer zero figures in the organization currency when nothing was sold', async () => {
    const usd = { ...organization(), currency: 'USD' };
    expect(await posShiftReconciliation(usd, { session_id: 'S-9' }, lateEvening)).toEqual({
      session_id: 'S-9',
      start_date: '2025-07-01',
      end_date: '2025-07-01',
      currency: 'USD',
      session_count: 0,
      totals: { expected_cash: '0.00', counted_cash: '0.00', difference: '0.00' },
      sessions: [],
    });
    expect(await posDashboardMetrics(organization(), { period: 'today' }, lateEvening)).toMatchObject({
      from: '2025-07-01',
      today_transactions: 0,
      items_sold: '0',
      by_hour: [],
      changes: { net_sales_percent: null, transaction_count_percent: null, average_transaction_value_percent: null },
    });
  });
});

describe('POS sales summary', () => {
  const org = organization();
  beforeAll(() => june(org.id, 'lina', 'omar'), 60_000);

  it('adds up the days of the range over every terminal', async () => {
    const summary = posSalesSummaryPublic.parse(await posSalesSummary(org, { start_date: '2025-06-01', end_date: '2025-06-30' }));
    expect(summary).toEqual({
      start_date: '2025-06-01',
      end_date: '2025-06-30',
      terminal_id: null,
      currency: 'JOD',
      transaction_count: 4,
      returns_count: 1,
      items_sold: '5.5',
      gross_sales: '36.000',
      discounts: '0.500',
      net_sales: '35.500',
      tax: '5.680',
      sales_with_tax: '41.180',
      returns: '5.800',
      total_collected: '35.380',
      // 41.180 / 4 = 10.295
      average_transaction_value: '10.295',
      by_payment_method: [
        // 11.600 + 1.160 − 5.800 refunded
        { payment_method: 'cash', transaction_count: null, amount: '6.960' },
        { payment_method: 'card', transaction_count: null, amount: '5.220' },
        { payment_method: 'cliq', transaction_count: null, amount: '23.200' },
      ],
      by_hour: [
        { hour: 10, transaction_count: 2, net_sales: null, gross_sales: '16.820' },
        { hour: 17, transaction_count: 1, net_sales: null, gross_sales: '23.200' },
        // The return's hour: no sale, its refund.
        { hour: 18, transaction_count: 0, net_sales: null, gross_sales: '-5.800' },
        { hour: 23, transaction_count: 1, net_sales: null, gross_sales: '1.160' },
      ],
      by_day: [
        { date: '2025-06-10', transaction_count: 3, returns_count: 1, net_sales: '34.500', tax: '5.520', sales_with_tax: '40.020', returns: '5.800', total_collected: '34.220' },
        { date: '2025-06-30', transaction_count: 1, returns_count: 0, net_sales: '1.000', tax: '0.160', sales_with_tax: '1.160', returns: '0.000', total_collected: '1.160' },
      ],
    });
  });

  it('takes the first and last days of the range whole, and nothing outside it', async () => {
    const last = await posSalesSummary(org, { start_date: '2025-06-11', end_date: '2025-06-30' });
    expect(last).toMatchObject({ transaction_count: 1, net_sales: '1.000', by_day: [{ date: '2025-06-30' }] });
    const first = await posSalesSummary(org, { start_date: '2025-06-10', end_date: '2025-06-10' });
    expect(first).toMatchObject({ transaction_count: 3, net_sales: '34.500', returns: '5.800' });
    const around = await posSalesSummary(org, { start_date: '2025-05-31', end_date: '2025-07-01' });
    expect(around).toMatchObject({ transaction_count: 6, net_sales: '235.500' });
    const none = await posSalesSummary(org, { start_date: '2025-06-11', end_date: '2025-06-29' });
    expect(none).toMatchObject({ transaction_count: 0, returns_count: 0, net_sales: '0.000', average_transaction_value: '0.000', by_payment_method: [], by_hour: [], by_day: [] });
  });

  it('reads one terminal when asked', async () => {
    const t1 = await posSalesSummary(org, { start_date: '2025-06-01', end_date: '2025-06-30', terminal_id: 'T-1' });
    expect(t1).toMatchObject({
      terminal_id: 'T-1',
      transaction_count: 3,
      net_sales: '15.500',
      sales_with_tax: '17.980',
      returns: '5.800',
      total_collected: '12.180',
      // 17.980 / 3 = 5.99333…
      average_transaction_value: '5.993',
      by_payment_method: [
        { payment_method: 'cash', amount: '6.960' },
        { payment_method: 'card', amount: '5.220' },
      ],
    });
    const t2 = await posSalesSummary(org, { start_date: '2025-06-01', end_date: '2025-06-30', terminal_id: 'T-2' });
    expect(t2).toMatchObject({ transaction_count: 1, net_sales: '20.000', returns: '0.000', by_hour: [{ hour: 17, transaction_count: 1 }] });
    expect(await posSalesSummary(org, { start_date: '2025-06-01', end_date: '2025-06-30', terminal_id: 'T-9' })).toMatchObject({ transaction_count: 0, by_day: [] });
  });
});

describe('POS cashier performance and shift reconciliation', () => {
  const org = organization();
  const omar = `gone-${uuidv7()}`;
  let lina: string;
  const sessions: Record<string, string> = {};
  beforeAll(async () => {
    lina = (await createUser({ full_name: 'Lina Haddad' })).user.id;
    await june(org.id, lina, omar);
    // 10:00 in Amman, closed 0.800 short: 50.000 + 11.600 − 5.800 = 55.800 expected, 55.000 counted.
    sessions.morning = await session(org.id, {
      terminal_id: 'T-1',
      cashier_id: lina,
      cashier_name: 'Lina (at opening)',
      opened_at: '2025-06-10T07:00:00.000Z',
      opening_float: 50_000,
      status: 'closed',
      closed_at: '2025-06-10T16:00:00.000Z',
      sales_count: 2,
      returns_count: 1,
      net: 14_500,
      t_cash_sales: 11_600,
      t_cash_refunds: 5_800,
      t_card_sales: 5_220,
      counted: { cash: 55_000, card: 5_220, cliq: null },
    });
    // Still open, on T-2: no count yet.
    sessions.omar = await session(org.id, { terminal_id: 'T-2', cashier_id: omar, opened_at: '2025-06-10T13:00:00.000Z', opening_float: 20_000, sales_count: 1, net: 20_000, t_cliq_sales: 23_200 });
    // 23:59 on 31 May in Amman: before the range.
    sessions.may = await session(org.id, { terminal_id: 'T-1', cashier_id: lina, opened_at: '2025-05-31T20:59:00.000Z', opening_float: 1_000, status: 'closed', counted: { cash: 900 } });
    // 23:30 on 30 June in Amman: the range's last half hour, counted right.
    sessions.late = await session(org.id, {
      terminal_id: 'T-1',
      cashier_id: lina,
      opened_at: '2025-06-30T20:30:00.000Z',
      opening_float: 10_000,
      status: 'closed',
      closed_at: '2025-06-30T20:59:00.000Z',
      sales_count: 1,
      net: 1_000,
      t_cash_sales: 1_160,
      counted: { cash: 11_160 },
    });
    // Midnight starting 1 July in Amman: after it.
    sessions.july = await session(org.id, { terminal_id: 'T-1', cashier_id: lina, opened_at: '2025-06-30T21:00:00.000Z', opening_float: 5_000 });
  }, 60_000);

  it('per cashier: the days’ sales, the sessions opened and the cash over or short, most sales first', async () => {
    const report = posCashierPerformancePublic.parse(await posCashierPerformance(org, { start_date: '2025-06-01', end_date: '2025-06-30' }));
    expect(report).toEqual({
      start_date: '2025-06-01',
      end_date: '2025-06-30',
      cashier_id: null,
      currency: 'JOD',
      total_transactions: 4,
      total_net_sales: '35.500',
      cashiers: [
        {
          cashier_id: omar,
          // No user and no name kept on the session: the id.
          cashier_name: omar,
          session_count: 1,
          transaction_count: 1,
          net_sales: '20.000',
          discounts: '0.000',
          returns: '0.000',
          average_transaction_value: '23.200',
          cash_difference: '0.000',
          returns_count: 0,
          sales_with_tax: '23.200',
          items_sold: '1',
        },
        {
          cashier_id: lina,
          cashier_name: 'Lina Haddad',
          session_count: 2,
          transaction_count: 3,
          net_sales: '15.500',
          discounts: '0.500',
          returns: '5.800',
          average_transaction_value: '5.993',
          cash_difference: '-0.800',
          returns_count: 1,
          sales_with_tax: '17.980',
          items_sold: '4.5',
        },
      ],
    });
  });

  it('one cashier, and the range boundaries', async () => {
    const linaOnly = await posCashierPerformance(org, { start_date: '2025-06-01', end_date: '2025-06-30', cashier_id: lina });
    expect(linaOnly).toMatchObject({ cashier_id: lina, total_transactions: 3, total_net_sales: '15.500', cashiers: [{ cashier_id: lina, session_count: 2 }] });
    expect(linaOnly.cashiers).toHaveLength(1);
    const may = await posCashierPerformance(org, { start_date: '2025-05-31', end_date: '2025-05-31' });
    expect(may.cashiers).toEqual([expect.objectContaining({ cashier_id: lina, session_count: 1, transaction_count: 1, net_sales: '100.000', cash_difference: '-0.100' })]);
  });

  it('reconciles the sessions opened in the days, oldest first', async () => {
    const report = posShiftReconciliationPublic.parse(await posShiftReconciliation(org, { start_date: '2025-06-01', end_date: '2025-06-30' }));
    expect(report).toMatchObject({
      session_id: null,
      session_count: 3,
      // 55.800 + 20.000 + 11.160 expected; counted and difference over the two closed sessions.
      totals: { expected_cash: '86.960', counted_cash: '66.160', difference: '-0.800' },
    });
    expect(report.sessions.map((s) => s.session_id)).toEqual([sessions.morning, sessions.omar, sessions.late]);
    expect(report.sessions[0]).toEqual({
      session_id: sessions.morning,
      terminal_id: 'T-1',
      cashier_id: lina,
      cashier_name: 'Lina Haddad',
      status: 'closed',
      opened_at: '2025-06-10T07:00:00.000Z',
      closed_at: '2025-06-10T16:00:00.000Z',
      opening_float: '50.000',
      cash_sales: '11.600',
      cash_refunds: '5.800',
      cash_in: '0.000',
      cash_out: '0.000',
      expected_cash: '55.800',
      counted_cash: '55.000',
      difference: '-0.800',
      sales_count: 2,
      returns_count: 1,
      net_sales: '14.500',
      expected: { cash: '55.800', card: '5.220', cliq: '0.000' },
      counted: { cash: '55.000', card: '5.220', cliq: null },
    });
    expect(report.sessions[1]).toMatchObject({ cashier_name: omar, status: 'open', closed_at: null, expected_cash: '20.000', counted_cash: null, difference: null, counted: null, expected: { cliq: '23.200' } });
    expect(report.sessions[2]).toMatchObject({ expected_cash: '11.160', counted_cash: '11.160', difference: '0.000' });
  });

  it('one session by id, whatever the days; an unknown id is an empty list', async () => {
    const one = await posShiftReconciliation(org, { session_id: sessions.july });
    expect(one.sessions).toEqual([expect.objectContaining({ session_id: sessions.july, opening_float: '5.000', expected_cash: '5.000', status: 'open' })]);
    expect(one.totals).toEqual({ expected_cash: '5.000', counted_cash: '0.000', difference: '0.000' });
    expect((await posShiftReconciliation(org, { session_id: uuidv7() })).sessions).toEqual([]);
  });
});

describe('POS dashboard', () => {
  const org = organization();
  // 18:00 on 10 June in Amman.
  const evening = new Date('2025-06-10T15:00:00Z');
  beforeAll(async () => {
    await june(org.id, 'lina', 'omar');
    // The day before: two tickets, 23.000 net.
    await ring(org.id, '2025-06-09', 'T-1', 'lina', sale('11', 13_000, 2_080, 1_000, 'cash'));
    await ring(org.id, '2025-06-09', 'T-1', 'lina', sale('11', 10_000, 1_600, 1_000, 'card'));
    const at = '2025-06-01T00:00:00.000Z';
    const till = { organization_id: org.id, location_id: 'main', cash_account_id: 'cash', max_cashier_discount_percent: 10, created_at: at, updated_at: at };
    await PosTerminal.create({ ...till, id: 'T-1', name: 'Front', receipt_prefix: 'F', is_active: true, current_session_id: 'S-open' }).go();
    await PosTerminal.create({ ...till, id: 'T-2', name: 'Back', receipt_prefix: 'B', is_active: true }).go();
    await PosTerminal.create({ ...till, id: 'T-3', name: 'Old', receipt_prefix: 'O', is_active: false }).go();
  }, 60_000);

  it("today against yesterday, with the busiest hours and the tills' state", async () => {
    const metrics = posDashboardMetricsPublic.parse(await posDashboardMetrics(org, { period: 'today' }, evening));
    expect(metrics).toEqual({
      period: 'today',
      from: '2025-06-10',
      to: '2025-06-10',
      terminal_id: null,
      currency: 'JOD',
      today_sales: '34.500',
      today_transactions: 3,
      net_sales: '34.500',
      transaction_count: 3,
      // 40.020 / 3
      average_transaction_value: '13.340',
      items_sold: '4.5',
      returns: '5.800',
      returns_count: 1,
      sales_with_tax: '40.020',
      open_sessions: 1,
      active_terminals: 2,
      top_products: [],
      by_payment_method: [
        { payment_method: 'cash', transaction_count: null, amount: '5.800' },
        { payment_method: 'card', transaction_count: null, amount: '5.220' },
        { payment_method: 'cliq', transaction_count: null, amount: '23.200' },
      ],
      by_hour: [
        { hour: 10, transaction_count: 2, net_sales: null, gross_sales: '16.820' },
        { hour: 17, transaction_count: 1, net_sales: null, gross_sales: '23.200' },
        { hour: 18, transaction_count: 0, net_sales: null, gross_sales: '-5.800' },
      ],
      // Hours with sales only.
      busiest_hours: [
        { hour: 10, transaction_count: 2, net_sales: null, gross_sales: '16.820' },
        { hour: 17, transaction_count: 1, net_sales: null, gross_sales: '23.200' },
      ],
      // Yesterday: 23.000 net over two tickets of 26.680 with tax.
      previous: { from: '2025-06-09', to: '2025-06-09', net_sales: '23.000', transaction_count: 2, average_transaction_value: '13.340' },
      changes: { net_sales_percent: 50, transaction_count_percent: 50, average_transaction_value_percent: 0 },
    });
  });

  it('a week, and one terminal', async () => {
    const week = await posDashboardMetrics(org, { period: 'last_7_days' }, evening);
    expect(week).toMatchObject({ from: '2025-06-04', to: '2025-06-10', today_sales: '34.500', net_sales: '57.500', transaction_count: 5, previous: { from: '2025-05-28', to: '2025-06-03', net_sales: '100.000', transaction_count: 1 } });
    // 10h and 11h both had two sales; 11h took more.
    expect(week.busiest_hours.map((h) => h.hour)).toEqual([11, 10, 17]);

    const yesterday = await posDashboardMetrics(org, { period: 'yesterday' }, evening);
    expect(yesterday).toMatchObject({ from: '2025-06-09', today_sales: '34.500', today_transactions: 3, net_sales: '23.000', transaction_count: 2 });

    const back = await posDashboardMetrics(org, { period: 'today', terminal_id: 'T-2' }, evening);
    expect(back).toMatchObject({ terminal_id: 'T-2', today_transactions: 1, net_sales: '20.000', open_sessions: 0, active_terminals: 1, previous: { transaction_count: 0 }, changes: { net_sales_percent: null } });
  });

  it('the top five products of the span by net sales, from the per-product day figures, of one terminal when asked', async () => {
    const shop = organization();
    /** What a receipt's follow-up adds (pos/product-figures.ts): the organization's item and the terminal's. */
    const count = async (date: string, terminal_id: string, product_id: string, quantity_milli: number, net: number, name = product_id.toUpperCase(), name_ar?: string) => {
      const key = { organization_id: shop.id, date, product_id };
      const names = { name, ...(name_ar ? { name_ar } : {}) };
      await PosProductDay.update(key).add({ quantity_milli, net }).set(names).go();
      await PosTerminalProductDay.update({ ...key, terminal_id }).add({ quantity_milli, net }).set(names).go();
    };
    await count('2025-06-04', 'T-1', 'tea', 3_000, 3_000, 'Old tea name');
    await count('2025-06-10', 'T-1', 'tea', 1_000, 1_000, 'Tea', 'شاي');
    await count('2025-06-10', 'T-2', 'cake', 2_000, 4_000);
    await count('2025-06-10', 'T-1', 'cake', -1_000, -2_000);
    for (const [product, net] of [['a', 500], ['b', 600], ['c', 700], ['d', 800]] as const) await count('2025-06-09', 'T-2', product, 1_000, net);
    // Returned in the span, sold before it: left out. Sold the day before the span: not counted.
    await count('2025-06-10', 'T-1', 'soap', -1_000, -900);
    await count('2025-06-03', 'T-1', 'juice', 9_000, 90_000);

    const week = posDashboardMetricsPublic.parse(await posDashboardMetrics(shop, { period: 'last_7_days' }, evening));
    expect(week.top_products).toEqual([
      // Named as on its latest day.
      { product_id: 'tea', name: 'Tea', name_ar: 'شاي', quantity: '4', net_sales: '4.000' },
      { product_id: 'cake', name: 'CAKE', name_ar: null, quantity: '1', net_sales: '2.000' },
      { product_id: 'd', name: 'D', name_ar: null, quantity: '1', net_sales: '0.800' },
      { product_id: 'c', name: 'C', name_ar: null, quantity: '1', net_sales: '0.700' },
      { product_id: 'b', name: 'B', name_ar: null, quantity: '1', net_sales: '0.600' },
    ]);
    const front = await posDashboardMetrics(shop, { period: 'last_7_days', terminal_id: 'T-1' }, evening);
    expect(front.top_products.map((p) => [p.product_id, p.quantity, p.net_sales])).toEqual([['tea', '4', '4.000']]);
    const today = await posDashboardMetrics(shop, { period: 'today', terminal_id: 'T-2' }, evening);
    expect(today.top_products.map((p) => [p.product_id, p.quantity, p.net_sales])).toEqual([['cake', '2', '4.000']]);
  });
});

describe('POS reports over HTTP and in the catalogue', () => {
  let o: Awaited<ReturnType<typeof analysisOrganization>>;
  beforeAll(async () => {
    o = await analysisOrganization();
    await june(o.org.id, o.users.member.user.id, 'omar');
  }, 120_000);

  it('answer the figures through the routes', async () => {
    const res = await call('GET', `${o.base}/reports/pos/sales-summary`, { ...o.as('viewer'), query: { start_date: '2025-06-01', end_date: '2025-06-30', terminal_id: 'T-1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ transaction_count: 3, net_sales: '15.500', total_collected: '12.180' });

    const cashiers = await call('GET', `${o.base}/reports/pos/cashier-performance`, { ...o.as('viewer'), query: { start_date: '2025-06-01', end_date: '2025-06-30' } });
    expect(cashiers.status, JSON.stringify(cashiers.body)).toBe(200);
    expect(cashiers.body.cashiers.map((c: { cashier_name: string }) => c.cashier_name)).toEqual(['omar', 'member']);

    const backwards = await call('GET', `${o.base}/reports/pos/sales-summary`, { ...o.as('viewer'), query: { start_date: '2025-06-30', end_date: '2025-06-01' } });
    expect(backwards.status).toBe(422);
  });

  it('the pos-sales-summary table shows the figures, in the report language', async () => {
    const build = analysisReports.find((r) => r.id === 'pos-sales-summary')!.build;
    const period = resolveReportPeriod({ period: 'custom', custom_start: '2025-06-01', custom_end: '2025-06-30' });
    const en = reportTablePublic.parse(await build({ organization: { ...amman, id: o.org.id }, language: 'en', period, asOf: '2025-06-30', query: {} }));
    expect(en.highlights.map((h) => [h.label, h.value])).toEqual([
      ['Transactions', '4'],
      ['Net sales', '35.500'],
      ['Sales tax', '5.680'],
      ['Average sale', '10.295'],
    ]);
    expect(en.sections[0]!.rows.map((r) => [r.cells.item, r.cells.amount])).toEqual([
      ['Gross sales', '36.000'],
      ['Discounts', '0.500'],
      ['Net sales', '35.500'],
      ['Sales tax', '5.680'],
      ['Sales including tax', '41.180'],
      ['Returns (refunded, tax included)', '5.800'],
      ['Total collected', '35.380'],
    ]);
    expect(en.sections[1]!.rows.map((r) => r.cells)).toEqual([
      { method: 'Cash', amount: '6.960' },
      { method: 'Card', amount: '5.220' },
      { method: 'CliQ', amount: '23.200' },
    ]);
    expect(en.sections[2]!.rows.map((r) => [r.cells.hour, r.cells.takings])).toEqual([
      ['10:00', '16.820'],
      ['17:00', '23.200'],
      ['18:00', '-5.800'],
      ['23:00', '1.160'],
    ]);
    expect(en.sections[3]!.rows.map((r) => [r.cells.date, r.cells.total_collected])).toEqual([
      ['2025-06-10', '34.220'],
      ['2025-06-30', '1.160'],
    ]);

    const ar = reportTablePublic.parse(await build({ organization: { ...amman, id: o.org.id }, language: 'ar', period, asOf: '2025-06-30', query: { terminal_id: 'T-2' } }));
    expect(ar.title).toBe('ملخص مبيعات نقاط البيع');
    expect(ar.highlights[0]!.value).toBe('1');
    expect(ar.sections[1]!.rows.map((r) => r.cells)).toEqual([{ method: 'كليك', amount: '23.200' }]);
    expect(ar.notes).toEqual(['نقطة البيع T-2 فقط.']);
  });

  it('says no POS sales were recorded when there were none, and previews through the catalogue', async () => {
    const res = await call('GET', `${o.base}/reports/catalogue/pos-sales-summary`, { ...o.as('viewer'), query: { period: 'custom', custom_start: '2025-08-01', custom_end: '2025-08-31', lang: 'en' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ report_id: 'pos-sales-summary', from: '2025-08-01', to: '2025-08-31' });
    expect(res.body.sections.map((s: { rows: unknown[]; empty_text: string }) => [s.rows.length, s.empty_text])).toEqual(
      Array.from({ length: 4 }, () => [0, 'No POS sales were recorded in this period.']),
    );
    const june = await call('GET', `${o.base}/reports/catalogue/pos-sales-summary`, { ...o.as('viewer'), query: { period: 'custom', custom_start: '2025-06-01', custom_end: '2025-06-30', lang: 'en' } });
    expect(june.body.highlights[1]).toMatchObject({ label: 'Net sales', value: '35.500' });
  });
});
