import * as z from 'zod';
import { JOFOTARA_PAYMENT_METHODS, JOFOTARA_TRACKS } from '../jofotara/types.js';

/**
 * Submissions of invoices and returns to JoFotara (JORDAN.md §1.2; GitHub issue 6): the submit
 * request, the SQS message, the state the UI shows and the preview.
 *
 * A document's submission goes queued → submitting → submitted | rejected | failed |
 * credentials_invalid. `failed` means the queue gave up (every delivery ended in a 5xx, a timeout
 * or a crash); `credentials_invalid` means the portal refused the Client-Id / Secret-Key (403).
 * Rejected, failed and credentials_invalid submissions may be submitted again, with the same UUID
 * and invoice counter.
 */
export const EINVOICE_SUBMISSION_STATES = ['queued', 'submitting', 'submitted', 'rejected', 'failed', 'credentials_invalid'] as const;
export type EinvoiceSubmissionState = (typeof EINVOICE_SUBMISSION_STATES)[number];

/** States from which a new submission of the same document may start. */
export const EINVOICE_RESUBMITTABLE_STATES: readonly EinvoiceSubmissionState[] = ['rejected', 'failed', 'credentials_invalid'];

/** States in which the document must not change: on its way to the portal, or recorded there. */
export const EINVOICE_LOCKING_STATES: readonly EinvoiceSubmissionState[] = ['queued', 'submitting', 'submitted'];

/**
 * pos_receipt: a till sale (or an exchange's new lines), a 388 invoice; pos_return: a till return
 * of a sale, a 381 credit note (functions/src/pos/einvoice.ts). Both are queued by the server when
 * the receipt posts, never through the submit routes. layaway_pickup: the sale a layaway's pickup
 * makes, a 388 invoice mapped as a till sale (functions/src/layaway/einvoice.ts), queued by the pickup.
 */
export const EINVOICE_DOCUMENT_TYPES = ['invoice', 'return', 'pos_receipt', 'pos_return', 'layaway_pickup'] as const;
export type EinvoiceDocumentType = (typeof EINVOICE_DOCUMENT_TYPES)[number];

/**
 * b2b: a business buyer, identified by its tax number (TN). b2c: a consumer, identified by the
 * contact's national ID, personal number or tax number when it has one; without any, a walk-in
 * cash sale of at most JOD 10,000 (GUIDE p.14).
 */
export const EINVOICE_BUSINESS_TYPES = ['b2b', 'b2c'] as const;
export type EinvoiceBusinessType = (typeof EINVOICE_BUSINESS_TYPES)[number];

/**
 * The spec's preview parameters (SPEC §7), also the submit body:
 * - invoice_type: JoFotara's invoice type, i.e. the taxpayer track (income, general sales,
 *   special sales); defaults to the track of the organization's e-invoicing settings, and a
 *   submission must use that one (the portal refuses other types, JORDAN.md §1.1);
 * - payment_method: cash or receivable (the middle digit of the type code); defaults to cash for
 *   an invoice paid in full, receivable otherwise;
 * - business_type: b2b or b2c; defaults to b2b when the contact has a tax number.
 */
const einvoiceOptionFields = {
  invoice_type: z.enum(JOFOTARA_TRACKS).optional(),
  payment_method: z.enum(JOFOTARA_PAYMENT_METHODS).optional(),
  business_type: z.enum(EINVOICE_BUSINESS_TYPES).optional(),
};

/** POST …/jofotara/submit; an empty body takes every default. */
export const einvoiceSubmitRequest = z.strictObject(einvoiceOptionFields).default({});
export type EinvoiceSubmitRequest = z.output<typeof einvoiceSubmitRequest>;

/** GET …/jofotara/preview. */
export const einvoicePreviewQuery = z.object(einvoiceOptionFields);
export type EinvoicePreviewQuery = z.output<typeof einvoicePreviewQuery>;

/** A return's type, payment method and buyer are its invoice's: its submit takes no options. */
export const einvoiceReturnSubmitRequest = z.strictObject({}).default({});

/** The SQS message of the `einvoice` queue. `queue_id` names one submit, so stale copies are ignored. */
export const einvoiceSubmissionMessage = z.strictObject({
  organization_id: z.string().min(1),
  document_type: z.enum(EINVOICE_DOCUMENT_TYPES),
  document_id: z.string().min(1),
  queue_id: z.string().min(1),
});
export type EinvoiceSubmissionMessage = z.output<typeof einvoiceSubmissionMessage>;

/** One entry of the portal's EINV_RESULTS ERRORS / WARNINGS, as the portal wrote it (Arabic or English). */
export const einvoicePortalMessage = z.object({
  code: z.string(),
  category: z.string(),
  message: z.string(),
});
export type EinvoicePortalMessage = z.output<typeof einvoicePortalMessage>;

export const einvoiceSubmissionPublic = z.object({
  organization_id: z.string(),
  document_type: z.enum(EINVOICE_DOCUMENT_TYPES),
  document_id: z.string(),
  document_number: z.string().nullable(),
  /** not_submitted: no submission was ever queued for the document. */
  state: z.enum([...EINVOICE_SUBMISSION_STATES, 'not_submitted']),
  /** The document is queued, being sent or recorded by the portal: it must not change. */
  locked: z.boolean(),
  /** True when the state allows POST …/jofotara/submit. */
  can_submit: z.boolean(),
  uuid: z.string().nullable(),
  icv: z.number().nullable(),
  invoice_type: z.enum(JOFOTARA_TRACKS).nullable(),
  payment_method: z.enum(JOFOTARA_PAYMENT_METHODS).nullable(),
  business_type: z.enum(EINVOICE_BUSINESS_TYPES).nullable(),
  /** 388 invoice, 381 return, and the three-digit name (011 … 023). */
  type_code: z.string().nullable(),
  type_name: z.string().nullable(),
  /** PayableAmount as sent (up to nine decimals). */
  payable_amount: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  errors: z.array(einvoicePortalMessage),
  warnings: z.array(einvoicePortalMessage),
  /** EINV_QR: print it as a QR image on the invoice. */
  qr: z.string().nullable(),
  einv_inv_uuid: z.string().nullable(),
  einv_num: z.string().nullable(),
  signed_xml_available: z.boolean(),
  queued_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  version: z.number().nullable(),
});
export type EinvoiceSubmissionPublic = z.output<typeof einvoiceSubmissionPublic>;

const einvoiceCrossCheckFailure = z.object({
  check: z.string(),
  line: z.string().optional(),
  stated: z.string().optional(),
  computed: z.string().optional(),
  message: z.string(),
});

const einvoiceTaxGroup = z.object({ category: z.enum(['S', 'Z', 'O']), rate: z.string(), taxable: z.string(), tax: z.string() });

/** What GET …/jofotara/preview answers: the XML that would be sent and a readable account of it. */
export const einvoicePreview = z.object({
  document_type: z.enum(EINVOICE_DOCUMENT_TYPES),
  document_id: z.string(),
  xml: z.string(),
  summary: z.object({
    id: z.string(),
    uuid: z.string(),
    icv: z.number(),
    /** The invoice counter is drawn when the document is first submitted; until then this is the next one. */
    icv_provisional: z.boolean(),
    issue_date: z.string(),
    type_code: z.string(),
    type_name: z.string(),
    invoice_type: z.enum(JOFOTARA_TRACKS),
    /** False when invoice_type is not the track of the e-invoicing settings: the portal would refuse it. */
    matches_registered_track: z.boolean(),
    payment_method: z.enum(JOFOTARA_PAYMENT_METHODS),
    business_type: z.enum(EINVOICE_BUSINESS_TYPES).nullable(),
    seller: z.object({ tin: z.string(), registered_name: z.string(), income_source_sequence: z.string() }),
    buyer: z
      .object({
        id_scheme: z.string(),
        id: z.string(),
        name: z.string().nullable(),
        postal_code: z.string().nullable(),
        governorate: z.string().nullable(),
        phone: z.string().nullable(),
      })
      .nullable(),
    billing_reference: z.object({ id: z.string(), uuid: z.string(), original_total: z.string(), reason: z.string() }).nullable(),
    lines: z.array(
      z.object({
        line_number: z.number(),
        name: z.string(),
        quantity: z.string(),
        unit_price: z.string(),
        discount: z.string(),
        net: z.string(),
        tax_category: z.enum(['S', 'Z', 'O']).nullable(),
        tax_rate: z.string().nullable(),
        special_tax: z.string().nullable(),
        general_tax: z.string().nullable(),
        total: z.string(),
      }),
    ),
    totals: z.object({
      tax_exclusive: z.string(),
      allowance_total: z.string(),
      special_tax: z.string(),
      general_tax: z.string(),
      tax_inclusive: z.string(),
      payable: z.string(),
    }),
    tax_groups: z.array(einvoiceTaxGroup),
    /** The document's own total in the ledger (fils); JoFotara's nine-decimal figures may differ by rounding. */
    ledger_total: z.string(),
  }),
  cross_check: z.object({ passed: z.boolean(), failures: z.array(einvoiceCrossCheckFailure) }),
  /** The document's submission so far, if any. */
  submission: einvoiceSubmissionPublic,
});
export type EinvoicePreview = z.output<typeof einvoicePreview>;
