/**
 * A gift card as a TENDER (issue 16): the items that spend a card's balance, or give it back, inside
 * somebody else's transaction — a till sale or return (pos/sales.ts), an invoice payment
 * (redeem.ts) or its void (payments/payments.ts). The journal line is the caller's (Dr or Cr the
 * gift-card liability beside its own lines): a card never touches revenue or sales tax.
 *
 * The card's update is conditioned on the version the caller read, so two tills spending one card
 * at once cannot both succeed: the second transaction is cancelled, the caller reads again and is
 * refused when the money is gone (CardMoved → the caller's retry). The ledger line is numbered by
 * the version the change makes, with the balance after it.
 */
import { maskCardNumber } from '@daftar/shared/giftcards/card-number';
import { GiftCard, GiftCardActivity, GiftCardLocationFigures, type GiftCardRecord } from '../db/giftCard.js';
import { money } from '@daftar/shared';
import { MovedMeanwhile, onConditionFailed, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';

/** The card's version moved between the read and the write: read again (posting-path and the till retry). */
export class CardMoved extends MovedMeanwhile {
  constructor() { super('The gift card changed meanwhile'); }
}

export const formatAmount = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));
export const parseAmount = (text: string, currency: string) => money.parseMoney(text, currency).amount;

export interface TenderUse {
  card: GiftCardRecord;
  /** Minor units: > 0 spends from the card, < 0 gives back to it (a refund of what it paid). */
  spend: number;
  reference: { type: string; id: string };
  location_id: string;
  journal_entry_id: string;
  created_by: string | null;
  now: string;
  /** The card's local date, for expiry. */
  today: string;
  /** Where a refusal is reported (`['body', 'payments', 0]`). */
  loc: (string | number)[];
  /**
   * The error when the card moved before the write. Default CardMoved (a MovedMeanwhile: a caller
   * whose retry reads the card again — the till, posting-path's `prepare`); a caller that cannot
   * re-read inside its posting gives its own and retries from the top.
   */
  moved?: () => Error;
  /** False when the caller writes the location figures of several cards at once (tenderFigures). */
  withFigures?: boolean;
}

/** Refuses a card that cannot pay (or take money back) now. */
export function checkTenderCard(use: Pick<TenderUse, 'card' | 'spend' | 'today' | 'loc'>) {
  const { card } = use;
  const label = maskCardNumber(card.card_number);
  if (use.spend > 0) {
    if (card.status !== 'active') throw new Conflict(`Gift card ${label} is ${card.status}; it cannot pay`);
    if (card.expires_on && card.expires_on < use.today) throw new Conflict(`Gift card ${label} expired on ${card.expires_on}`);
    if (card.balance < use.spend) {
      throw new ValidationError([{ loc: use.loc, msg: `Gift card ${label} holds ${formatAmount(card.balance, card.currency)}`, type: 'insufficient_balance' }]);
    }
  } else if (card.status === 'deactivated' || card.status === 'expired') {
    // Money paid from a card that has since ended cannot go back onto it: it is refunded another way.
    throw new Conflict(`Gift card ${label} is ${card.status}; refund to another tender`);
  }
}

/** The card's versioned update, its ledger line and the location figures. */
export function tenderItems(use: TenderUse): TransactItem[] {
  checkTenderCard(use);
  const { card } = use;
  const balance = card.balance - use.spend;
  const version = card.version + 1;
  const redeemed = use.spend;
  return [
    onConditionFailed(
      updateItem(
        GiftCard.patch({ organization_id: card.organization_id, id: card.id })
          .set({ balance, version, last_activity_at: use.now, updated_at: use.now, redeemed_total: (card.redeemed_total ?? 0) + redeemed })
          .where((a, { eq }) => eq(a.version, card.version))
          .params(),
      ),
      use.moved ?? (() => new CardMoved()),
    ),
    putItem(
      GiftCardActivity.create({
        organization_id: card.organization_id,
        gift_card_id: card.id,
        seq: version,
        seq_key: String(version).padStart(8, '0'),
        id: uuidv7(),
        transaction_type: use.spend > 0 ? 'redeem' : 'refund',
        amount: -use.spend,
        balance_after: balance,
        reference_type: use.reference.type,
        reference_id: use.reference.id,
        location_id: use.location_id,
        journal_entry_id: use.journal_entry_id,
        created_by: use.created_by ?? undefined,
        created_at: use.now,
      }).params(),
      use.moved ?? (() => new CardMoved()),
    ),
    // Spent where the till or the invoice is; what the card owes counts where it was issued.
    ...(use.withFigures === false ? [] : tenderFigures([use])),
  ];
}

/**
 * The location figures of one or more card uses, one update per location: a transaction touches an
 * item once, and two cards spent in one sale (or a card issued where it is spent) meet on one item.
 */
export function tenderFigures(uses: readonly Pick<TenderUse, 'card' | 'spend' | 'location_id' | 'now'>[]): TransactItem[] {
  const byLocation = new Map<string, Record<string, number>>();
  const add = (location: string, field: string, value: number) => {
    const figures = byLocation.get(location) ?? {};
    figures[field] = (figures[field] ?? 0) + value;
    byLocation.set(location, figures);
  };
  for (const use of uses) {
    add(use.location_id, 'redeemed', use.spend);
    add(use.location_id, 'redeemed_count', use.spend > 0 ? 1 : -1);
    add(use.card.location_id, 'outstanding', -use.spend);
  }
  const organizationId = uses[0]?.card.organization_id;
  return [...byLocation].map(([location_id, figures]) =>
    updateItem(GiftCardLocationFigures.update({ organization_id: organizationId!, location_id }).add(figures).set({ updated_at: uses[0]!.now }).params()),
  );
}
