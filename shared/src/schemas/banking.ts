/**
 * Banking: bank accounts linked to a ledger account, their statement lines (typed in or imported
 * from a CSV statement), match suggestions and reconciliation. Amounts in requests are decimal
 * strings or numbers in the organization's currency; statement amounts are signed (+ money in,
 * − money out). Responses carry decimal strings at the currency's precision.
 */
import * as z from 'zod';
import { calendarDate, id, narrativePublic, pagination, queryBoolean } from './common.js';
import { BANK_TRANSACTION_STATUSES, BANK_MATCH_KINDS, BANK_TRANSACTION_SOURCES } from './codes.js';

// ---------------------------------------------------------------------------------------------
// Digits and IBANs

/**
 * Arabic-Indic (٠١٢…) and Extended Arabic-Indic (۰۱۲…) digits as ASCII digits, and the Arabic
 * decimal and thousands separators (٫ ٬) as "." and ",": what Arabic keyboards and bank exports
 * write where a Latin one writes 0-9.
 */
export function bankingLatinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/** An IBAN as stored: Latin digits, upper case, without the spaces people group it with. */
export function normalizeIban(value: string): string {
  return bankingLatinDigits(value).replace(/[\s-]/g, '').toUpperCase();
}

/** ISO 13616 check: move the first four characters to the end, letters to 10–35, mod 97 = 1. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : char.charCodeAt(0) - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/**
 * Jordan's layout (IBAN registry): JO, two check digits, the bank's four-letter code (the first
 * four letters of its BIC), a four-digit branch code and an 18-character account number: 30
 * characters. Other countries' IBANs get the generic shape and the checksum.
 */
const JORDAN_IBAN = /^JO\d{2}[A-Z]{4}\d{4}[A-Z0-9]{18}$/;
const ANY_IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Why an (already normalized) IBAN is not valid, or null when it is. */
export function ibanProblem(iban: string): string | null {
  if (iban.startsWith('JO')) {
    if (iban.length !== 30) return `A Jordanian IBAN has 30 characters, this one has ${iban.length}`;
    if (!JORDAN_IBAN.test(iban)) return 'A Jordanian IBAN is JO, 2 check digits, a 4-letter bank code, a 4-digit branch code and an 18-character account number';
  } else if (!ANY_IBAN.test(iban)) {
    return 'An IBAN is a 2-letter country code, 2 check digits and up to 30 letters or digits';
  }
  return ibanChecksumValid(iban) ? null : 'The IBAN check digits do not match; check it for a typing mistake';
}

export const isValidIban = (value: string) => ibanProblem(normalizeIban(value)) === null;

export const bankIban = z
  .string()
  .max(64)
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const problem = ibanProblem(iban);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Banks operating in Jordan, for the bank-name picker; the field itself is free text. */
export const JORDAN_BANKS = [
  { name: 'Arab Bank', name_ar: 'البنك العربي' },
  { name: 'Housing Bank for Trade and Finance', name_ar: 'بنك الإسكان للتجارة والتمويل' },
  { name: 'Jordan Kuwait Bank', name_ar: 'البنك الأردني الكويتي' },
  { name: 'Bank of Jordan', name_ar: 'بنك الأردن' },
  { name: 'Cairo Amman Bank', name_ar: 'بنك القاهرة عمان' },
  { name: 'Jordan Ahli Bank', name_ar: 'البنك الأهلي الأردني' },
  { name: 'Capital Bank of Jordan', name_ar: 'بنك المال الأردني' },
  { name: 'Bank al Etihad', name_ar: 'بنك الاتحاد' },
  { name: 'Arab Jordan Investment Bank', name_ar: 'بنك الاستثمار العربي الأردني' },
  { name: 'Jordan Commercial Bank', name_ar: 'البنك التجاري الأردني' },
  { name: 'Invest Bank', name_ar: 'البنك الاستثماري' },
  { name: 'Arab Banking Corporation (Jordan)', name_ar: 'بنك المؤسسة العربية المصرفية (الأردن)' },
  { name: 'Jordan Islamic Bank', name_ar: 'البنك الإسلامي الأردني' },
  { name: 'Islamic International Arab Bank', name_ar: 'البنك العربي الإسلامي الدولي' },
  { name: 'Safwa Islamic Bank', name_ar: 'بنك صفوة الإسلامي' },
  { name: 'Jordan Dubai Islamic Bank', name_ar: 'البنك الأردني دبي الإسلامي' },
] as const;

// ---------------------------------------------------------------------------------------------
// Bank accounts

/** A signed amount as a request carries it: "-12.500", "+3", 4.25. */
export const bankSignedAmount = z.union([
  z.string().trim().regex(/^[+-]?\d{1,15}(\.\d{1,9})?$/, 'Amount must be a decimal such as 12.345 or -12.345'),
  z.number().finite().min(-1e15).max(1e15),
]);

const bankAccountName = z.string().trim().min(1, 'Name is required').max(200);
const bankName = z.string().trim().min(1, 'Bank name is required').max(200);
const bankAccountNumber = z
  .string()
  .transform((v) => bankingLatinDigits(v).trim())
  .pipe(z.string().max(40).regex(/^[0-9A-Za-z][0-9A-Za-z /-]*$/, 'Account number is letters, digits, spaces, dashes or slashes'));
/** An optional text field: "" clears it like null does. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema]).nullish();
const currencyCode = z.string().trim().regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code such as JOD');
const notes = z.string().trim().max(2000);

export const bankAccountCreate = z
  .strictObject({
    name: bankAccountName,
    bank_name: bankName,
    account_number: clearable(bankAccountNumber),
    iban: clearable(bankIban),
    /** The organization's base currency (the only one its books are kept in); defaults to it. */
    currency: currencyCode.nullish(),
    /** The ledger account (asset, subtype bank or cash) whose postings this account reconciles. */
    account_id: id,
    /** Balance on `opening_balance_date`, posted against opening balance equity (3900). */
    opening_balance: bankSignedAmount.nullish(),
    opening_balance_date: calendarDate.nullish(),
    notes: clearable(notes),
    is_active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    const amount = value.opening_balance;
    const nonZero = amount !== null && amount !== undefined && Number(amount) !== 0;
    if (nonZero && !value.opening_balance_date) {
      ctx.addIssue({ code: 'custom', path: ['opening_balance_date'], message: 'An opening balance needs the date it was the balance on' });
    }
  });
export type BankAccountCreate = z.output<typeof bankAccountCreate>;

/** Changes; the opening balance is set once, at creation (later corrections are journal entries). */
export const bankAccountUpdate = z
  .strictObject({
    name: bankAccountName.optional(),
    bank_name: bankName.optional(),
    account_number: clearable(bankAccountNumber),
    iban: clearable(bankIban),
    /** Only while the bank account has no statement lines and no opening balance. */
    account_id: id.optional(),
    notes: clearable(notes),
    is_active: z.boolean().optional(),
    /** The version read; a stale one answers 409. */
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type BankAccountUpdate = z.output<typeof bankAccountUpdate>;

export const bankAccountListQuery = pagination.extend({
  include_inactive: queryBoolean.default(false),
});

export const bankAccountPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  bank_name: z.string(),
  account_number: z.string().nullable(),
  iban: z.string().nullable(),
  currency: z.string(),
  account_id: z.string(),
  account_code: z.string().nullable(),
  account_name: z.string().nullable(),
  opening_balance: z.string(),
  opening_balance_date: z.string().nullable(),
  opening_entry_id: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  /** Balance of the linked ledger account (all postings, from the balance items). */
  ledger_balance: z.string(),
  /** Opening balance plus every statement line. */
  statement_balance: z.string(),
  /** statement_balance − ledger_balance: zero when the books and the bank agree. */
  difference: z.string(),
  transaction_count: z.number().int(),
  unreconciled_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankAccountPublic = z.infer<typeof bankAccountPublic>;

export const bankAccountOption = bankAccountPublic.pick({ id: true, name: true, bank_name: true, account_id: true, currency: true, is_active: true });

// ---------------------------------------------------------------------------------------------
// Statement lines

export { BANK_TRANSACTION_STATUSES, BANK_MATCH_KINDS, BANK_TRANSACTION_SOURCES, BANK_STATEMENT_MAX_ROWS, BANK_MATCH_WINDOW_DAYS } from './codes.js';
export type { BankTransactionStatus } from './codes.js';

const lineDescription = z.string().trim().max(500);
const lineReference = z.string().trim().max(100);

export const bankTransactionCreate = z.strictObject({
  date: calendarDate,
  description: lineDescription.min(1, 'Description is required'),
  reference: lineReference.nullish(),
  /** + money in, − money out; not zero. */
  amount: bankSignedAmount,
});
export type BankTransactionCreate = z.output<typeof bankTransactionCreate>;

export const bankTransactionListQuery = pagination
  .extend({
    unreconciled_only: queryBoolean.default(false),
    /** Lines matched to this journal entry (or payment). */
    matched_transaction_id: id.optional(),
    date_from: calendarDate.optional(),
    date_to: calendarDate.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'date_from must not be after date_to', path: ['date_from'] });

export const bankTransactionMatch = z.object({
  journal_entry_id: z.string(),
  payment_id: z.string().nullable(),
  kind: z.enum(BANK_MATCH_KINDS),
});

export const bankTransactionPublic = z.object({
  id: z.string(),
  bank_account_id: z.string(),
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  /** Signed: + money in, − money out. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(BANK_TRANSACTION_STATUSES),
  matched: bankTransactionMatch.nullable(),
  /** The matched journal entry's id (the spec's name for the link), null while unreconciled. */
  matched_transaction_id: z.string().nullable(),
  reconciled_at: z.string().nullable(),
  reconciled_by: z.string().nullable(),
  source: z.enum(BANK_TRANSACTION_SOURCES),
  import_batch_id: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankTransactionPublic = z.infer<typeof bankTransactionPublic>;

// ---------------------------------------------------------------------------------------------
// CSV import

/** A column by its header text (any case) or by its 1-based position. */
const statementColumn = z.union([z.string().trim().min(1).max(100), z.number().int().min(1).max(100)]);

/**
 * Which column holds what. Give `amount` (signed) or `debit`/`credit` (money out / money in, as
 * banks print them); `description` and `reference` are optional.
 */
export const bankStatementMapping = z
  .strictObject({
    date: statementColumn,
    description: statementColumn.nullish(),
    reference: statementColumn.nullish(),
    amount: statementColumn.nullish(),
    debit: statementColumn.nullish(),
    credit: statementColumn.nullish(),
  })
  .refine((m) => (m.amount != null) !== (m.debit != null || m.credit != null), {
    message: 'Map either an amount column or debit/credit columns',
    path: ['amount'],
  });
export type BankStatementMapping = z.output<typeof bankStatementMapping>;

export const BANK_STATEMENT_DATE_FORMATS = ['auto', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type BankStatementDateFormat = (typeof BANK_STATEMENT_DATE_FORMATS)[number];

const importOptions = {
  mapping: bankStatementMapping.nullish(),
  /** `auto` reads YYYY-MM-DD and day-first DD/MM/YYYY (Jordan's usage). */
  date_format: z.enum(BANK_STATEMENT_DATE_FORMATS).default('auto'),
  /** Absent: detected from the first row. */
  has_header: z.boolean().nullish(),
};

/** JSON body: the statement's text. */
export const bankStatementImport = z.strictObject({
  csv: z.string().min(1, 'The statement is empty'),
  ...importOptions,
});
export type BankStatementImport = z.output<typeof bankStatementImport>;

/** Multipart form fields beside the `file` part: `mapping` is JSON text, `has_header` true/false. */
export const bankStatementImportFields = z.strictObject({
  mapping: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'mapping must be JSON, e.g. {"date":"Date","amount":"Amount"}' });
        return z.NEVER;
      }
    })
    .pipe(bankStatementMapping)
    .optional(),
  date_format: importOptions.date_format,
  has_header: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

export const bankStatementImportResult = z.object({
  import_batch_id: z.string(),
  /** Data rows read from the statement. */
  rows: z.number().int(),
  imported: z.number().int(),
  /** Rows already imported before (same date, amount, description, reference and occurrence). */
  skipped_duplicates: z.number().int(),
  columns: z.object({
    has_header: z.boolean(),
    delimiter: z.string(),
    date: z.string(),
    description: z.string().nullable(),
    reference: z.string().nullable(),
    amount: z.string().nullable(),
    debit: z.string().nullable(),
    credit: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Matching and reconciliation

export const bankMatchSuggestion = z.object({
  journal_entry_id: z.string(),
  entry_number: z.number().int().nullable(),
  /** The entry's number as people read it: PAY-000003 for a payment's entry, JE-000012 for the journal's. */
  entry_name: z.string().nullable(),
  date: z.string(),
  /** Signed like the statement line: debit to the bank account is +. */
  amount: z.string(),
  memo: z.string().nullable(),
  /** `memo` as a narrative (shared/src/narrative.ts) when the server wrote it; else null. */
  memo_narrative: narrativePublic.nullable(),
  description: z.string().nullable(),
  /** The bank account's posting description as a narrative when the server wrote it; else null. */
  description_narrative: narrativePublic.nullable(),
  reference: z.string().nullable(),
  source_type: z.string(),
  source_id: z.string(),
  payment_id: z.string().nullable(),
  days_apart: z.number().int(),
  /** 0–1: how much reference and wording agree. */
  similarity: z.number(),
});

export const bankReconcile = z.union([
  z.strictObject({ journal_entry_id: id, payment_id: id.nullish() }),
  z.strictObject({ payment_id: id }),
  z.strictObject({
    create: z.strictObject({
      account_id: id,
      description: lineDescription.nullish(),
      /** The line's amount includes this tax; its share goes to the tax's account. */
      tax_id: id.nullish(),
    }),
  }),
]);
export type BankReconcile = z.output<typeof bankReconcile>;

export const bankUnreconcileQuery = z.object({
  /** Date of the reversal of an entry created by reconciliation; default the entry's own date. */
  reversal_date: calendarDate.optional(),
});
