/**
 * The ledger's contract (docs/ledger.md): chart of accounts, journal entries, accounting periods,
 * trial balance and verification. Amounts in requests are decimal strings or numbers in the
 * organization's currency ("12.345" JOD); responses carry decimal strings at the currency's
 * precision. Inside, every amount is an integer number of minor units (fils).
 *
 * This module only re-exports: the code lists (codes.ts), the building blocks it shares with other
 * schemas (common.ts) and the schemas (ledger.ts). A module that imports only a code list from
 * here (NORMAL_BALANCE, ACCOUNT_TYPES) therefore does not build the ledger's zod schemas at a
 * Lambda's cold start.
 */
export {
  ACCOUNT_TYPES,
  NORMAL_BALANCE,
  ACCOUNT_SUBTYPES,
  ALL_ACCOUNT_SUBTYPES,
  DEFAULT_SUBTYPE,
  accountTypeOfSubtype,
  JOURNAL_SOURCE_TYPES,
  JOURNAL_ENTRY_STATUSES,
  ACCOUNTING_PERIOD_STATUSES,
  JOURNAL_MAX_LINES,
} from './codes.js';
export type { AccountType, AccountSubtype, JournalSourceType, JournalEntryStatus } from './codes.js';
/** The shared calendar date and request amount (common.ts), for the modules that import them from here. */
export { isCalendarDate, ledgerAmountInput } from './common.js';
export * from './ledger.js';
