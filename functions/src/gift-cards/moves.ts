/**
 * What changes a gift card (issue 16), each as ONE transaction through the posting path
 * (documents/posting-path.ts): the card's versioned update (or its creation), the line of its
 * ledger numbered by the version it made, the journal entry when money moves, the location's
 * running figures, the till session's tender totals when sold at a till, and the audit record.
 *
 * The posting lines, by move (L = the gift-card liability account, 2400):
 *   activate / load        Dr cash, bank or receipts in transit    Cr L     (a sale of credit, no tax)
 *   promotional activate   Dr marketing                            Cr L     (a gift: an expense)
 *   refund of the card     Dr L                                    Cr cash, bank or in transit
 *   adjust +               Dr other expenses                       Cr L
 *   adjust −               Dr L                                    Cr other income
 *   deactivate / expire    Dr L                                    Cr other income (breakage);
 *                                                                  Cr marketing for a promotional card
 *   suspend / reactivate   no entry (a ledger line with amount 0)
 * Redeeming is a tender of a till sale (pos/sales.ts) or of an invoice payment (redeem.ts): Dr L,
 * never revenue or sales tax — the goods carry their own tax when sold.
 *
 * Concurrency: the card's update is conditioned on the version read (`prepare` reads it again on
 * every attempt), so of two moves at once the second re-reads, and is refused when what it needs
 * (the money, the status) is gone. A card's balance therefore never goes below zero.
 */
import { maskCardNumber } from '@daftar/shared/giftcards/card-number';
import type { GiftCardPaymentMethod, GiftCardStatus, GiftCardTransactionType } from '@daftar/shared/schemas/giftCards';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { Account, type AccountRecord } from '../db/account.js';
import { GiftCard, GiftCardActivity, GiftCardLocationFigures, GiftCardNumber, type GiftCardRecord } from '../db/giftCard.js';
import { readItem } from '../db/get-together.js';
import { PosSession, type PosSessionRecord } from '../db/posSession.js';
import { PosTerminal, type PosTerminalRecord } from '../db/posTerminal.js';
import { onConditionFailed, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { CardMoved, formatAmount } from './tender.js';
import { postDocument, type IdempotencyClaim } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import type { PostingLine } from '../ledger/posting.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';

const SUBTYPES = ['gift_card_liability', 'cash', 'bank', 'undeposited_funds', 'marketing', 'other_income', 'other_expense'] as const;
type Accounts = Record<(typeof SUBTYPES)[number], AccountRecord>;

export { CardMoved, formatAmount, parseAmount } from './tender.js';

export interface Who {
  actor: AuditActor;
  userId: string | null;
}

/** What a move does to the card, decided from the card as read. */
export interface Move {
  type: GiftCardTransactionType;
  /** Signed change of the balance, minor units. */
  amount: number;
  status?: GiftCardStatus;
  /** Other fields the move sets on the card. */
  set?: Partial<Pick<GiftCardRecord, 'initial_balance' | 'activated_at' | 'suspended_reason'>>;
  clearSuspendedReason?: boolean;
  /** The other side of the journal entry (the liability side follows from `amount`). */
  counterAccount?: string;
  narrative?: { key: string; params: Record<string, string> };
  /** Where money was taken at a till: the session's tender totals count it. */
  tillTender?: { method: 'cash' | 'card' | 'cliq'; sign: 1 | -1 };
  figures?: Partial<Record<'issued' | 'issued_count' | 'redeemed' | 'redeemed_count' | 'refunded' | 'breakage' | 'outstanding', number>>;
  reference?: { type: string; id: string };
  location_id?: string;
  notes?: string | null;
  audit: { action: string; key: string; params: Record<string, string> };
}

export interface MoveContext {
  card: GiftCardRecord;
  accounts: Accounts;
  session: PosSessionRecord | null;
  terminal: PosTerminalRecord | null;
  currency: string;
  today: string;
  now: string;
}

interface Prepared {
  card: GiftCardRecord | null;
  accounts: Accounts;
  session: PosSessionRecord | null;
  terminal: PosTerminalRecord | null;
}


/**
 * Where the money of an activation, a load or a refund sits: at a till the drawer (cash) or receipts
 * in transit (card, CliQ), counted by the session; in the office the account given, or the
 * organization's account for the method.
 */
export function moneySide(
  ctx: Pick<MoveContext, 'accounts' | 'session' | 'terminal'>,
  method: GiftCardPaymentMethod,
  chosen: AccountRecord | null,
): { account: string; tillTender?: 'cash' | 'card' | 'cliq' } {
  if (method === 'promotional') return { account: ctx.accounts.marketing.id };
  if (ctx.session) {
    if (method === 'bank_transfer') throw new ValidationError([{ loc: ['body', 'payment_method'], msg: 'A bank transfer is not taken at a till; record it without the session', type: 'value_error' }]);
    return { account: method === 'cash' ? ctx.terminal!.cash_account_id : ctx.accounts.undeposited_funds.id, tillTender: method };
  }
  if (chosen) return { account: chosen.id };
  return { account: method === 'cash' ? ctx.accounts.cash.id : method === 'bank_transfer' ? ctx.accounts.bank.id : ctx.accounts.undeposited_funds.id };
}

/** A cash or bank account the user chose, checked. */
async function chosenAccount(organizationId: string, accountId: string | null | undefined): Promise<AccountRecord | null> {
  if (!accountId) return null;
  const account = await readItem(Account, { organization_id: organizationId, id: accountId });
  if (!account || account.type !== 'asset' || !['cash', 'bank', 'undeposited_funds'].includes(account.subtype)) {
    throw new ValidationError([{ loc: ['body', 'account_id'], msg: 'Choose a cash or bank account', type: 'value_error' }]);
  }
  if (!account.is_active) throw new ValidationError([{ loc: ['body', 'account_id'], msg: `Account ${account.code} ${account.name} is inactive`, type: 'inactive' }]);
  return account;
}

export interface MoveOptions {
  /** The card to move (read again on every attempt), or a new card to create with the move. */
  card: { id: string } | { create: GiftCardRecord };
  sessionId?: string | null;
  accountId?: string | null;
  decide(ctx: MoveContext & { chosen: AccountRecord | null }): Move;
  who: Who;
  /** More items in the same transaction (a till receipt, an invoice payment). */
  items?: TransactItem[];
  /** The request's Idempotency-Key: recorded in the move's transaction with the answer (http/idempotency.ts). */
  idempotency?: { claim: IdempotencyClaim; status: number; present(card: GiftCardRecord): unknown } | null;
}

/** Applies one move to one card: see the module comment. Returns the card as written. */
export async function moveCard(organizationId: string, options: MoveOptions): Promise<GiftCardRecord> {
  const settings = await organizationSettings(organizationId);
  const chosen = await chosenAccount(organizationId, options.accountId);
  const session = options.sessionId ? await readItem(PosSession, { organization_id: organizationId, id: options.sessionId }) : null;
  if (options.sessionId && !session) throw new NotFound('Session not found');
  if (session && session.status !== 'open') throw new Conflict('The session is closed; open a new session');
  const terminal = session ? await readItem(PosTerminal, { organization_id: organizationId, id: session.terminal_id }) : null;
  const today = todayIn(settings.timeZone);
  const entryId = uuidv7();

  const { result } = await postDocument<{ card: GiftCardRecord; audit: Move['audit'] }, Prepared>({
    organizationId,
    prepare: async () => {
      const [card, accounts] = await Promise.all([
        'id' in options.card ? readItem(GiftCard, { organization_id: organizationId, id: options.card.id }) : Promise.resolve(options.card.create),
        systemAccounts(organizationId, SUBTYPES),
      ]);
      return { card, accounts, session, terminal };
    },
    build: (_number, now, prepared) => {
      // The posting path's first look (no reads yet): nothing to validate before the card is read.
      if (!prepared) return { postings: [], items: [], finish: () => ({ card: null as never, audit: null as never }) };
      const card = prepared.card;
      if (!card) throw new NotFound('Gift card not found');
      const ctx: MoveContext & { chosen: AccountRecord | null } = { card, accounts: prepared.accounts, session, terminal, currency: settings.currency, today, now, chosen };
      const move = options.decide(ctx);
      const creating = !('id' in options.card);
      const balance = card.balance + move.amount;
      if (balance < 0) {
        throw new ValidationError([{ loc: ['body', 'amount'], msg: `The card holds ${formatAmount(card.balance, settings.currency)}`, type: 'insufficient_balance' }]);
      }
      const version = creating ? 1 : card.version + 1;
      const written: GiftCardRecord = {
        ...card,
        balance,
        status: move.status ?? card.status,
        ...move.set,
        ...(move.clearSuspendedReason ? { suspended_reason: undefined } : {}),
        issued_total: (card.issued_total ?? 0) + (move.figures?.issued ?? 0),
        redeemed_total: (card.redeemed_total ?? 0) + (move.figures?.redeemed ?? 0),
        last_activity_at: now,
        version,
        updated_at: now,
      };
      const location = move.location_id ?? card.location_id;
      const items: TransactItem[] = [];
      if (creating) {
        items.push(putItem(GiftCard.create(written).params(), () => new CardMoved()));
        items.push(putItem(GiftCardNumber.create({ organization_id: organizationId, card_number: card.card_number, gift_card_id: card.id }).params(), () => new CardMoved()));
      } else {
        const { organization_id: _o, id: _i, card_number: _c, gift_card_type: _t, currency: _cu, created_at: _ca, ...fields } = written;
        const update = GiftCard.patch({ organization_id: organizationId, id: card.id }).set(fields);
        items.push(
          onConditionFailed(
            updateItem((move.clearSuspendedReason ? update.remove(['suspended_reason']) : update).where((a, { eq }) => eq(a.version, card.version)).params()),
            () => new CardMoved(),
          ),
        );
      }
      items.push(
        putItem(
          GiftCardActivity.create({
            organization_id: organizationId,
            gift_card_id: card.id,
            seq: version,
            seq_key: String(version).padStart(8, '0'),
            id: uuidv7(),
            transaction_type: move.type,
            amount: move.amount,
            balance_after: balance,
            reference_type: move.reference?.type,
            reference_id: move.reference?.id,
            location_id: location,
            journal_entry_id: move.amount && move.counterAccount ? entryId : undefined,
            notes: move.notes ?? undefined,
            created_by: options.who.userId ?? undefined,
            created_at: now,
          }).params(),
          () => new CardMoved(),
        ),
      );
      if (move.figures && Object.values(move.figures).some(Boolean)) {
        // What a card issued here still owes counts at its issuing location, wherever it is spent.
        // (One item when both are the same place: a transaction touches an item once.)
        const { outstanding, ...here } = move.figures;
        const add: Record<string, number> = Object.fromEntries(Object.entries(here).filter(([, v]) => v));
        const figures = (location_id: string, values: Record<string, number>) =>
          updateItem(GiftCardLocationFigures.update({ organization_id: organizationId, location_id }).add(values).set({ updated_at: now }).params());
        if (location === card.location_id) items.push(figures(location, { ...add, ...(outstanding ? { outstanding } : {}) }));
        else {
          if (Object.keys(add).length) items.push(figures(location, add));
          if (outstanding) items.push(figures(card.location_id, { outstanding }));
        }
      }
      if (move.tillTender && session) {
        const field = move.tillTender.sign > 0 ? 'sales' : 'refunds';
        items.push(
          onConditionFailed(
            updateItem(
              PosSession.patch({ organization_id: organizationId, id: session.id })
                .add({ [`t_${move.tillTender.method}_${field}`]: Math.abs(move.amount), ...(field === 'sales' ? { [`t_${move.tillTender.method}_count`]: 1 } : {}) } as never)
                .set({ updated_at: now })
                .where((a, { eq }) => eq(a.status, 'open'))
                .params(),
            ),
            () => new Conflict('The session is closed; open a new session'),
          ),
        );
      }
      items.push(...(options.items ?? []));
      const lines: PostingLine[] = [];
      if (move.amount && move.counterAccount) {
        const narrative = (move.narrative ?? { key: 'ledger.gift_card.load', params: { card: maskCardNumber(card.card_number) } }) as PostingLine['narrative'];
        // The card owes more (+): credit the liability; it owes less (−): debit it.
        if (move.amount > 0) {
          lines.push({ account_id: move.counterAccount, debit: move.amount, narrative }, { account_id: prepared.accounts.gift_card_liability.id, credit: move.amount, narrative });
        } else {
          lines.push({ account_id: prepared.accounts.gift_card_liability.id, debit: -move.amount, narrative }, { account_id: move.counterAccount, credit: -move.amount, narrative });
        }
      }
      return {
        postings: lines.length
          ? [{ organizationId, date: today, entryId, source: { type: 'gift_card', id: card.id }, memo_narrative: lines[0]!.narrative, createdBy: options.who.userId, shard: terminal?.id, lines, issuePath: ['body'] }]
          : [],
        items,
        finish: () => ({ card: written, audit: move.audit }),
      };
    },
    audit: {
      actor: options.who.actor,
      entry: ({ card, audit }): AuditEntry => ({
        action: `gift_card.${audit.action}`,
        entity_type: 'gift_card',
        entity_id: card.id,
        narrative: { key: audit.key, params: audit.params } as AuditEntry['narrative'],
        changes: { status: card.status, balance: formatAmount(card.balance, settings.currency) },
      }),
    },
    idempotency: options.idempotency
      ? { claim: options.idempotency.claim, answer: ({ card }) => ({ status: options.idempotency!.status, body: options.idempotency!.present(card), resourceType: 'gift_card', resourceId: card.id }) }
      : undefined,
  });
  return result.card;
}
