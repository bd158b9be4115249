/**
 * The ledger's zod schemas: chart of accounts, journal entries, accounting periods, trial balance
 * and verification. Import them from `accounting.ts`, which re-exports them with the code lists.
 */
import * as z from 'zod';
import { calendarDate, id, ledgerAmountInput, narrativePublic, pagination, queryBoolean } from './common.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../constants.js';
import { ACCOUNT_TYPES, ACCOUNT_SUBTYPES, ALL_ACCOUNT_SUBTYPES, JOURNAL_SOURCE_TYPES, JOURNAL_ENTRY_STATUSES, ACCOUNTING_PERIOD_STATUSES, JOURNAL_MAX_LINES } from './codes.js';
import type { AccountType, AccountSubtype } from './codes.js';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** @deprecated The same schema object as `calendarDate` (common.ts), under the ledger's older name: use `calendarDate`. */
export const accountingDate = calendarDate;

export const accountCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, 'Code is 1 to 20 letters, digits, dots or dashes, starting with a letter or digit');

const accountName = z.string().trim().min(1, 'Name is required').max(200);
const currencyCode = z.string().trim().regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code such as JOD');

/** `subtype` must belong to `type`. */
const subtypeMatchesType = (value: { type?: AccountType; subtype?: string | null }, ctx: z.RefinementCtx) => {
  if (!value.type || !value.subtype) return;
  if (!(ACCOUNT_SUBTYPES[value.type] as readonly string[]).includes(value.subtype)) {
    ctx.addIssue({ code: 'custom', path: ['subtype'], message: `Subtype ${value.subtype} is not a subtype of ${value.type}` });
  }
};

// ---------------------------------------------------------------------------------------------
// Accounts

export const accountCreate = z
  .strictObject({
    code: accountCode,
    name: accountName,
    name_ar: z.string().trim().max(200).nullish(),
    description: z.string().trim().max(1000).nullish(),
    type: z.enum(ACCOUNT_TYPES),
    /** Defaults to the type's "other" subtype. */
    subtype: z.enum(ALL_ACCOUNT_SUBTYPES as [AccountSubtype, ...AccountSubtype[]]).nullish(),
    parent_id: id.nullish(),
    /** Defaults to the organization's base currency. */
    currency: currencyCode.nullish(),
    is_active: z.boolean().default(true),
  })
  .superRefine(subtypeMatchesType);
export type AccountCreate = z.output<typeof accountCreate>;

/** null clears `name_ar`, `description` and `parent_id`; `version`, when given, must match. */
export const accountUpdate = z
  .strictObject({
    code: accountCode.optional(),
    name: accountName.optional(),
    name_ar: z.string().trim().max(200).nullish(),
    description: z.string().trim().max(1000).nullish(),
    type: z.enum(ACCOUNT_TYPES).optional(),
    subtype: z.enum(ALL_ACCOUNT_SUBTYPES as [AccountSubtype, ...AccountSubtype[]]).optional(),
    parent_id: id.nullish(),
    currency: currencyCode.optional(),
    is_active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(subtypeMatchesType)
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type AccountUpdate = z.output<typeof accountUpdate>;

export const accountListQuery = pagination.extend({
  type: z.enum(ACCOUNT_TYPES).optional(),
  subtype: z.string().max(64).optional(),
  include_inactive: queryBoolean.default(false),
  /** Matches code, name or Arabic name, case-insensitive. */
  search: z.string().trim().max(100).optional(),
});

export const accountPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  code: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  description: z.string().nullable(),
  type: z.enum(ACCOUNT_TYPES),
  subtype: z.string(),
  parent_id: z.string().nullable(),
  normal_balance: z.enum(['debit', 'credit']),
  is_active: z.boolean(),
  is_system: z.boolean(),
  currency: z.string(),
  /** Signed in the account's normal direction: a debit-normal account's debits minus credits. */
  balance: z.string(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccountPublic = z.infer<typeof accountPublic>;

export type AccountTreeNode = AccountPublic & { children: AccountTreeNode[] };
export const accountTreeNode: z.ZodType<AccountTreeNode> = accountPublic.extend({
  get children() { return z.array(accountTreeNode); },
}) as z.ZodType<AccountTreeNode>;
export const chartOfAccounts = z.object({
  currency: z.string(),
  /** Root accounts by code, each with its sub-accounts. */
  data: z.array(accountTreeNode),
  count: z.number().int(),
});

export const accountSummaryByType = z.object({
  as_of_date: z.string(),
  currency: z.string(),
  data: z.array(
    z.object({
      type: z.enum(ACCOUNT_TYPES),
      normal_balance: z.enum(['debit', 'credit']),
      account_count: z.number().int(),
      total_debit: z.string(),
      total_credit: z.string(),
      balance: z.string(),
    }),
  ),
  /** Income minus expenses, all time up to the date. */
  net_income: z.string(),
});

/** `offset` is the spec's name; `skip` is accepted as everywhere else. */
export const accountTransactionsQuery = z
  .object({
    offset: z.coerce.number().int().min(0).optional(),
    skip: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
    start_date: calendarDate.optional(),
    end_date: calendarDate.optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] });

export const accountTransaction = z.object({
  entry_id: z.string(),
  entry_number: z.number().int().nullable(),
  /** The entry's number as people read it: INV-000001 for a document's entry, JE-000012 for the journal's. */
  entry_name: z.string().nullable(),
  date: z.string(),
  memo: z.string().nullable(),
  /** `memo` as a narrative (shared/src/narrative.ts) to show in the reader's language; null for typed memos and older entries. */
  memo_narrative: narrativePublic.nullable(),
  description: z.string().nullable(),
  /** `description` as a narrative when the account's lines have one description the server wrote; else null. */
  description_narrative: narrativePublic.nullable(),
  source_type: z.string(),
  source_id: z.string(),
  debit: z.string(),
  credit: z.string(),
  /** Running balance after this row, in the account's normal direction. */
  balance: z.string(),
});
export const accountTransactions = z.object({
  account_id: z.string(),
  currency: z.string(),
  /** Balance before the first row of the date range (before `start_date`). */
  opening_balance: z.string(),
  data: z.array(accountTransaction),
  count: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Journal entries

/** One line: a debit or a credit (the ledger refuses both or neither, and unbalanced entries). */
export const journalLineInput = z.strictObject({
  account_id: id,
  debit: ledgerAmountInput.nullish(),
  credit: ledgerAmountInput.nullish(),
  description: z.string().trim().max(500).nullish(),
  contact_id: id.nullish(),
  tax_id: id.nullish(),
});

export const journalEntryCreate = z.strictObject({
  date: calendarDate,
  memo: z.string().trim().max(1000).nullish(),
  reference: z.string().trim().max(100).nullish(),
  /** `posted` posts at once (admin); `draft` (the default) waits for POST …/{entry_id}/post. */
  status: z.enum(['draft', 'posted']).default('draft'),
  lines: z.array(journalLineInput).min(2, 'A journal entry needs at least two lines').max(JOURNAL_MAX_LINES),
});
export type JournalEntryCreate = z.output<typeof journalEntryCreate>;

export const journalEntryReverse = z.strictObject({
  date: calendarDate,
  memo: z.string().trim().max(1000).nullish(),
});

export const journalEntryListQuery = pagination.extend({
  status: z.enum(JOURNAL_ENTRY_STATUSES).optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
  source_type: z.enum(JOURNAL_SOURCE_TYPES).optional(),
  source_id: id.optional(),
});

export { journalEntryPublic, journalLinePublic, type JournalEntryPublic } from './journalEntries.js';
export type NarrativePublic = z.infer<typeof narrativePublic>;

// ---------------------------------------------------------------------------------------------
// Periods, trial balance, verification

export const accountingPeriodCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(100).nullish(),
    start_date: calendarDate,
    end_date: calendarDate,
  })
  .refine((p) => p.start_date <= p.end_date, { message: 'start_date must not be after end_date', path: ['end_date'] });

export const accountingPeriodPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(ACCOUNTING_PERIOD_STATUSES),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  reopened_at: z.string().nullable(),
  reopened_by: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const accountingPeriodList = z.object({
  data: z.array(accountingPeriodPublic),
  count: z.number().int(),
  /** Postings dated on or before this date are refused; null when nothing is closed. */
  closed_through: z.string().nullable(),
});

export const trialBalanceQuery = z.object({ as_of_date: calendarDate.optional() });
export const trialBalance = z.object({
  as_of_date: z.string(),
  currency: z.string(),
  data: z.array(
    z.object({
      account_id: z.string(),
      code: z.string(),
      name: z.string(),
      name_ar: z.string().nullable(),
      type: z.enum(ACCOUNT_TYPES),
      /** The net balance, in the debit column when debits exceed credits, else in the credit column. */
      debit: z.string(),
      credit: z.string(),
    }),
  ),
  total_debit: z.string(),
  total_credit: z.string(),
  balanced: z.boolean(),
});

export const ledgerVerification = z.object({
  ok: z.boolean(),
  currency: z.string(),
  entries_checked: z.number().int(),
  balance_items_checked: z.number().int(),
  account_postings_checked: z.number().int(),
  /** Cash-flow transactions compared with the cash and bank accounts' daily movement (issue 17). */
  cash_flows_checked: z.number().int(),
  unbalanced_entries: z.array(z.object({ entry_id: z.string(), total_debit: z.string(), total_credit: z.string() })),
  /** Accounts that posted entries name but the chart no longer has. */
  unknown_accounts: z.array(z.string()),
  differences: z.array(
    z.object({
      /**
       * `balance` (month and day totals), `account_posting` (an account's ledger card), `cash_flow`
       * (a cash account's day: its cash-flow transactions) or `cash_flow_day` (its day figures).
       */
      kind: z.enum(['balance', 'account_posting', 'cash_flow', 'cash_flow_day']),
      account_id: z.string(),
      /** `YYYY-MM` (month totals) or `YYYY-MM-DD` (a day's totals) for balances; null for ledger cards. */
      period: z.string().nullable(),
      /** The entry a ledger-card difference is about. */
      entry_id: z.string().nullable(),
      shard: z.string().nullable(),
      expected_debit: z.string(),
      actual_debit: z.string(),
      expected_credit: z.string(),
      actual_credit: z.string(),
    }),
  ),
});
