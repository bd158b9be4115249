/**
 * The verification routine (ARCHITECTURE §6): recompute every balance from the journal entries
 * and compare it, to the fil, with what the posting transactions accumulated — the month and day
 * totals of every balance item and their journal-line counts, and every account's ledger card
 * (AccountPosting items), and every cash or bank account's cash flows (issue 17: the transactions
 * and the day figures the postings wrote must add up to the account's movement each day). Reads the whole journal: an administrative check, not a request-path
 * report.
 *
 * It compares two reads taken one after the other, so a posting that lands in between shows as a
 * difference; when differences appear the routine runs once more and reports the second run.
 */
import { AccountBalance, DAYS, type DayAttribute, type DayLinesAttribute } from '../db/accountBalance.js';
import { AccountPosting, JournalEntry } from '../db/journalEntry.js';
import { CashFlowDay, CashFlowTransaction } from '../db/cashFlow.js';
import { Rollup, type BalanceFigures, type FlowFigures } from '../db/rollup.js';
import { isValid } from './rollups.js';
import { dayFigures } from './cash-flows.js';
import { isCashSubtype } from '@daftar/shared/cashflow/classify';
import { monthOf } from './dates.js';
import { loadChart } from './chart.js';
import { Product } from '../db/product.js';
import { StockLevel } from '../db/stockLevel.js';
import { StockMovement } from '../db/stockMovement.js';

export interface BalanceDifference {
  /** `rollup`: a compacted day or month (ledger/rollups.ts) that answers reads but differs from the figures it was made from. */
  kind: 'balance' | 'account_posting' | 'cash_flow' | 'cash_flow_day' | 'rollup';
  account_id: string;
  /** `YYYY-MM` (month totals) or `YYYY-MM-DD` (a day's totals) for balances; null for ledger cards. */
  period: string | null;
  /** The entry a ledger-card difference is about. */
  entry_id: string | null;
  shard: string | null;
  expected: { debit: number; credit: number };
  actual: { debit: number; credit: number };
  /** Balance items only, and only when the journal-line counts disagree. */
  lines?: { expected: number; actual: number };
}

export interface LedgerVerification {
  ok: boolean;
  entriesChecked: number;
  balanceItemsChecked: number;
  accountPostingsChecked: number;
  cashFlowsChecked: number;
  /** Compacted days and months compared with their figures. */
  rollupsChecked: number;
  unbalancedEntries: { entry_id: string; debit: number; credit: number }[];
  /** Accounts that posted entries name but the chart no longer has. */
  unknownAccounts: string[];
  differences: BalanceDifference[];
  /**
   * Stock (functions/src/inventory/): every level recomputed from its movements, every product's
   * on-hand from its levels, and — once the organization keeps stock — the inventory accounts
   * against the stock at cost, to the fil. Null when the organization never moved stock.
   */
  stock: StockVerification | null;
}

export interface StockVerification {
  movementsChecked: number;
  levelsChecked: number;
  /** A level that is not the sum of its movements, or a product whose on-hand is not the sum of its levels. */
  differences: { kind: 'level' | 'product'; product_id: string; location_id: string | null; expected: { quantity: number; value: number | null }; actual: { quantity: number; value: number | null } }[];
  /** The inventory accounts' balance and the stock's value (minor units). */
  inventoryAccounts: number;
  stockValue: number;
}

type Totals = { debit: number; credit: number };
/** A balance item's month or day: amounts and the number of journal lines. */
type Counted = Totals & { lines: number };
const bump = (map: Map<string, Totals>, key: string, debit: number, credit: number) => {
  const t = map.get(key) ?? { debit: 0, credit: 0 };
  map.set(key, { debit: t.debit + debit, credit: t.credit + credit });
};
const bumpLine = (map: Map<string, Counted>, key: string, debit: number, credit: number) => {
  const t = map.get(key) ?? { debit: 0, credit: 0, lines: 0 };
  map.set(key, { debit: t.debit + debit, credit: t.credit + credit, lines: t.lines + 1 });
};

async function verifyOnce(organizationId: string): Promise<LedgerVerification> {
  // Recompute from the journal: per (month, account, shard) and per day, and per (account, entry).
  const expectedBalances = new Map<string, Counted>(); // `${month or date}|${account}|${shard}`
  const expectedCards = new Map<string, Totals>(); // `${account}|${entry}`
  const unbalancedEntries: LedgerVerification['unbalancedEntries'] = [];
  let entriesChecked = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Awaited<ReturnType<ReturnType<typeof JournalEntry.query.byId>['go']>>['data']; cursor: string | null } =
      await JournalEntry.query.byId({ organization_id: organizationId }).go({ cursor, consistent: true });
    for (const entry of page.data) {
      if (entry.status === 'draft') continue;
      entriesChecked++;
      let debit = 0;
      let credit = 0;
      for (const line of entry.lines) {
        debit += line.debit;
        credit += line.credit;
        bumpLine(expectedBalances, `${monthOf(entry.date)}|${line.account_id}|${entry.shard}`, line.debit, line.credit);
        bumpLine(expectedBalances, `${entry.date}|${line.account_id}|${entry.shard}`, line.debit, line.credit);
        bump(expectedCards, `${line.account_id}|${entry.id}`, line.debit, line.credit);
      }
      if (debit !== credit) unbalancedEntries.push({ entry_id: entry.id, debit, credit });
    }
    cursor = page.cursor;
  } while (cursor);

  // What the postings accumulated.
  const actualBalances = new Map<string, Counted>();
  const { data: items } = await AccountBalance.query.byMonth({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  for (const item of items) {
    actualBalances.set(`${item.month}|${item.account_id}|${item.shard}`, { debit: item.debit ?? 0, credit: item.credit ?? 0, lines: item.line_count ?? 0 });
    for (const day of DAYS) {
      const debit = item[`d${day}_debit` as DayAttribute] ?? 0;
      const credit = item[`d${day}_credit` as DayAttribute] ?? 0;
      const lines = item[`d${day}_lines` as DayLinesAttribute] ?? 0;
      if (debit || credit || lines) actualBalances.set(`${item.month}-${day}|${item.account_id}|${item.shard}`, { debit, credit, lines });
    }
  }

  const chart = await loadChart(organizationId);
  const chartIds = new Set(chart.map((a) => a.id));
  const postedAccountIds = new Set([...expectedCards.keys()].map((k) => k.split('|')[0]!));
  const unknownAccounts = [...postedAccountIds].filter((id) => !chartIds.has(id)).sort();
  const accountIds = new Set<string>([...chartIds, ...postedAccountIds]);
  const actualCards = new Map<string, Totals>();
  let accountPostingsChecked = 0;
  await Promise.all(
    [...accountIds].map(async (accountId) => {
      const { data } = await AccountPosting.query.byAccount({ organization_id: organizationId, account_id: accountId }).go({ consistent: true, pages: 'all' });
      accountPostingsChecked += data.length;
      for (const posting of data) actualCards.set(`${accountId}|${posting.entry_id}`, { debit: posting.debit, credit: posting.credit });
    }),
  );

  const differences: BalanceDifference[] = [];
  const zero = { debit: 0, credit: 0 };
  const zeroCounted = { debit: 0, credit: 0, lines: 0 };
  for (const key of new Set([...expectedBalances.keys(), ...actualBalances.keys()])) {
    const expected = expectedBalances.get(key) ?? zeroCounted;
    const actual = actualBalances.get(key) ?? zeroCounted;
    if (expected.debit === actual.debit && expected.credit === actual.credit && expected.lines === actual.lines) continue;
    const [period, accountId, shard] = key.split('|') as [string, string, string];
    differences.push({
      kind: 'balance',
      account_id: accountId,
      period,
      entry_id: null,
      shard,
      expected: { debit: expected.debit, credit: expected.credit },
      actual: { debit: actual.debit, credit: actual.credit },
      ...(expected.lines !== actual.lines ? { lines: { expected: expected.lines, actual: actual.lines } } : {}),
    });
  }
  for (const key of new Set([...expectedCards.keys(), ...actualCards.keys()])) {
    const expected = expectedCards.get(key) ?? zero;
    const actual = actualCards.get(key) ?? zero;
    if (expected.debit === actual.debit && expected.credit === actual.credit) continue;
    const [accountId, entryId] = key.split('|') as [string, string];
    differences.push({ kind: 'account_posting', account_id: accountId, period: null, entry_id: entryId, shard: null, expected, actual });
  }
  // Cash flows: per (day, cash account), the journal's movement against the transactions and the day figures.
  const cashIds = new Set(chart.filter((a) => isCashSubtype(a.subtype)).map((a) => a.id));
  const expectedCash = new Map<string, number>();
  for (const [key, totals] of expectedBalances) {
    const [period, accountId] = key.split('|') as [string, string];
    if (period.length === 10 && cashIds.has(accountId)) expectedCash.set(`${period}|${accountId}`, (expectedCash.get(`${period}|${accountId}`) ?? 0) + totals.debit - totals.credit);
  }
  const [{ data: flows }, { data: flowDays }] = await Promise.all([
    CashFlowTransaction.query.byDate({ organization_id: organizationId }).go({ consistent: true, pages: 'all' }),
    CashFlowDay.query.byDate({ organization_id: organizationId }).go({ consistent: true, pages: 'all' }),
  ]);
  const actualFlows = new Map<string, number>();
  for (const f of flows) if (!f.is_manual_entry) actualFlows.set(`${f.date}|${f.account_id}`, (actualFlows.get(`${f.date}|${f.account_id}`) ?? 0) + f.amount);
  const actualDays = new Map<string, number>();
  for (const d of flowDays) {
    let net = 0;
    for (const [, inflow, outflow] of dayFigures(d)) net += inflow - outflow;
    actualDays.set(`${d.date}|${d.account_id}`, (actualDays.get(`${d.date}|${d.account_id}`) ?? 0) + net);
  }
  for (const key of new Set([...expectedCash.keys(), ...actualFlows.keys(), ...actualDays.keys()])) {
    const expected = expectedCash.get(key) ?? 0;
    const [period, accountId] = key.split('|') as [string, string];
    const side = (n: number) => (n >= 0 ? { debit: n, credit: 0 } : { debit: 0, credit: -n });
    if ((actualFlows.get(key) ?? 0) !== expected) differences.push({ kind: 'cash_flow', account_id: accountId, period, entry_id: null, shard: null, expected: side(expected), actual: side(actualFlows.get(key) ?? 0) });
    if ((actualDays.get(key) ?? 0) !== expected) differences.push({ kind: 'cash_flow_day', account_id: accountId, period, entry_id: null, shard: null, expected: side(expected), actual: side(actualDays.get(key) ?? 0) });
  }
  // Rollups that answer reads (compacted and not written to since) must equal the figures they summarise.
  const { data: rollups } = await Rollup.query.byPeriod({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  let rollupsChecked = 0;
  for (const rollup of rollups) {
    if (rollup.period === 'W' || !isValid(rollup)) continue;
    rollupsChecked++;
    const key = rollup.period.slice(2);
    const month = rollup.period.startsWith('M#');
    const figures = new Map<string, Counted>();
    const add = (k: string, debit: number, credit: number, lines: number) => {
      const t = figures.get(k) ?? { debit: 0, credit: 0, lines: 0 };
      figures.set(k, { debit: t.debit + debit, credit: t.credit + credit, lines: t.lines + lines });
    };
    const rolled = new Map<string, Counted>();
    if (month) {
      for (const item of items) if (item.month === key) add(`b|${item.account_id}`, item.debit ?? 0, item.credit ?? 0, item.line_count ?? 0);
      for (const [accountId, [debit, credit, lines]] of Object.entries((rollup.balances ?? {}) as BalanceFigures)) rolled.set(`b|${accountId}`, { debit, credit, lines });
    }
    for (const d of flowDays) {
      if (month ? monthOf(d.date) !== key : d.date !== key) continue;
      for (const [c, inflow, outflow, n] of dayFigures(d)) add(`f|${d.account_id}|${c}`, inflow, outflow, n);
    }
    for (const [accountId, { c }] of Object.entries((rollup.flows ?? {}) as FlowFigures)) {
      for (const [category, [inflow, outflow, n]] of Object.entries(c)) if (inflow || outflow || n) rolled.set(`f|${accountId}|${category}`, { debit: inflow, credit: outflow, lines: n });
    }
    for (const k of new Set([...figures.keys(), ...rolled.keys()])) {
      const expected = figures.get(k) ?? zeroCounted;
      const actual = rolled.get(k) ?? zeroCounted;
      if (expected.debit === actual.debit && expected.credit === actual.credit && expected.lines === actual.lines) continue;
      differences.push({ kind: 'rollup', account_id: k.split('|')[1]!, period: rollup.period, entry_id: null, shard: null, expected: { debit: expected.debit, credit: expected.credit }, actual: { debit: actual.debit, credit: actual.credit }, lines: { expected: expected.lines, actual: actual.lines } });
    }
  }
  const stock = await verifyStock(organizationId, chart, actualBalances);
  differences.sort((a, b) => `${a.kind}${a.account_id}${a.period ?? a.entry_id}`.localeCompare(`${b.kind}${b.account_id}${b.period ?? b.entry_id}`));
  return {
    ok:
      differences.length === 0 && unbalancedEntries.length === 0 && unknownAccounts.length === 0 &&
      (!stock || (stock.differences.length === 0 && stock.inventoryAccounts === stock.stockValue)),
    entriesChecked,
    balanceItemsChecked: items.length,
    accountPostingsChecked,
    cashFlowsChecked: flows.length,
    rollupsChecked,
    unbalancedEntries,
    unknownAccounts,
    differences,
    stock,
  };
}

async function verifyStock(organizationId: string, chart: Awaited<ReturnType<typeof loadChart>>, balances: Map<string, Counted>): Promise<StockVerification | null> {
  const [{ data: movements }, { data: levels }, { data: products }] = await Promise.all([
    StockMovement.query.byDate({ organization_id: organizationId }).go({ consistent: true, pages: 'all' }),
    StockLevel.query.byProduct({ organization_id: organizationId }).go({ consistent: true, pages: 'all' }),
    Product.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' }),
  ]);
  if (!movements.length && !levels.length) return null;
  const expected = new Map<string, { quantity: number; value: number }>();
  for (const m of movements) {
    const key = `${m.product_id}|${m.location_id}`;
    const t = expected.get(key) ?? { quantity: 0, value: 0 };
    expected.set(key, { quantity: t.quantity + m.quantity, value: t.value + m.value });
  }
  const differences: StockVerification['differences'] = [];
  const actual = new Map(levels.map((l) => [`${l.product_id}|${l.location_id}`, { quantity: l.on_hand, value: l.value }]));
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const e = expected.get(key) ?? { quantity: 0, value: 0 };
    const a = actual.get(key) ?? { quantity: 0, value: 0 };
    if (e.quantity === a.quantity && e.value === a.value) continue;
    const [productId, locationId] = key.split('|') as [string, string];
    differences.push({ kind: 'level', product_id: productId, location_id: locationId, expected: e, actual: a });
  }
  const onHand = new Map<string, number>();
  for (const l of levels) onHand.set(l.product_id, (onHand.get(l.product_id) ?? 0) + l.on_hand);
  for (const p of products) {
    const sum = onHand.get(p.id) ?? 0;
    if ((p.on_hand_milli ?? 0) !== sum) differences.push({ kind: 'product', product_id: p.id, location_id: null, expected: { quantity: sum, value: null }, actual: { quantity: p.on_hand_milli ?? 0, value: null } });
  }
  // The inventory accounts' balance: the month totals of their balance items (debit − credit).
  const inventoryIds = new Set(chart.filter((a) => a.subtype === 'inventory').map((a) => a.id));
  let inventoryAccounts = 0;
  for (const [key, totals] of balances) {
    const [period, accountId] = key.split('|') as [string, string];
    if (period.length === 7 && inventoryIds.has(accountId)) inventoryAccounts += totals.debit - totals.credit;
  }
  return {
    movementsChecked: movements.length,
    levelsChecked: levels.length,
    differences,
    inventoryAccounts,
    stockValue: levels.reduce((sum, l) => sum + l.value, 0),
  };
}

/** Recomputes the organization's balances from its journal and reports every difference. */
export async function verifyLedger(organizationId: string): Promise<LedgerVerification> {
  const first = await verifyOnce(organizationId);
  return first.ok ? first : verifyOnce(organizationId);
}
