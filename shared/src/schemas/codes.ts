/**
 * The code lists of the schemas (statuses, types, limits), without zod: the DynamoDB models and
 * the domain code import them from here, so a Lambda that needs a list does not build every zod
 * schema of the module that declares it at cold start. Each schema module re-exports its own.
 */
import { TAX_CATEGORIES } from '../tax.js';

// ---------------------------------------------------------------------------------------------
// accounting.ts

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Debit-normal types grow with debits; the others with credits. */
export const NORMAL_BALANCE: Record<AccountType, 'debit' | 'credit'> = {
  asset: 'debit',
  expense: 'debit',
  liability: 'credit',
  equity: 'credit',
  income: 'credit',
};

/**
 * What an account is for, within its type. The posting code of each module finds the account it
 * needs by subtype (`systemAccount(orgId, 'receivable')`); users classify their own accounts with
 * the same list.
 */
export const ACCOUNT_SUBTYPES = {
  asset: [
    'cash', 'bank', 'undeposited_funds', 'cheques_receivable', 'receivable', 'vat_input', 'inventory',
    'prepaid_expenses', 'other_current_asset', 'fixed_asset', 'accumulated_depreciation', 'other_asset',
  ],
  liability: [
    'payable', 'cheques_payable', 'vat_output', 'special_tax_output', 'customer_deposits', 'gift_card_liability',
    'store_credit', 'loyalty_liability', 'accrued_liabilities', 'payroll_liabilities', 'social_security_payable',
    'income_tax_payable', 'loan', 'other_current_liability', 'other_liability',
  ],
  equity: ['owner_capital', 'owner_drawings', 'retained_earnings', 'opening_balance_equity', 'other_equity'],
  income: ['sales', 'service_revenue', 'sales_returns', 'sales_discounts', 'other_income'],
  expense: [
    'cogs', 'inventory_adjustments', 'salaries', 'social_security_expense', 'rent', 'utilities', 'telecom',
    'office_supplies', 'marketing', 'transport', 'maintenance', 'professional_fees', 'government_fees', 'insurance',
    'bank_charges', 'depreciation', 'cash_over_short', 'rounding', 'income_tax_expense', 'other_expense',
  ],
} as const satisfies Record<AccountType, readonly string[]>;
export type AccountSubtype = (typeof ACCOUNT_SUBTYPES)[AccountType][number];
export const ALL_ACCOUNT_SUBTYPES = Object.values(ACCOUNT_SUBTYPES).flat() as AccountSubtype[];

/** The subtype an account gets when its creator names none. */
export const DEFAULT_SUBTYPE: Record<AccountType, AccountSubtype> = {
  asset: 'other_current_asset',
  liability: 'other_current_liability',
  equity: 'other_equity',
  income: 'other_income',
  expense: 'other_expense',
};

export function accountTypeOfSubtype(subtype: string): AccountType | undefined {
  return ACCOUNT_TYPES.find((type) => (ACCOUNT_SUBTYPES[type] as readonly string[]).includes(subtype));
}

/** What produced a journal entry. `manual` entries are typed in by a person. */
export const JOURNAL_SOURCE_TYPES = [
  'manual', 'opening_balance', 'invoice', 'credit_note', 'bill', 'debit_note', 'payment', 'expense',
  'bank_transaction', 'bank_reconciliation', 'inventory_movement', 'pos_transaction', 'pos_session', 'pos_return',
  'store_credit', 'gift_card', 'layaway', 'loyalty', 'cash_flow',
] as const;
export type JournalSourceType = (typeof JOURNAL_SOURCE_TYPES)[number];

export const JOURNAL_ENTRY_STATUSES = ['draft', 'posted', 'reversed'] as const;
export type JournalEntryStatus = (typeof JOURNAL_ENTRY_STATUSES)[number];

export const ACCOUNTING_PERIOD_STATUSES = ['open', 'closed'] as const;

export const JOURNAL_MAX_LINES = 500;

// ---------------------------------------------------------------------------------------------
// taxes.ts

/**
 * `standard`, `zero_rated` and `exempt` are the general sales tax categories of `tax.ts`;
 * `special` is Jordan's special sales tax, charged on top of the general tax and part of its base
 * (JORDAN.md §2.1): a fixed amount per unit or a percent of the net.
 */
export const TAX_RECORD_CATEGORIES = [...TAX_CATEGORIES, 'special'] as const;
export type TaxRecordCategory = (typeof TAX_RECORD_CATEGORIES)[number];

export const SPECIAL_TAX_TYPES = ['fixed', 'percent'] as const;
export type SpecialTaxType = (typeof SPECIAL_TAX_TYPES)[number];

/**
 * Where the ledger posts a tax: the account subtype (of `schemas/accounting.ts`), not an account id,
 * so that taxes do not depend on the chart and the ledger resolves the organization's account.
 */
export const TAX_SALES_ACCOUNT_SUBTYPES = ['vat_output', 'special_tax_output'] as const;
export const TAX_PURCHASE_ACCOUNT_SUBTYPES = ['vat_input'] as const;
export type TaxSalesAccountSubtype = (typeof TAX_SALES_ACCOUNT_SUBTYPES)[number];
export type TaxPurchaseAccountSubtype = (typeof TAX_PURCHASE_ACCOUNT_SUBTYPES)[number];

// ---------------------------------------------------------------------------------------------
// contacts.ts

export const CONTACT_TYPES = ['customer', 'supplier', 'both'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** JoFotara's `PartyIdentification/ID@schemeID` values. */
export const BUYER_ID_SCHEMES = ['NIN', 'PN', 'TN'] as const;
export type BuyerIdScheme = (typeof BUYER_ID_SCHEMES)[number];

/** Which identifier each scheme carries. */
export const BUYER_ID_FIELDS = { TN: 'tax_number', NIN: 'national_id', PN: 'personal_number' } as const satisfies Record<BuyerIdScheme, string>;

/** Contact types that act as customers (invoices) and as suppliers (bills). */
export const CUSTOMER_TYPES: readonly ContactType[] = ['customer', 'both'];
export const SUPPLIER_TYPES: readonly ContactType[] = ['supplier', 'both'];

// ---------------------------------------------------------------------------------------------
// organizations.ts

/** Jordan's twelve governorates, as JoFotara names them (JORDAN.md). */
export const GOVERNORATES = [
  'JO-AM', 'JO-IR', 'JO-AJ', 'JO-JA', 'JO-BA', 'JO-KA',
  'JO-MA', 'JO-AQ', 'JO-AT', 'JO-MD', 'JO-MN', 'JO-AZ',
] as const;
export const TAXPAYER_TRACKS = ['income', 'general_sales', 'special_sales'] as const;
export const CURRENCIES = ['JOD', 'USD', 'EUR', 'SAR', 'AED'] as const;

// ---------------------------------------------------------------------------------------------
// bills.ts

/**
 * Purchase bills. Statuses mirror invoices: draft → confirmed (posted: expense/asset and input tax
 * debited, payable credited) → partially_paid → paid; cancelled voids a draft. "Overdue" is not a
 * status but a question asked as of a date (due_date < as_of_date with something outstanding).
 */
export const BILL_STATUSES = ['draft', 'confirmed', 'partially_paid', 'paid', 'cancelled'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** Asset subtypes a purchase may be booked to; every expense account may be too. */
export const BILL_LINE_ASSET_SUBTYPES = ['inventory', 'fixed_asset', 'prepaid_expenses', 'other_current_asset', 'other_asset'] as const;

// ---------------------------------------------------------------------------------------------
// banking.ts

export const BANK_TRANSACTION_STATUSES = ['unreconciled', 'reconciled'] as const;
export type BankTransactionStatus = (typeof BANK_TRANSACTION_STATUSES)[number];
/** How a reconciled line was matched: to an existing posting, or to an entry posted for it. */
export const BANK_MATCH_KINDS = ['existing', 'created'] as const;
export const BANK_TRANSACTION_SOURCES = ['manual', 'import'] as const;

/** Most rows one import takes; a longer statement is imported in parts. */
export const BANK_STATEMENT_MAX_ROWS = 5000;
/** Suggestions look this many days either side of the statement date. */
export const BANK_MATCH_WINDOW_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// expenses.ts

export const EXPENSE_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// files.ts

export const FILE_TYPES = ['document', 'image', 'receipt', 'invoice', 'statement', 'import', 'other'] as const;
export const FILE_STATUSES = ['uploaded', 'processing', 'processed', 'failed', 'archived'] as const;

// ---------------------------------------------------------------------------------------------
// invoices.ts

/**
 * draft → confirmed (posted) → sent; payments and credit notes settle it: partially_paid, then paid
 * once nothing is outstanding (gross − paid − credited = 0). cancelled: a draft voided.
 */
export const INVOICE_STATUSES = ['draft', 'confirmed', 'sent', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const MAX_INVOICE_LINES = 200;

// ---------------------------------------------------------------------------------------------
// payments.ts

export const PAYMENT_TYPES = ['received', 'sent'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'cheque', 'card', 'cliq'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How a recorded payment was made: the methods a person records, and a gift card — recorded only by
 * spending the card (POST gift-cards/{id}/redeem), whose money is the card's balance (issue 16).
 */
export const RECORDED_PAYMENT_METHODS = [...PAYMENT_METHODS, 'gift_card'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['posted', 'void'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Each allocation costs two actions of the payment's one transaction (the document's update and
 * its allocation item); 20 keeps the whole posting far below DynamoDB's 100 actions.
 */
export const MAX_PAYMENT_ALLOCATIONS = 20;

// ---------------------------------------------------------------------------------------------
// invitations.ts

/**
 * `pending` until accepted or cancelled; a pending invitation past its expiry is answered as
 * `expired` at once, and stored as `expired` by the clean-up.
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;

// ---------------------------------------------------------------------------------------------
// onboarding.ts

/** The wizard's steps, in order. `organization_profile` creates the organization. */
export const ONBOARDING_STEPS = ['organization_profile', 'fiscal_year', 'taxpayer_track', 'invite_team'] as const;
export const ONBOARDING_STEP_STATUSES = ['pending', 'completed', 'skipped'] as const;

/**
 * receipt: goods in (a confirmed bill, or received by hand with a cost); issue: goods out on a
 * confirmed invoice; return_in: goods a customer brought back (at their original cost);
 * adjustment: found or missing goods, with a reason; count: a counted quantity that replaces the
 * one on record; transfer_out / transfer_in: goods moved between locations at cost; reversal: the
 * undoing of another movement.
 */
/** Who may take a return without a receipt at the till (schemas/pos.ts). */
export const POS_RECEIPTLESS_RETURN_POLICIES = ['never', 'admins', 'everyone'] as const;

export const MOVEMENT_TYPES = ['receipt', 'issue', 'return_in', 'adjustment', 'count', 'transfer_out', 'transfer_in', 'reversal'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** What a movement came from: a document's movements are reversed only through that document. */
export const MOVEMENT_REFERENCE_TYPES = ['invoice', 'bill', 'invoice_return', 'manual', 'count', 'transfer', 'pos_receipt', 'layaway'] as const;
export type MovementReferenceType = (typeof MOVEMENT_REFERENCE_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// products.ts (the catalogue)

export const ITEM_TYPES = ['product', 'service'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/**
 * Units of measure, as codes the screens translate. JoFotara's UBL lines carry a unit code too
 * (UN/ECE Rec 20: `UNIT_CODES` maps ours to theirs when e-invoices start carrying them).
 */
export const UNITS_OF_MEASURE = ['piece', 'kg', 'gram', 'litre', 'ml', 'metre', 'box', 'pack', 'dozen', 'hour', 'day', 'service'] as const;
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];

/** in_stock: above the reorder point; low: at or below it; out: nothing on hand; not_tracked: a service or an untracked product. */
export const STOCK_STATUSES = ['in_stock', 'low', 'out', 'not_tracked'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Import: the job's state, row errors and counts (POST products-services/import answers 202 with it). */
export const IMPORT_JOB_STATES = ['validating', 'validated', 'importing', 'completed', 'failed'] as const;
