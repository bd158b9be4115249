/**
 * Contacts: the organization's customers and suppliers (a contact can be both), with the Jordan
 * identifiers JoFotara needs for the buyer (JORDAN.md §1.3 "Buyer"): tax number (TN), national ID
 * (NIN) or a personal document number for non-Jordanians (PN). Balances are not stored here: they
 * come from the ledger.
 */
import * as z from 'zod';
import { CURRENCY_CODES } from '../money.js';
import { calendarDate, email, pagination, queryBoolean } from './common.js';
import { BUYER_ID_FIELDS, BUYER_ID_SCHEMES, CONTACT_TYPES, GOVERNORATES } from './codes.js';
import type { BuyerIdScheme } from './codes.js';

export { CONTACT_TYPES, BUYER_ID_SCHEMES, BUYER_ID_FIELDS, CUSTOMER_TYPES, SUPPLIER_TYPES } from './codes.js';
export type { ContactType, BuyerIdScheme } from './codes.js';

/** A blank form field means "none": '' and whitespace become null before the field's own rule. */
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish());

const text = (max: number) => blankAsNull(z.string().trim().max(max));

/**
 * Digits only, as JoFotara takes it (Odoo refuses TINs with other characters, JORDAN.md §1.3);
 * 7 or 8 digits in Jordan, up to 15 so that numeric VAT numbers of foreign suppliers fit.
 */
export const contactTaxNumber = z.string().trim().regex(/^\d{7,15}$/, 'Tax number must be 7 to 15 digits');
/** Jordan's national number (الرقم الوطني): 10 digits. */
export const nationalId = z.string().trim().regex(/^\d{10}$/, 'National ID must be 10 digits');
/** Passport or residence document of a non-Jordanian; stored upper-case. */
export const personalNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3,20}$/, 'Personal number must be 3 to 20 letters or digits')
  .transform((v) => v.toUpperCase());
/** Jordan's postal codes have 5 digits. */
export const postalCode = z.string().trim().regex(/^\d{5}$/, 'Postal code must be 5 digits');
/** As people write phone numbers: digits with an optional leading +, spaces, dashes, brackets. */
export const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{4,32}$/, 'Phone must be digits, optionally with +, spaces or dashes')
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return digits >= 4 && digits <= 15;
  }, 'Phone must have 4 to 15 digits');

/** A non-negative amount in major units; its precision is checked against the contact's currency. */
export const amountInput = z.union([
  z.string().trim().regex(/^\d{1,15}(\.\d{1,9})?$/, 'Amount must be a non-negative decimal such as 1500.000'),
  z.number().finite().nonnegative('Amount must not be negative').max(1e15),
]);

const contactName = z.string().trim().min(1, 'Name is required').max(200);

export interface BuyerIdentificationValues {
  buyer_id_scheme?: BuyerIdScheme | null;
  tax_number?: string | null;
  national_id?: string | null;
  personal_number?: string | null;
}

/**
 * The buyer identification an e-invoice carries: the scheme the user chose, or else the first
 * identifier present in the order TN, NIN, PN (a tax number identifies a business buyer; JoFotara
 * and Odoo prefer it). Null when the contact has none.
 */
export function buyerIdentification(values: BuyerIdentificationValues): { scheme: BuyerIdScheme; id: string } | null {
  if (values.buyer_id_scheme) {
    const id = values[BUYER_ID_FIELDS[values.buyer_id_scheme]];
    return id ? { scheme: values.buyer_id_scheme, id } : null;
  }
  for (const scheme of ['TN', 'NIN', 'PN'] as const) {
    const id = values[BUYER_ID_FIELDS[scheme]];
    if (id) return { scheme, id };
  }
  return null;
}

/** A chosen scheme needs its identifier. */
export function buyerIdentificationIssue(values: BuyerIdentificationValues): { path: string; message: string } | null {
  const scheme = values.buyer_id_scheme;
  if (scheme && !values[BUYER_ID_FIELDS[scheme]]) {
    return { path: 'buyer_id_scheme', message: `Scheme ${scheme} needs ${BUYER_ID_FIELDS[scheme]}` };
  }
  return null;
}

const contactFields = {
  contact_type: z.enum(CONTACT_TYPES),
  name: contactName,
  name_ar: text(200),
  email: blankAsNull(email),
  phone: blankAsNull(phone),
  tax_number: blankAsNull(contactTaxNumber),
  national_id: blankAsNull(nationalId),
  personal_number: blankAsNull(personalNumber),
  /** Null: derived from the identifiers present (TN, then NIN, then PN). */
  buyer_id_scheme: blankAsNull(z.enum(BUYER_ID_SCHEMES)),
  governorate: blankAsNull(z.enum(GOVERNORATES)),
  city: text(100),
  address: text(500),
  postal_code: blankAsNull(postalCode),
  payment_terms_days: z.number().int().min(0).max(3650).nullish(),
  /** In the contact's currency; null for no limit. */
  credit_limit: blankAsNull(amountInput),
  /** Defaults to the organization's base currency. */
  currency: blankAsNull(z.enum(CURRENCY_CODES)),
  is_active: z.boolean().default(true),
  notes: text(2000),
};

export const contactCreate = z.strictObject(contactFields).superRefine((v, ctx) => {
  const issue = buyerIdentificationIssue(v);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type ContactCreate = z.output<typeof contactCreate>;

/**
 * Every field optional and without defaults; null (or '') clears an optional field. A chosen
 * buyer scheme is checked on the stored contact merged with the change. `version`, when given, must
 * match the stored one.
 */
export const contactUpdate = z
  .strictObject({
    ...contactFields,
    contact_type: contactFields.contact_type.optional(),
    name: contactName.optional(),
    is_active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type ContactUpdate = z.output<typeof contactUpdate>;

/**
 * `search` matches the start of the name (or of any word in it), the Arabic name, the e-mail, the
 * phone (with or without +962 / leading 0) or the tax number, ignoring case and Arabic diacritics.
 * `contact_type` selects that exact type; the customers/ and suppliers/ lists include `both`.
 */
export const contactListQuery = pagination.extend({
  contact_type: z.enum(CONTACT_TYPES).optional(),
  search: z.string().trim().max(100).optional(),
  include_inactive: queryBoolean.default(false),
});
export type ContactListQuery = z.output<typeof contactListQuery>;
export const contactRoleListQuery = contactListQuery.omit({ contact_type: true });

export const contactPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  contact_type: z.enum(CONTACT_TYPES),
  name: z.string(),
  name_ar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tax_number: z.string().nullable(),
  national_id: z.string().nullable(),
  personal_number: z.string().nullable(),
  /** The scheme the user chose (null: derived). */
  buyer_id_scheme: z.enum(BUYER_ID_SCHEMES).nullable(),
  /** What an e-invoice to this contact carries as the buyer's identification. */
  buyer_identification: z.object({ scheme: z.enum(BUYER_ID_SCHEMES), id: z.string() }).nullable(),
  governorate: z.enum(GOVERNORATES).nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  payment_terms_days: z.number().int().nullable(),
  /** Decimal text at the currency's precision ("1500.000"). */
  credit_limit: z.string().nullable(),
  currency: z.string(),
  is_active: z.boolean(),
  notes: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactPublic = z.infer<typeof contactPublic>;

/** The short form for pickers (`GET contacts/list`). */
export const contactOption = contactPublic.pick({
  id: true,
  contact_type: true,
  name: true,
  name_ar: true,
  email: true,
  phone: true,
  tax_number: true,
  currency: true,
  is_active: true,
});
export type ContactOption = z.infer<typeof contactOption>;

// ---------------------------------------------------------------------------------------------
// A contact's account: balance, documents and statement (GitHub issue 12)

/** The side of the books a statement is read from: a customer's receivable or a supplier's payable. */
export const CONTACT_ACCOUNT_ROLES = ['customer', 'supplier'] as const;
export type ContactAccountRole = (typeof CONTACT_ACCOUNT_ROLES)[number];

/**
 * `GET contacts/{contact_id}/statement`. The period defaults to the start of the year of
 * `end_date` through `end_date` (today in the organization's time zone). `role` defaults to the
 * contact's own (customer for a contact of type both).
 */
export const contactStatementQuery = z
  .object({
    start_date: calendarDate.optional(),
    end_date: calendarDate.optional(),
    role: z.enum(CONTACT_ACCOUNT_ROLES).optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, { message: 'start_date must not be after end_date', path: ['start_date'] });
export type ContactStatementQuery = z.output<typeof contactStatementQuery>;

/** What a statement line comes from: sales invoices, credit notes and payments received; bills and payments sent. */
export const CONTACT_STATEMENT_DOCUMENT_TYPES = ['invoice', 'credit_note', 'payment_received', 'bill', 'payment_sent'] as const;
export type ContactStatementDocumentType = (typeof CONTACT_STATEMENT_DOCUMENT_TYPES)[number];

/** Decimal text at the currency's precision ("12.500"). */
const amountText = z.string();

export const contactStatementLine = z.object({
  date: z.string(),
  document_type: z.enum(CONTACT_STATEMENT_DOCUMENT_TYPES),
  document_id: z.string(),
  /** INV-000001, RET-000001, PAY-000001, BILL-000001 (null only for a document never numbered). */
  document_number: z.string().nullable(),
  /** The invoice a credit note returns against; the supplier's own number of a bill. */
  reference: z.string().nullable(),
  debit: amountText,
  credit: amountText,
  /** Running balance after the line: what the customer owes (or, for a supplier, what is owed to them). */
  balance: amountText,
});
export type ContactStatementLine = z.infer<typeof contactStatementLine>;

/** One of the contact's invoices (customer) or bills (supplier), newest first. */
export const contactDocument = z.object({
  id: z.string(),
  document_type: z.enum(['invoice', 'bill']),
  number: z.string().nullable(),
  status: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  total: amountText,
  /** Still owed on a confirmed (sent, partly paid) document; zero on drafts, paid and cancelled ones. */
  balance_due: amountText,
  /** Something is still owed and the due date (the issue date when none) has passed. */
  is_overdue: z.boolean(),
});
export type ContactDocument = z.infer<typeof contactDocument>;

export const contactStatement = z.object({
  contact_id: z.string(),
  role: z.enum(CONTACT_ACCOUNT_ROLES),
  currency: z.string(),
  /** Today in the organization's time zone: the balance and overdue figures are as of now. */
  as_of_date: z.string(),
  balance: z.object({
    /** Open documents: what the customer owes, or what is owed to the supplier. */
    outstanding: amountText,
    outstanding_count: z.number().int(),
    /** The part of `outstanding` past its due date. */
    overdue: amountText,
    overdue_count: z.number().int(),
    /**
     * Money held for the contact, not tied to a document: a customer's store credit (credit notes
     * beyond what the invoice still owed, payments not allocated), or advances paid to a supplier.
     */
    credit: amountText,
    /** outstanding − credit: the statement's closing balance as of today. */
    net: amountText,
  }),
  start_date: z.string(),
  end_date: z.string(),
  /** Balance of everything dated before `start_date`. */
  opening_balance: amountText,
  total_debit: amountText,
  total_credit: amountText,
  closing_balance: amountText,
  /** In date order, a document before the payments and credit notes of the same day. */
  lines: z.array(contactStatementLine),
  documents: z.array(contactDocument),
});
export type ContactStatement = z.infer<typeof contactStatement>;
