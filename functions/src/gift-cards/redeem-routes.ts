/**
 * Redeeming a gift card against an invoice (issue 16): the gift-card Lambda's route group that
 * records the payment (payments/payments.ts), loaded by the first redemption.
 */
import * as z from 'zod';
import * as gc from '@daftar/shared/schemas/giftCards';
import { defineRouteGroup, route, type RouteContext } from '../http/api.js';
import { idempotent } from '../http/idempotency.js';
import { actorIdOf } from '../http/principal.js';
import type { CardWho } from './cards.js';
import { redeemOnInvoice } from './redeem.js';

const ORG = '/api/v1/organizations/{organization_id}';

const whoOf = (ctx: RouteContext<unknown, unknown>): CardWho => ({ actor: ctx.actor(), userId: actorIdOf(ctx.principal) ?? null, role: ctx.role });

export const routes = defineRouteGroup('gift-cards', {
  [`POST ${ORG}/gift-cards/{gift_card_id}/redeem`]: route({
    access: { org: 'member' },
    autoAudit: false,
    summary: "Pay an invoice with the card: a payment received whose money is the card's balance (Dr gift-card liability, Cr receivable); never revenue or tax",
    status: 201,
    body: gc.giftCardRedeem,
    response: z.object({ card: gc.giftCardPublic, payment_id: z.string(), payment_number: z.string() }),
    handler: async (ctx) => idempotent(ctx, async (guard) => ({ status: 201, body: await redeemOnInvoice(ctx.organizationId!, ctx.params.gift_card_id!, ctx.body, whoOf(ctx), guard) })),
  }),
});
