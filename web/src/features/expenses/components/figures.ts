import { formatMoney as moneyText, parseMoney, type Money } from '@daftar/shared/money';
import { calculateLineTax } from '@daftar/shared/tax';
import type { Tax } from '../api/get-taxes';

const AMOUNT = /^\d{1,15}(\.\d{1,9})?$/;

/** The gross amount typed, in minor units; null when it is not a positive amount in this currency. */
export function grossAmount(text: string, currency: string): Money | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  try {
    const money = parseMoney(trimmed, currency);
    return money.amount > 0 ? money : null;
  } catch {
    return null;
  }
}

export interface ExpenseSplit {
  net: Money;
  tax: Money;
  gross: Money;
}

/**
 * Net and tax of a gross amount paid, by the shared calculator with the price including tax:
 * exactly the split the API stores when the expense is saved. Without a tax the whole amount is
 * the expense.
 */
export function splitExpense(amountText: string, tax: Pick<Tax, 'rate' | 'tax_category'> | null, currency: string): ExpenseSplit | null {
  const gross = grossAmount(amountText, currency);
  if (!gross) return null;
  try {
    const line = calculateLineTax(
      {
        quantity: '1',
        unit_price: moneyText(gross),
        tax_rate: tax && tax.tax_category !== 'special' ? tax.rate : '0',
        tax_category: tax && tax.tax_category !== 'special' ? tax.tax_category : 'exempt',
        price_includes_tax: true,
      },
      currency,
    );
    return { net: line.net, tax: line.tax, gross: line.gross };
  } catch {
    return null;
  }
}

export const amountText = (money: Money) => moneyText(money);

/** Today in the reader's time zone, as the API writes dates. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
