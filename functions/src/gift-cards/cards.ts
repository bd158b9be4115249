/**
 * Gift cards (issue 16): making them, finding them, and every state change (moves.ts posts each
 * one). The states and the posting of each change are described in shared/src/schemas/giftCards.ts
 * and moves.ts; this module decides which change a request is and refuses what the state does not
 * allow, with a 409 that says what to do instead.
 */
import { randomInt } from 'node:crypto';
import { isValidCardNumber, makeCardNumber, maskCardNumber, normalizeCardNumber } from '@daftar/shared/giftcards/card-number';
import { matchesSearch, searchText } from '@daftar/shared/search';
import {
  GIFT_CARD_PIN_ATTEMPTS,
  GIFT_CARD_PIN_LOCK_MINUTES,
  GIFT_CARD_STATUSES,
  giftCardAgingBuckets,
  type GiftCardPaymentMethod,
  type GiftCardPublic,
  type GiftCardStatus,
  type GiftCardSummary,
  type GiftCardTransactionPublic,
  type GiftCardValidation,
} from '@daftar/shared/schemas/giftCards';
import type * as z from 'zod';
import type { giftCardActivate, giftCardBulkCreate, giftCardBulkOperation, giftCardCreate, giftCardListQuery, giftCardLoad, giftCardSearch, giftCardTransactionCreate, giftCardUpdate } from '@daftar/shared/schemas/giftCards';
import { AuditLog, auditRecord } from '../db/auditLog.js';
import { Contact } from '../db/contact.js';
import { GiftCard, GiftCardActivity, GiftCardExpiry, GiftCardLocationFigures, GiftCardNumber, type GiftCardActivityRecord, type GiftCardRecord } from '../db/giftCard.js';
import { readItem } from '../db/get-together.js';
import { listPage, takeAll } from '../db/paging.js';
import { deleteItem, onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { accountBalances, normalBalance } from '../ledger/balances.js';
import { systemAccount } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, Forbidden, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import { hasRank, type Role } from '@daftar/shared/roles';
import { CardMoved, formatAmount, moneySide, moveCard, parseAmount, type Move, type MoveContext, type Who } from './moves.js';
import type { IdempotencyClaim } from '../documents/posting-path.js';

export type CardWho = Who & { role: Role | null };
/** The request's Idempotency-Key (http/idempotency.ts), when it sent one: money moves once. */
export type CardClaim = IdempotencyClaim | null;
const claimOf = (claim: CardClaim | undefined, status: number) => (claim ? { claim, status, present: presentCard } : null);

// ---- Presenter ----------------------------------------------------------------------------------

export function presentCard(card: GiftCardRecord): GiftCardPublic {
  const amount = (minor: number | undefined) => (minor === undefined ? null : formatAmount(minor, card.currency));
  return {
    id: card.id,
    card_number: card.card_number,
    status: card.status,
    gift_card_type: card.gift_card_type,
    location_id: card.location_id,
    currency: card.currency,
    balance: formatAmount(card.balance, card.currency),
    initial_balance: amount(card.initial_balance),
    has_pin: !!card.pin_hash,
    pin_locked_until: card.pin_locked_until && Date.parse(card.pin_locked_until) > Date.now() ? card.pin_locked_until : null,
    design_template: card.design_template,
    notes: card.notes ?? null,
    reference_id: card.reference_id ?? null,
    customer_id: card.customer_id ?? null,
    customer_name: card.customer_name ?? null,
    expires_on: card.expires_on ?? null,
    suspended_reason: card.suspended_reason ?? null,
    activated_at: card.activated_at ?? null,
    last_activity_at: card.last_activity_at ?? null,
    created_at: card.created_at,
    updated_at: card.updated_at,
  };
}

export function presentActivity(line: GiftCardActivityRecord, currency: string): GiftCardTransactionPublic {
  return {
    id: line.id,
    gift_card_id: line.gift_card_id,
    transaction_type: line.transaction_type,
    amount: formatAmount(line.amount, currency),
    balance_after: formatAmount(line.balance_after, currency),
    reference_type: line.reference_type ?? null,
    reference_id: line.reference_id ?? null,
    location_id: line.location_id ?? null,
    journal_entry_id: line.journal_entry_id ?? null,
    notes: line.notes ?? null,
    created_by: line.created_by ?? null,
    created_at: line.created_at,
  };
}

// ---- Reads --------------------------------------------------------------------------------------

export async function getCard(organizationId: string, id: string): Promise<GiftCardRecord> {
  const card = await readItem(GiftCard, { organization_id: organizationId, id });
  if (!card) throw new NotFound('Gift card not found');
  return card;
}

export async function cardByNumber(organizationId: string, number: string): Promise<GiftCardRecord> {
  if (!isValidCardNumber(number)) {
    throw new ValidationError([{ loc: ['path', 'card_number'], msg: 'A gift card number is 16 digits; check the number on the card', type: 'value_error' }]);
  }
  const key = await readItem(GiftCardNumber, { organization_id: organizationId, card_number: normalizeCardNumber(number) });
  if (!key) throw new NotFound('No gift card has this number');
  return getCard(organizationId, key.gift_card_id);
}

type ListQuery = z.infer<typeof giftCardListQuery>;

/** The index that answers the query: by status, by location, or all; the other filters on it. */
function cardsQuery(organizationId: string, query: Partial<ListQuery>) {
  const base = query.status
    ? GiftCard.query.byStatus({ organization_id: organizationId, status: query.status })
    : query.location_id
      ? GiftCard.query.byLocation({ organization_id: organizationId, location_id: query.location_id })
      : GiftCard.query.byId({ organization_id: organizationId });
  return base.where((a, { eq }) =>
    [
      query.gift_card_type ? eq(a.gift_card_type, query.gift_card_type) : '',
      query.customer_id ? eq(a.customer_id, query.customer_id) : '',
      query.status && query.location_id ? eq(a.location_id, query.location_id) : '',
    ]
      .filter(Boolean)
      .join(' AND '),
  );
}

export async function listCards(organizationId: string, query: ListQuery) {
  return listPage(cardsQuery(organizationId, query), { skip: query.skip, limit: query.limit, order: 'desc' }, presentCard);
}

/** Search: part of the number, the notes, the reference or the customer (Arabic normalized), and a balance range. */
export async function searchCards(organizationId: string, query: z.infer<typeof giftCardSearch>) {
  const { currency } = await organizationSettings(organizationId);
  const cards = await takeAll(cardsQuery(organizationId, query), 'desc');
  const digits = query.q ? normalizeCardNumber(query.q) : '';
  const min = query.min_balance ? parseAmount(query.min_balance, currency) : null;
  const max = query.max_balance ? parseAmount(query.max_balance, currency) : null;
  const matching = cards.filter((card) => {
    if (min !== null && card.balance < min) return false;
    if (max !== null && card.balance > max) return false;
    if (!query.q) return true;
    if (/^\d+$/.test(digits) && card.card_number.includes(digits)) return true;
    return matchesSearch(searchText([card.notes, card.reference_id, card.customer_name]), query.q);
  });
  return { data: matching.slice(query.skip, query.skip + query.limit).map(presentCard), count: matching.length };
}

export async function cardActivity(organizationId: string, cardId: string, page: { skip: number; limit: number }) {
  const card = await getCard(organizationId, cardId);
  return listPage(GiftCardActivity.query.byCard({ organization_id: organizationId, gift_card_id: cardId }), { ...page, order: 'desc' }, (line) => presentActivity(line, card.currency));
}

// ---- Making cards -------------------------------------------------------------------------------

const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

async function customerName(organizationId: string, customerId: string | null | undefined): Promise<string | undefined> {
  if (!customerId) return undefined;
  const contact = await readItem(Contact, { organization_id: organizationId, id: customerId });
  if (!contact || contact.contact_type === 'supplier') throw new ValidationError([{ loc: ['body', 'customer_id'], msg: 'Customer not found', type: 'not_found' }]);
  return contact.name;
}

function newCard(organizationId: string, currency: string, fields: Partial<GiftCardRecord> & Pick<GiftCardRecord, 'gift_card_type' | 'location_id' | 'design_template'>, createdBy: string | null, now: string): GiftCardRecord {
  return {
    organization_id: organizationId,
    id: uuidv7(),
    card_number: makeCardNumber(randomDigits),
    status: 'pending',
    currency,
    balance: 0,
    version: 0,
    created_by: createdBy ?? undefined,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** The card's expiry marker, for the nightly job (gift-cards/expiry.ts); none without a date. */
const expiryMarker = (card: Pick<GiftCardRecord, 'organization_id' | 'id' | 'expires_on'>): TransactItem[] =>
  card.expires_on ? [putItem(GiftCardExpiry.put({ expires_on: card.expires_on, organization_id: card.organization_id, gift_card_id: card.id }).params())] : [];

/** Random numbers collide about never; when one does, the create draws another (the key's condition refused it). */
const NUMBER_ATTEMPTS = 5;

export async function createCard(organizationId: string, input: z.infer<typeof giftCardCreate>, who: CardWho, claim?: CardClaim): Promise<GiftCardRecord> {
  const { currency } = await organizationSettings(organizationId);
  const [customer_name, pin_hash] = await Promise.all([customerName(organizationId, input.customer_id), input.pin ? hashPassword(input.pin) : Promise.resolve(undefined)]);
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const card = newCard(organizationId, currency, {
      gift_card_type: input.gift_card_type,
      location_id: input.location_id,
      design_template: input.design_template,
      notes: input.notes ?? undefined,
      reference_id: input.reference_id ?? undefined,
      customer_id: input.customer_id ?? undefined,
      customer_name,
      expires_on: input.expires_on ?? undefined,
      pin_hash,
    }, who.userId, now);
    try {
      if (input.initial_balance) {
        // Sold at once: created active in the activation's one transaction.
        return await moveCard(organizationId, {
          card: { create: card },
          sessionId: input.session_id,
          accountId: input.account_id,
          who,
          items: expiryMarker(card),
          idempotency: claimOf(claim, 201),
          decide: (ctx) => moneyIn(ctx, parseAmount(input.initial_balance!, currency), input.payment_method!, null, 'activate'),
        });
      }
      await postTransaction([
        ...(claim ? [claim.recordItem({ status: 201, body: presentCard({ ...card, version: 1 }), resourceType: 'gift_card', resourceId: card.id })] : []),
        putItem(GiftCard.create({ ...card, version: 1 }).params(), () => new CardMoved()),
        putItem(GiftCardNumber.create({ organization_id: organizationId, card_number: card.card_number, gift_card_id: card.id }).params(), () => new CardMoved()),
        ...expiryMarker(card),
        putItem(AuditLog.create(auditRecord(who.actor, { action: 'gift_card.created', entity_type: 'gift_card', entity_id: card.id, narrative: { key: 'audit.gift_card.created', params: { card: maskCardNumber(card.card_number) } }, changes: { gift_card_type: card.gift_card_type } })).params()),
      ]);
      return { ...card, version: 1 };
    } catch (error) {
      if (!(error instanceof CardMoved) || attempt >= NUMBER_ATTEMPTS) throw error;
    }
  }
}

/** Pending cards in number (printing a batch): no money, no entry, until each is activated. */
export async function bulkCreate(organizationId: string, input: z.infer<typeof giftCardBulkCreate>, who: CardWho): Promise<GiftCardRecord[]> {
  const { currency } = await organizationSettings(organizationId);
  const now = new Date().toISOString();
  const cards: GiftCardRecord[] = [];
  // 49 cards (a card and its number key each; 33 with an expiry marker too) and the audit record per transaction.
  const perTransaction = input.expires_on ? 33 : 49;
  for (let start = 0; start < input.count; start += perTransaction) {
    const batch = Array.from({ length: Math.min(perTransaction, input.count - start) }, () =>
      newCard(organizationId, currency, { gift_card_type: input.gift_card_type, location_id: input.location_id, design_template: input.design_template, expires_on: input.expires_on ?? undefined, notes: input.notes ?? undefined, version: 1 }, who.userId, now),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        await postTransaction([
          ...batch.flatMap((card) => [
            putItem(GiftCard.create(card).params(), () => new CardMoved()),
            putItem(GiftCardNumber.create({ organization_id: organizationId, card_number: card.card_number, gift_card_id: card.id }).params(), () => new CardMoved()),
            ...expiryMarker(card),
          ]),
          putItem(AuditLog.create(auditRecord(who.actor, { action: 'gift_card.bulk_created', entity_type: 'gift_card', entity_id: batch[0]!.id, narrative: { key: 'audit.gift_card.bulk_created', params: { count: String(batch.length) } }, changes: { count: batch.length } })).params()),
        ]);
        break;
      } catch (error) {
        if (!(error instanceof CardMoved) || attempt >= NUMBER_ATTEMPTS) throw error;
        for (const card of batch) card.card_number = makeCardNumber(randomDigits);
      }
    }
    cards.push(...batch);
  }
  return cards;
}

export async function updateCard(organizationId: string, id: string, input: z.infer<typeof giftCardUpdate>, who: CardWho): Promise<GiftCardRecord> {
  const card = await getCard(organizationId, id);
  const now = new Date().toISOString();
  const set: Partial<GiftCardRecord> = { updated_at: now, version: card.version + 1 };
  const remove: (keyof GiftCardRecord)[] = [];
  const assign = <K extends keyof GiftCardRecord>(key: K, value: GiftCardRecord[K] | null | undefined) => {
    if (value === undefined) return;
    if (value === null) remove.push(key);
    else set[key] = value;
  };
  assign('location_id', input.location_id);
  assign('design_template', input.design_template);
  assign('notes', input.notes);
  assign('reference_id', input.reference_id);
  assign('expires_on', input.expires_on);
  if (input.customer_id !== undefined) {
    assign('customer_id', input.customer_id);
    assign('customer_name', input.customer_id ? await customerName(organizationId, input.customer_id) : null);
  }
  if (input.pin !== undefined) {
    // A new PIN (or none) also ends a lock-out: the holder proved the card is theirs at the counter.
    assign('pin_hash', input.pin ? await hashPassword(input.pin) : null);
    set.pin_failures = 0;
    remove.push('pin_locked_until');
  }
  if (card.status === 'deactivated' || card.status === 'expired') {
    if (input.expires_on !== undefined || input.location_id !== undefined || input.pin !== undefined) throw new Conflict(`The card is ${card.status}; only its notes can change`);
  }
  let update = GiftCard.patch({ organization_id: organizationId, id }).set(set as never);
  if (remove.length) update = update.remove(remove as never);
  await postTransaction([
    onConditionFailed(updateItem(update.where((a, { eq }) => eq(a.version, card.version)).params()), () => new Conflict('The card changed meanwhile; reload it and try again')),
    ...(input.expires_on && input.expires_on !== card.expires_on ? expiryMarker({ ...card, expires_on: input.expires_on }) : []),
    putItem(AuditLog.create(auditRecord(who.actor, { action: 'gift_card.updated', entity_type: 'gift_card', entity_id: id, narrative: { key: 'audit.gift_card.updated', params: { card: maskCardNumber(card.card_number) } }, changes: Object.fromEntries(Object.keys(input).map((k) => [k, k === 'pin' ? '••••' : (input as Record<string, unknown>)[k]])) })).params()),
  ]);
  return getCard(organizationId, id);
}

/**
 * DELETE: a pending card that never held money is removed with its number; a card that has held
 * money keeps its ledger, so deleting it means deactivating it (the unspent balance is released).
 */
export async function deleteCard(organizationId: string, id: string, who: CardWho): Promise<{ deleted: boolean; card: GiftCardRecord }> {
  const card = await getCard(organizationId, id);
  if (card.status === 'pending' && !card.activated_at) {
    await postTransaction([
      onConditionFailed(deleteItem(GiftCard.delete({ organization_id: organizationId, id }).where((a, { eq }) => eq(a.version, card.version)).params()), () => new Conflict('The card changed meanwhile; reload it and try again')),
      deleteItem(GiftCardNumber.delete({ organization_id: organizationId, card_number: card.card_number }).params()),
      putItem(AuditLog.create(auditRecord(who.actor, { action: 'gift_card.deleted', entity_type: 'gift_card', entity_id: id, narrative: { key: 'audit.gift_card.deleted', params: { card: maskCardNumber(card.card_number) } }, changes: {} })).params()),
    ]);
    return { deleted: true, card };
  }
  return { deleted: false, card: await deactivate(organizationId, id, who, 'deactivate') };
}

// ---- Money moves --------------------------------------------------------------------------------

const label = (card: GiftCardRecord) => maskCardNumber(card.card_number);

/**
 * Money onto a card — its first activation (a pending or new card) or a load (an active one): Dr the
 * money side, Cr the liability; a promotional card's gift is booked as marketing, and only a
 * promotional card is given without payment.
 */
function moneyIn(ctx: MoveContext & { chosen: import('../db/account.js').AccountRecord | null }, amount: number, method: GiftCardPaymentMethod, notes: string | null, how: 'activate' | 'load'): Move {
  const { card } = ctx;
  if (how === 'activate' && card.status !== 'pending') throw new Conflict(`The card is ${card.status}; only a pending card is activated with money`);
  if (how === 'load') usable(ctx, 'loaded');
  if ((card.gift_card_type === 'promotional') !== (method === 'promotional')) {
    throw new ValidationError([{ loc: ['body', 'payment_method'], msg: card.gift_card_type === 'promotional' ? 'A promotional card is given, not paid for' : 'Only a promotional card is given without payment', type: 'value_error' }]);
  }
  const side = moneySide(ctx, method, ctx.chosen);
  return {
    type: how,
    amount,
    ...(how === 'activate' ? { status: 'active' as const, set: { initial_balance: amount, activated_at: ctx.now } } : {}),
    counterAccount: side.account,
    narrative: { key: method === 'promotional' ? 'ledger.gift_card.promotional' : `ledger.gift_card.${how}`, params: { card: label(card) } },
    tillTender: side.tillTender ? { method: side.tillTender, sign: 1 } : undefined,
    figures: { issued: amount, issued_count: 1, outstanding: amount },
    location_id: ctx.terminal?.location_id,
    reference: ctx.session ? { type: 'pos_session', id: ctx.session.id } : undefined,
    notes,
    audit: { action: how, key: `audit.gift_card.${how}`, params: { card: label(card), amount: formatAmount(amount, ctx.currency) } },
  };
}

/** POST activate: a pending card with money, or a suspended card back to active. */
export async function activateCard(organizationId: string, id: string, input: z.infer<typeof giftCardActivate>, who: CardWho, claim?: CardClaim): Promise<GiftCardRecord> {
  const { currency } = await organizationSettings(organizationId);
  return moveCard(organizationId, {
    card: { id },
    sessionId: input.session_id,
    accountId: input.account_id,
    who,
    idempotency: claimOf(claim, 200),
    decide: (ctx) => {
      if (ctx.card.status === 'suspended') {
        if (input.amount) throw new Conflict('The card is suspended: reactivate it first, then load it');
        return { type: 'reactivate', amount: 0, status: 'active', clearSuspendedReason: true, notes: input.notes ?? null, audit: { action: 'reactivate', key: 'audit.gift_card.reactivate', params: { card: label(ctx.card) } } };
      }
      if (ctx.card.status === 'active') throw new Conflict('The card is already active; load it to add money');
      if (!input.amount) throw new ValidationError([{ loc: ['body', 'amount'], msg: 'Activating a card needs the amount on it', type: 'missing' }]);
      const method = input.payment_method ?? (ctx.card.gift_card_type === 'promotional' ? 'promotional' : undefined);
      if (!method) throw new ValidationError([{ loc: ['body', 'payment_method'], msg: 'Say how the card was paid for', type: 'missing' }]);
      return moneyIn(ctx, parseAmount(input.amount, currency), method, input.notes ?? null, 'activate');
    },
  });
}

function usable(ctx: MoveContext, verb: string) {
  const { card } = ctx;
  if (card.status !== 'active') throw new Conflict(`The card is ${card.status}; it cannot be ${verb}`);
  if (card.expires_on && card.expires_on < ctx.today) throw new Conflict(`The card expired on ${card.expires_on}; it cannot be ${verb}`);
}

export async function loadCard(organizationId: string, id: string, input: z.infer<typeof giftCardLoad>, who: CardWho, claim?: CardClaim): Promise<GiftCardRecord> {
  const { currency } = await organizationSettings(organizationId);
  const amount = parseAmount(input.amount, currency);
  return moveCard(organizationId, {
    card: { id },
    sessionId: input.session_id,
    accountId: input.account_id,
    who,
    idempotency: claimOf(claim, 200),
    decide: (ctx) => moneyIn(ctx, amount, input.payment_method, input.notes ?? null, 'load'),
  });
}

export async function suspendCard(organizationId: string, id: string, reason: string, who: CardWho): Promise<GiftCardRecord> {
  return moveCard(organizationId, {
    card: { id },
    who,
    decide: (ctx) => {
      if (ctx.card.status !== 'active') throw new Conflict(`The card is ${ctx.card.status}; only an active card is suspended`);
      return { type: 'suspend', amount: 0, status: 'suspended', set: { suspended_reason: reason }, notes: reason, audit: { action: 'suspend', key: 'audit.gift_card.suspend', params: { card: label(ctx.card), reason } } };
    },
  });
}

/**
 * The end of a card: its unspent balance released (breakage: other income; a promotional card's
 * back to marketing), status deactivated (or expired).
 */
export async function deactivate(organizationId: string, id: string, who: CardWho, how: 'deactivate' | 'expire'): Promise<GiftCardRecord> {
  return moveCard(organizationId, {
    card: { id },
    who,
    decide: (ctx) => endOfCard(ctx, how),
  });
}

function endOfCard(ctx: MoveContext, how: 'deactivate' | 'expire'): Move {
  const { card } = ctx;
  if (card.status === 'deactivated' || card.status === 'expired') throw new Conflict(`The card is already ${card.status}`);
  if (how === 'expire' && (!card.expires_on || card.expires_on >= ctx.today)) throw new Conflict('The card has not expired');
  const released = card.balance;
  return {
    type: how,
    amount: -released,
    status: how === 'expire' ? 'expired' : 'deactivated',
    counterAccount: card.gift_card_type === 'promotional' ? ctx.accounts.marketing.id : ctx.accounts.other_income.id,
    narrative: { key: 'ledger.gift_card.breakage', params: { card: label(card) } },
    figures: { breakage: released, outstanding: -released },
    audit: { action: how, key: how === 'expire' ? 'audit.gift_card.expire' : 'audit.gift_card.deactivate', params: { card: label(card) } },
  };
}

/** POST transactions: an admin's adjustment, or the refund of the card's purchase. */
export async function recordCardTransaction(organizationId: string, id: string, input: z.infer<typeof giftCardTransactionCreate>, who: CardWho, claim?: CardClaim): Promise<GiftCardRecord> {
  const { currency } = await organizationSettings(organizationId);
  if (input.transaction_type === 'adjust') {
    if (!hasRank(who.role, 'admin')) throw new Forbidden('Only an admin or owner adjusts a gift card');
    const amount = parseAmount(input.amount.replace(/^-/, ''), currency) * (input.amount.startsWith('-') ? -1 : 1);
    return moveCard(organizationId, {
      card: { id },
      who,
      idempotency: claimOf(claim, 201),
      decide: (ctx) => {
        if (ctx.card.status === 'pending' || ctx.card.status === 'deactivated' || ctx.card.status === 'expired') throw new Conflict(`The card is ${ctx.card.status}; it cannot be adjusted`);
        return {
          type: 'adjust',
          amount,
          counterAccount: amount > 0 ? ctx.accounts.other_expense.id : ctx.accounts.other_income.id,
          narrative: { key: 'ledger.gift_card.adjust', params: { card: label(ctx.card), reason: input.notes } },
          figures: amount > 0 ? { issued: amount, outstanding: amount } : { breakage: -amount, outstanding: amount },
          notes: input.notes,
          audit: { action: 'adjust', key: 'audit.gift_card.adjust', params: { card: label(ctx.card), amount: input.amount } },
        };
      },
    });
  }
  return moveCard(organizationId, {
    card: { id },
    sessionId: input.session_id,
    accountId: input.account_id,
    who,
    idempotency: claimOf(claim, 201),
    decide: (ctx) => {
      const { card } = ctx;
      if (card.gift_card_type === 'promotional') throw new Conflict('A promotional card was given, not bought: deactivate it instead');
      if (card.status !== 'active' && card.status !== 'suspended') throw new Conflict(`The card is ${card.status}; there is nothing to refund`);
      if (card.balance <= 0) throw new Conflict('The card holds nothing to refund; deactivate it instead');
      const side = moneySide(ctx, input.payment_method, ctx.chosen);
      return {
        type: 'refund',
        amount: -card.balance,
        status: 'deactivated',
        counterAccount: side.account,
        narrative: { key: 'ledger.gift_card.refund', params: { card: label(card) } },
        tillTender: side.tillTender ? { method: side.tillTender, sign: -1 } : undefined,
        figures: { refunded: card.balance, outstanding: -card.balance },
        location_id: ctx.terminal?.location_id,
        reference: ctx.session ? { type: 'pos_session', id: ctx.session.id } : undefined,
        notes: input.notes ?? null,
        audit: { action: 'refund', key: 'audit.gift_card.refund', params: { card: label(card), amount: formatAmount(card.balance, ctx.currency) } },
      };
    },
  });
}

// ---- Checking a card at the counter --------------------------------------------------------------

/**
 * validate: can this card pay now? The PIN (when the card has one) is checked here; five wrong
 * tries lock the card for 30 minutes (each try is counted with ADD, so tries at two tills add up).
 */
export async function validateCard(organizationId: string, number: string, pin: string | null | undefined, who: CardWho): Promise<GiftCardValidation> {
  const [card, settings] = await Promise.all([cardByNumber(organizationId, number), organizationSettings(organizationId)]);
  const answer = (reason: GiftCardValidation['reason'], attemptsLeft: number | null = null): GiftCardValidation => ({
    valid: reason === null,
    gift_card_id: card.id,
    card_number: card.card_number,
    status: card.status,
    balance: formatAmount(card.balance, card.currency),
    currency: card.currency,
    expires_on: card.expires_on ?? null,
    reason,
    attempts_left: attemptsLeft,
  });
  if (card.status !== 'active') return answer('not_active');
  if (card.expires_on && card.expires_on < todayIn(settings.timeZone)) return answer('expired');
  if (!card.pin_hash) return answer(null);
  if (card.pin_locked_until && Date.parse(card.pin_locked_until) > Date.now()) return answer('pin_locked', 0);
  if (!pin) return answer('pin_required', GIFT_CARD_PIN_ATTEMPTS - (card.pin_failures ?? 0));
  if (await verifyPassword(pin, card.pin_hash)) {
    if (card.pin_failures) await GiftCard.patch({ organization_id: organizationId, id: card.id }).set({ pin_failures: 0 }).go();
    return answer(null);
  }
  const { data } = await GiftCard.patch({ organization_id: organizationId, id: card.id }).add({ pin_failures: 1 }).go({ response: 'all_new' });
  const failures = (data as { pin_failures?: number }).pin_failures ?? 1;
  if (failures >= GIFT_CARD_PIN_ATTEMPTS) {
    const until = new Date(Date.now() + GIFT_CARD_PIN_LOCK_MINUTES * 60_000).toISOString();
    await postTransaction([
      updateItem(GiftCard.patch({ organization_id: organizationId, id: card.id }).set({ pin_locked_until: until, pin_failures: 0 }).params()),
      putItem(AuditLog.create(auditRecord(who.actor, { action: 'gift_card.pin_locked', entity_type: 'gift_card', entity_id: card.id, narrative: { key: 'audit.gift_card.pin_locked', params: { card: label(card) } }, changes: { locked_until: until } })).params()),
    ]);
    return { ...answer('pin_locked', 0) };
  }
  return answer('pin_wrong', GIFT_CARD_PIN_ATTEMPTS - failures);
}

// ---- Bulk operations ----------------------------------------------------------------------------

export async function bulkOperation(organizationId: string, input: z.infer<typeof giftCardBulkOperation>, who: CardWho) {
  const results: { gift_card_id: string; ok: boolean; detail: string | null }[] = [];
  for (const id of input.gift_card_ids) {
    try {
      if (input.operation === 'activate') await activateCard(organizationId, id, { amount: input.amount, payment_method: input.payment_method, account_id: input.account_id }, who);
      else if (input.operation === 'suspend') await suspendCard(organizationId, id, input.reason!, who);
      else if (input.operation === 'reactivate') await activateCard(organizationId, id, {}, who);
      else await deactivate(organizationId, id, who, 'deactivate');
      results.push({ gift_card_id: id, ok: true, detail: null });
    } catch (error) {
      if (!(error instanceof Error) || !('detail' in error)) throw error;
      const detail = (error as { detail: unknown }).detail;
      results.push({ gift_card_id: id, ok: false, detail: typeof detail === 'string' ? detail : (detail as { msg: string }[]).map((i) => i.msg).join('; ') });
    }
  }
  return { done: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results };
}

// ---- Analytics ----------------------------------------------------------------------------------

const DAY = 86_400_000;
function agingBucket(lastActivity: string | undefined, now: number): (typeof giftCardAgingBuckets)[number] {
  const days = lastActivity ? Math.floor((now - Date.parse(lastActivity)) / DAY) : 0;
  if (days <= 30) return '0_30';
  if (days <= 90) return '31_90';
  if (days <= 180) return '91_180';
  if (days <= 365) return '181_365';
  return 'over_365';
}

/** What the cards owe (by status and by age of last activity) beside the liability account's balance. */
export async function cardsSummary(organizationId: string): Promise<GiftCardSummary> {
  const [{ currency }, cards, figures, liability] = await Promise.all([
    organizationSettings(organizationId),
    takeAll(GiftCard.query.byId({ organization_id: organizationId })),
    takeAll(GiftCardLocationFigures.query.byLocation({ organization_id: organizationId })),
    systemAccount(organizationId, 'gift_card_liability'),
  ]);
  const balances = await accountBalances(organizationId);
  const amount = (minor: number) => formatAmount(minor, currency);
  const byStatus = Object.fromEntries(GIFT_CARD_STATUSES.map((s) => [s, { cards: 0, balance: 0 }])) as Record<GiftCardStatus, { cards: number; balance: number }>;
  const aging = Object.fromEntries(giftCardAgingBuckets.map((b) => [b, { cards: 0, balance: 0 }])) as Record<(typeof giftCardAgingBuckets)[number], { cards: number; balance: number }>;
  const now = Date.now();
  let outstanding = 0;
  for (const card of cards) {
    byStatus[card.status].cards++;
    byStatus[card.status].balance += card.balance;
    outstanding += card.balance;
    if (card.balance > 0) {
      const bucket = aging[agingBucket(card.last_activity_at, now)];
      bucket.cards++;
      bucket.balance += card.balance;
    }
  }
  const total = (key: 'issued' | 'redeemed' | 'refunded' | 'breakage') => figures.reduce((sum, f) => sum + (f[key] ?? 0), 0);
  return {
    currency,
    cards: cards.length,
    by_status: Object.fromEntries(Object.entries(byStatus).map(([s, v]) => [s, { cards: v.cards, balance: amount(v.balance) }])) as GiftCardSummary['by_status'],
    outstanding_liability: amount(outstanding),
    liability_account_balance: amount(normalBalance('liability', balances.get(liability.id))),
    issued: amount(total('issued')),
    redeemed: amount(total('redeemed')),
    refunded: amount(total('refunded')),
    breakage: amount(total('breakage')),
    aging: giftCardAgingBuckets.map((bucket) => ({ bucket, cards: aging[bucket].cards, balance: amount(aging[bucket].balance) })),
  };
}

export async function cardsByLocation(organizationId: string) {
  const [{ currency }, figures] = await Promise.all([organizationSettings(organizationId), takeAll(GiftCardLocationFigures.query.byLocation({ organization_id: organizationId }))]);
  const amount = (minor: number | undefined) => formatAmount(minor ?? 0, currency);
  return {
    currency,
    data: figures.map((f) => ({
      location_id: f.location_id,
      issued: amount(f.issued),
      issued_count: f.issued_count ?? 0,
      redeemed: amount(f.redeemed),
      redeemed_count: f.redeemed_count ?? 0,
      refunded: amount(f.refunded),
      outstanding: amount(f.outstanding),
    })),
  };
}

export type { TransactItem };
