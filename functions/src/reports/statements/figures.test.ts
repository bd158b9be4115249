/**
 * The statements' arithmetic and classification, on the default Jordanian chart with balances
 * built from balanced entries in memory (no database): what goes where, and that the cash flow
 * statement adds up by construction and refuses books that do not balance.
 */
import { describe, expect, it } from 'vitest';
import type { Totals } from '../../ledger/balances.js';
import { DEFAULT_CHART } from '../../ledger/chart.js';
import { balanceSheetFigures } from './balance-sheet.js';
import { reportLanguage } from '../request.js';
import { ratioText, percentChangeText, type StatementAccount } from './books.js';
import { cashFlowCategoriesFigures } from './cash-flow-categories.js';
import { cashFlowFigures, LedgerInconsistency } from './cash-flow-statement.js';
import { profitLossFigures } from './profit-loss.js';
import { workingCapitalFigures } from './working-capital.js';

/** The default chart with each account's id equal to its code, so tests name accounts by code. */
const chart: StatementAccount[] = DEFAULT_CHART.map((a) => ({ id: a.code, code: a.code, name: a.name, name_ar: a.name_ar, type: a.type, subtype: a.subtype }));

type Line = [code: string, debit: number, credit: number];
/** Accumulates balanced entries into per-account totals; refuses an unbalanced one. */
function books(...entries: Line[][]): Map<string, Totals> {
  const out = new Map<string, Totals>();
  for (const lines of entries) {
    const debits = lines.reduce((s, [, d]) => s + d, 0);
    const credits = lines.reduce((s, [, , c]) => s + c, 0);
    if (debits !== credits) throw new Error(`unbalanced test entry ${JSON.stringify(lines)}`);
    for (const [code, debit, credit] of lines) {
      const t = out.get(code) ?? { debit: 0, credit: 0 };
      out.set(code, { debit: t.debit + debit, credit: t.credit + credit });
    }
  }
  return out;
}
const merge = (...maps: Map<string, Totals>[]) => {
  const out = new Map<string, Totals>();
  for (const map of maps) for (const [k, t] of map) {
    const s = out.get(k) ?? { debit: 0, credit: 0 };
    out.set(k, { debit: s.debit + t.debit, credit: s.credit + t.credit });
  }
  return out;
};
const codes = (lines: { account: { code: string }; amount: number }[]) => lines.map((l) => [l.account.code, l.amount]);

// A month of a small trading company (amounts in fils).
const opening = books(
  [['1120', 50_000_000, 0], ['3100', 0, 50_000_000]], // capital paid into the bank
  [['1400', 8_000_000, 0], ['1300', 1_280_000, 0], ['2100', 0, 9_280_000]], // stock bought on credit
);
const month = books(
  [['1200', 11_600_000, 0], ['4100', 0, 10_000_000], ['2200', 0, 1_600_000]], // invoice
  [['5100', 6_000_000, 0], ['1400', 0, 6_000_000]], // cost of the goods sold
  [['4300', 500_000, 0], ['2200', 80_000, 0], ['1200', 0, 580_000]], // credit note
  [['4400', 100_000, 0], ['1200', 0, 100_000]], // settlement discount
  [['1110', 4_000_000, 0], ['1140', 3_000_000, 0], ['1200', 0, 7_000_000]], // cash and a post-dated cheque received
  [['2100', 5_000_000, 0], ['1120', 0, 5_000_000]], // supplier paid
  [['6200', 1_000_000, 0], ['1300', 160_000, 0], ['1110', 0, 1_160_000]], // rent paid in cash
  [['1120', 20_000_000, 0], ['2800', 0, 20_000_000]], // bank loan
  [['1710', 15_000_000, 0], ['1120', 0, 15_000_000]], // delivery van
  [['6910', 250_000, 0], ['1790', 0, 250_000]], // depreciation
  [['3200', 700_000, 0], ['1110', 0, 700_000]], // owner's drawings
  [['5200', 40_000, 0], ['1400', 0, 40_000]], // stock count shortage
);

describe('profit and loss', () => {
  it('nets contra-income into income, splits cost of sales from operating expenses', () => {
    // act
    const f = profitLossFigures(chart, month, { from: '2026-03-01', to: '2026-03-31' });
    // assess
    expect(codes(f.income)).toEqual([['4100', 10_000_000], ['4300', -500_000], ['4400', -100_000]]);
    expect(codes(f.costOfSales)).toEqual([['5100', 6_000_000], ['5200', 40_000]]);
    expect(codes(f.expenses)).toEqual([['6200', 1_000_000], ['6910', 250_000]]);
    expect(f).toMatchObject({
      totalIncome: 9_400_000,
      totalCostOfSales: 6_040_000,
      grossProfit: 3_360_000,
      totalOperatingExpenses: 1_250_000,
      totalExpenses: 7_290_000,
      netIncome: 2_110_000,
    });
  });

  it('writes the change against the previous period as a percent of its size, none from zero', () => {
    expect(percentChangeText(2_110_000, 1_000_000)).toBe('111.0');
    expect(percentChangeText(-500, 1_000)).toBe('-150.0');
    expect(percentChangeText(500, -1_000)).toBe('150.0');
    expect(percentChangeText(1_000, 3_000)).toBe('-66.7');
    expect(percentChangeText(1_000, 0)).toBeNull();
  });
});

describe('balance sheet', () => {
  it('classifies current and non-current, adds current period earnings to equity, and balances', () => {
    // act
    const f = balanceSheetFigures(chart, merge(opening, month), '2026-03-31');
    // assess
    expect(codes(f.currentAssets)).toEqual([
      ['1110', 2_140_000], ['1120', 50_000_000], ['1140', 3_000_000], ['1200', 3_920_000], ['1300', 1_440_000], ['1400', 1_960_000],
    ]);
    expect(codes(f.nonCurrentAssets)).toEqual([['1710', 15_000_000], ['1790', -250_000]]);
    expect(codes(f.currentLiabilities)).toEqual([['2100', 4_280_000], ['2200', 1_520_000]]);
    expect(codes(f.nonCurrentLiabilities)).toEqual([['2800', 20_000_000]]);
    expect(codes(f.equity)).toEqual([['3100', 50_000_000], ['3200', -700_000]]);
    expect(f.currentPeriodEarnings).toBe(2_110_000);
    expect(f.totalAssets).toBe(77_210_000);
    expect(f.totalLiabilitiesAndEquity).toBe(77_210_000);
    expect(f.balanced).toBe(true);
  });

  it('shows an account missing from the chart instead of dropping it, so the totals still agree with the trial balance', () => {
    // prepare: a posting to an account deleted afterwards
    const balances = merge(opening, books([['gone', 1_000, 0], ['3100', 0, 1_000]]));
    // act
    const f = balanceSheetFigures(chart, balances, '2026-03-31');
    // assess
    expect(f.nonCurrentAssets.map((l) => [l.account.name, l.amount])).toEqual([['Unknown account', 1_000]]);
    expect(f.balanced).toBe(true);
  });
});

describe('working capital', () => {
  it('takes the current sections, cash without post-dated cheques, and ratios to two decimals', () => {
    // act
    const f = workingCapitalFigures(chart, merge(opening, month), '2026-03-31');
    // assess
    expect(f).toMatchObject({
      currentAssets: 62_460_000,
      currentLiabilities: 5_800_000,
      workingCapital: 56_660_000,
      currentRatio: '10.77',
      quickRatio: '10.43',
      cash: 52_140_000,
      receivables: 6_920_000,
      inventory: 1_960_000,
      payables: 4_280_000,
    });
  });

  it('gives no ratio without current liabilities', () => {
    const f = workingCapitalFigures(chart, books([['1110', 1_000, 0], ['3100', 0, 1_000]]), '2026-03-31');
    expect([f.currentRatio, f.quickRatio, f.workingCapital]).toEqual([null, null, 1_000]);
  });

  it('rounds ratios half away from zero in integers', () => {
    expect(ratioText(2, 3, 2)).toBe('0.67');
    expect(ratioText(1, 8, 2)).toBe('0.13');
    expect(ratioText(-1, 8, 2)).toBe('-0.13');
    expect(ratioText(1, 400, 2)).toBe('0.00');
    expect(ratioText(Number.MAX_SAFE_INTEGER, 1, 2)).toBe(`${Number.MAX_SAFE_INTEGER}.00`);
    expect(ratioText(5, 0, 2)).toBeNull();
  });
});

describe('cash flow statement', () => {
  it('starts from net income, adds one line per group of balance-sheet accounts, and ends at the cash balance', () => {
    // act
    const f = cashFlowFigures(chart, opening, month, { from: '2026-03-01', to: '2026-03-31' });
    // assess
    const lines = (section: { key: string; amount: number }[]) => section.map((l) => [l.key, l.amount]);
    expect(lines(f.operating)).toEqual([
      ['net_income', 2_110_000],
      ['depreciation', 250_000],
      ['receivable', -3_920_000],
      ['cheques_receivable', -3_000_000],
      ['inventory', 6_040_000],
      ['payable', -5_000_000],
      ['sales_tax', 1_360_000],
    ]);
    expect(lines(f.investing)).toEqual([['fixed_assets', -15_000_000]]);
    expect(lines(f.financing)).toEqual([['loans', 20_000_000], ['drawings', -700_000]]);
    expect(f).toMatchObject({ beginningCash: 50_000_000, netOperating: -2_160_000, netInvesting: -15_000_000, netFinancing: 19_300_000, netChange: 2_140_000, endingCash: 52_140_000 });
    expect(f.endingCash - f.beginningCash).toBe(f.netOperating + f.netInvesting + f.netFinancing);
    // The ending cash is the cash accounts' balance at the end of the period.
    const end = balanceSheetFigures(chart, merge(opening, month), '2026-03-31');
    const cashAtEnd = end.currentAssets.filter((l) => ['1110', '1120', '1130'].includes(l.account.code)).reduce((s, l) => s + l.amount, 0);
    expect(f.endingCash).toBe(cashAtEnd);
  });

  it('labels every line in both languages and shows only the net income line for a quiet period', () => {
    const quiet = cashFlowFigures(chart, opening, new Map(), { from: '2026-04-01', to: '2026-04-30' });
    expect(quiet.operating).toEqual([{ key: 'net_income', en: 'Net income', ar: 'صافي الربح', amount: 0 }]);
    expect([quiet.investing, quiet.financing, quiet.beginningCash, quiet.endingCash]).toEqual([[], [], 50_000_000, 50_000_000]);
  });

  it('refuses books whose period does not balance (a ledger inconsistency, not a figure to print)', () => {
    // prepare: one fil of cash that no other account explains
    const torn = merge(month, new Map([['1110', { debit: 1, credit: 0 }]]));
    // act / assess
    expect(() => cashFlowFigures(chart, opening, torn, { from: '2026-03-01', to: '2026-03-31' })).toThrow(LedgerInconsistency);
  });
});

describe('cash flow categories', () => {
  const activity = new Map(
    [...month].map(([code, t]) => [code, { ...t, lines: code === '4100' ? 3 : 1 }] as const),
  );

  it('lists income and expense accounts by amount with their transaction counts; totals ignore the filter', () => {
    // act
    const all = cashFlowCategoriesFigures(chart, activity, { from: '2026-03-01', to: '2026-03-31' }, 'all');
    const income = cashFlowCategoriesFigures(chart, activity, { from: '2026-03-01', to: '2026-03-31' }, 'income');
    const expenses = cashFlowCategoriesFigures(chart, activity, { from: '2026-03-01', to: '2026-03-31' }, 'expenses');
    // assess
    expect(all.income.map((c) => [c.account.code, c.amount, c.transactionCount])).toEqual([['4100', 10_000_000, 3], ['4400', -100_000, 1], ['4300', -500_000, 1]]);
    expect(all.expenses.map((c) => [c.account.code, c.amount])).toEqual([['5100', 6_000_000], ['6200', 1_000_000], ['6910', 250_000], ['5200', 40_000]]);
    expect([all.totalIncome, all.totalExpenses, all.netCashFlow]).toEqual([9_400_000, 7_290_000, 2_110_000]);
    expect([income.income.length, income.expenses.length, income.totalExpenses]).toEqual([3, 0, 7_290_000]);
    expect([expenses.income.length, expenses.expenses.length]).toEqual([0, 4]);
  });
});

describe('report language', () => {
  it('takes lang first, else the Accept-Language preference between Arabic and English', () => {
    expect(reportLanguage('ar', 'en-US')).toBe('ar');
    expect(reportLanguage(undefined, 'ar-JO,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(reportLanguage(undefined, 'en-GB,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(reportLanguage(undefined, 'fr-FR, en;q=0.5, ar;q=0.7')).toBe('ar');
    expect(reportLanguage(undefined, 'ar;q=0')).toBe('en');
    expect(reportLanguage(undefined, undefined)).toBe('en');
  });
});
