/**
 * The data of the E-Invoice Compliance report (catalogue id `einvoice-compliance`, SPEC §2): how
 * many of the organization's posted invoices, returns and till receipts are in each JoFotara
 * state, the lists by state, the rejections with the portal's reasons, and the documents posted
 * but never submitted. The reports resource renders it; this module only reads.
 *
 * Reads: the submissions by state (one Query per state on gsi1, projected to the fields the
 * report shows), the posted invoices by status (gsi2 of invoices) and the organization's returns
 * (gsi1 of returns). A document counts in the period when its issue date is in it.
 */
import { EINVOICE_SUBMISSION_STATES, type EinvoiceDocumentType, type EinvoicePortalMessage, type EinvoiceSubmissionState } from '@daftar/shared/schemas/einvoiceSubmission';
import { EinvoiceSubmission } from '../db/einvoiceSubmission.js';
import { Invoice } from '../db/invoice.js';
import { InvoiceReturn } from '../db/invoiceReturn.js';
import { nowIso } from '../platform/ids.js';
import { filsText } from './mapping.js';

/** Posted invoices, the ones JoFotara must receive (drafts and voided drafts need not). */
const POSTED_INVOICE_STATUSES = ['confirmed', 'sent', 'partially_paid', 'paid'] as const;

export interface EinvoiceComplianceOptions {
  /** First issue date included, YYYY-MM-DD. */
  from?: string;
  /** Last issue date included, YYYY-MM-DD. */
  to?: string;
}

export interface EinvoiceComplianceEntry {
  document_type: EinvoiceDocumentType;
  document_id: string;
  document_number: string;
  issue_date: string;
  state: EinvoiceSubmissionState;
  type_code: string;
  type_name: string;
  payable_amount: string;
  attempts: number;
  last_error: string | null;
  einv_num: string | null;
  has_qr: boolean;
  queued_at: string | null;
  submitted_at: string | null;
  rejected_at: string | null;
  failed_at: string | null;
  updated_at: string;
}

export interface EinvoiceRejection extends EinvoiceComplianceEntry {
  errors: EinvoicePortalMessage[];
  warnings: EinvoicePortalMessage[];
}

export interface EinvoiceNeverSubmitted {
  document_type: EinvoiceDocumentType;
  document_id: string;
  document_number: string;
  issue_date: string;
  /** The invoice's status (confirmed, sent, partially_paid, paid) or `confirmed` for a return. */
  status: string;
  /** The ledger's total, JOD. */
  total: string;
}

export interface EinvoiceComplianceReport {
  organization_id: string;
  generated_at: string;
  period: { from: string | null; to: string | null };
  counts: Record<EinvoiceSubmissionState | 'never_submitted' | 'posted_documents', number>;
  /** Submitted ÷ posted documents, in percent with one decimal ("100.0" when nothing was posted). */
  submitted_percent: string;
  by_state: Record<EinvoiceSubmissionState, EinvoiceComplianceEntry[]>;
  rejections: EinvoiceRejection[];
  never_submitted: EinvoiceNeverSubmitted[];
}

const ENTRY_ATTRIBUTES = [
  'document_type',
  'document_id',
  'document_number',
  'issue_date',
  'state',
  'type_code',
  'type_name',
  'payable_amount',
  'attempts',
  'last_error',
  'einv_num',
  'qr',
  'errors',
  'warnings',
  'queued_at',
  'submitted_at',
  'rejected_at',
  'failed_at',
  'updated_at',
] as const;

const inPeriod = (date: string, options: EinvoiceComplianceOptions) =>
  (!options.from || date >= options.from) && (!options.to || date <= options.to);

const byDateThenNumber = <T extends { issue_date: string; document_number: string }>(a: T, b: T) =>
  a.issue_date === b.issue_date ? a.document_number.localeCompare(b.document_number) : a.issue_date.localeCompare(b.issue_date);

export async function einvoiceCompliance(organizationId: string, options: EinvoiceComplianceOptions = {}): Promise<EinvoiceComplianceReport> {
  const [submissionsByState, invoicesByStatus, returns] = await Promise.all([
    Promise.all(
      EINVOICE_SUBMISSION_STATES.map((state) =>
        EinvoiceSubmission.query.byState({ organization_id: organizationId, state }).go({ pages: 'all', attributes: [...ENTRY_ATTRIBUTES] }),
      ),
    ),
    Promise.all(
      POSTED_INVOICE_STATUSES.map((status) =>
        Invoice.query.byStatus({ organization_id: organizationId, status }).go({ pages: 'all', attributes: ['id', 'number', 'issue_date', 'status', 'gross_total'] }),
      ),
    ),
    InvoiceReturn.query.byCreation({ organization_id: organizationId }).go({ pages: 'all', attributes: ['id', 'number', 'issue_date', 'status', 'gross_total'] }),
  ]);

  const byState = Object.fromEntries(EINVOICE_SUBMISSION_STATES.map((state) => [state, [] as EinvoiceComplianceEntry[]])) as Record<
    EinvoiceSubmissionState,
    EinvoiceComplianceEntry[]
  >;
  const rejections: EinvoiceRejection[] = [];
  const submitted = new Set<string>();
  // Till receipts are queued by the server as they post, so their submissions are the posted
  // receipts the report knows of (pos/einvoice.ts); one awaiting its sale is not counted yet.
  let postedTillDocuments = 0;
  submissionsByState.forEach(({ data }) => {
    for (const item of data) {
      // The index follows the item shortly after each write: a submission caught in two states
      // while moving is listed once.
      const documentKey = `${item.document_type}#${item.document_id}`;
      if (submitted.has(documentKey)) continue;
      submitted.add(documentKey);
      if (!inPeriod(item.issue_date!, options)) continue;
      if (item.document_type === 'pos_receipt' || item.document_type === 'pos_return' || item.document_type === 'layaway_pickup') postedTillDocuments += 1;
      const entry: EinvoiceComplianceEntry = {
        document_type: item.document_type!,
        document_id: item.document_id!,
        document_number: item.document_number!,
        issue_date: item.issue_date!,
        state: item.state!,
        type_code: item.type_code!,
        type_name: item.type_name!,
        payable_amount: item.payable_amount!,
        attempts: item.attempts ?? 0,
        last_error: item.last_error ?? null,
        einv_num: item.einv_num ?? null,
        has_qr: !!item.qr,
        queued_at: item.queued_at ?? null,
        submitted_at: item.submitted_at ?? null,
        rejected_at: item.rejected_at ?? null,
        failed_at: item.failed_at ?? null,
        updated_at: item.updated_at!,
      };
      byState[entry.state].push(entry);
      if (entry.state === 'rejected') {
        rejections.push({ ...entry, errors: (item.errors as EinvoicePortalMessage[] | undefined) ?? [], warnings: (item.warnings as EinvoicePortalMessage[] | undefined) ?? [] });
      }
    }
  });
  for (const list of Object.values(byState)) list.sort(byDateThenNumber);
  rejections.sort(byDateThenNumber);

  const neverSubmitted: EinvoiceNeverSubmitted[] = [];
  let posted = postedTillDocuments;
  const consider = (documentType: EinvoiceDocumentType, doc: { id?: string; number?: string; issue_date?: string; status?: string; gross_total?: number }) => {
    if (!doc.id || !doc.issue_date || !inPeriod(doc.issue_date, options)) return;
    posted += 1;
    if (submitted.has(`${documentType}#${doc.id}`)) return;
    neverSubmitted.push({
      document_type: documentType,
      document_id: doc.id,
      document_number: doc.number ?? doc.id,
      issue_date: doc.issue_date,
      status: doc.status ?? 'confirmed',
      total: filsText(doc.gross_total ?? 0),
    });
  };
  for (const { data } of invoicesByStatus) for (const invoice of data) consider('invoice', invoice);
  for (const credit of returns.data) consider('return', credit);
  neverSubmitted.sort(byDateThenNumber);

  const counts = Object.fromEntries(EINVOICE_SUBMISSION_STATES.map((state) => [state, byState[state].length])) as EinvoiceComplianceReport['counts'];
  counts.never_submitted = neverSubmitted.length;
  counts.posted_documents = posted;
  const submittedPercent = posted === 0 ? '100.0' : ((Math.round((counts.submitted * 1000) / posted) / 10).toFixed(1));

  return {
    organization_id: organizationId,
    generated_at: nowIso(),
    period: { from: options.from ?? null, to: options.to ?? null },
    counts,
    submitted_percent: submittedPercent,
    by_state: byState,
    rejections,
    never_submitted: neverSubmitted,
  };
}
