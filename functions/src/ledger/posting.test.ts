import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { Account, AccountCode } from '../db/account.js';
import { AccountBalance } from '../db/accountBalance.js';
import { AccountPosting, JournalEntry } from '../db/journalEntry.js';
import { SERIES, readSeries } from '../db/sequence.js';
import { Item } from '../db/item.js';
import { Conflict, HttpError, statusOf } from '../http/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { accountBalances, trialBalance } from './balances.js';
import { DEFAULT_CHART, ensureChartOfAccounts, loadChart, systemAccount } from './chart.js';
import { closePeriod, createPeriod } from './periods.js';
import { postEntries, postReversal } from '../documents/posting-path.js';
import { buildPosting, buildPostings, buildReversal, conditionCheck, onConditionFailed, postTransaction, putItem, updateItem, type PostingInput } from './posting.js';
import { ledgerAccounts, ledgerSnapshot } from './test-helpers.js';
import { verifyLedger } from './verify.js';

async function books() {
  const { user } = await createUser();
  const org = await createOrganization(user.id);
  await ensureChartOfAccounts(org.id);
  return { org, user, accounts: await ledgerAccounts(org.id) };
}

const sale = (organizationId: string, a: Record<string, string>, overrides: Partial<PostingInput> = {}): PostingInput => ({
  organizationId,
  date: '2025-06-15',
  source: { type: 'invoice', id: uuidv7() },
  memo: 'Invoice INV-1',
  createdBy: 'tester',
  lines: [
    { account_id: a.receivable!, debit: 11_600 },
    { account_id: a.sales!, credit: 10_000 },
    { account_id: a.vat_output!, credit: 1_600 },
  ],
  ...overrides,
});

/** What a failed call must leave behind: the same books (the number sequence may move on). */
async function expectUnchanged(organizationId: string, before: Awaited<ReturnType<typeof ledgerSnapshot>>) {
  expect(await ledgerSnapshot(organizationId)).toEqual(before);
}

async function issuesOf(promise: Promise<unknown>) {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(HttpError);
  return { status: statusOf(err as HttpError), detail: (err as HttpError).detail };
}

describe('chart of accounts', () => {
  it('creates the default Jordanian chart once, even when several requests race to create it', async () => {
    // prepare
    const { user } = await createUser();
    const org = await createOrganization(user.id);
    // act
    await Promise.all([ensureChartOfAccounts(org.id), ensureChartOfAccounts(org.id), ensureChartOfAccounts(org.id)]);
    await ensureChartOfAccounts(org.id);
    // assess
    const chart = await loadChart(org.id);
    expect(chart).toHaveLength(DEFAULT_CHART.length);
    expect(new Set(chart.map((a) => a.code)).size).toBe(DEFAULT_CHART.length);
    const codes = await AccountCode.query.byCode({ organization_id: org.id }).go({ pages: 'all' });
    expect(codes.data).toHaveLength(DEFAULT_CHART.length);
    const vat = chart.find((a) => a.code === '2200')!;
    expect(vat).toMatchObject({ type: 'liability', subtype: 'vat_output', name_ar: 'ضريبة المبيعات المستحقة', is_system: true, currency: 'JOD' });
    expect((await systemAccount(org.id, 'receivable')).code).toBe('1200');
    expect((await systemAccount(org.id, 'gift_card_liability')).code).toBe('2400');
  });
});

describe('buildPosting / postTransaction', () => {
  it("posts an entry together with the caller's document in one transaction", async () => {
    // prepare
    const { org, accounts: a } = await books();
    const invoiceId = uuidv7();
    const now = new Date().toISOString();
    // act
    const first = await buildPosting(sale(org.id, a, { source: { type: 'invoice', id: invoiceId } }));
    const document = putItem(Item.create({ organization_id: org.id, id: invoiceId, title: `Invoice posted as ${first.entry.id}`, owner_id: 'tester', created_at: now, updated_at: now }).params());
    await postTransaction([...first.transactItems, document]);
    const second = await buildPosting(sale(org.id, a, { date: '2025-07-01' }));
    await postTransaction(second.transactItems);
    // assess
    expect(first.entry).toMatchObject({ number: 1, status: 'posted', total: 11_600, source_type: 'invoice', source_id: invoiceId, currency: 'JOD' });
    expect(second.entry.number).toBe(2);
    expect((await JournalEntry.get({ organization_id: org.id, id: first.entry.id }).go()).data).toEqual(first.entry);
    expect((await Item.get({ organization_id: org.id, id: invoiceId }).go()).data?.title).toContain(first.entry.id);
    const june = await accountBalances(org.id, { from: '2025-06-01', to: '2025-06-30' });
    expect(june.get(a.receivable!)).toEqual({ debit: 11_600, credit: 0 });
    expect(june.get(a.vat_output!)).toEqual({ debit: 0, credit: 1_600 });
    const card = await AccountPosting.query.byAccount({ organization_id: org.id, account_id: a.sales! }).go();
    expect(card.data.map((p) => [p.date, p.credit, p.entry_number])).toEqual([['2025-06-15', 10_000, 1], ['2025-07-01', 10_000, 2]]);
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it("writes nothing when the caller's own condition fails, and reports the caller's error", async () => {
    // prepare
    const { org, accounts: a } = await books();
    const before = await ledgerSnapshot(org.id);
    const posting = await buildPosting(sale(org.id, a));
    const invoiceStillDraft = onConditionFailed(
      conditionCheck(Item.delete({ organization_id: org.id, id: 'no-such-invoice' }).where((attr, { exists }) => exists(attr.id)).params()),
      () => new Conflict('The invoice was changed by someone else'),
    );
    // act
    const err = await issuesOf(postTransaction([...posting.transactItems, invoiceStillDraft]));
    // assess
    expect(err.status).toBe(409);
    expect(err.detail).toBe('The invoice was changed by someone else');
    await expectUnchanged(org.id, before);
  });

  it('refuses unbalanced, malformed and foreign postings with 422 before drawing a number or writing', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const other = await books();
    const inactive = (await loadChart(org.id)).find((x) => x.code === '6200')!;
    await Account.patch({ organization_id: org.id, id: inactive.id }).set({ is_active: false }).go();
    const before = await ledgerSnapshot(org.id);
    const refused = (lines: PostingInput['lines'], extra: Partial<PostingInput> = {}) => issuesOf(buildPosting(sale(org.id, a, { lines, ...extra })));
    // act
    const unbalanced = await refused([{ account_id: a.cash!, debit: 10_000 }, { account_id: a.sales!, credit: 9_999 }]);
    const oneLine = await refused([{ account_id: a.cash!, debit: 0 }]);
    const both = await refused([{ account_id: a.cash!, debit: 5, credit: 5 }, { account_id: a.sales!, credit: 0 }]);
    const fractional = await refused([{ account_id: a.cash!, debit: 1.5 }, { account_id: a.sales!, credit: 1.5 }]);
    const negative = await refused([{ account_id: a.cash!, debit: -5 }, { account_id: a.sales!, credit: -5 }]);
    const foreign = await refused([{ account_id: other.accounts.cash!, debit: 5 }, { account_id: a.sales!, credit: 5 }]);
    const unknown = await refused([{ account_id: a.cash!, debit: 5 }, { account_id: uuidv7(), credit: 5 }]);
    const deactivated = await refused([{ account_id: inactive.id, debit: 5 }, { account_id: a.cash!, credit: 5 }]);
    const badDate = await refused(sale(org.id, a).lines, { date: '2025-02-30' });
    // assess
    for (const err of [unbalanced, oneLine, both, fractional, negative, foreign, unknown, deactivated, badDate]) expect(err.status).toBe(422);
    expect(unbalanced.detail).toEqual([{ loc: ['lines'], msg: 'Debits (10.000) must equal credits (9.999)', type: 'unbalanced' }]);
    expect(oneLine.detail).toEqual(expect.arrayContaining([expect.objectContaining({ msg: 'A journal entry needs at least two lines' })]));
    expect(both.detail).toEqual(expect.arrayContaining([{ loc: ['lines', 0], msg: 'A line has a debit or a credit, not both', type: 'value_error' }]));
    expect(fractional.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['lines', 0, 'debit'] })]));
    expect(negative.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['lines', 1, 'credit'] })]));
    expect(foreign.detail).toEqual([{ loc: ['lines', 0, 'account_id'], msg: 'Account not found', type: 'not_found' }]);
    expect(unknown.detail).toEqual([{ loc: ['lines', 1, 'account_id'], msg: 'Account not found', type: 'not_found' }]);
    expect(deactivated.detail).toEqual([{ loc: ['lines', 0, 'account_id'], msg: 'Account 6200 Rent is inactive', type: 'inactive' }]);
    expect(badDate.detail).toEqual([expect.objectContaining({ loc: ['date'] })]);
    await expectUnchanged(org.id, before);
    expect((await readSeries(org.id, SERIES.journal)).last).toBe(0);
    await expectUnchanged(other.org.id, await ledgerSnapshot(other.org.id));
  });

  it('refuses postings into a closed period, also when the period closes between build and write', async () => {
    // prepare
    const { org, accounts: a } = await books();
    await postTransaction((await buildPosting(sale(org.id, a, { date: '2025-05-20' }))).transactItems);
    const may = await createPeriod(org.id, { start_date: '2025-05-01', end_date: '2025-05-31' });
    const june = await createPeriod(org.id, { start_date: '2025-06-01', end_date: '2025-06-30' });
    await closePeriod(org.id, may.id, 'tester');
    const before = await ledgerSnapshot(org.id);
    // act
    const intoClosed = await issuesOf(buildPosting(sale(org.id, a, { date: '2025-05-31' })));
    const onShard = await issuesOf(buildPosting(sale(org.id, a, { date: '2025-04-02', shard: 'terminal-7' })));
    const built = await buildPosting(sale(org.id, a, { date: '2025-06-10', shard: 'terminal-7' }));
    await closePeriod(org.id, june.id, 'tester');
    const afterBuild = await ledgerSnapshot(org.id);
    const racing = await issuesOf(postTransaction(built.transactItems));
    // assess
    expect(intoClosed.status).toBe(409);
    expect(intoClosed.detail).toBe('The accounting period containing 2025-05-31 is closed (the books are closed through 2025-05-31)');
    expect(onShard.status).toBe(409);
    expect(racing.status).toBe(409);
    expect(racing.detail).toBe('The accounting period containing 2025-06-10 is closed');
    await expectUnchanged(org.id, afterBuild);
    expect(afterBuild.entries).toEqual(before.entries);
    expect(afterBuild.balances).toEqual(before.balances);
    const allowed = await buildPosting(sale(org.id, a, { date: '2025-07-01' }));
    await postTransaction(allowed.transactItems);
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('keeps hot accounts on shards that readers sum', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const cashSale = (shard?: string) => sale(org.id, a, { shard, lines: [{ account_id: a.cash!, debit: 1_160 }, { account_id: a.sales!, credit: 1_000 }, { account_id: a.vat_output!, credit: 160 }] });
    // act
    await Promise.all([cashSale('terminal-1'), cashSale('terminal-2'), cashSale('terminal-1'), cashSale()].map((input) => postEntries([input])));
    // assess
    const items = (await AccountBalance.query.byMonth({ organization_id: org.id }).go()).data.filter((i) => i.account_id === a.cash);
    expect(items.map((i) => [i.shard, i.debit]).sort()).toEqual([['-', 1_160], ['terminal-1', 2_320], ['terminal-2', 1_160]]);
    expect((await accountBalances(org.id)).get(a.cash!)).toEqual({ debit: 4_640, credit: 0 });
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('numbers concurrent postings uniquely and lets exactly one of several concurrent reversals win', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const first = await buildPosting(sale(org.id, a));
    await postTransaction(first.transactItems);
    // act
    const posters = Array.from({ length: 8 }, (_, i) => postEntries([sale(org.id, a, { date: `2025-06-${String(10 + i).padStart(2, '0')}` })]).then(([entry]) => entry!));
    const reversers = Array.from({ length: 3 }, () => postReversal({ organizationId: org.id, entryId: first.entry.id, date: '2025-06-30' }));
    const [posted, reversals] = await Promise.all([Promise.all(posters), Promise.allSettled(reversers)]);
    // assess
    // Numbered without gaps: the first, the eight and the one reversal that won are JE-000001…10.
    expect(new Set([first.entry.number, ...posted.map((e) => e.number)]).size).toBe(9);
    const { data: all } = await JournalEntry.query.byId({ organization_id: org.id }).go({ pages: 'all' });
    expect(all.map((e) => e.number).sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(reversals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of reversals) if (r.status === 'rejected') expect(statusOf(r.reason as HttpError)).toBe(409);
    expect((await accountBalances(org.id)).get(a.receivable!)).toEqual({ debit: 9 * 11_600, credit: 11_600 });
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('sums balances over any date range from month and day totals', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const on = (date: string, amount: number) => sale(org.id, a, { date, lines: [{ account_id: a.cash!, debit: amount }, { account_id: a.sales!, credit: amount }] });
    const { transactItems } = await buildPostings([on('2025-01-31', 1), on('2025-02-01', 10), on('2025-02-15', 100), on('2025-02-28', 1_000), on('2025-03-01', 10_000)]);
    await postTransaction(transactItems);
    const cash = async (range: Parameters<typeof accountBalances>[1]) => (await accountBalances(org.id, range)).get(a.cash!)?.debit ?? 0;
    // act / assess
    expect(await cash({})).toBe(11_111);
    expect(await cash({ asOf: '2025-02-14' })).toBe(11);
    expect(await cash({ from: '2025-02-02', to: '2025-02-27' })).toBe(100);
    expect(await cash({ from: '2025-02-01', to: '2025-02-28' })).toBe(1_110);
    expect(await cash({ from: '2025-02-28' })).toBe(11_000);
    expect(await cash({ from: '2025-03-02' })).toBe(0);
    expect(await cash({ to: '2024-12-31' })).toBe(0);
    const tb = await trialBalance(org.id, '2025-02-28');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.rows.map((r) => [r.account.code, r.debit, r.credit])).toEqual([['1110', 1_111, 0], ['4100', 0, 1_111]]);
  });

  it('refuses a posting that cannot fit one transaction, with 422 and no number drawn', async () => {
    // prepare
    const { org } = await books();
    // Accounts that move no cash: the count is the entry's own (a cash line would add its cash flows, which depend on
    // which cash accounts the chart's order puts first).
    const chart = (await loadChart(org.id)).filter((a) => !['cash', 'bank', 'undeposited_funds'].includes(a.subtype)).slice(0, 51);
    const lines = chart.map((account, i) => (i === 0 ? { account_id: account.id, credit: 50 } : { account_id: account.id, debit: 1 }));
    // act
    const err = await issuesOf(buildPosting({ organizationId: org.id, date: '2025-06-01', source: { type: 'manual' }, lines }));
    // assess
    expect(err.status).toBe(422);
    // The entry, 51 ledger cards, 51 balance items, the lock check, the journal take, and the bump of
    // the past month's rollup (ledger/rollups.ts: the date is long past).
    expect(err.detail).toMatch(/needs 106 database actions/);
    expect((await readSeries(org.id, SERIES.journal)).last).toBe(0);
  });

  it('reverses a posted entry once, linking both ways and netting the balances to zero', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const posted = await buildPosting(sale(org.id, a));
    await postTransaction(posted.transactItems);
    // act
    const tooEarly = await issuesOf(buildReversal({ organizationId: org.id, entryId: posted.entry.id, date: '2025-06-14' }));
    const reversal = await buildReversal({ organizationId: org.id, entryId: posted.entry.id, date: '2025-06-20', createdBy: 'tester' });
    await postTransaction(reversal.transactItems);
    const again = await issuesOf(buildReversal({ organizationId: org.id, entryId: posted.entry.id, date: '2025-06-21' }));
    // assess
    expect(tooEarly.status).toBe(422);
    expect(again.status).toBe(409);
    const original = (await JournalEntry.get({ organization_id: org.id, id: posted.entry.id }).go()).data!;
    expect(original).toMatchObject({ status: 'reversed', reversed_by_entry_id: reversal.entry.id, version: 2 });
    expect(reversal.entry).toMatchObject({ status: 'posted', reverses_entry_id: posted.entry.id, memo: 'Reversal of JE-000001', source_type: 'invoice', source_id: posted.entry.source_id, number: 2 });
    expect(reversal.entry.lines.map((l) => [l.debit, l.credit])).toEqual([[0, 11_600], [10_000, 0], [1_600, 0]]);
    for (const totals of (await accountBalances(org.id)).values()) expect(totals.debit).toBe(totals.credit);
    expect((await accountBalances(org.id, { to: '2025-06-19' })).get(a.receivable!)).toEqual({ debit: 11_600, credit: 0 });
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('finds balance items and ledger cards that disagree with the journal, and accounts missing from the chart', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const posted = await buildPosting(sale(org.id, a));
    await postTransaction(posted.transactItems);
    // act: drift one balance item by one fil, and lose one ledger-card row
    await AccountBalance.update({ organization_id: org.id, month: '2025-06', account_id: a.sales!, shard: '-' }).add({ credit: 1, d15_credit: 1 }).go();
    await AccountPosting.delete({ organization_id: org.id, account_id: a.vat_output!, date: '2025-06-15', entry_id: posted.entry.id }).go();
    await Account.delete({ organization_id: org.id, id: a.receivable! }).go();
    const result = await verifyLedger(org.id);
    // assess
    expect(result.ok).toBe(false);
    expect(result.entriesChecked).toBe(1);
    expect(result.unknownAccounts).toEqual([a.receivable]);
    expect(result.differences).toEqual([
      { kind: 'account_posting', account_id: a.vat_output, period: null, entry_id: posted.entry.id, shard: null, expected: { debit: 0, credit: 1_600 }, actual: { debit: 0, credit: 0 } },
      { kind: 'balance', account_id: a.sales, period: '2025-06', entry_id: null, shard: '-', expected: { debit: 0, credit: 10_000 }, actual: { debit: 0, credit: 10_001 } },
      { kind: 'balance', account_id: a.sales, period: '2025-06-15', entry_id: null, shard: '-', expected: { debit: 0, credit: 10_000 }, actual: { debit: 0, credit: 10_001 } },
    ]);
  });

  it('refuses two actions on one item and more than 100 actions before sending anything', async () => {
    // prepare
    const { org, accounts: a } = await books();
    const posting = await buildPosting(sale(org.id, a));
    const extra = updateItem(AccountBalance.update({ organization_id: org.id, month: '2025-06', account_id: a.sales!, shard: '-' }).add({ credit: 1 }).params());
    const filler = Array.from({ length: 100 }, (_, i) => conditionCheck(Item.delete({ organization_id: org.id, id: `x${i}` }).where((attr, { notExists }) => notExists(attr.id)).params()));
    // act / assess
    await expect(postTransaction([...posting.transactItems, extra])).rejects.toThrow(/cannot change one item twice/);
    expect((await issuesOf(postTransaction([...posting.transactItems, ...filler]))).status).toBe(422);
    expect((await JournalEntry.get({ organization_id: org.id, id: posting.entry.id }).go()).data).toBeNull();
  });
});
