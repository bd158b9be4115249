/**
 * A journal entry's cash flows as stored (issue 17): one record per cash movement the entry makes
 * (shared/src/cashflow/classify.ts), and the day-figure fields they add to. The posting writes them
 * in its transaction (posting.ts); the backfill writes them for entries posted before cash flows
 * existed (cashflow/backfill.ts) — the same records either way.
 */
import { CASH_FLOW_CATEGORY_KEYS, type CashFlowCategory, type CashMovement } from '@daftar/shared/cashflow/classify';
import type { CashFlowDayRecord, CashFlowFigure, CashFlowTransactionRecord } from '../db/cashFlow.js';
import type { JournalEntryRecord } from '../db/journalEntry.js';

type Entry = Pick<JournalEntryRecord, 'organization_id' | 'id' | 'date' | 'name' | 'memo' | 'lines' | 'source_type' | 'source_id' | 'shard' | 'posted_by'>;

export function cashFlowRecord(entry: Entry, move: CashMovement, id: string, now: string): CashFlowTransactionRecord {
  const description = entry.memo ?? entry.lines.find((l) => l.description)?.description;
  const contactLine = entry.lines.find((l) => l.account_id === move.account_id && l.contact_id) ?? entry.lines.find((l) => l.contact_id);
  return {
    organization_id: entry.organization_id,
    id,
    date: entry.date,
    account_id: move.account_id,
    amount: move.amount,
    cash_flow_type: move.cash_flow_type,
    cash_flow_category: move.cash_flow_category,
    description,
    // Raw words: the search normalises them when it reads (the Arabic tables stay out of every posting Lambda).
    search_text: [description, entry.name, move.cash_flow_category.replace(/_/g, ' '), entry.source_type.replace(/_/g, ' ')].filter(Boolean).join(' ').toLowerCase(),
    source_type: entry.source_type,
    source_id: entry.source_id,
    journal_entry_id: entry.id,
    entry_name: entry.name,
    contact_id: contactLine?.contact_id,
    counter_account_id: move.counter_account_id ?? undefined,
    shard: entry.shard,
    is_manual_entry: false,
    created_by: entry.posted_by,
    created_at: now,
    updated_at: now,
  };
}

/** What a movement adds to its day figures: its amount on its side, one to its category's count, one to the day's. */
export function addDayFigures(add: Partial<Record<CashFlowFigure | 'n', number>>, move: CashMovement): void {
  const side: CashFlowFigure = `${move.cash_flow_category}_${move.amount > 0 ? 'in' : 'out'}`;
  const count: CashFlowFigure = `${move.cash_flow_category}_n`;
  add[side] = (add[side] ?? 0) + Math.abs(move.amount);
  add[count] = (add[count] ?? 0) + 1;
  add.n = (add.n ?? 0) + 1;
}

/** A day-figures item read back: per category with any figure, [inflow, outflow, transactions] (the reverse of `addDayFigures`). */
export function dayFigures(item: CashFlowDayRecord): [CashFlowCategory, number, number, number][] {
  const figure = (name: string) => ((item as Record<string, unknown>)[name] as number | undefined) ?? 0;
  const out: [CashFlowCategory, number, number, number][] = [];
  for (const category of CASH_FLOW_CATEGORY_KEYS) {
    const [inflow, outflow, n] = [figure(`${category}_in`), figure(`${category}_out`), figure(`${category}_n`)];
    if (inflow || outflow || n) out.push([category, inflow, outflow, n]);
  }
  return out;
}
