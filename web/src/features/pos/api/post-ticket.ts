import type { PosSaleCreate, PosTransaction } from '@daftar/shared/schemas/pos';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import type { OutboxItem } from '../offline/store';
import { posPath } from './keys';

/**
 * The outbox's transport: a sale to `transactions`, a return to `returns`, each with its own id
 * as the Idempotency-Key, so a resend after a lost answer gets the first answer back.
 */
export const postTicket = (item: OutboxItem) =>
  api.post<PosTransaction>(`${posPath(item.organization_id)}/${item.kind === 'sale' ? 'transactions' : 'returns'}`, {
    organizationId: item.organization_id,
    json: item.body,
    headers: idempotencyHeaders(item.id),
  });

/**
 * A sale sent at once rather than through the outbox: one that spends a gift card (the card's
 * balance is the server's, so the cashier must see the answer before the customer leaves). Same
 * path and the same key (the sale's id) as the outbox uses, so a resend posts once.
 */
export const postSaleNow = (organizationId: string, body: PosSaleCreate) =>
  api.post<PosTransaction>(`${posPath(organizationId)}/transactions`, { organizationId, json: body, headers: idempotencyHeaders(body.id) });
