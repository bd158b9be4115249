/**
 * Cash-flow transactions (issue 17). Posted ones are written by the posting that moved the money
 * (ledger/posting.ts) and never altered: a person may only re-categorise one, which moves its
 * amount between two categories of its day's figures in the same transaction. Manual entries
 * (planned, or off the books) are the owner's own and may be edited and deleted; they never touch
 * the ledger or the day figures.
 *
 * A posted one's description is the English its posting wrote (ledger/cash-flows.ts); the answer
 * adds that text's narrative, read from the cash account's side of the entry (db/journalEntry.ts
 * AccountPosting keeps the entry's memo and the account's line narratives), so the screens show it
 * in the reader's language. A page's postings are read together: one BatchGetItem
 * (db/get-together.ts), whatever the page's size.
 */
import { rollupBumps } from '../ledger/rollups.js';
import type * as z from 'zod';
import { money } from '@daftar/shared';
import { CASH_FLOW_CATEGORIES, type CashFlowCategory } from '@daftar/shared/cashflow/classify';
import { searchText, matchesSearch } from '@daftar/shared/search';
import type { cashFlowListQuery, cashFlowManualCreate, cashFlowManualUpdate, cashFlowSearchQuery, CashFlowTransaction as CashFlowTransactionPublic } from '@daftar/shared/schemas/cashflow';
import { Account } from '../db/account.js';
import { CashFlowDay, CashFlowTransaction, type CashFlowTransactionRecord } from '../db/cashFlow.js';
import { readItem } from '../db/get-together.js';
import { AccountPosting, type AccountPostingRecord } from '../db/journalEntry.js';
import { listPage, takeRange } from '../db/paging.js';
import { deleteItem, onConditionFailed, postTransaction, putItem, updateItem } from '../db/transaction.js';
import { CASH_SUBTYPES } from '../ledger/chart.js';
import { presentNarrative } from '../ledger/present.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { addDays, todayIn } from '../ledger/dates.js';

const text = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

type DescriptionNarrative = CashFlowTransactionPublic['description_narrative'];

export function presentCashFlow(t: CashFlowTransactionRecord, currency: string, narrative: DescriptionNarrative = null): CashFlowTransactionPublic {
  return {
    id: t.id,
    transaction_id: t.id,
    date: t.date,
    account_id: t.account_id === '-' ? null : t.account_id,
    amount: text(t.amount, currency),
    direction: t.amount >= 0 ? 'in' : 'out',
    cash_flow_type: t.cash_flow_type,
    cash_flow_category: t.cash_flow_category,
    original_category: (t.original_category as CashFlowCategory | undefined) ?? null,
    description: t.description ?? null,
    description_narrative: t.is_manual_entry ? null : narrative,
    source_type: t.source_type,
    source_id: t.source_id,
    journal_entry_id: t.journal_entry_id ?? null,
    entry_name: t.entry_name ?? null,
    contact_id: t.contact_id ?? null,
    is_manual_entry: t.is_manual_entry,
    is_planned: t.is_planned ?? false,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/**
 * The narrative of a posted transaction's description. The description is its entry's memo, else
 * the first line description (ledger/cash-flows.ts); the cash account's posting keeps the memo's
 * narrative and its own lines' one. Given only when it is the narrative of that very text, so the
 * English and the Arabic reader read the same thing; a typed memo has none.
 */
function narrativeOf(t: CashFlowTransactionRecord, posting: AccountPostingRecord | null): DescriptionNarrative {
  if (!posting || !t.description) return null;
  if (posting.memo === t.description) return presentNarrative(posting.memo_narrative);
  if (posting.description === t.description) return presentNarrative(posting.description_narrative);
  return null;
}

/** Transactions as the API answers them, with their descriptions' narratives (the postings read in one turn). */
export async function presentCashFlows(organizationId: string, records: readonly CashFlowTransactionRecord[], currency: string): Promise<CashFlowTransactionPublic[]> {
  const postings = await Promise.all(
    records.map((t) =>
      t.is_manual_entry || !t.journal_entry_id || !t.description
        ? null
        : readItem(AccountPosting, { organization_id: organizationId, account_id: t.account_id, date: t.date, entry_id: t.journal_entry_id }),
    ),
  );
  return records.map((t, index) => presentCashFlow(t, currency, narrativeOf(t, postings[index] ?? null)));
}

export async function readCashFlow(organizationId: string, id: string): Promise<CashFlowTransactionRecord> {
  const { data } = await CashFlowTransaction.query.byId({ organization_id: organizationId, id }).go();
  if (!data[0]) throw new NotFound('Cash-flow transaction not found');
  return data[0];
}

/** The filters of the list, as one FilterExpression on the date range's Query. */
function listQuery(organizationId: string, query: Partial<z.infer<typeof cashFlowListQuery>>, currency: string) {
  const from = query.date_from ?? '0000-00-00';
  const to = query.date_to ?? '9999-99-99';
  const minor = (v: string | undefined) => (v === undefined ? undefined : money.parseMoney(v, currency).amount);
  const min = minor(query.amount_min);
  const max = minor(query.amount_max);
  return CashFlowTransaction.query
    .byDate({ organization_id: organizationId })
    .between({ date: from, id: '' }, { date: to, id: '~' })
    .where((a, { eq, gte, lte, gt, lt }) =>
      [
        query.cash_flow_type ? eq(a.cash_flow_type, query.cash_flow_type) : '',
        query.cash_flow_category ? eq(a.cash_flow_category, query.cash_flow_category as CashFlowCategory) : '',
        query.account_id ? eq(a.account_id, query.account_id) : '',
        query.direction === 'in' ? gt(a.amount, 0) : query.direction === 'out' ? lt(a.amount, 0) : '',
        query.is_manual_entry ? eq(a.is_manual_entry, query.is_manual_entry === 'true') : '',
        // On the size of the amount: (amount ≥ min OR amount ≤ −min) AND (−max ≤ amount ≤ max).
        min !== undefined ? `(${gte(a.amount, min)} OR ${lte(a.amount, -min)})` : '',
        max !== undefined ? `(${lte(a.amount, max)} AND ${gte(a.amount, -max)})` : '',
      ]
        .filter(Boolean)
        .join(' AND '),
    );
}

export async function listCashFlows(organizationId: string, query: z.infer<typeof cashFlowListQuery>) {
  const { currency } = await organizationSettings(organizationId);
  if (query.amount_min && query.amount_max && Number(query.amount_min) > Number(query.amount_max)) {
    throw new ValidationError([{ loc: ['query', 'amount_max'], msg: 'The largest amount is not below the smallest', type: 'value_error' }]);
  }
  const page = await listPage(listQuery(organizationId, query, currency), { skip: query.skip, limit: query.limit, order: 'desc' }, (t) => t);
  return { data: await presentCashFlows(organizationId, page.data, currency), count: page.count };
}

export async function cashFlowsBySource(organizationId: string, sourceType: string, sourceId: string) {
  const { currency } = await organizationSettings(organizationId);
  const { data } = await CashFlowTransaction.query.bySource({ organization_id: organizationId, source_type: sourceType, source_id: sourceId }).go({ pages: 'all' });
  return { data: await presentCashFlows(organizationId, data, currency), count: data.length };
}

export async function recentCashFlows(organizationId: string, limit: number, accountIds: readonly string[]) {
  const { currency } = await organizationSettings(organizationId);
  const q = CashFlowTransaction.query
    .byDate({ organization_id: organizationId })
    .where((a, { eq }) => (accountIds.length ? `(${accountIds.map((id) => eq(a.account_id, id)).join(' OR ')})` : ''));
  const items = await takeRange(q, 0, limit, 'desc');
  return { data: await presentCashFlows(organizationId, items, currency), count: items.length };
}

/** How far back `search` looks (days): a search, not a report. */
const SEARCH_DAYS = 730;

/**
 * Search over description, entry number, category and source, newest first, Arabic normalised
 * (shared/src/search.ts) as it reads: the postings store the words raw, so the posting Lambdas do
 * not carry the normalisation tables. Reads the last two years' transactions, projected small.
 */
export async function searchCashFlows(organizationId: string, query: z.infer<typeof cashFlowSearchQuery>) {
  const { currency, timeZone } = await organizationSettings(organizationId);
  const to = todayIn(timeZone);
  const { data } = await CashFlowTransaction.query
    .byDate({ organization_id: organizationId })
    .between({ date: addDays(to, -SEARCH_DAYS), id: '' }, { date: addDays(to, 400), id: '~' })
    .go({ pages: 'all', order: 'desc', attributes: ['id', 'date', 'search_text'] });
  const hits = data.filter((t) => matchesSearch(searchText([t.search_text]), query.q));
  const page = hits.slice(query.skip, query.skip + query.limit);
  // Read in one turn: get-together makes them one BatchGetItem.
  const full = await Promise.all(page.map((t) => readItem(CashFlowTransaction, { organization_id: organizationId, date: t.date!, id: t.id! })));
  return { data: await presentCashFlows(organizationId, full.flatMap((r) => (r ? [r] : [])), currency), count: hits.length };
}

async function checkAccount(organizationId: string, accountId: string | null | undefined) {
  if (!accountId) return;
  const account = await readItem(Account, { organization_id: organizationId, id: accountId });
  if (!account || !CASH_SUBTYPES.includes(account.subtype)) throw new ValidationError([{ loc: ['body', 'account_id'], msg: 'Choose a cash or bank account', type: 'value_error' }]);
}

export async function createManual(organizationId: string, body: z.infer<typeof cashFlowManualCreate>, userId: string | null) {
  const [{ currency }] = await Promise.all([organizationSettings(organizationId), checkAccount(organizationId, body.account_id)]);
  const now = new Date().toISOString();
  const amount = money.parseMoney(body.amount, currency).amount * (body.direction === 'in' ? 1 : -1);
  const category = body.cash_flow_category as CashFlowCategory;
  const id = uuidv7();
  const record: CashFlowTransactionRecord = {
    organization_id: organizationId,
    id,
    date: body.date,
    account_id: body.account_id ?? '-',
    amount,
    cash_flow_type: CASH_FLOW_CATEGORIES[category],
    cash_flow_category: category,
    description: body.description,
    search_text: searchText([body.description, category.replace(/_/g, ' '), 'manual']),
    source_type: 'manual',
    source_id: id,
    is_manual_entry: true,
    is_planned: body.is_planned,
    created_by: userId ?? undefined,
    created_at: now,
    updated_at: now,
  };
  await CashFlowTransaction.create(record).go();
  return presentCashFlow(record, currency);
}

function manualOnly(t: CashFlowTransactionRecord) {
  if (!t.is_manual_entry) throw new Conflict('A posted cash flow is the record of a posting: change its category, or reverse the document that made it');
}

export async function updateManual(organizationId: string, id: string, body: z.infer<typeof cashFlowManualUpdate>) {
  const [current, { currency }] = await Promise.all([readCashFlow(organizationId, id), organizationSettings(organizationId)]);
  manualOnly(current);
  await checkAccount(organizationId, body.account_id);
  const direction = body.direction ?? (current.amount >= 0 ? 'in' : 'out');
  const size = body.amount !== undefined ? money.parseMoney(body.amount, currency).amount : Math.abs(current.amount);
  const category = (body.cash_flow_category as CashFlowCategory | undefined) ?? current.cash_flow_category;
  const description = body.description ?? current.description ?? '';
  const next: CashFlowTransactionRecord = {
    ...current,
    date: body.date ?? current.date,
    amount: direction === 'in' ? size : -size,
    cash_flow_category: category,
    cash_flow_type: CASH_FLOW_CATEGORIES[category],
    description,
    search_text: searchText([description, category.replace(/_/g, ' '), 'manual']),
    account_id: body.account_id === undefined ? current.account_id : body.account_id ?? '-',
    is_planned: body.is_planned ?? current.is_planned,
    updated_at: new Date().toISOString(),
  };
  // The date is part of the key: a new date is a new item, written with the old one's removal.
  if (next.date !== current.date) {
    await postTransaction([
      deleteItem(CashFlowTransaction.delete({ organization_id: organizationId, date: current.date, id }).params()),
      putItem(CashFlowTransaction.create(next).params()),
    ]);
  } else {
    await CashFlowTransaction.put(next).go();
  }
  return presentCashFlow(next, currency);
}

export async function deleteManual(organizationId: string, id: string) {
  const current = await readCashFlow(organizationId, id);
  manualOnly(current);
  await CashFlowTransaction.delete({ organization_id: organizationId, date: current.date, id }).go();
}

/**
 * Re-categorises a transaction. A posted one keeps its first category (`original_category`) and
 * moves its amount between the two categories of its day's figures, in one transaction conditioned
 * on the category read — two people changing it at once cannot count it twice. Its type follows
 * the category; a transfer stays a transfer (it is not a flow in or out of the business).
 */
export async function recategorize(organizationId: string, id: string, category: CashFlowCategory) {
  const [current, { currency }] = await Promise.all([readCashFlow(organizationId, id), organizationSettings(organizationId)]);
  if (current.cash_flow_category === category) return (await presentCashFlows(organizationId, [current], currency))[0]!;
  if ((current.cash_flow_category === 'transfers') !== (category === 'transfers')) {
    throw new Conflict(current.cash_flow_category === 'transfers' ? 'A transfer between your own accounts stays a transfer' : 'Only money moved between your own accounts is a transfer');
  }
  const now = new Date().toISOString();
  const set = { cash_flow_category: category, cash_flow_type: CASH_FLOW_CATEGORIES[category], original_category: current.original_category ?? current.cash_flow_category, updated_at: now };
  const update = onConditionFailed(
    updateItem(CashFlowTransaction.patch({ organization_id: organizationId, date: current.date, id }).set(set).where((a, { eq }) => eq(a.cash_flow_category, current.cash_flow_category)).params()),
    () => new Conflict('The category was changed meanwhile; load the transaction again'),
  );
  if (current.is_manual_entry) {
    await postTransaction([update]);
  } else {
    const side = current.amount > 0 ? 'in' : 'out';
    const size = Math.abs(current.amount);
    await postTransaction([
      update,
      updateItem(
        CashFlowDay.update({ organization_id: organizationId, date: current.date, account_id: current.account_id, shard: current.shard ?? '-' })
          .add({ [`${current.cash_flow_category}_${side}`]: -size, [`${category}_${side}`]: size, [`${current.cash_flow_category}_n`]: -1, [`${category}_n`]: 1 } as never)
          .params(),
      ),
      // A past day's figures changed: its rollups are stale until the next compaction (ledger/rollups.ts).
      ...rollupBumps(organizationId, [{ date: current.date, cashFlows: true }]),
    ]);
  }
  const [presented] = await presentCashFlows(organizationId, [{ ...current, ...set }], currency);
  return presented!;
}
