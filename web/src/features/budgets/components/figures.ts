import { add, formatMoney as moneyText, parseMoney, subtract, zero, type Money } from '@daftar/shared/money';
import { locale } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

/** A fiscal month (`2025-04`) as the reader says it: "Apr 2025". */
export function monthLabel(month: string, language?: Language) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(language), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}

const AMOUNT = /^\d{1,15}(\.\d{1,9})?$/;

/**
 * A typed cell in minor units; an empty cell is nothing budgeted. Null when it is not an amount the
 * API would take in this currency (negative, text, more decimals than the currency has).
 */
export function cellAmount(text: string, currency: string): Money | null {
  const trimmed = text.trim();
  if (trimmed === '') return zero(currency);
  if (!AMOUNT.test(trimmed)) return null;
  try {
    return parseMoney(trimmed, currency);
  } catch {
    return null;
  }
}

/** The sum of amounts, or null as soon as one of them is not an amount. */
export function sumOf(amounts: readonly (Money | null)[], currency: string): Money | null {
  let total = zero(currency);
  for (const amount of amounts) {
    if (!amount) return null;
    total = add(total, amount);
  }
  return total;
}

export interface GridRow {
  accountType: 'income' | 'expense';
  values: readonly string[];
}

export interface GridTotals {
  income: (Money | null)[];
  expense: (Money | null)[];
  net: (Money | null)[];
  incomeTotal: Money | null;
  expenseTotal: Money | null;
  netTotal: Money | null;
}

/**
 * The grid's totals from what is typed now, month by month and for the year, added in minor units
 * exactly as the server adds them: income, expense and net (income − expense).
 */
export function gridTotals(rows: readonly GridRow[], months: number, currency: string): GridTotals {
  const column = (type: 'income' | 'expense', month: number) =>
    sumOf(
      rows.filter((r) => r.accountType === type).map((r) => cellAmount(r.values[month] ?? '', currency)),
      currency,
    );
  const income = Array.from({ length: months }, (_, m) => column('income', m));
  const expense = Array.from({ length: months }, (_, m) => column('expense', m));
  const net = income.map((inc, m) => (inc && expense[m] ? subtract(inc, expense[m]) : null));
  const incomeTotal = sumOf(income, currency);
  const expenseTotal = sumOf(expense, currency);
  return { income, expense, net, incomeTotal, expenseTotal, netTotal: incomeTotal && expenseTotal ? subtract(incomeTotal, expenseTotal) : null };
}

/** Decimal text of a Money, for the formatter. */
export const amountText = (money: Money) => moneyText(money);

/** Favourable when the variance is above zero (the API signs it that way for income and expense alike). */
export function varianceTone(variance: string): 'favourable' | 'unfavourable' | 'even' {
  const trimmed = variance.trim();
  if (/^-?0*(\.0*)?$/.test(trimmed)) return 'even';
  return trimmed.startsWith('-') ? 'unfavourable' : 'favourable';
}

/** "12.50" (percent) → "+12.50%" in the reader's digits; the text is formatted as is, never as a float. */
export function formatPercent(percent: string, language?: Language) {
  const number = new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(
    percent.trim() as Intl.StringNumericLiteral,
  );
  return `${number}%`;
}
