/**
 * Submitting invoices and returns to JoFotara (ARCHITECTURE §8; GitHub issue 6).
 *
 * The submit route validates and queues; the consumer (consumer.ts) talks to the portal:
 *
 *   submit  → settings complete (409 EinvoicingNotConfigured), document confirmed (409), not
 *             already queued or submitted (409); the XML is built and cross-checked NOW (422 with
 *             the failing checks: a document the portal would refuse is never sent); the
 *             submission is written `queued` (conditional: two clicks queue once) and a message
 *             {organization_id, document_type, document_id, queue_id} goes on the einvoice queue.
 *   consumer→ queued → submitting (attempts + 1) → submitted | rejected | credentials_invalid,
 *             or back to queued for a retry (5xx, timeout), or failed when the queue gives up.
 *
 * Identity: the UUID is name-based on the document (mapping.ts `documentUuid`) and the invoice
 * counter (ICV) is drawn once, on the first submit; a resubmission after a rejection or a failure
 * keeps both. The builder's input is stored with the submission, so every attempt sends the same
 * bytes, and a return's document embeds its invoice's exactly as it was submitted.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { jofotara, money } from '@daftar/shared';
import {
  EINVOICE_LOCKING_STATES,
  EINVOICE_RESUBMITTABLE_STATES,
  type EinvoiceBusinessType,
  type EinvoiceDocumentType,
  type EinvoicePortalMessage,
  type EinvoicePreview,
  type EinvoiceSubmissionMessage,
  type EinvoiceSubmissionPublic,
  type EinvoiceSubmitRequest,
} from '@daftar/shared/schemas/einvoiceSubmission';
import { Contact, type ContactRecord } from '../db/contact.js';
import { EinvoiceSubmission, type EinvoiceSubmissionItem } from '../db/einvoiceSubmission.js';
import type { EinvoicingSettingsItem } from '../db/einvoicingSettings.js';
import type { InvoiceRecord } from '../db/invoice.js';
import { InvoiceReturn, type InvoiceReturnRecord } from '../db/invoiceReturn.js';
import { isConditionFailure } from '../db/transaction.js';
import { Conflict, NotFound, Unavailable, ValidationError } from '../platform/errors.js';
import { getInvoice } from '../invoices/invoices.js';
import type { PortalMessage, PortalResult } from '../jofotara/client.js';
import { config } from '../platform/config.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';
import { builderIssue, documentUuid, filsText, mapInvoice, mapReturn } from './mapping.js';
import { EinvoicingNotConfigured, getSettingsItem, loadSubmissionSettings, missingFields, nextInvoiceCounter } from './settings.js';

type Track = jofotara.JoFotaraTrack;

/** Invoice statuses that have been posted and not voided: the ones that go to JoFotara. */
const SUBMITTABLE_INVOICE_STATUSES: readonly string[] = ['confirmed', 'sent', 'partially_paid', 'paid'];

/**
 * A submission still `queued` or `submitting` this long after its last change was lost in a way
 * the queue did not report (the whole retry schedule, consumer.ts, takes well under an hour): it
 * may be submitted again.
 */
export const STALE_IN_FLIGHT_MS = 6 * 60 * 60 * 1000;

/** Signed XML above this is kept in the uploads bucket rather than in the item (400 KB limit). */
const MAX_INLINE_SIGNED_XML_BYTES = 100_000;
const MAX_RAW_REPLY_CHARS = 32_000;

/**
 * The S3 and SQS clients are loaded by the first step that uses them: the invoices Lambda imports
 * this module for every route, and its cold start need not read them (infra/lib/lambda-bundle.ts).
 */
const storage = async () => {
  const [commands, { s3 }] = await Promise.all([import('@aws-sdk/client-s3'), import('../platform/storage.js')]);
  return { s3, GetObjectCommand: commands.GetObjectCommand, PutObjectCommand: commands.PutObjectCommand };
};

let sqsClient: SQSClient | undefined;
/** Locally the queue URL's host does not resolve; the configured endpoint (or the region's) does. */
const queueClient = async () => {
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  return { client: (sqsClient ??= new SQSClient({ useQueueUrlAsEndpoint: false })), SendMessageCommand };
};

const key = (organizationId: string, documentType: EinvoiceDocumentType, documentId: string) => ({
  organization_id: organizationId,
  document_type: documentType,
  document_id: documentId,
});

export async function getSubmission(organizationId: string, documentType: EinvoiceDocumentType, documentId: string): Promise<EinvoiceSubmissionItem | null> {
  const { data } = await EinvoiceSubmission.get(key(organizationId, documentType, documentId)).go({ consistent: true });
  return data ?? null;
}

const isStale = (item: EinvoiceSubmissionItem, now = Date.now()) => now - Date.parse(item.updated_at) > STALE_IN_FLIGHT_MS;

function canSubmit(item: EinvoiceSubmissionItem | null): boolean {
  if (!item) return true;
  if (EINVOICE_RESUBMITTABLE_STATES.includes(item.state)) return true;
  return (item.state === 'queued' || item.state === 'submitting') && isStale(item);
}

/**
 * True while the invoice is on its way to JoFotara or recorded there: queued, submitting or
 * submitted. Such an invoice must not be changed, voided or deleted (a correction is a return).
 */
export async function isLockedByEinvoicing(organizationId: string, invoiceId: string): Promise<boolean> {
  const item = await getSubmission(organizationId, 'invoice', invoiceId);
  return !!item && EINVOICE_LOCKING_STATES.includes(item.state);
}

const messages = (value: unknown): EinvoicePortalMessage[] => (Array.isArray(value) ? (value as EinvoicePortalMessage[]) : []);

export function presentSubmission(
  organizationId: string,
  documentType: EinvoiceDocumentType,
  documentId: string,
  item: EinvoiceSubmissionItem | null,
): EinvoiceSubmissionPublic {
  return {
    organization_id: organizationId,
    document_type: documentType,
    document_id: documentId,
    document_number: item?.document_number ?? null,
    state: item?.state ?? 'not_submitted',
    locked: !!item && EINVOICE_LOCKING_STATES.includes(item.state),
    can_submit: canSubmit(item),
    uuid: item?.uuid ?? null,
    icv: item?.icv ?? null,
    invoice_type: item?.invoice_type ?? null,
    payment_method: item?.payment_method ?? null,
    business_type: item?.business_type ?? null,
    type_code: item?.type_code ?? null,
    type_name: item?.type_name ?? null,
    payable_amount: item?.payable_amount ?? null,
    attempts: item?.attempts ?? 0,
    last_error: item?.last_error ?? null,
    errors: messages(item?.errors),
    warnings: messages(item?.warnings),
    qr: item?.qr ?? null,
    einv_inv_uuid: item?.einv_inv_uuid ?? null,
    einv_num: item?.einv_num ?? null,
    signed_xml_available: !!(item?.signed_xml || item?.signed_xml_key),
    queued_at: item?.queued_at ?? null,
    last_attempt_at: item?.last_attempt_at ?? null,
    submitted_at: item?.submitted_at ?? null,
    rejected_at: item?.rejected_at ?? null,
    failed_at: item?.failed_at ?? null,
    updated_at: item?.updated_at ?? null,
    version: item?.version ?? null,
  };
}

export async function submissionState(organizationId: string, documentType: EinvoiceDocumentType, documentId: string): Promise<EinvoiceSubmissionPublic> {
  // The document must exist in this organization (another tenant's id answers 404).
  await documentHeader(organizationId, documentType, documentId);
  return presentSubmission(organizationId, documentType, documentId, await getSubmission(organizationId, documentType, documentId));
}

/** The signed invoice the portal returned, when it returned one. */
export async function signedXmlOf(item: EinvoiceSubmissionItem): Promise<string | null> {
  if (item.signed_xml) return item.signed_xml;
  if (!item.signed_xml_key) return null;
  const { s3, GetObjectCommand } = await storage();
  const object = await s3.send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: item.signed_xml_key }));
  return (await object.Body?.transformToString('utf8')) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Building a document's XML

interface SellerSettings {
  track: Track;
  seller: jofotara.JoFotaraSeller;
  settings_version: number;
  icv_counter: number;
}

/** Seller fields and track from the settings; a missing one is a 409 listing what is missing. */
function sellerSettingsOf(item: EinvoicingSettingsItem | null, needCredentials: boolean): SellerSettings {
  const missing = missingFields(item).filter((field) => needCredentials || (field !== 'client_id' && field !== 'secret_key'));
  if (!item || missing.length) throw new EinvoicingNotConfigured(missing);
  return {
    track: item.taxpayer_track!,
    seller: {
      tin: item.seller_tin!,
      registered_name: (item.registered_name_ar || item.registered_name_en)!,
      income_source_sequence: item.income_source_sequence!,
    },
    settings_version: item.version,
    icv_counter: item.icv_counter ?? 0,
  };
}

interface DocumentHeader {
  number: string | null;
  issue_date: string;
  status: string;
  /** The ledger's total, fils. */
  gross_total: number;
  invoice_id: string | null;
}

async function loadReturn(organizationId: string, returnId: string): Promise<InvoiceReturnRecord> {
  const { data } = await InvoiceReturn.get({ organization_id: organizationId, id: returnId }).go({ consistent: true });
  if (!data) throw new NotFound('Return not found');
  return data;
}

async function documentHeader(organizationId: string, documentType: EinvoiceDocumentType, documentId: string): Promise<DocumentHeader> {
  if (documentType === 'invoice') {
    const invoice = await getInvoice(organizationId, documentId);
    return { number: invoice.number ?? null, issue_date: invoice.issue_date, status: invoice.status, gross_total: invoice.gross_total, invoice_id: null };
  }
  const credit = await loadReturn(organizationId, documentId);
  return { number: credit.number, issue_date: credit.issue_date, status: credit.status, gross_total: credit.gross_total, invoice_id: credit.invoice_id };
}

function requireSubmittableInvoice(invoice: InvoiceRecord) {
  if (invoice.status === 'draft') throw new Conflict('A draft invoice cannot be submitted to JoFotara: confirm it first');
  if (!SUBMITTABLE_INVOICE_STATUSES.includes(invoice.status)) {
    throw new Conflict(`A ${invoice.status} invoice cannot be submitted to JoFotara`);
  }
}

async function loadContact(organizationId: string, contactId: string): Promise<ContactRecord> {
  const { data } = await Contact.get({ organization_id: organizationId, id: contactId }).go({ consistent: true });
  if (!data) throw new Conflict('The invoice’s customer no longer exists');
  return data;
}

export interface SubmissionOptions {
  invoice_type?: Track;
  payment_method?: jofotara.JoFotaraPaymentMethod;
  business_type?: EinvoiceBusinessType;
}

export interface BuiltDocument {
  document: jofotara.JoFotaraDocument;
  computed: jofotara.ComputedDocument;
  xml: string;
  failures: jofotara.CrossCheckFailure[];
  track: Track;
  payment_method: jofotara.JoFotaraPaymentMethod;
  business_type: EinvoiceBusinessType | null;
  header: DocumentHeader;
}

/** Runs the builder; its refusals become 422s located under the document. */
function build(document: jofotara.JoFotaraDocument, documentType: EinvoiceDocumentType): { computed: jofotara.ComputedDocument; xml: string; failures: jofotara.CrossCheckFailure[] } {
  try {
    const computed = jofotara.computeDocument(document);
    const xml = jofotara.buildInvoiceXml(document);
    return { computed, xml, failures: jofotara.crossCheck(xml) };
  } catch (error) {
    if (error instanceof jofotara.JoFotaraInputError) throw builderIssue(error, documentType);
    throw error;
  }
}

/** Builds a document anew from the ledger's records, with the identity given. */
async function buildDocument(
  organizationId: string,
  documentType: EinvoiceDocumentType,
  documentId: string,
  settings: SellerSettings,
  options: SubmissionOptions,
  identity: { uuid: string; icv: number },
): Promise<BuiltDocument> {
  if (documentType === 'invoice') {
    const invoice = await getInvoice(organizationId, documentId);
    requireSubmittableInvoice(invoice);
    const contact = await loadContact(organizationId, invoice.contact_id);
    const track = options.invoice_type ?? settings.track;
    const mapped = mapInvoice({
      invoice,
      contact,
      seller: settings.seller,
      track,
      uuid: identity.uuid,
      icv: identity.icv,
      payment_method: options.payment_method,
      business_type: options.business_type,
    });
    const built = build(mapped.document, 'invoice');
    return {
      ...built,
      document: mapped.document,
      track,
      payment_method: mapped.payment_method,
      business_type: mapped.business_type,
      header: { number: invoice.number ?? null, issue_date: invoice.issue_date, status: invoice.status, gross_total: invoice.gross_total, invoice_id: null },
    };
  }

  const credit = await loadReturn(organizationId, documentId);
  const [invoice, originalSubmission] = await Promise.all([
    getInvoice(organizationId, credit.invoice_id),
    getSubmission(organizationId, 'invoice', credit.invoice_id),
  ]);
  if (originalSubmission?.state !== 'submitted') {
    throw new Conflict(`Invoice ${credit.invoice_number} must be accepted by JoFotara before its return ${credit.number} can be submitted`);
  }
  const returnsOfInvoice = await InvoiceReturn.query.byInvoice({ organization_id: organizationId, invoice_id: credit.invoice_id }).go({ pages: 'all' });
  const document = mapReturn({
    credit,
    invoice,
    original: originalSubmission.document as jofotara.JoFotaraInvoiceInput,
    returnsOfInvoice: returnsOfInvoice.data,
    uuid: identity.uuid,
    icv: identity.icv,
  });
  const built = build(document, 'return');
  return {
    ...built,
    document,
    track: built.computed.track,
    payment_method: built.computed.payment_method,
    business_type: null,
    header: { number: credit.number, issue_date: credit.issue_date, status: credit.status, gross_total: credit.gross_total, invoice_id: credit.invoice_id },
  };
}

function crossCheckRefusal(failures: readonly jofotara.CrossCheckFailure[]): ValidationError {
  return new ValidationError(
    failures.map((failure) => ({
      loc: ['jofotara', failure.check, ...(failure.line === undefined ? [] : ['line', failure.line])],
      msg: failure.message,
      type: 'cross_check',
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Preview

/** Decimal text without trailing zeros: quantities ("1.5") and rates ("16", "7.5") as people write them. */
function plainDecimal(coefficient: bigint, scale: number): string {
  const text = money.formatDecimal({ coefficient, scale });
  return scale === 0 ? text : text.replace(/\.?0+$/, '');
}

function summaryOf(built: BuiltDocument, registeredTrack: Track, icvProvisional: boolean): EinvoicePreview['summary'] {
  const c = built.computed;
  const n = jofotara.formatNanos;
  return {
    id: c.id,
    uuid: c.uuid,
    icv: Number(c.icv),
    icv_provisional: icvProvisional,
    issue_date: c.issue_date,
    type_code: c.type_code,
    type_name: c.type_name,
    invoice_type: c.track,
    matches_registered_track: c.track === registeredTrack,
    payment_method: c.payment_method,
    business_type: built.business_type,
    seller: c.seller,
    buyer: c.buyer,
    billing_reference: c.return_of
      ? { id: c.return_of.original_id, uuid: c.return_of.original_uuid, original_total: n(c.return_of.original_total), reason: c.return_of.reason }
      : null,
    lines: c.lines.map((line) => ({
      line_number: line.line_number,
      name: line.name,
      quantity: plainDecimal(line.quantity, 3),
      unit_price: n(line.unit_price),
      discount: n(line.discount),
      net: n(line.net),
      tax_category: line.tax?.category ?? null,
      tax_rate: line.tax ? plainDecimal(line.tax.rate.coefficient, line.tax.rate.scale) : null,
      special_tax: line.special_tax === null ? null : n(line.special_tax),
      general_tax: line.general_tax === null ? null : n(line.general_tax),
      total: n(line.total),
    })),
    totals: {
      tax_exclusive: n(c.totals.tax_exclusive),
      allowance_total: n(c.totals.allowance_total),
      special_tax: n(c.totals.special_tax),
      general_tax: n(c.totals.general_tax),
      tax_inclusive: n(c.totals.tax_inclusive),
      payable: n(c.totals.payable),
    },
    tax_groups: c.tax_groups.map((group) => ({ category: group.category, rate: plainDecimal(group.rate.coefficient, group.rate.scale), taxable: n(group.taxable), tax: n(group.tax) })),
    ledger_total: filsText(built.header.gross_total),
  };
}

/**
 * The XML that submitting would send now, with a readable summary and the cross-check results;
 * writes nothing. A document already queued or accepted shows what was sent (options ignored);
 * otherwise it is built from the current records, with the next invoice counter as a provisional
 * ICV when none was drawn yet. Credentials are not needed.
 */
export async function previewSubmission(
  organizationId: string,
  documentType: EinvoiceDocumentType,
  documentId: string,
  options: SubmissionOptions,
): Promise<EinvoicePreview> {
  const settings = sellerSettingsOf(await getSettingsItem(organizationId), false);
  const existing = await getSubmission(organizationId, documentType, documentId);
  let built: BuiltDocument;
  if (existing && EINVOICE_LOCKING_STATES.includes(existing.state)) {
    const document = existing.document as jofotara.JoFotaraDocument;
    built = {
      ...build(document, documentType),
      document,
      track: existing.invoice_type,
      payment_method: existing.payment_method,
      business_type: existing.business_type ?? null,
      header: await documentHeader(organizationId, documentType, documentId),
    };
  } else {
    const identity = { uuid: existing?.uuid ?? documentUuid(organizationId, documentType, documentId), icv: existing?.icv ?? settings.icv_counter + 1 };
    built = await buildDocument(organizationId, documentType, documentId, settings, documentType === 'invoice' ? options : {}, identity);
  }
  return {
    document_type: documentType,
    document_id: documentId,
    xml: built.xml,
    summary: summaryOf(built, settings.track, !existing),
    cross_check: { passed: built.failures.length === 0, failures: built.failures },
    submission: presentSubmission(organizationId, documentType, documentId, existing),
  };
}

// ---------------------------------------------------------------------------------------------
// Submit (queue)

export interface QueuedSubmission {
  item: EinvoiceSubmissionItem;
  resubmission: boolean;
}

function alreadyInProgress(item: EinvoiceSubmissionItem, label: string): Conflict {
  if (item.state === 'submitted') {
    return new Conflict(`${label} was already accepted by JoFotara${item.einv_num ? ` (EINV_NUM ${item.einv_num})` : ''}; correct it with a return`);
  }
  return new Conflict(`${label} is already ${item.state === 'queued' ? 'queued for' : 'being sent to'} JoFotara`);
}

/**
 * Validates, builds and cross-checks the document, records its submission as queued and puts the
 * message on the queue. Throws 409 (not configured, draft, already queued or submitted, changed
 * meanwhile), 422 (mapping, builder or cross-check refusals) or 503 (the queue refused the message;
 * the submission is then `failed` and may be submitted again).
 */
export async function queueSubmission(
  organizationId: string,
  documentType: EinvoiceDocumentType,
  documentId: string,
  request: EinvoiceSubmitRequest,
  actorId: string | null,
): Promise<QueuedSubmission> {
  // Credentials that cannot be opened fail here, not after the message is on its way.
  const full = await loadSubmissionSettings(organizationId);
  const settings: SellerSettings = { track: full.track, seller: full.seller, settings_version: full.settings_version, icv_counter: 0 };
  const header = await documentHeader(organizationId, documentType, documentId);
  const label = `${documentType === 'invoice' ? 'Invoice' : 'Return'} ${header.number ?? documentId}`;
  const existing = await getSubmission(organizationId, documentType, documentId);
  if (existing && !canSubmit(existing)) throw alreadyInProgress(existing, label);
  if (documentType === 'invoice' && request.invoice_type !== undefined && request.invoice_type !== settings.track) {
    throw new ValidationError([
      {
        loc: ['body', 'invoice_type'],
        msg: `This organization is registered with JoFotara on the ${settings.track} track (e-invoicing settings); the portal refuses ${request.invoice_type} invoices from it`,
        type: 'value_error',
      },
    ]);
  }

  const uuid = existing?.uuid ?? documentUuid(organizationId, documentType, documentId);
  // Built and checked with the counter it will carry; a new document's counter is drawn only once
  // everything else passed, so refused submissions leave no gaps.
  let built = await buildDocument(organizationId, documentType, documentId, settings, documentType === 'invoice' ? request : {}, {
    uuid,
    icv: existing?.icv ?? settings.icv_counter + 1,
  });
  if (built.failures.length) throw crossCheckRefusal(built.failures);
  const icv = existing?.icv ?? (await nextInvoiceCounter(organizationId));
  if (!existing) {
    const document = { ...built.document, icv } as jofotara.JoFotaraDocument;
    built = { ...built, ...build(document, documentType), document };
    if (built.failures.length) throw crossCheckRefusal(built.failures);
  }

  const now = nowIso();
  const queueId = uuidv7();
  const fields = {
    document_number: built.header.number ?? documentId,
    issue_date: built.header.issue_date,
    state: 'queued' as const,
    queue_id: queueId,
    invoice_type: built.track,
    payment_method: built.payment_method,
    type_code: built.computed.type_code,
    type_name: built.computed.type_name,
    document: built.document,
    payable_amount: jofotara.formatNanos(built.computed.totals.payable),
    settings_version: settings.settings_version,
    attempts: 0,
    errors: [],
    warnings: [],
    queued_at: now,
    updated_at: now,
    ...(built.business_type ? { business_type: built.business_type } : {}),
    ...(built.header.invoice_id ? { invoice_id: built.header.invoice_id } : {}),
    ...(actorId ? { queued_by: actorId } : {}),
  };

  let item: EinvoiceSubmissionItem;
  try {
    if (!existing) {
      const { data } = await EinvoiceSubmission.create({ ...key(organizationId, documentType, documentId), ...fields, uuid, icv, version: 1, created_at: now }).go();
      item = data;
    } else {
      const { data } = await EinvoiceSubmission.patch(key(organizationId, documentType, documentId))
        .set({ ...fields, version: existing.version + 1 })
        .remove(['last_error', 'rejected_at', 'failed_at', 'last_attempt_at'])
        .where((attributes, { eq }) => eq(attributes.version, existing.version))
        .go({ response: 'all_new' });
      item = data as EinvoiceSubmissionItem;
    }
  } catch (error) {
    if (isConditionFailure(error)) {
      const current = await getSubmission(organizationId, documentType, documentId);
      throw current ? alreadyInProgress(current, label) : new Conflict(`${label} changed meanwhile; try again`);
    }
    throw error;
  }

  await enqueueSubmission(item);
  return { item, resubmission: !!existing };
}

/**
 * Puts the message of a submission just written `queued` on the einvoice queue. When the queue
 * refuses it, the submission is marked failed (it may be submitted again) and a 503 is thrown.
 * Also used by the till (pos/einvoice.ts), which writes its own submissions.
 */
export async function enqueueSubmission(item: EinvoiceSubmissionItem): Promise<void> {
  const { organization_id: organizationId, document_type: documentType, document_id: documentId } = item;
  const message: EinvoiceSubmissionMessage = { organization_id: organizationId, document_type: documentType, document_id: documentId, queue_id: item.queue_id };
  try {
    const queue = await queueClient();
    await queue.client.send(new queue.SendMessageCommand({ QueueUrl: config.einvoiceQueueUrl, MessageBody: JSON.stringify(message) }));
  } catch (error) {
    logger.error('einvoice: the queue refused a submission', { organization_id: organizationId, document_type: documentType, document_id: documentId, error: error instanceof Error ? error.message : String(error) });
    await markFailed(item, 'The submission could not be queued; submit it again').catch(() => undefined);
    throw new Unavailable('The e-invoicing queue is unavailable; the submission was not queued, submit it again');
  }
}

// ---------------------------------------------------------------------------------------------
// Consumer side: attempts and outcomes

/**
 * Marks the start of an attempt: queued (or submitting, after an attempt that crashed) →
 * submitting, attempts + 1. Null when the version moved (another delivery is at work).
 */
export async function beginAttempt(item: EinvoiceSubmissionItem): Promise<EinvoiceSubmissionItem | null> {
  const now = nowIso();
  try {
    const { data } = await EinvoiceSubmission.patch(key(item.organization_id, item.document_type, item.document_id))
      .set({ state: 'submitting', attempts: (item.attempts ?? 0) + 1, last_attempt_at: now, updated_at: now, version: item.version + 1 })
      .where((attributes, { eq }) => eq(attributes.version, item.version))
      .go({ response: 'all_new' });
    return data as EinvoiceSubmissionItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export type AttemptOutcome =
  | { kind: 'submitted'; result: Extract<PortalResult, { kind: 'submitted' | 'already_submitted' }> }
  | { kind: 'rejected'; errors: PortalMessage[]; warnings: PortalMessage[]; raw: unknown }
  | { kind: 'credentials_invalid'; message: string; raw?: unknown }
  /** Transient: back to queued, the queue delivers it again. */
  | { kind: 'retry'; message: string; raw?: unknown }
  /** The queue gives up on it. */
  | { kind: 'failed'; message: string };

/** The reply as JSON text for the record, without the signed invoice (stored on its own). */
function rawReplyText(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value =
    typeof raw === 'object' && !Array.isArray(raw) && 'EINV_SINGED_INVOICE' in (raw as Record<string, unknown>)
      ? { ...(raw as Record<string, unknown>), EINV_SINGED_INVOICE: '[stored as the signed XML]' }
      : raw;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_RAW_REPLY_CHARS ? `${text.slice(0, MAX_RAW_REPLY_CHARS)}…` : text;
}

async function storeSignedXml(item: EinvoiceSubmissionItem, xml: string | null): Promise<{ signed_xml?: string; signed_xml_key?: string }> {
  if (!xml) return {};
  if (Buffer.byteLength(xml, 'utf8') <= MAX_INLINE_SIGNED_XML_BYTES) return { signed_xml: xml };
  const objectKey = `${item.organization_id}/jofotara/${item.document_type}/${item.document_id}/signed-${item.uuid}.xml`;
  const { s3, PutObjectCommand } = await storage();
  await s3.send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: objectKey, Body: xml, ContentType: 'application/xml; charset=utf-8' }));
  return { signed_xml_key: objectKey };
}

const asMessages = (list: readonly PortalMessage[]): EinvoicePortalMessage[] => list.map(({ code, category, message }) => ({ code, category, message }));

/**
 * Records what an attempt came to, on condition that nothing else wrote the submission since
 * `item` (the one beginAttempt returned). Throws on any storage failure: the message is then
 * delivered again and the portal answers ALREADY_SUBMITTED for an invoice it did record.
 */
export async function recordOutcome(item: EinvoiceSubmissionItem, outcome: AttemptOutcome): Promise<EinvoiceSubmissionItem> {
  const now = nowIso();
  const base = { updated_at: now, version: item.version + 1 };
  let set: Record<string, unknown>;
  const remove: string[] = [];
  switch (outcome.kind) {
    case 'submitted': {
      const result = outcome.result;
      const signed = await storeSignedXml(item, result.signedXml);
      const qr = result.qr ?? item.qr ?? null;
      set = {
        ...base,
        state: 'submitted',
        submitted_at: now,
        ...(qr ? { qr } : {}),
        ...(result.uuid ? { einv_inv_uuid: result.uuid } : {}),
        ...(result.number ? { einv_num: result.number } : {}),
        ...signed,
        warnings: result.kind === 'submitted' ? asMessages(result.warnings) : messages(item.warnings),
        errors: [],
        ...(rawReplyText(result.raw) ? { raw_reply: rawReplyText(result.raw) } : {}),
      };
      if (!qr) set.last_error = 'JoFotara answered ALREADY_SUBMITTED without repeating the QR code of the accepted invoice';
      else remove.push('last_error');
      break;
    }
    case 'rejected':
      set = {
        ...base,
        state: 'rejected',
        rejected_at: now,
        errors: asMessages(outcome.errors),
        warnings: asMessages(outcome.warnings),
        last_error: outcome.errors.length ? `Rejected by JoFotara: ${outcome.errors.map((e) => e.code || e.message).join(', ')}` : 'Rejected by JoFotara',
        ...(rawReplyText(outcome.raw) ? { raw_reply: rawReplyText(outcome.raw) } : {}),
      };
      break;
    case 'credentials_invalid':
      set = { ...base, state: 'credentials_invalid', failed_at: now, last_error: outcome.message, ...(rawReplyText(outcome.raw) ? { raw_reply: rawReplyText(outcome.raw) } : {}) };
      break;
    case 'retry':
      set = { ...base, state: 'queued', last_error: outcome.message, ...(rawReplyText(outcome.raw) ? { raw_reply: rawReplyText(outcome.raw) } : {}) };
      break;
    case 'failed':
      set = { ...base, state: 'failed', failed_at: now, last_error: outcome.message };
      break;
  }
  let patch = EinvoiceSubmission.patch(key(item.organization_id, item.document_type, item.document_id)).set(set as never);
  if (remove.length) patch = patch.remove(remove as never);
  const { data } = await patch.where((attributes, { eq }) => eq(attributes.version, item.version)).go({ response: 'all_new' });
  return data as EinvoiceSubmissionItem;
}

/**
 * Marks a submission the queue gave up on as failed, unless it has moved on meanwhile (finished,
 * or queued again by a new submit). Returns the item as it is afterwards.
 */
export async function markFailed(item: EinvoiceSubmissionItem, message: string): Promise<EinvoiceSubmissionItem | null> {
  if (item.state !== 'queued' && item.state !== 'submitting') return item;
  try {
    return await recordOutcome(item, { kind: 'failed', message });
  } catch (error) {
    if (isConditionFailure(error)) return getSubmission(item.organization_id, item.document_type, item.document_id);
    throw error;
  }
}
