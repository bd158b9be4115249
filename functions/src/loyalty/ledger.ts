/**
 * What changes a customer's points (issue 16): the member's versioned update, the line of their
 * point ledger numbered by the version it made, and the expiry marker of a new lot — items that go
 * into somebody else's transaction (a till sale or return, pos/sales.ts) or into the office's own
 * move (moves.ts). The journal lines are the caller's.
 *
 * Points and money, by line type (L = loyalty liability 2600, deferral method; the expense method
 * defers nothing, so its lines move points only):
 *   earn on a sale           Dr sales            Cr L   the points' share of the sale's revenue
 *   earn given (office)      Dr marketing        Cr L   points given, valued at point value × rate
 *   redeem                   Dr L                Cr sales    the share of the deferred pool the points carry
 *   expire                   Dr L                Cr sales    breakage recognised as the points lapse (IFRS 15 B46)
 *   return_earn (take back)  Dr L                Cr sales returns  what the sale deferred for them
 *   return_redeem (restore)  Dr sales returns    Cr L
 * The deferred pool is kept per member: a redemption or lapse releases the pool pro rata to the
 * points (points.ts `releaseOnRedemption`), the last point releasing what is left, so the pool
 * reaches 0 exactly when the balance does.
 *
 * Concurrency: the member's update is conditioned on the version read, so of two changes at once
 * the second is cancelled (PointsMoved: the caller reads again) and refused when the points it
 * needs are gone. A balance never goes below zero.
 */
import { consumeLots, lotExpiry, releaseOnRedemption, type LoyaltyProgramTerms, type PointLot } from '@daftar/shared/loyalty/points';
import type { LoyaltyTransactionType } from '@daftar/shared/schemas/loyalty';
import { LoyaltyActivity, LoyaltyExpiry, LoyaltyMember, type LoyaltyMemberRecord } from '../db/loyalty.js';
import { MovedMeanwhile, onConditionFailed, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { uuidv7 } from '../platform/ids.js';

/** The member's version moved between the read and the write: read again. */
export class PointsMoved extends MovedMeanwhile {
  constructor() { super('The customer’s points changed meanwhile'); }
}

/** One change of a member's points, as its ledger line records it. */
export interface PointsLine {
  /** The line's id (UUIDv7); made here when not given. */
  id?: string;
  type: LoyaltyTransactionType;
  /** Signed points. */
  points: number;
  /** Signed minor units of deferred revenue (+ deferred, − released). */
  deferred_change: number;
  reference?: { type: string; id: string };
  location_id?: string | null;
  description?: string | null;
  journal_entry_id?: string | null;
}

export interface MemberState {
  points_balance: number;
  lifetime_points: number;
  redeemed_points: number;
  expired_points: number;
  taken_back_points: number;
  deferred: number;
  lots: PointLot[];
}

export const stateOf = (m: LoyaltyMemberRecord): MemberState => ({
  points_balance: m.points_balance,
  lifetime_points: m.lifetime_points,
  redeemed_points: m.redeemed_points,
  expired_points: m.expired_points,
  taken_back_points: m.taken_back_points,
  deferred: m.deferred,
  lots: (m.lots as PointLot[]) ?? [],
});

/** Draws `points` from the lots (first to expire first); the lots emptied are dropped. */
export function drawLots(lots: readonly PointLot[], points: number, today: string): PointLot[] {
  if (!points) return [...lots];
  const draws = new Map(consumeLots(lots, points, today).map((d) => [d.lot_id, d.points]));
  return lots.map((l) => ({ ...l, points_remaining: l.points_remaining - (draws.get(l.id) ?? 0) })).filter((l) => l.points_remaining > 0);
}

/**
 * Adds a lot earned today. Lots of the same day and expiry are one lot (a customer who buys twice a
 * day has one lot for the day), so the lots stay few.
 */
export function addLot(lots: readonly PointLot[], points: number, terms: LoyaltyProgramTerms, today: string, id = uuidv7()): PointLot[] {
  if (!points) return [...lots];
  const expires_on = lotExpiry(terms, today);
  const same = lots.find((l) => l.earned_at === today && l.expires_on === expires_on);
  if (same) return lots.map((l) => (l === same ? { ...l, points_remaining: l.points_remaining + points } : l));
  return [...lots, { id, earned_at: today, ...(expires_on ? { expires_on } : {}), points_remaining: points }];
}

/** What redeeming (or taking back, or lapsing) `points` releases from the member's deferred pool. */
export const releaseFor = (state: MemberState, points: number) => (points ? releaseOnRedemption(state.deferred, state.points_balance, points) : 0);

/**
 * The member after one line. Earning adds a lot (and lifetime points: the tier reads them); a
 * take-back on a return lowers lifetime points too (a refunded sale does not lift a tier); giving
 * back redeemed points adds a lot earned today; everything that takes points draws on the lots
 * first to expire; a lapse removes the lots expired by `today`.
 */
export function nextState(state: MemberState, line: PointsLine, terms: LoyaltyProgramTerms, today: string): MemberState {
  const s: MemberState = { ...state, lots: [...state.lots] };
  s.points_balance += line.points;
  s.deferred += line.deferred_change;
  if (line.points > 0) s.lots = addLot(s.lots, line.points, terms, today);
  else if (line.type === 'expire') s.lots = s.lots.filter((l) => !(l.expires_on && l.expires_on <= today));
  else s.lots = drawLots(s.lots, -line.points, today);
  switch (line.type) {
    case 'earn': s.lifetime_points += line.points; break;
    case 'redeem': s.redeemed_points -= line.points; break;
    case 'return_redeem': s.redeemed_points -= line.points; break;
    case 'return_earn': s.taken_back_points -= line.points; s.lifetime_points = Math.max(0, s.lifetime_points + line.points); break;
    case 'expire': s.expired_points -= line.points; break;
    default: break;
  }
  return s;
}

/**
 * Applies ledger lines to the member in order; answers the state after each and the items that
 * write them (the member's versioned update, the lines, the expiry markers of new lots).
 */
export function memberItems(
  member: LoyaltyMemberRecord,
  changes: readonly { line: PointsLine; state: MemberState }[],
  context: { now: string; createdBy: string | null; moved?: () => Error },
): TransactItem[] {
  if (!changes.length) return [];
  const moved = context.moved ?? (() => new PointsMoved());
  const final = changes[changes.length - 1]!.state;
  const version = member.version + changes.length;
  const items: TransactItem[] = [
    onConditionFailed(
      updateItem(
        LoyaltyMember.patch({ organization_id: member.organization_id, customer_id: member.customer_id })
          .set({ ...final, version, last_activity_at: context.now, updated_at: context.now })
          .where((a, { eq }) => eq(a.version, member.version))
          .params(),
      ),
      moved,
    ),
  ];
  changes.forEach(({ line, state }, i) => {
    const seq = member.version + i + 1;
    items.push(
      putItem(
        LoyaltyActivity.create({
          organization_id: member.organization_id,
          customer_id: member.customer_id,
          seq,
          seq_key: String(seq).padStart(8, '0'),
          id: line.id ?? uuidv7(),
          loyalty_program_id: member.loyalty_program_id,
          transaction_type: line.type,
          points: line.points,
          balance_after: state.points_balance,
          deferred_change: line.deferred_change,
          reference_type: line.reference?.type,
          reference_id: line.reference?.id,
          location_id: line.location_id ?? undefined,
          description: line.description ?? undefined,
          journal_entry_id: line.journal_entry_id ?? undefined,
          created_by: context.createdBy ?? undefined,
          created_at: context.now,
        }).params(),
        moved,
      ),
    );
  });
  // A marker per new expiry date (one per date: a transaction touches an item once).
  const before = new Set(((member.lots as PointLot[]) ?? []).map((l) => l.expires_on));
  const fresh = new Set(final.lots.map((l) => l.expires_on).filter((d): d is string => !!d && !before.has(d)));
  for (const expires_on of fresh) {
    items.push(putItem(LoyaltyExpiry.put({ expires_on, organization_id: member.organization_id, customer_id: member.customer_id }).params()));
  }
  return items;
}
