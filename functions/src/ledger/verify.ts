/**
 * The verification routine (ARCHITECTURE §6): recompute every balance from the journal entries
 * and compare it, to the fil, with what the posting transactions accumulated — the month and day
 * totals of every balance item and their journal-line counts, and every account's ledger card
 * (AccountPosting items). Reads the whole journal: an administrative check, not a request-path
 * report.
 *
 * It compares two reads taken one after the other, so a posting that lands in between shows as a
 * difference; when differences appear the routine runs once more and reports the second run.
 */
import { AccountBalance, DAYS, type DayAttribute, type DayLinesAttribute } from '../db/accountBalance.js';
import { AccountPosting, JournalEntry } from '../db/journalEntry.js';
import { monthOf } from './dates.js';
import { loadChart } from './chart.js';

export interface BalanceDifference {
  kind: 'balance' | 'account_posting';
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
  unbalancedEntries: { entry_id: string; debit: number; credit: number }[];
  /** Accounts that posted entries name but the chart no longer has. */
  unknownAccounts: string[];
  differences: BalanceDifference[];
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

  const chartIds = new Set((await loadChart(organizationId)).map((a) => a.id));
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
  differences.sort((a, b) => `${a.kind}${a.account_id}${a.period ?? a.entry_id}`.localeCompare(`${b.kind}${b.account_id}${b.period ?? b.entry_id}`));
  return {
    ok: differences.length === 0 && unbalancedEntries.length === 0 && unknownAccounts.length === 0,
    entriesChecked,
    balanceItemsChecked: items.length,
    accountPostingsChecked,
    unbalancedEntries,
    unknownAccounts,
    differences,
  };
}

/** Recomputes the organization's balances from its journal and reports every difference. */
export async function verifyLedger(organizationId: string): Promise<LedgerVerification> {
  const first = await verifyOnce(organizationId);
  return first.ok ? first : verifyOnce(organizationId);
}
