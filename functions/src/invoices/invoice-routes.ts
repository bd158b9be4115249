import * as schemas from '@daftar/shared/schemas/index';
import * as invoices from '@daftar/shared/schemas/invoices';
import * as invoiceReturns from '@daftar/shared/schemas/invoiceReturns';
import { defineRouteGroup, Reply, route } from '../http/api.js';
import { documentRoutes } from '../http/document-routes.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import { changeStatus, duplicateInvoice, getInvoice, invoiceDocuments, listInvoices, presentInvoice } from './invoices.js';
import type { InvoiceRecord } from '../db/invoice.js';

/**
 * The invoices' own routes (documents, statuses, sending, printing, returns, promotions): the
 * route group of the invoices Lambda (invoices/handler.ts) loaded by the first of them called.
 * The PDF stack (pdfkit, fontkit with its shaping tables) is about 40% of the Lambda's code and
 * most of its import time, and the SES client is only for sending: both are loaded by the first
 * call that prints or sends. In the Lambda they are chunks beside index.mjs that Node reads only
 * then (infra/lib/lambda-bundle.ts), so the other routes' cold starts neither parse nor run them.
 */
import { printing } from './printing.js';
const mailing = () => import('./send.js');
/**
 * Returns (credit notes) and the JoFotara submission store serve a few routes each; as chunks they
 * keep about 35 KiB of their own code off every cold start (issue #13) and are read by the first
 * request that needs them.
 */
const returning = () => import('./returns.js');
/** "Apply promotions" and the engine: a chunk read by the first request that needs it. */
const promoting = () => import('../promotions/invoice.js');
const einvoicing = () => import('../e-invoicing/submission.js');

const ORG = '/api/v1/organizations/{organization_id}';
const INVOICE = `${ORG}/invoices/{invoice_id}`;

/** A draft has no number yet; its id names it (the narrative says it is a draft). */
const numberOf = (invoice: InvoiceRecord) => invoice.number ?? invoice.id;

/** Read, create, edit, delete, confirm and line items: the routes every document kind shares. */
const documentRoute = documentRoutes({
  core: invoiceDocuments,
  noun: 'invoice',
  idParam: 'invoice_id',
  present: presentInvoice,
  schemas: {
    public: invoices.invoicePublic,
    linePublic: invoices.salesInvoiceLinePublic,
    create: invoices.salesInvoiceCreate,
    replace: invoices.salesInvoiceReplace,
    update: invoices.invoiceUpdate,
    lineWrite: invoices.invoiceLineWrite,
    versionQuery: invoices.invoiceVersionQuery,
  },
  overrides: {
    update: { summary: 'Change a draft invoice header (version must match; confirmed invoices: 409)' },
    remove: { summary: 'Delete a draft invoice: its creator or an admin (confirmed invoices: 409)' },
    confirm: { summary: 'Confirm a draft: number it and post its journal entry in one transaction (again: the confirmed invoice; Idempotency-Key honoured)' },
  },
});

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Invoices, newest first (filter: status)',
  query: invoices.invoiceListQuery,
  response: schemas.listOf(invoices.invoicePublic),
  handler: async ({ organizationId, query }) => {
    const { data, count } = await listInvoices(organizationId!, query);
    return { data: data.map(presentInvoice), count };
  },
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'All invoices in short form for pickers (filter: status)',
  query: invoices.invoiceOptionsQuery,
  response: schemas.listOf(invoices.invoiceOption),
  handler: async ({ organizationId, query }) => {
    const { data, count } = await listInvoices(organizationId!, query, true);
    return {
      data: data.map((i) => {
        const p = presentInvoice(i);
        return { id: p.id, number: p.number, status: p.status, contact_id: p.contact_id, issue_date: p.issue_date, gross_total: p.gross_total };
      }),
      count,
    };
  },
});

const promotionsRoute = route({
  access: { org: 'member' },
  summary: "Apply promotions to a draft: its lines, customer and date against every active promotion; each one that applies with its reason, each one that does not with why not, and every line's share (promotions/invoice.ts says how invoices are judged: no location, the issue date)",
  body: invoices.invoicePromotionsRequest,
  response: invoices.invoicePromotionsAnswer,
  handler: async ({ organizationId, body }) => (await promoting()).evaluateInvoicePromotions(organizationId!, body),
});

const duplicateRoute = route({
  access: { org: 'member' },
  summary: 'A new draft copying an invoice (lines recomputed with the current taxes)',
  response: invoices.invoicePublic,
  status: 201,
  handler: async (ctx) => {
    const copy = await duplicateInvoice(ctx.organizationId!, ctx.params.invoice_id!, actorIdOf(ctx.principal));
    ctx.audit({
      action: 'invoice.duplicated',
      entity_type: 'invoice',
      entity_id: copy.id,
      narrative: { key: 'audit.invoice.duplicated', params: { source: ctx.params.invoice_id } },
      changes: { duplicated_from: ctx.params.invoice_id },
    });
    return presentInvoice(copy);
  },
});

const statusRoute = route({
  access: { org: 'admin' },
  summary: 'Change status: draft → cancelled, confirmed → sent; anything else 409',
  query: invoices.invoiceStatusQuery,
  response: invoices.invoicePublic,
  handler: async (ctx) => {
    const { before, after } = await changeStatus(ctx.organizationId!, ctx.params.invoice_id!, ctx.query.new_status);
    ctx.audit({
      action: `invoice.${after.status}`,
      entity_type: 'invoice',
      entity_id: after.id,
      narrative: { key: 'audit.document.status', params: { kind: 'invoice', number: numberOf(after), from: before.status, to: after.status } },
      changes: { status: { from: before.status, to: after.status } },
    });
    return presentInvoice(after);
  },
});

const pdfRoute = route({
  access: { org: 'viewer' },
  summary: 'The invoice as a bilingual (Arabic/English) A4 PDF; a draft is marked DRAFT / مسودة',
  handler: async ({ organizationId, params }) => {
    const [{ invoiceFilename, invoicePdf, printingParties }, { getSubmission }] = await Promise.all([printing(), einvoicing()]);
    const invoice = await getInvoice(organizationId!, params.invoice_id!);
    // Once JoFotara accepted the invoice, its QR is printed on it (issue 6).
    const [parties, submission] = await Promise.all([printingParties(organizationId!, invoice.contact_id), getSubmission(organizationId!, 'invoice', invoice.id)]);
    const pdf = await invoicePdf(invoice, parties, { qr: submission?.state === 'submitted' ? submission.qr ?? undefined : undefined });
    return Reply.binary(pdf, 'application/pdf', invoiceFilename(invoice));
  },
});

const sendRoute = route({
  access: { org: 'member' },
  summary: "E-mail a confirmed invoice with its PDF (to: the customer's address by default); confirmed → sent",
  body: invoiceReturns.invoiceSendRequest,
  response: invoices.invoicePublic,
  handler: async (ctx) => {
    const { sendInvoice } = await mailing();
    const { before, after, recipients } = await sendInvoice(ctx.organizationId!, ctx.params.invoice_id!, ctx.body);
    ctx.audit({
      action: 'invoice.sent',
      entity_type: 'invoice',
      entity_id: after.id,
      narrative: recipients.cc.length
        ? { key: 'audit.invoice.sent_cc', params: { number: numberOf(after), to: recipients.to, cc: recipients.cc.join(', ') } }
        : { key: 'audit.invoice.sent', params: { number: numberOf(after), to: recipients.to } },
      changes: {
        sent_to: { from: before.sent_to ?? null, to: after.sent_to },
        ...(before.status !== after.status ? { status: { from: before.status, to: after.status } } : {}),
      },
    });
    return presentInvoice(after);
  },
});

const createReturnRoute = route({
  access: { org: 'admin' },
  summary: 'Return goods against a confirmed invoice: credit note RET-nnnnnn posted at once (quantities capped by what is left; Idempotency-Key honoured)',
  body: invoiceReturns.invoiceReturnCreate,
  response: invoiceReturns.invoiceReturnPublic,
  status: 201,
  handler: (ctx) =>
    idempotent(ctx, async (guard) => {
      const { createInvoiceReturn } = await returning();
      const { credit, shown, invoiceBefore, invoiceAfter } = await createInvoiceReturn(ctx.organizationId!, ctx.params.invoice_id!, ctx.body, { actorId: actorIdOf(ctx.principal), guard });
      ctx.audit({
        action: 'invoice.returned',
        entity_type: 'invoice_return',
        entity_id: credit.id,
        narrative: {
          key: 'audit.invoice.returned',
          params: { number: credit.number, invoice: credit.invoice_number, total: shown.gross_total, currency: shown.currency, applied: shown.applied_to_invoice, store_credit: shown.store_credit },
        },
        changes: {
          invoice_id: credit.invoice_id,
          journal_entry_id: credit.journal_entry_id,
          lines: shown.lines.length,
          invoice_status: { from: invoiceBefore.status, to: invoiceAfter.status },
        },
      });
      return { status: 201, body: shown, resourceType: 'invoice_return', resourceId: credit.id };
    }),
});

const returnListRoute = route({
  access: { org: 'viewer' },
  summary: 'Returns (credit notes), newest first (filter: invoice_id)',
  query: invoiceReturns.invoiceReturnListQuery,
  response: schemas.listOf(invoiceReturns.invoiceReturnPublic),
  handler: async ({ organizationId, query }) => {
    const { listInvoiceReturns, presentInvoiceReturn } = await returning();
    const { data, count } = await listInvoiceReturns(organizationId!, query);
    return { data: data.map(presentInvoiceReturn), count };
  },
});

const returnGetRoute = route({
  access: { org: 'viewer' },
  summary: 'One return (credit note) with its lines',
  response: invoiceReturns.invoiceReturnPublic,
  handler: async ({ organizationId, params }) => {
    const { getInvoiceReturn, presentInvoiceReturn } = await returning();
    return presentInvoiceReturn(await getInvoiceReturn(organizationId!, params.return_id!));
  },
});

const returnPdfRoute = route({
  access: { org: 'viewer' },
  summary: 'The credit note as a bilingual A4 PDF, naming the invoice it corrects',
  handler: async ({ organizationId, params }) => {
    const [{ creditNoteFilename, creditNotePdf, printingParties }, { getInvoiceReturn }] = await Promise.all([printing(), returning()]);
    const credit = await getInvoiceReturn(organizationId!, params.return_id!);
    const [original, parties] = await Promise.all([
      getInvoice(organizationId!, credit.invoice_id).catch(() => null),
      printingParties(organizationId!, credit.contact_id),
    ]);
    return Reply.binary(await creditNotePdf(credit, original, parties), 'application/pdf', creditNoteFilename(credit));
  },
});

export const routes = defineRouteGroup('invoices', {
  [`GET ${ORG}/invoices`]: listRoute,
  [`GET ${ORG}/invoices/list`]: optionsRoute,
  [`POST ${ORG}/invoices/with-line-items`]: documentRoute.create,
  [`POST ${ORG}/invoices/promotions`]: promotionsRoute,
  [`GET ${INVOICE}`]: documentRoute.get,
  [`PUT ${INVOICE}`]: documentRoute.update,
  [`DELETE ${INVOICE}`]: documentRoute.remove,
  [`PUT ${INVOICE}/with-line-items`]: documentRoute.replace,
  [`POST ${INVOICE}/confirm`]: documentRoute.confirm,
  [`POST ${INVOICE}/duplicate`]: duplicateRoute,
  [`PUT ${INVOICE}/status`]: statusRoute,
  [`GET ${INVOICE}/line-items`]: documentRoute.lines,
  [`POST ${INVOICE}/line-items`]: documentRoute.addLine,
  [`PUT ${INVOICE}/line-items/{line_item_id}`]: documentRoute.replaceLine,
  [`DELETE ${INVOICE}/line-items/{line_item_id}`]: documentRoute.removeLine,
  [`POST ${INVOICE}/send`]: sendRoute,
  [`GET ${INVOICE}/pdf`]: pdfRoute,
  [`POST ${INVOICE}/returns`]: createReturnRoute,
  [`GET ${ORG}/invoices/return/invoices`]: returnListRoute,
  [`GET ${ORG}/invoices/return/invoices/{return_id}`]: returnGetRoute,
  [`GET ${ORG}/invoices/return/invoices/{return_id}/pdf`]: returnPdfRoute,
});
