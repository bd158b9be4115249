/**
 * The till's Lambda (issue 15): terminals, sessions, sales and returns, store credit, customers at
 * the counter, receipts, sync status and health. Sales and returns post through pos/sales.ts — one
 * transaction each — and their follow-up work (the exact stock cost, the JoFotara submission) is
 * queued after the answer's transaction, never on the till's path.
 */
import * as z from 'zod';
import * as pos from '@daftar/shared/schemas/pos';
import { listOf } from '@daftar/shared/schemas/common';
import { createHandler, defineRoutes, route, Reply, type RouteContext } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import type { PosTransactionRecord } from '../db/posTransaction.js';
import { organizationSettings } from '../organizations/settings.js';
import { DomainError } from '../platform/errors.js';
import { statusOf } from '../http/errors.js';
import { customerRoutes } from './customer-routes.js';
import { receiptRoutes } from './receipt-routes.js';
import { statusRoutes } from './status-routes.js';
import { afterPostingHooks, postReturn, postSale, presentTransaction, recordRefusal, type Teller } from './sales.js';
import { enqueueFollowUp } from './settlement.js';
import { closeSession, listSessions, openSession } from './sessions.js';
import { giveStoreCredit } from './store-credit.js';
import { createTerminal, deleteTerminal, listTerminals, readTerminal, updateTerminal } from './terminals.js';
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

export const routes = defineRoutes('pos', {
  ...customerRoutes,
  ...receiptRoutes,
  ...statusRoutes,

  [`GET ${ORG}/pos/terminals`]: route({
    access: { org: 'viewer' },
    summary: "The organization's tills",
    query: z.object({ skip: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(500).default(100) }),
    response: listOf(pos.posTerminalPublic),
    handler: async ({ organizationId, query }) => {
      const all = await listTerminals(organizationId!);
      return { data: all.slice(query.skip, query.skip + query.limit), count: all.length };
    },
  }),
  [`POST ${ORG}/pos/terminals`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Add a till: its stock location, drawer account and receipt prefix (unique, fixed)',
    status: 201,
    body: pos.posTerminalCreate,
    response: pos.posTerminalPublic,
    handler: async (ctx) => createTerminal(ctx.organizationId!, ctx.body, ctx.actor(), actorIdOf(ctx.principal)),
  }),
  [`GET ${ORG}/pos/terminals/{terminal_id}`]: route({
    access: { org: 'viewer' },
    response: pos.posTerminalPublic,
    handler: async ({ organizationId, params }) => readTerminal(organizationId!, params.terminal_id!),
  }),
  [`PUT ${ORG}/pos/terminals/{terminal_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    body: pos.posTerminalUpdate,
    response: pos.posTerminalPublic,
    handler: async (ctx) => updateTerminal(ctx.organizationId!, ctx.params.terminal_id!, ctx.body, ctx.actor()),
  }),
  [`DELETE ${ORG}/pos/terminals/{terminal_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Delete a till that never had a session (one with history can only be deactivated: 409)',
    status: 204,
    handler: async (ctx) => {
      await deleteTerminal(ctx.organizationId!, ctx.params.terminal_id!, ctx.actor());
      return new Reply(204, null);
    },
  }),

  [`GET ${ORG}/pos/sessions`]: route({
    access: { org: 'viewer' },
    summary: 'Sessions (shifts), newest first; each carries its X report (open) or Z report (closed)',
    query: pos.posSessionListQuery,
    response: listOf(pos.posSessionPublic),
    handler: async ({ organizationId, query }) => listSessions(organizationId!, query),
  }),
  [`POST ${ORG}/pos/sessions`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Open a session on a till with the opening float; one open session per till (409)',
    status: 201,
    body: pos.posSessionOpen,
    response: pos.posSessionPublic,
    handler: async (ctx) => openSession(ctx.organizationId!, ctx.body, { actor: ctx.actor(), userId: actorIdOf(ctx.principal)!, userName: ctx.principal?.user?.full_name ?? ctx.principal?.user?.email ?? null }),
  }),
  [`PATCH ${ORG}/pos/sessions/{session_id}`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Close a session with the counted cash (and card and CliQ batch totals): posts the differences to cash over and short and answers the Z report',
    body: pos.posSessionPatch,
    response: pos.posSessionPublic,
    handler: async (ctx) => closeSession(ctx.organizationId!, ctx.params.session_id!, { counted: ctx.body.counted, note: ctx.body.note }, { actor: ctx.actor(), userId: actorIdOf(ctx.principal) }),
  }),

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

export const handler = createHandler(routes);
