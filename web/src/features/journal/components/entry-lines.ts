import { formatMoney as moneyText, isZero, MoneyError, parseMoney, subtract, sum, zero, type Money } from '@daftar/shared/money';

/** One line as the form holds it: amounts are the text the person typed, never floats. */
export interface EntryLine {
  /** Identity for React and focus; never sent. */
  key: string;
  account_id: string;
  description: string;
  contact_id: string;
  debit: string;
  credit: string;
}

let counter = 0;
export const emptyEntryLine = (): EntryLine => ({
  key: `entry-line-${Date.now().toString(36)}-${(counter += 1)}`,
  account_id: '',
  description: '',
  contact_id: '',
  debit: '',
  credit: '',
});

/** An amount field: empty, an amount in the currency's minor units, or text that is not one. */
export type AmountField = { state: 'empty' } | { state: 'amount'; money: Money } | { state: 'invalid'; reason: 'format' | 'decimals' };

/** The same rule as the API: a plain non-negative decimal, at most the currency's decimals. */
export function readAmount(text: string, currency: string): AmountField {
  const trimmed = text.trim();
  if (!trimmed) return { state: 'empty' };
  if (!/^\d{1,15}(\.\d{1,9})?$/.test(trimmed)) return { state: 'invalid', reason: 'format' };
  try {
    return { state: 'amount', money: parseMoney(trimmed, currency) };
  } catch (error) {
    if (error instanceof MoneyError) return { state: 'invalid', reason: error.code === 'too_many_decimals' ? 'decimals' : 'format' };
    throw error;
  }
}

const amountOf = (field: AmountField, currency: string) => (field.state === 'amount' ? field.money : zero(currency));

export interface EntryFigures {
  debits: Money;
  credits: Money;
  /** Debits minus credits: zero when the entry balances. */
  difference: Money;
  balanced: boolean;
  /** Every amount typed is readable. */
  readable: boolean;
}

/** Live totals, summed in minor units exactly as the ledger sums them. */
export function entryFigures(lines: readonly EntryLine[], currency: string): EntryFigures {
  const debitFields = lines.map((line) => readAmount(line.debit, currency));
  const creditFields = lines.map((line) => readAmount(line.credit, currency));
  const readable = [...debitFields, ...creditFields].every((f) => f.state !== 'invalid');
  try {
    const debits = sum(debitFields.map((f) => amountOf(f, currency)), currency);
    const credits = sum(creditFields.map((f) => amountOf(f, currency)), currency);
    const difference = subtract(debits, credits);
    return { debits, credits, difference, balanced: readable && isZero(difference) && !isZero(debits), readable };
  } catch (error) {
    // Totals beyond the safe range of minor units cannot be posted: the entry is not readable.
    if (!(error instanceof MoneyError)) throw error;
    const nothing = zero(currency);
    return { debits: nothing, credits: nothing, difference: nothing, balanced: false, readable: false };
  }
}

/** The amount as the request carries it: canonical decimal text at the currency's precision, or null. */
export function amountForRequest(text: string, currency: string): string | null {
  const field = readAmount(text, currency);
  return field.state === 'amount' && !isZero(field.money) ? moneyText(field.money) : null;
}

export type LineProblem = 'account' | 'debitFormat' | 'creditFormat' | 'decimals' | 'both' | 'neither';

/** What keeps a line from posting, in the order a person fixes them. */
export function lineProblems(line: EntryLine, currency: string): LineProblem[] {
  const problems: LineProblem[] = [];
  if (!line.account_id) problems.push('account');
  const debit = readAmount(line.debit, currency);
  const credit = readAmount(line.credit, currency);
  for (const [field, problem] of [[debit, 'debitFormat'], [credit, 'creditFormat']] as const) {
    if (field.state === 'invalid') problems.push(field.reason === 'decimals' ? 'decimals' : problem);
  }
  const hasDebit = debit.state === 'amount' && !isZero(debit.money);
  const hasCredit = credit.state === 'amount' && !isZero(credit.money);
  if (hasDebit && hasCredit) problems.push('both');
  if (!hasDebit && !hasCredit && debit.state !== 'invalid' && credit.state !== 'invalid') problems.push('neither');
  return problems;
}
