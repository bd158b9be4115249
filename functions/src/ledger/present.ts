/** API shapes of ledger records: amounts as decimal strings at the currency's precision. */
import { money } from '@daftar/shared';
import { NORMAL_BALANCE } from '@daftar/shared/schemas/codes';
import type { AccountPublic, JournalEntryPublic, NarrativePublic } from '@daftar/shared/schemas/accounting';
import type { AccountRecord } from '../db/account.js';
import type { AccountingPeriodRecord } from '../db/accountingPeriod.js';
import type { JournalEntryRecord } from '../db/journalEntry.js';
import { normalBalance, type Totals } from './balances.js';

/**
 * A stored narrative (db/journalEntry.ts `memo_narrative`, a line's `narrative`) as the API answers
 * it, or null when there is none (typed text, records written before narratives). The attribute
 * is untyped in the table, so anything else stored there answers null rather than a bad shape.
 */
export function presentNarrative(stored: unknown): NarrativePublic | null {
  if (!stored || typeof stored !== 'object') return null;
  const { key, params } = stored as { key?: unknown; params?: unknown };
  if (typeof key !== 'string') return null;
  const values: Record<string, string | number | null> = {};
  if (params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string' || typeof value === 'number' || value === null) values[name] = value;
    }
  }
  return { key, params: values };
}

/** Minor units as the API writes money: "12.345" for 12345 fils. */
export function formatAmount(minor: number, currency: string): string {
  return money.formatMoney({ amount: minor, currency: currency as money.CurrencyCode });
}

/** An entry's number as people read it (INV-000001 for a document's entry, JE-000012 for the journal's); null for a draft. */
export const entryNumberLabel = (entry: Pick<JournalEntryRecord, 'name' | 'number' | 'status'>) =>
  entry.status === 'draft' ? null : (entry.name ?? (entry.number ? `JE-${String(entry.number).padStart(6, '0')}` : null));

export function presentAccount(account: AccountRecord, totals: Totals | undefined, currency: string): AccountPublic {
  return {
    id: account.id,
    organization_id: account.organization_id,
    code: account.code,
    name: account.name,
    name_ar: account.name_ar ?? null,
    description: account.description ?? null,
    type: account.type,
    subtype: account.subtype,
    parent_id: account.parent_id ?? null,
    normal_balance: NORMAL_BALANCE[account.type],
    is_active: account.is_active,
    is_system: account.is_system,
    currency: account.currency,
    balance: formatAmount(normalBalance(account.type, totals), currency),
    version: account.version,
    created_at: account.created_at,
    updated_at: account.updated_at,
  };
}

export function presentEntry(entry: JournalEntryRecord, accounts: Map<string, AccountRecord>): JournalEntryPublic {
  const currency = entry.currency;
  let debit = 0;
  let credit = 0;
  const lines = entry.lines.map((line) => {
    debit += line.debit;
    credit += line.credit;
    const account = accounts.get(line.account_id);
    return {
      line_no: line.line_no,
      account_id: line.account_id,
      account_code: account?.code ?? null,
      account_name: account?.name ?? null,
      account_name_ar: account?.name_ar ?? null,
      debit: formatAmount(line.debit, currency),
      credit: formatAmount(line.credit, currency),
      description: line.description ?? null,
      narrative: presentNarrative(line.narrative),
      contact_id: line.contact_id ?? null,
      tax_id: line.tax_id ?? null,
    };
  });
  return {
    id: entry.id,
    organization_id: entry.organization_id,
    number: entry.number ?? null,
    entry_number: entryNumberLabel(entry),
    date: entry.date,
    memo: entry.memo ?? null,
    memo_narrative: presentNarrative(entry.memo_narrative),
    reference: entry.reference ?? null,
    status: entry.status,
    source_type: entry.source_type,
    source_id: entry.source_id,
    currency,
    lines,
    total_debit: formatAmount(debit, currency),
    total_credit: formatAmount(credit, currency),
    reverses_entry_id: entry.reverses_entry_id ?? null,
    reversed_by_entry_id: entry.reversed_by_entry_id ?? null,
    created_by: entry.created_by ?? null,
    posted_by: entry.posted_by ?? null,
    posted_at: entry.posted_at ?? null,
    version: entry.version,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  };
}

export function presentPeriod(period: AccountingPeriodRecord) {
  return {
    id: period.id,
    organization_id: period.organization_id,
    name: period.name,
    start_date: period.start_date,
    end_date: period.end_date,
    status: period.status,
    closed_at: period.closed_at ?? null,
    closed_by: period.closed_by ?? null,
    reopened_at: period.reopened_at ?? null,
    reopened_by: period.reopened_by ?? null,
    version: period.version,
    created_at: period.created_at,
    updated_at: period.updated_at,
  };
}
