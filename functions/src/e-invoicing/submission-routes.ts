/**
 * JoFotara submission routes, as route objects for the invoices Lambda (the lead wires them into
 * invoices/handler.ts and routes.ts):
 *
 *   POST …/invoices/{invoice_id}/jofotara/submit    admin   → 202 the submission, state queued
 *   GET  …/invoices/{invoice_id}/jofotara/preview   viewer  → the XML that would be sent, a summary
 *   GET  …/invoices/{invoice_id}/jofotara           viewer  → the submission's state, errors, QR
 *
 * and the same three for returns under …/invoices/return/invoices/{return_id}/jofotara.
 * `jofotaraInvoiceRoutes` / `jofotaraReturnRoutes` map the route keys to them.
 */
import {
  einvoicePreview,
  einvoicePreviewQuery,
  einvoiceReturnSubmitRequest,
  einvoiceSubmissionPublic,
  einvoiceSubmitRequest,
  type EinvoiceDocumentType,
  type EinvoiceSubmitRequest,
} from '@daftar/shared/schemas/einvoiceSubmission';
import { Reply, route, type RouteContext } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';

/**
 * The submission store is read by the first request that needs it, not at the invoices Lambda's
 * cold start (issue #13); the route objects below stay plain data.
 */
const submissions = () => import('./submission.js');

const ORG = '/api/v1/organizations/{organization_id}';
const INVOICE = `${ORG}/invoices/{invoice_id}`;
const RETURN = `${ORG}/invoices/return/invoices/{return_id}`;

function documentOf(ctx: RouteContext<unknown, unknown>, documentType: EinvoiceDocumentType): string {
  return documentType === 'invoice' ? ctx.params.invoice_id! : ctx.params.return_id!;
}

async function submit(ctx: RouteContext<EinvoiceSubmitRequest, unknown>, documentType: EinvoiceDocumentType) {
  const organizationId = ctx.organizationId!;
  const documentId = documentOf(ctx, documentType);
  const { presentSubmission, queueSubmission } = await submissions();
  const { item, resubmission } = await queueSubmission(organizationId, documentType, documentId, ctx.body ?? {}, actorIdOf(ctx.principal));
  ctx.audit({
    action: resubmission ? 'einvoice.resubmitted' : 'einvoice.queued',
    entity_type: documentType === 'invoice' ? 'invoice' : 'invoice_return',
    entity_id: documentId,
    narrative: {
      key: `audit.einvoice.${documentType === 'invoice' ? 'invoice' : 'return'}_${resubmission ? 'resubmitted' : 'queued'}`,
      params: { number: item.document_number, code: item.type_code, type: item.type_name, icv: item.icv },
    },
    changes: {
      state: item.state,
      uuid: item.uuid,
      icv: item.icv,
      invoice_type: item.invoice_type,
      payment_method: item.payment_method,
      business_type: item.business_type ?? null,
      payable_amount: item.payable_amount,
    },
  });
  return Reply.json(202, presentSubmission(organizationId, documentType, documentId, item));
}

export const submitInvoiceRoute = route({
  access: { org: 'admin' },
  summary:
    'Submit a confirmed invoice to JoFotara: validates the settings and the invoice, builds and cross-checks the UBL XML, queues it (202, state queued). A rejected or failed submission may be submitted again, with the same UUID',
  body: einvoiceSubmitRequest,
  response: einvoiceSubmissionPublic,
  status: 202,
  handler: (ctx) => submit(ctx, 'invoice'),
});

export const previewInvoiceRoute = route({
  access: { org: 'viewer' },
  summary: 'The JoFotara XML that submitting this invoice would send, with its totals, tax groups and cross-check results; writes nothing',
  query: einvoicePreviewQuery,
  response: einvoicePreview,
  handler: async (ctx) => (await submissions()).previewSubmission(ctx.organizationId!, 'invoice', ctx.params.invoice_id!, ctx.query),
});

export const invoiceSubmissionStateRoute = route({
  access: { org: 'viewer' },
  summary: "The invoice's JoFotara submission: state, attempts, the portal's errors and warnings, the QR code once accepted",
  response: einvoiceSubmissionPublic,
  handler: async (ctx) => (await submissions()).submissionState(ctx.organizationId!, 'invoice', ctx.params.invoice_id!),
});

export const submitReturnRoute = route({
  access: { org: 'admin' },
  summary: "Submit a return (credit note, type 381) to JoFotara once its invoice was accepted; queues it (202)",
  body: einvoiceReturnSubmitRequest,
  response: einvoiceSubmissionPublic,
  status: 202,
  // A return takes no options: its type, payment method and buyer are its invoice's.
  handler: (ctx) => submit(ctx as RouteContext<EinvoiceSubmitRequest, unknown>, 'return'),
});

export const previewReturnRoute = route({
  access: { org: 'viewer' },
  summary: 'The JoFotara XML that submitting this return would send, with its summary and cross-check results; writes nothing',
  response: einvoicePreview,
  handler: async (ctx) => (await submissions()).previewSubmission(ctx.organizationId!, 'return', ctx.params.return_id!, {}),
});

export const returnSubmissionStateRoute = route({
  access: { org: 'viewer' },
  summary: "The return's JoFotara submission: state, the portal's errors and warnings, the QR code once accepted",
  response: einvoiceSubmissionPublic,
  handler: async (ctx) => (await submissions()).submissionState(ctx.organizationId!, 'return', ctx.params.return_id!),
});

export const jofotaraInvoiceRoutes = {
  [`POST ${INVOICE}/jofotara/submit`]: submitInvoiceRoute,
  [`GET ${INVOICE}/jofotara/preview`]: previewInvoiceRoute,
  [`GET ${INVOICE}/jofotara`]: invoiceSubmissionStateRoute,
} as const;

export const jofotaraReturnRoutes = {
  [`POST ${RETURN}/jofotara/submit`]: submitReturnRoute,
  [`GET ${RETURN}/jofotara/preview`]: previewReturnRoute,
  [`GET ${RETURN}/jofotara`]: returnSubmissionStateRoute,
} as const;
