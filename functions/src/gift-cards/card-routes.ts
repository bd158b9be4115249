/**
 * Gift cards (issue 16): issuing, loading, suspending, balances, activity and analytics — a route
 * group of the gift-card Lambda (gift-cards/handler.ts), loaded by the first of them called.
 */
import * as z from 'zod';
import * as gc from '@daftar/shared/schemas/giftCards';
import { listOf, pagination } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route, type RouteContext } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import { activateCard, bulkCreate, bulkOperation, cardActivity, cardByNumber, cardsByLocation, cardsSummary, createCard, deleteCard, getCard, listCards, loadCard, presentCard, recordCardTransaction, searchCards, suspendCard, updateCard, validateCard, type CardWho } from './cards.js';

const ORG = '/api/v1/organizations/{organization_id}';

const whoOf = (ctx: RouteContext<unknown, unknown>): CardWho => ({ actor: ctx.actor(), userId: actorIdOf(ctx.principal) ?? null, role: ctx.role });
const balanceOf = (card: Awaited<ReturnType<typeof getCard>>) => ({ gift_card_id: card.id, card_number: card.card_number, status: card.status, balance: presentCard(card).balance, currency: card.currency, expires_on: card.expires_on ?? null });

export const routes = defineRouteGroup('gift-cards', {
  [`GET ${ORG}/gift-cards`]: route({
    access: { org: 'viewer' },
    summary: 'Gift cards, newest first; by status or issuing location (each an index query), type and customer',
    query: gc.giftCardListQuery,
    response: listOf(gc.giftCardPublic),
    handler: async ({ organizationId, query }) => listCards(organizationId!, query),
  }),
  [`POST ${ORG}/gift-cards`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'A gift card: pending, or sold at once with initial_balance and payment_method (at a till with session_id); send an Idempotency-Key: a retry answers the first result',
    status: 201,
    body: gc.giftCardCreate,
    response: gc.giftCardPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: presentCard(await createCard(ctx.organizationId!, ctx.body, whoOf(ctx), guard)) })),
  }),
  [`POST ${ORG}/gift-cards/search`]: route({
    access: { org: 'viewer' },
    summary: 'Search cards by part of the number, notes, reference or customer, with a balance range',
    body: gc.giftCardSearch,
    response: listOf(gc.giftCardPublic),
    handler: async ({ organizationId, body }) => searchCards(organizationId!, body),
  }),
  [`GET ${ORG}/gift-cards/analytics/summary`]: route({
    access: { org: 'viewer' },
    summary: 'What the cards owe (by status, by age of last activity) beside the gift-card liability account',
    response: gc.giftCardSummary,
    handler: async ({ organizationId }) => cardsSummary(organizationId!),
  }),
  [`GET ${ORG}/gift-cards/analytics/locations`]: route({
    access: { org: 'viewer' },
    summary: 'Per location: issued there, spent there, refunded, and what cards issued there still owe',
    response: gc.giftCardLocations,
    handler: async ({ organizationId }) => cardsByLocation(organizationId!),
  }),
  [`POST ${ORG}/gift-cards/bulk-create`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Pending cards in number (a printed batch): no money and no entry until each is activated',
    status: 201,
    body: gc.giftCardBulkCreate,
    response: listOf(gc.giftCardPublic),
    handler: async (ctx) => {
      const cards = await bulkCreate(ctx.organizationId!, ctx.body, whoOf(ctx));
      return { data: cards.map(presentCard), count: cards.length };
    },
  }),
  [`POST ${ORG}/gift-cards/bulk-operations`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Activate, suspend, reactivate or deactivate several cards; each card on its own, the result per card',
    body: gc.giftCardBulkOperation,
    response: gc.giftCardBulkResult,
    handler: async (ctx) => bulkOperation(ctx.organizationId!, ctx.body, whoOf(ctx)),
  }),
  [`GET ${ORG}/gift-cards/number/{card_number}`]: route({
    access: { org: 'viewer' },
    summary: 'The card with this number (spaces and dashes allowed)',
    response: gc.giftCardPublic,
    handler: async ({ organizationId, params }) => presentCard(await cardByNumber(organizationId!, params.card_number!)),
  }),
  [`POST ${ORG}/gift-cards/number/{card_number}/validate`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Can the card pay now (active, not expired, PIN right)? Five wrong PINs lock it for 30 minutes',
    body: gc.giftCardValidate,
    response: gc.giftCardValidation,
    handler: async (ctx) => validateCard(ctx.organizationId!, ctx.params.card_number!, ctx.body.pin, whoOf(ctx)),
  }),
  [`GET ${ORG}/gift-cards/{gift_card_id}`]: route({
    access: { org: 'viewer' },
    response: gc.giftCardPublic,
    handler: async ({ organizationId, params }) => presentCard(await getCard(organizationId!, params.gift_card_id!)),
  }),
  [`PUT ${ORG}/gift-cards/{gift_card_id}`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Notes, reference, customer, design, location, expiry and PIN (money changes through activate, load, redeem and transactions)',
    body: gc.giftCardUpdate,
    response: gc.giftCardPublic,
    handler: async (ctx) => presentCard(await updateCard(ctx.organizationId!, ctx.params.gift_card_id!, ctx.body, whoOf(ctx))),
  }),
  [`DELETE ${ORG}/gift-cards/{gift_card_id}`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'A pending card that never held money is deleted; any other is deactivated (its unspent balance released as breakage)',
    response: z.object({ deleted: z.boolean(), card: gc.giftCardPublic }),
    handler: async (ctx) => {
      const { deleted, card } = await deleteCard(ctx.organizationId!, ctx.params.gift_card_id!, whoOf(ctx));
      return { deleted, card: presentCard(card) };
    },
  }),
  [`POST ${ORG}/gift-cards/{gift_card_id}/activate`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'A pending card activated with money (amount, payment_method; session_id at a till), or a suspended card reactivated',
    body: gc.giftCardActivate,
    response: gc.giftCardPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 200, body: presentCard(await activateCard(ctx.organizationId!, ctx.params.gift_card_id!, ctx.body, whoOf(ctx), guard)) })),
  }),
  [`POST ${ORG}/gift-cards/{gift_card_id}/suspend`]: route({
    access: { org: 'admin' },
    autoAudit: false,
    summary: 'Suspend an active card with the reason (lost, disputed): it cannot pay until reactivated',
    body: gc.giftCardSuspend,
    response: gc.giftCardPublic,
    handler: async (ctx) => presentCard(await suspendCard(ctx.organizationId!, ctx.params.gift_card_id!, ctx.body.reason, whoOf(ctx))),
  }),
  [`POST ${ORG}/gift-cards/{gift_card_id}/load`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: 'Add money to an active card (Dr the money side, Cr gift-card liability)',
    body: gc.giftCardLoad,
    response: gc.giftCardPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 200, body: presentCard(await loadCard(ctx.organizationId!, ctx.params.gift_card_id!, ctx.body, whoOf(ctx), guard)) })),
  }),
  [`GET ${ORG}/gift-cards/{gift_card_id}/balance`]: route({
    access: { org: 'viewer' },
    response: gc.giftCardBalance,
    handler: async ({ organizationId, params }) => balanceOf(await getCard(organizationId!, params.gift_card_id!)),
  }),
  [`GET ${ORG}/gift-cards/{gift_card_id}/transactions`]: route({
    access: { org: 'viewer' },
    summary: "The card's ledger, newest first: every change with the balance after it",
    query: pagination,
    response: listOf(gc.giftCardTransactionPublic),
    handler: async ({ organizationId, params, query }) => cardActivity(organizationId!, params.gift_card_id!, query),
  }),
  [`POST ${ORG}/gift-cards/{gift_card_id}/transactions`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: "An admin's adjustment (signed, with the reason), or the refund of the card's purchase (its unspent balance paid back; the card is deactivated)",
    status: 201,
    body: gc.giftCardTransactionCreate,
    response: gc.giftCardPublic,
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: presentCard(await recordCardTransaction(ctx.organizationId!, ctx.params.gift_card_id!, ctx.body, whoOf(ctx), guard)) })),
  }),
});
