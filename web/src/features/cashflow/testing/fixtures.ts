import { FORECAST_COMPONENTS } from '@daftar/shared/schemas/cashflow';
import type { CashFlowDashboard, CashFlowForecast, CashFlowLine, CashFlowSeries, ForecastAccuracy, ForecastScenario, ForecastSettings } from '../api/keys';
import { API } from '../../products/testing/fixtures';

export { API, ORG, prepareScreens, session } from '../../products/testing/fixtures';

export const CASHFLOW = `${API}/cashflow`;

/** A till sale's cash: 11.600 into the drawer, posted with its journal entry. */
export function line(overrides: Partial<CashFlowLine> = {}): CashFlowLine {
  return {
    id: 'cf-1',
    transaction_id: 'cf-1',
    date: '2026-11-20',
    account_id: 'acc-cash',
    amount: '11.600',
    direction: 'in',
    cash_flow_type: 'operating',
    cash_flow_category: 'sales',
    original_category: null,
    description: 'Till sale S1-000001',
    description_narrative: null,
    source_type: 'pos_transaction',
    source_id: 'tx-1',
    journal_entry_id: 'je-1',
    entry_name: 'JE-000001',
    contact_id: null,
    is_manual_entry: false,
    is_planned: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** The list the transactions tab starts with: a sale, a re-categorised expense, a transfer and a planned payment. */
export const lines = (): CashFlowLine[] => [
  line({ id: 'cf-plan', transaction_id: 'cf-plan', date: '2026-12-05', amount: '-450.000', direction: 'out', cash_flow_category: 'rent_and_utilities', description: 'Shop rent December', source_type: 'manual', source_id: 'cf-plan', journal_entry_id: null, entry_name: null, account_id: null, is_manual_entry: true, is_planned: true }),
  line(),
  line({ id: 'cf-2', transaction_id: 'cf-2', amount: '-35.000', direction: 'out', cash_flow_category: 'rent_and_utilities', original_category: 'expenses', description: 'Electricity bill', source_type: 'expense', source_id: 'exp-1', journal_entry_id: 'je-2', entry_name: 'JE-000002' }),
  line({ id: 'cf-3', transaction_id: 'cf-3', amount: '-100.000', direction: 'out', cash_flow_type: 'transfer', cash_flow_category: 'transfers', description: 'Drawer deposited to bank', source_type: 'bank_transaction', source_id: 'bt-1', journal_entry_id: 'je-3', entry_name: 'JE-000003' }),
];

const point = (period_start: string, period_end: string, net: string, closing_balance: string, transaction_count = 2) => ({
  period_start,
  period_end,
  opening_balance: '0.000',
  inflow: net.startsWith('-') ? '0.000' : net,
  outflow: net.startsWith('-') ? net.slice(1) : '0.000',
  net,
  closing_balance,
  transaction_count,
});

export function dashboard(overrides: Partial<CashFlowDashboard> = {}): CashFlowDashboard {
  return {
    as_of: '2026-11-21',
    balance: '1250.500',
    this_month: { inflow: '900.000', outflow: '650.000', net: '250.000' },
    last_month: { inflow: '700.000', outflow: '800.000', net: '-100.000' },
    last_30_days: [],
    top_outflows: [
      { category: 'supplier_payments', amount: '400.000' },
      { category: 'payroll', amount: '200.000' },
    ],
    planned: { count: 2, inflow: '300.000', outflow: '450.000' },
    ...overrides,
  };
}

export function series(granularity: 'day' | 'week' | 'month' = 'day'): CashFlowSeries {
  return {
    granularity,
    date_from: '2026-11-19',
    date_to: '2026-11-21',
    points: [point('2026-11-19', '2026-11-19', '100.000', '1100.000'), point('2026-11-20', '2026-11-20', '-35.000', '1065.000'), point('2026-11-21', '2026-11-21', '185.500', '1250.500')],
  };
}

const components = (values: Partial<Record<(typeof FORECAST_COMPONENTS)[number], string>> = {}) =>
  Object.fromEntries(FORECAST_COMPONENTS.map((c) => [c, values[c] ?? '0.000'])) as ForecastScenario['components'];

/** A scenario of `days` days, its balance moving by `step` a day from 1250.500 (in fils, so the strings are exact). */
function scenario(name: ForecastScenario['scenario'], days: number, step: number, band = false, threshold: number | null = null): ForecastScenario {
  const start = 1_250_500;
  const dayRows = Array.from({ length: days }, (_, i) => {
    const closing = start + step * (i + 1);
    const date = new Date(Date.UTC(2026, 10, 22 + i)).toISOString().slice(0, 10);
    return {
      date,
      opening: ((closing - step) / 1000).toFixed(3),
      inflow: '0.000',
      outflow: '0.000',
      net: (step / 1000).toFixed(3),
      closing: (closing / 1000).toFixed(3),
      components: components(),
      low: band ? ((closing - 50_000) / 1000).toFixed(3) : null,
      high: band ? ((closing + 50_000) / 1000).toFixed(3) : null,
    };
  });
  const last = dayRows.at(-1)!;
  const lowest = dayRows.reduce((a, b) => (Number(b.closing) < Number(a.closing) ? b : a));
  return {
    scenario: name,
    days: dayRows,
    inflow: '3000.000',
    outflow: '3600.000',
    net: ((step * days) / 1000).toFixed(3),
    components: components({ sales: '2500.000', receivables: '500.000', payables: '1800.000', recurring: '1350.000', planned_out: '450.000' }),
    closing_balance: last.closing,
    lowest: { date: lowest.date, balance: lowest.closing },
    below_threshold: threshold === null ? [] : dayRows.filter((d) => Number(d.closing) < threshold).map((d) => d.date),
  };
}

/** The base falls by 20.000 a day: with a threshold of 1000.000 it goes below it on day 13. */
export function forecast(days = 30, { band = true, threshold = '1000.000' as string | null } = {}): CashFlowForecast {
  const limit = threshold === null ? null : Number(threshold);
  const base = scenario('base', days, -20_000, band, limit);
  return {
    made_on: '2026-11-21',
    made_at: '2026-11-21T01:00:00Z',
    days,
    opening_balance: '1250.500',
    threshold,
    base,
    scenarios: [base, scenario('optimistic', days, -5_000), scenario('pessimistic', days, -35_000), scenario('custom', days, -10_000)],
    model: {
      sales_uncertainty: '0.1250',
      doubtful_receivables: '320.000',
      recurring: [
        { key: 'category:rent_and_utilities', period: 'monthly', amount: '450.000', next: ['2026-12-05'] },
        { key: 'payee:orange jordan', period: 'monthly', amount: '25.000', next: ['2026-11-28', '2026-12-28'] },
      ],
    },
  };
}

export function accuracy(horizon: number, overrides: Partial<ForecastAccuracy> = {}): ForecastAccuracy {
  return { horizon, forecasts_compared: 40, days_compared: 1200, mae: '42.125', wape: '0.1834', bias: '-0.0420', naive_wape: '0.3120', band: [], ...overrides };
}

export const noAccuracy = (horizon: number) => accuracy(horizon, { forecasts_compared: 0, days_compared: 0, mae: null, wape: null, bias: null, naive_wape: null });

export function settings(overrides: Partial<ForecastSettings> = {}): ForecastSettings {
  return { alert_threshold: '1000.000', alert_email: null, adjustments: [], updated_at: null, ...overrides };
}

const ledgerAccount = (id: string, code: string, name: string, subtype: string) => ({
  id,
  organization_id: 'org-1',
  code,
  name,
  name_ar: null,
  description: null,
  type: 'asset',
  subtype,
  parent_id: null,
  is_active: true,
  is_system: false,
  currency: 'JOD',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

/** Every reader the page uses, answering the fixtures above. */
export const cashFlowReaders = () => ({
  [`GET ${API}/accounts`]: () => ({ json: { data: [ledgerAccount('acc-cash', '1010', 'Cash on hand', 'cash'), ledgerAccount('acc-bank', '1020', 'Arab Bank', 'bank'), ledgerAccount('acc-ar', '1100', 'Receivables', 'receivable')], count: 3 } }),
  [`GET ${CASHFLOW}/dashboard`]: () => ({ json: dashboard() }),
  [`GET ${CASHFLOW}/daily`]: () => ({ json: series('day') }),
  [`GET ${CASHFLOW}/weekly`]: () => ({ json: series('week') }),
  [`GET ${CASHFLOW}/monthly`]: () => ({ json: series('month') }),
  [`GET ${CASHFLOW}/transactions`]: () => ({ json: { data: lines(), count: 4 } }),
  [`GET ${CASHFLOW}/forecast/30`]: () => ({ json: forecast(30) }),
  [`GET ${CASHFLOW}/forecast/60`]: () => ({ json: forecast(60) }),
  [`GET ${CASHFLOW}/forecast/90`]: () => ({ json: forecast(90) }),
  [`GET ${CASHFLOW}/forecast/accuracy/30`]: () => ({ json: accuracy(30) }),
  [`GET ${CASHFLOW}/forecast/accuracy/60`]: () => ({ json: accuracy(60, { wape: '0.3500', naive_wape: '0.3300' }) }),
  [`GET ${CASHFLOW}/forecast/accuracy/90`]: () => ({ json: noAccuracy(90) }),
  [`GET ${CASHFLOW}/forecast/settings`]: () => ({ json: settings() }),
});
