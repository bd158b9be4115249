/**
 * Receipts by e-mail (issue 15), a route group of the pos Lambda (pos/handler.ts).
 *
 *   POST pos/transactions/{transaction_id}/send-receipt    member  {email, language} → 202 receiptStatusPublic (queued)
 *   GET  pos/transactions/{transaction_id}/receipt-status  viewer  → receiptStatusPublic
 *   POST pos/transactions/{transaction_id}/resend-receipt  member  → 202 (to the stored address; 409 when none)
 */
import * as z from 'zod';
import * as pos from '@daftar/shared/schemas/pos';
import { email } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route, validate } from '../http/api.js';
import { getReceipt, presentReceiptStatus, resendReceipt, sendReceipt } from './receipts.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** sendReceiptBody takes any text up to 254 characters; the address is checked as the rest of Daftar checks addresses. */
const receiptAddress = z.object({ email });

export const routes = defineRouteGroup('pos', {
  [`POST ${ORG}/pos/transactions/{transaction_id}/send-receipt`]: route({
    access: { org: 'member' },
    summary: 'E-mail the receipt (bilingual, with the JoFotara QR once accepted): queued now, sent by the receipts queue',
    body: pos.sendReceiptBody,
    response: pos.receiptStatusPublic,
    status: 202,
    handler: async (ctx) => {
      const address = validate(receiptAddress, { email: ctx.body.email }, 'body').email;
      const status = await sendReceipt(ctx.organizationId!, ctx.params.transaction_id!, { ...ctx.body, email: address });
      ctx.audit({
        action: 'pos.receipt_sent',
        entity_type: 'pos_transaction',
        entity_id: ctx.params.transaction_id!,
        narrative: { key: 'audit.request', params: { method: ctx.method, path: ctx.path } },
        changes: { email: address, language: ctx.body.language },
      });
      return status;
    },
  }),

  [`GET ${ORG}/pos/transactions/{transaction_id}/receipt-status`]: route({
    access: { org: 'viewer' },
    summary: "Where the receipt's e-mail is: not_sent, queued, sent or failed (with the error and attempts)",
    response: pos.receiptStatusPublic,
    handler: async ({ organizationId, params }) => presentReceiptStatus(await getReceipt(organizationId!, params.transaction_id!)),
  }),

  [`POST ${ORG}/pos/transactions/{transaction_id}/resend-receipt`]: route({
    access: { org: 'member' },
    summary: 'E-mail the receipt again to the address it was sent to (409 when it never was)',
    response: pos.receiptStatusPublic,
    status: 202,
    handler: async ({ organizationId, params }) => resendReceipt(organizationId!, params.transaction_id!),
  }),
});
