/**
 * A journal entry as the API answers it. Its own module, re-exported by ledger.ts: the reports
 * Lambda needs it for the dashboard summary, and importing ledger.ts there would build the
 * ledger's ~40 other schemas at every cold start (about 5 % of that Lambda's load CPU, issue 13).
 */
import * as z from 'zod';
import { narrativePublic } from './common.js';
import { JOURNAL_ENTRY_STATUSES } from './codes.js';

export const journalLinePublic = z.object({
  line_no: z.number().int(),
  account_id: z.string(),
  account_code: z.string().nullable(),
  account_name: z.string().nullable(),
  /** The account's Arabic name, for screens and prints in Arabic. */
  account_name_ar: z.string().nullable(),
  debit: z.string(),
  credit: z.string(),
  description: z.string().nullable(),
  /** `description` as a narrative when the server wrote it; null for typed descriptions and older entries. */
  narrative: narrativePublic.nullable(),
  contact_id: z.string().nullable(),
  tax_id: z.string().nullable(),
});

export const journalEntryPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  /** Per-organization sequence, drawn when the entry is posted; null for drafts. */
  number: z.number().int().nullable(),
  entry_number: z.string().nullable(),
  date: z.string(),
  memo: z.string().nullable(),
  /** `memo` as a narrative when the server wrote it; null for typed memos and older entries. */
  memo_narrative: narrativePublic.nullable(),
  reference: z.string().nullable(),
  status: z.enum(JOURNAL_ENTRY_STATUSES),
  source_type: z.string(),
  source_id: z.string(),
  currency: z.string(),
  lines: z.array(journalLinePublic),
  total_debit: z.string(),
  total_credit: z.string(),
  reverses_entry_id: z.string().nullable(),
  reversed_by_entry_id: z.string().nullable(),
  created_by: z.string().nullable(),
  posted_by: z.string().nullable(),
  posted_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JournalEntryPublic = z.infer<typeof journalEntryPublic>;
