/**
 * Changing layaways (issue 16): open, edit, items, payments, pickup, cancel, reserve, the overdue
 * check and bulk operations — the route group of the layaway Lambda (layaway/handler.ts) that
 * carries the posting. Every money or stock change is one transaction through posting.ts; money
 * moves honour the Idempotency-Key.
 */
import * as lw from '@daftar/shared/schemas/layaway';
import { defineRouteGroup, route, type RouteContext } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import { cancelLayaway, changeItems, createLayaway, pickUp, recordPayment, reserveInventory, updateLayaway, type Who } from './layaways.js';
import { getLayaway, presentLayaway } from './read.js';
import { checkOverdue } from './overdue.js';

const ORG = '/api/v1/organizations/{organization_id}';

const whoOf = (ctx: RouteContext<unknown, unknown>): Who => ({ actor: ctx.actor(), userId: actorIdOf(ctx.principal) ?? null });
const cancelQuery = lw.layawayCancelQuery;

export const routes = defineRouteGroup('layaway', {
  [`POST ${ORG}/layaway`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'A layaway: customer, items (reserved in stock in the same transaction), schedule, and the deposit taken now (Dr money, Cr customer deposits 2300); send an Idempotency-Key',
    status: 201,
    body: lw.layawayCreate,
    response: lw.layawayPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: presentLayaway(await createLayaway(ctx.organizationId!, ctx.body, whoOf(ctx), guard)) })),
  }),
  [`POST ${ORG}/layaway/check-overdue`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Flags active layaways with an instalment past due and unpaid (and clears paid-up ones); one reminder e-mail per overdue instalment (also run nightly)',
    body: lw.layawayCheckOverdue.optional(),
    response: lw.layawayOverdueResult,
    handler: async ({ organizationId, body }) => checkOverdue(organizationId!, { asOf: body?.as_of }),
  }),
  [`POST ${ORG}/layaway/bulk-operations`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Check overdue, send reminders or cancel several layaways; each on its own, the result per layaway',
    body: lw.layawayBulkOperation,
    response: lw.layawayBulkResult,
    handler: async (ctx) => {
      const results: { layaway_id: string; ok: boolean; detail: string | null }[] = [];
      for (const id of ctx.body.layaway_ids) {
        try {
          if (ctx.body.operation === 'cancel') {
            await cancelLayaway(ctx.organizationId!, id, { reason: ctx.body.reason!, policy: ctx.body.cancellation_policy, refund_method: ctx.body.refund_method }, whoOf(ctx));
          } else {
            await getLayaway(ctx.organizationId!, id);
            await checkOverdue(ctx.organizationId!, { ids: [id], remind: true });
          }
          results.push({ layaway_id: id, ok: true, detail: null });
        } catch (error) {
          const detail = (error as { detail?: unknown }).detail;
          results.push({ layaway_id: id, ok: false, detail: typeof detail === 'string' ? detail : error instanceof Error ? error.message : String(error) });
        }
      }
      return { done: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results };
    },
  }),
  [`PUT ${ORG}/layaway/{layaway_id}`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Terms of an active layaway: due date, frequency, minimum deposit, cancellation policy and fee, notes',
    body: lw.layawayUpdate,
    response: lw.layawayPublic,
    handler: async (ctx) => presentLayaway(await updateLayaway(ctx.organizationId!, ctx.params.layaway_id!, ctx.body, whoOf(ctx))),
  }),
  [`POST ${ORG}/layaway/{layaway_id}/cancel`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Cancel with the reason (query): the reservation released and the deposits refunded, turned into store credit, or refunded less a cancellation fee (other income), by policy',
    query: cancelQuery,
    body: lw.layawayCancel.optional(),
    response: lw.layawayPublic,
    handler: async (ctx) =>
      idempotent(ctx, async (guard) => ({
        status: 200,
        body: presentLayaway(
          await cancelLayaway(
            ctx.organizationId!,
            ctx.params.layaway_id!,
            { reason: ctx.query.reason, policy: ctx.body?.cancellation_policy ?? ctx.query.cancellation_policy, fee: ctx.body?.cancellation_fee, refund_method: ctx.body?.refund_method, session_id: ctx.body?.session_id, account_id: ctx.body?.account_id },
            whoOf(ctx),
            guard,
          ),
        ),
      })),
  }),
  [`POST ${ORG}/layaway/{layaway_id}/pickup`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'The customer takes the goods, paid in full: revenue, output tax and cost of goods sold, the deposits cleared and the reservation consumed in one transaction; the JoFotara invoice is queued',
    body: lw.layawayPickup.optional(),
    response: lw.layawayPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 200, body: presentLayaway(await pickUp(ctx.organizationId!, ctx.params.layaway_id!, { date: ctx.body?.date, notes: ctx.body?.notes }, whoOf(ctx), guard)) })),
  }),
  [`POST ${ORG}/layaway/{layaway_id}/complete`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'The remaining balance paid now and the goods taken: the pickup with the last payment in the same transaction',
    body: lw.layawayComplete,
    response: lw.layawayPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 200, body: presentLayaway(await pickUp(ctx.organizationId!, ctx.params.layaway_id!, { payment: ctx.body }, whoOf(ctx), guard)) })),
  }),
  [`POST ${ORG}/layaway/{layaway_id}/reserve-inventory`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Reserve the items of a layaway created without its reservation (all or nothing; 409 when stock does not cover it)',
    response: lw.layawayPublic,
    handler: async (ctx) => presentLayaway(await reserveInventory(ctx.organizationId!, ctx.params.layaway_id!, whoOf(ctx))),
  }),
  [`POST ${ORG}/layaway/{layaway_id}/items`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Add an item to an active layaway (reserved in the same transaction when the layaway is)',
    status: 201,
    body: lw.layawayItemCreate,
    response: lw.layawayPublic,
    handler: async (ctx) => presentLayaway(await changeItems(ctx.organizationId!, ctx.params.layaway_id!, { add: ctx.body }, whoOf(ctx))),
  }),
  [`PUT ${ORG}/layaway/{layaway_id}/items/{item_id}`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: "Change an item's quantity or price while the layaway is active; the reservation follows the quantity in the same transaction",
    body: lw.layawayItemUpdate,
    response: lw.layawayPublic,
    handler: async (ctx) => presentLayaway(await changeItems(ctx.organizationId!, ctx.params.layaway_id!, { itemId: ctx.params.item_id!, update: ctx.body }, whoOf(ctx))),
  }),
  [`POST ${ORG}/layaway/{layaway_id}/payments`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'A payment (a customer deposit: Dr money, Cr 2300), at most the balance due; at a till (session_id) cash goes to the drawer; send an Idempotency-Key',
    status: 201,
    body: lw.layawayPaymentCreate,
    response: lw.layawayPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: presentLayaway((await recordPayment(ctx.organizationId!, ctx.params.layaway_id!, ctx.body, whoOf(ctx), guard)).layaway) })),
  }),
});
