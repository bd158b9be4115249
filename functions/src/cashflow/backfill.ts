/**
 * Cash flows for entries posted before the postings wrote them (issue 17): an organization whose
 * books predate cash flows gets the same transactions and day figures its entries would have
 * written (ledger/posting.ts, shared/src/cashflow/classify.ts), so its summaries, forecasts and the
 * ledger verification cover its whole history.
 *
 * Run by the nightly maintenance job for every organization not yet marked done (its marker is the
 * CashFlowBackfill item), and safe to run again at any time:
 * - an entry that already has cash flows (posted since, or backfilled) is skipped;
 * - each entry's items go in one transaction whose transactions have ids made from the entry
 *   (`bf-<entry>-<n>`) and are created on condition that they do not exist, so two runs at once
 *   cannot both add the entry's amounts to the day figures: the second is cancelled whole.
 */
import { cashMovements } from '@daftar/shared/cashflow/classify';
import { CashFlowBackfill, CashFlowDay, CashFlowTransaction, type CashFlowFigure } from '../db/cashFlow.js';
import { JournalEntry } from '../db/journalEntry.js';
import { organizationIdPages } from '../db/organization.js';
import { readItem } from '../db/get-together.js';
import { onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { loadChart } from '../ledger/chart.js';
import { addDayFigures, cashFlowRecord } from '../ledger/cash-flows.js';
import { rollupBumps } from '../ledger/rollups.js';
import { logger } from '../platform/logger.js';


class AlreadyBackfilled extends Error {}

/** Writes the missing cash flows of one organization's entries; answers how many entries got some. */
export async function backfillOrganization(organizationId: string): Promise<number> {
  const [chart, { data: entries }, { data: existing }] = await Promise.all([
    loadChart(organizationId),
    JournalEntry.query.byId({ organization_id: organizationId }).go({ pages: 'all' }),
    CashFlowTransaction.query.byDate({ organization_id: organizationId }).go({ pages: 'all', attributes: ['journal_entry_id'] }),
  ]);
  const accounts = new Map(chart.map((a) => [a.id, a]));
  const done = new Set(existing.map((t) => t.journal_entry_id).filter(Boolean));
  let written = 0;
  for (const entry of entries) {
    if (entry.status === 'draft' || done.has(entry.id)) continue;
    const moves = cashMovements(entry.lines.map((l) => ({ account_id: l.account_id, debit: l.debit, credit: l.credit })), (id) => accounts.get(id));
    if (!moves.length) continue;
    const now = new Date().toISOString();
    const items: TransactItem[] = [];
    const days = new Map<string, Partial<Record<CashFlowFigure | 'n', number>>>();
    moves.forEach((move, i) => {
      items.push(onConditionFailed(putItem(CashFlowTransaction.create(cashFlowRecord(entry, move, `bf-${entry.id}-${i}`, now)).params()), () => new AlreadyBackfilled()));
      const add = days.get(move.account_id) ?? {};
      addDayFigures(add, move);
      days.set(move.account_id, add);
    });
    for (const [account_id, add] of days) {
      items.push(updateItem(CashFlowDay.update({ organization_id: organizationId, date: entry.date, account_id, shard: entry.shard ?? '-' }).add(add).params()));
    }
    items.push(...rollupBumps(organizationId, [{ date: entry.date, cashFlows: true }]));
    try {
      await postTransaction(items);
      written++;
    } catch (error) {
      // Another run wrote this entry's flows meanwhile: nothing was added twice.
      if (!(error instanceof AlreadyBackfilled)) throw error;
    }
  }
  return written;
}

/** The nightly step: every organization not yet done, then marked done. */
export async function backfillCashFlows(): Promise<{ organizations: number; entries: number }> {
  let organizations = 0;
  let entries = 0;
  for await (const ids of organizationIdPages()) {
    for (const id of ids) {
      if (await readItem(CashFlowBackfill, { organization_id: id })) continue;
      try {
        const written = await backfillOrganization(id);
        await CashFlowBackfill.put({ organization_id: id, entries_backfilled: written, completed_at: new Date().toISOString() }).go();
        organizations++;
        entries += written;
      } catch (error) {
        logger.warn('cash-flow backfill failed; tomorrow tries again', { organization_id: id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return { organizations, entries };
}
