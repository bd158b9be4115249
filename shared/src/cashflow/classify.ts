/**
 * What a posting's cash lines were for (issue 17): the cash-flow type and category of each cash or
 * bank account's movement in a journal entry, decided from the entry's other lines — the direct
 * method, line by line, where the cash flow statement (functions/src/reports/statements/) works
 * from balances. Pure: the ledger calls it inside the posting (ledger/posting.ts), the screens show
 * its categories.
 *
 * Cash: the cash, bank and receipts-in-transit accounts (as the statement counts them). Post-dated
 * cheques are not cash until collected: collecting one (Dr bank / Cr cheques receivable) is a
 * customer receipt on that day.
 *
 * Rule: each cash line takes the category of the largest non-cash line on the OTHER side of the entry
 * (a receipt's credits, a payment's debits): a till sale's cash debit is "sales" because its largest
 * credit is revenue (the tax collected with it belongs to the same receipt); a bill payment's credit
 * to the bank is "supplier payments". An entry that only moves money between cash accounts (a
 * deposit of the drawer, a card settlement) is a transfer: it changes where the cash is, not how much.
 */
import type { AccountSubtype, AccountType } from '../schemas/codes.js';

export const CASH_FLOW_TYPES = ['operating', 'investing', 'financing', 'transfer'] as const;
export type CashFlowType = (typeof CASH_FLOW_TYPES)[number];

/** Categories and their type, in the order the screens list them. */
export const CASH_FLOW_CATEGORIES = {
  sales: 'operating',
  customer_receipts: 'operating',
  customer_deposits: 'operating',
  supplier_payments: 'operating',
  payroll: 'operating',
  rent_and_utilities: 'operating',
  expenses: 'operating',
  taxes: 'operating',
  other_operating: 'operating',
  fixed_assets: 'investing',
  other_investing: 'investing',
  loans: 'financing',
  owner_capital: 'financing',
  owner_drawings: 'financing',
  other_financing: 'financing',
  transfers: 'transfer',
} as const satisfies Record<string, CashFlowType>;
export type CashFlowCategory = keyof typeof CASH_FLOW_CATEGORIES;
export const CASH_FLOW_CATEGORY_KEYS = Object.keys(CASH_FLOW_CATEGORIES) as CashFlowCategory[];

export const CASH_SUBTYPES: readonly string[] = ['cash', 'bank', 'undeposited_funds'];
export const isCashSubtype = (subtype: string) => CASH_SUBTYPES.includes(subtype);

const BY_SUBTYPE: Partial<Record<AccountSubtype, CashFlowCategory>> = {
  sales: 'sales',
  service_revenue: 'sales',
  sales_returns: 'sales',
  sales_discounts: 'sales',
  receivable: 'customer_receipts',
  cheques_receivable: 'customer_receipts',
  customer_deposits: 'customer_deposits',
  store_credit: 'customer_deposits',
  gift_card_liability: 'customer_deposits',
  loyalty_liability: 'customer_deposits',
  payable: 'supplier_payments',
  cheques_payable: 'supplier_payments',
  inventory: 'supplier_payments',
  cogs: 'supplier_payments',
  prepaid_expenses: 'supplier_payments',
  salaries: 'payroll',
  payroll_liabilities: 'payroll',
  social_security_expense: 'payroll',
  social_security_payable: 'payroll',
  rent: 'rent_and_utilities',
  utilities: 'rent_and_utilities',
  telecom: 'rent_and_utilities',
  vat_output: 'taxes',
  vat_input: 'taxes',
  special_tax_output: 'taxes',
  income_tax_payable: 'taxes',
  income_tax_expense: 'taxes',
  government_fees: 'taxes',
  fixed_asset: 'fixed_assets',
  accumulated_depreciation: 'fixed_assets',
  other_asset: 'other_investing',
  loan: 'loans',
  owner_capital: 'owner_capital',
  owner_drawings: 'owner_drawings',
  opening_balance_equity: 'other_financing',
  retained_earnings: 'other_financing',
  other_equity: 'other_financing',
  other_income: 'other_operating',
  other_current_asset: 'other_operating',
  other_current_liability: 'other_operating',
  other_liability: 'other_financing',
  accrued_liabilities: 'expenses',
};

/** The category a counter-account's movement gives a cash line. */
export function categoryOfCounter(account: { type: AccountType | string; subtype: string }): CashFlowCategory {
  const known = BY_SUBTYPE[account.subtype as AccountSubtype];
  if (known) return known;
  return account.type === 'expense' ? 'expenses' : 'other_operating';
}

export interface EntryLineForCash {
  account_id: string;
  debit: number;
  credit: number;
}

export interface CashMovement {
  account_id: string;
  /** Signed minor units: + money came into the account, − it went out. */
  amount: number;
  cash_flow_type: CashFlowType;
  cash_flow_category: CashFlowCategory;
  /** The counter-account that decided the category (none for a transfer). */
  counter_account_id: string | null;
}

/**
 * The cash movements of one entry (`accountOf` gives an account's type and subtype: the posting's
 * context). The entry's net change in cash is what its other lines explain; money that only moved
 * between cash accounts is a transfer. So each cash account's movement is split in at most two
 * parts: its share of the net change (accounts moving the same way as the net, pro rata, largest
 * remainder), categorised by the largest counter line on the other side, and the rest as a transfer
 * (the transfers of an entry add up to zero). A drawer deposited with 1.000 short (Dr bank 99,
 * Dr cash over/short 1, Cr cash 100): bank +99 transfer; cash −99 transfer and −1 "expenses".
 * The parts of each account add up to its movement exactly.
 */
export function cashMovements(lines: readonly EntryLineForCash[], accountOf: (id: string) => { type: string; subtype: string } | undefined): CashMovement[] {
  const net = new Map<string, number>();
  const counters = new Map<string, number>();
  for (const line of lines) {
    const account = accountOf(line.account_id);
    if (account && isCashSubtype(account.subtype)) net.set(line.account_id, (net.get(line.account_id) ?? 0) + line.debit - line.credit);
    else counters.set(line.account_id, (counters.get(line.account_id) ?? 0) + line.debit - line.credit);
  }
  const total = [...net.values()].reduce((a, b) => a + b, 0);
  // Money in: what was credited says why (the most negative counter); money out: what was debited.
  let counter: string | null = null;
  let size = 0;
  for (const [account_id, amount] of counters) {
    const explains = total > 0 ? -amount : amount;
    if (explains > size) { size = explains; counter = account_id; }
  }
  const category: CashFlowCategory = counter ? categoryOfCounter(accountOf(counter) ?? { type: 'expense', subtype: 'other_expense' }) : 'transfers';
  const sameWay = [...net].filter(([, amount]) => amount !== 0 && Math.sign(amount) === Math.sign(total));
  const weight = sameWay.reduce((s, [, amount]) => s + Math.abs(amount), 0);
  const shares = new Map<string, number>();
  if (total && weight) {
    // Largest remainder over the accounts moving the same way as the net change.
    // Exact in integers (BigInt: amount × amount can pass 2^53).
    const T = BigInt(Math.abs(total));
    const W = BigInt(weight);
    let left = Math.abs(total);
    const parts = sameWay.map(([id, amount], index) => {
      const product = T * BigInt(Math.abs(amount));
      const floor = Number(product / W);
      left -= floor;
      return { id, index, floor, rest: product % W };
    });
    [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1)).forEach((p) => { if (left > 0) { p.floor += 1; left -= 1; } });
    for (const p of parts) shares.set(p.id, Math.sign(total) * p.floor);
  }
  const moves: CashMovement[] = [];
  for (const [account_id, amount] of net) {
    const explained = shares.get(account_id) ?? 0;
    if (explained) {
      moves.push(counter
        ? { account_id, amount: explained, cash_flow_type: CASH_FLOW_CATEGORIES[category], cash_flow_category: category, counter_account_id: counter }
        : { account_id, amount: explained, cash_flow_type: 'transfer', cash_flow_category: 'transfers', counter_account_id: null });
    }
    if (amount - explained) moves.push({ account_id, amount: amount - explained, cash_flow_type: 'transfer', cash_flow_category: 'transfers', counter_account_id: null });
  }
  return moves;
}
