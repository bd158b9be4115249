/**
 * Sales, returns, store credit and the receipts' reading (issue 15): the route group of the pos
 * Lambda (pos/handler.ts) that carries the posting — loaded by the first of them called. Sales
 * and returns post through pos/sales.ts, one transaction each; their follow-up work (the exact
 * stock cost, the JoFotara submission) is queued beside the transaction and done by a consumer, never on the till's path.
 */
import * as z from 'zod';
import * as pos from '@daftar/shared/schemas/pos';
import { listOf } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route, type RouteContext } from '../http/api.js';
import { idempotencyKeyOf, idempotent, readKeyRecord } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import type { PosTransactionRecord } from '../db/posTransaction.js';
import { organizationSettings } from '../organizations/settings.js';
import { DomainError } from '../platform/errors.js';
import { statusOf } from '../http/errors.js';
import { afterPostingHooks, postReturn, postSale, readSaleAhead, recordRefusal, type Teller } from './sales.js';
import { presentTransaction } from './present.js';
import { enqueueFollowUp } from './settlement.js';
import { giveStoreCredit } from './store-credit.js';
import { getTransaction, listTransactions, returnDetails } from './transactions.js';

const ORG = '/api/v1/organizations/{organization_id}';

afterPostingHooks.push(enqueueFollowUp);

const tellerOf = (ctx: RouteContext<unknown, unknown>): Teller => ({
  organizationId: ctx.organizationId!,
  userId: actorIdOf(ctx.principal)!,
  role: ctx.role,
  actor: ctx.actor(),
});

/** Runs a ticket's posting; a refusal (4xx but sign-in and rights) is kept for sync/status before it is answered. */
async function keepingRefusals<T>(ctx: RouteContext<{ id: string; terminal_id: string; sequence: number }, unknown>, post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    if (error instanceof DomainError) {
      const status = statusOf(error);
      if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
        const detail = typeof error.detail === 'string' ? error.detail : error.detail.map((i) => i.msg).join('; ');
        await recordRefusal(ctx.organizationId!, ctx.body, status, detail);
      }
    }
    throw error;
  }
}

const answer = (record: PosTransactionRecord, currency: string) => ({ status: 201, body: presentTransaction(record, currency) });

export const routes = defineRouteGroup('pos', {
  [`GET ${ORG}/pos/transactions`]: route({
    access: { org: 'viewer' },
    summary: "Receipts: a session's (in number order), a terminal's, a customer's, or the organization's newest first",
    query: pos.posTransactionListQuery,
    response: listOf(pos.posTransactionPublic),
    handler: async ({ organizationId, query }) => listTransactions(organizationId!, query),
  }),
  [`POST ${ORG}/pos/transactions`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'A sale, posted in one transaction (send the sale id as Idempotency-Key: a retry answers the first result)',
    status: 201,
    body: pos.posSaleCreate,
    response: pos.posTransactionPublic,
    // The sale's reads and its Idempotency-Key's record leave with the cashier's sign-in check: a
    // sale is one BatchGetItem and one TransactWriteItems in all.
    readAhead: ({ organizationId, headers, body }) => {
      readSaleAhead(organizationId, body);
      const key = idempotencyKeyOf({ headers });
      if (key) void readKeyRecord(organizationId, key).catch(() => undefined);
    },
    handler: async (ctx) =>
      idempotent(ctx, async (guard) => {
        const posted = await keepingRefusals(ctx, () => postSale(tellerOf(ctx), ctx.body, guard ? { claim: guard, answer } : null));
        return { status: posted.replayed ? 200 : 201, body: presentTransaction(posted.record, posted.currency), resourceType: 'pos_transaction', resourceId: posted.record.id };
      }, { lookupInside: true }),
  }),
  [`GET ${ORG}/pos/transactions/{transaction_id}`]: route({
    access: { org: 'viewer' },
    response: pos.posTransactionPublic,
    handler: async ({ organizationId, params }) => {
      const [receipt, { currency }] = await Promise.all([getTransaction(organizationId!, params.transaction_id!), organizationSettings(organizationId!)]);
      return presentTransaction(receipt, currency);
    },
  }),
  [`GET ${ORG}/pos/transactions/{transaction_id}/return-details`]: route({
    access: { org: 'viewer' },
    summary: 'What each line of a sale can still be returned (sold less returned) and what a unit refunds',
    response: pos.posReturnDetails,
    handler: async ({ organizationId, params }) => returnDetails(organizationId!, params.transaction_id!),
  }),
  [`POST ${ORG}/pos/returns`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'A return (or an exchange, with new lines), in one transaction: never more than sold less returned, refunded to the original tenders or to store credit',
    status: 201,
    body: pos.posReturnCreate,
    response: pos.posTransactionPublic,
    handler: async (ctx) =>
      idempotent(ctx, async (guard) => {
        const posted = await keepingRefusals(ctx, () => postReturn(tellerOf(ctx), ctx.body, guard ? { claim: guard, answer } : null));
        return { status: posted.replayed ? 200 : 201, body: presentTransaction(posted.record, posted.currency), resourceType: 'pos_transaction', resourceId: posted.record.id };
      }, { lookupInside: true }),
  }),
  [`POST ${ORG}/pos/store-credit`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: "Store credit paid in at a till (cash, card, CliQ: the session's tender) or given as goodwill: a liability to the customer",
    status: 201,
    body: pos.posStoreCreditCreate,
    response: z.object({ id: z.string(), customer_id: z.string(), amount: z.string(), balance: z.string() }),
    handler: async (ctx) => giveStoreCredit(ctx.organizationId!, ctx.body, { actor: ctx.actor(), userId: actorIdOf(ctx.principal) }),
  }),
});
