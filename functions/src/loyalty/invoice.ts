/**
 * Loyalty on invoices (issue 16): the till's rules (loyalty/till.ts) applied to an invoice's
 * confirmation and to its credit notes, so a customer earns and gives back the same points whether
 * the goods were sold at the till or on an invoice.
 *
 * Confirmation (`invoiceLoyaltyWork`, a confirmation work of the invoice kind: documents/kind.ts).
 * A customer enrolled (active) in an active program earns on the invoice's gross after every
 * discount — what they pay, as at the till (shared/src/loyalty/points.ts `earningSpend`) — by the
 * program's points per JOD, rounding, minimum spend and tier. Under `deferral` the points' IFRS 15
 * share of the invoice's net revenue moves Dr sales / Cr loyalty liability (2600) in the invoice's
 * own entry; under `expense` nothing is deferred. The member's versioned update, their ledger line
 * (reference invoice) and the lot's expiry marker are written in the confirmation's one
 * transaction: a member whose points moved meanwhile is read again and the confirmation retried.
 * The business date of the points is the invoice's issue date (the date its entry posts on).
 *
 * Credit notes (`creditNoteLoyalty`, called by invoices/returns.ts inside the credit note's own
 * transaction): the points the invoice earned go back pro rata to the gross credited, cumulative
 * over several credit notes (points.ts `returnAdjustment`), releasing what the invoice deferred for
 * them (Dr loyalty liability / Cr sales returns). Points already spent are the till's shortfall:
 * the member goes to zero, and the value of the points they can no longer give back (at the point
 * value) is kept from what the credit note gives the customer — the invoice's receivable is
 * credited that much less (or, on a paid invoice, the store credit), so the customer still owes
 * it on the invoice. The credit note itself (its lines, tax and gross: a tax document) is not
 * changed; the amount kept is Cr sales returns. Without that, "invoice, earn, spend, credit note"
 * would pay the customer twice, as at the till.
 */
import type { PostingLine } from '../ledger/posting.js';
import { systemAccounts } from '../ledger/chart.js';
import { readItem } from '../db/get-together.js';
import { LoyaltyMember, LoyaltyPrograms } from '../db/loyalty.js';
import type { InvoiceRecord } from '../db/invoice.js';
import type { TransactItem } from '../db/transaction.js';
import type { ConfirmationWork } from '../documents/kind.js';
import type { StoredLoyaltyProgram } from './programs.js';
import { returnLoyalty, saleLoyalty, type LoyaltyPosting, type StoredLoyaltyReturned, type StoredTicketLoyalty, type TillLoyaltyReads } from './till.js';

/** What an invoice records of its points: the till's record, plus what its credit notes took back (cumulative). */
export type StoredInvoiceLoyalty = StoredTicketLoyalty;

type LoyaltyAccounts = Record<'sales' | 'sales_returns' | 'loyalty_liability', { id: string }>;

export interface InvoiceLoyaltyReads extends TillLoyaltyReads {
  accounts: LoyaltyAccounts | null;
}

/** The customer's membership and the programs; the accounts only when there is a member to post for. */
export async function readInvoiceLoyalty(organizationId: string, customerId: string): Promise<InvoiceLoyaltyReads> {
  const key = { organization_id: organizationId };
  const [member, programs] = await Promise.all([readItem(LoyaltyMember, { ...key, customer_id: customerId }), readItem(LoyaltyPrograms, key)]);
  const accounts = member ? await systemAccounts(organizationId, ['sales', 'sales_returns', 'loyalty_liability']) : null;
  return { member: member ?? null, programs: (programs?.programs as StoredLoyaltyProgram[] | undefined) ?? [], accounts };
}

/** The till's postings (+ debit, − credit) as journal lines, narrated as the customer's points. */
function postingLines(reads: InvoiceLoyaltyReads, postings: readonly LoyaltyPosting[]): PostingLine[] {
  const narrative = { key: 'ledger.loyalty.points', params: { customer: reads.member?.customer_name ?? '' } } as const;
  return postings.map((p) => ({ account_id: reads.accounts![p.account].id, ...(p.amount > 0 ? { debit: p.amount } : { credit: -p.amount }), narrative }));
}

/** Points earned by a confirmed invoice (see the module comment). */
export const invoiceLoyaltyWork: ConfirmationWork<InvoiceRecord, InvoiceLoyaltyReads> = {
  name: 'loyalty',
  read: (invoice) => readInvoiceLoyalty(invoice.organization_id, invoice.contact_id),
  build(invoice, reads, { now, entryId, actorId }) {
    if (!reads.member) return {};
    const earned = saleLoyalty(reads, {
      points_redeemed: 0,
      redeemed_value: 0,
      gross: invoice.gross_total,
      net: invoice.net_total,
      currency: invoice.currency,
      today: invoice.issue_date,
      now,
      createdBy: actorId,
      reference: { type: 'invoice', id: invoice.id },
      location_id: null,
      journal_entry_id: entryId,
    });
    if (!earned.record) return {};
    return { lines: postingLines(reads, earned.postings), items: earned.items, fields: { loyalty: earned.record } as Partial<InvoiceRecord> };
  },
};

/** What a credit note does to its invoice's points: the lines and items of its transaction, and the invoice's records after it. */
export interface CreditNoteLoyalty {
  lines: PostingLine[];
  items: TransactItem[];
  /** Kept from what the credit note gives the customer: points already spent (minor units). */
  kept: number;
  /** The invoice's loyalty record and what has been credited of it, after this credit note. */
  loyalty: StoredInvoiceLoyalty;
  returned: StoredLoyaltyReturned;
  /** What this credit note moved (for its answer). */
  points_taken_back: number;
}

/** A credit note's points (see the module comment); null when the invoice earned none. */
export function creditNoteLoyalty(
  invoice: InvoiceRecord,
  reads: InvoiceLoyaltyReads,
  credit: { id: string; gross: number; date: string; now: string; createdBy: string | null; entryId: string },
): CreditNoteLoyalty | null {
  const earned = invoice.loyalty as StoredInvoiceLoyalty | undefined;
  if (!earned) return null;
  const result = returnLoyalty(
    reads,
    { loyalty: earned, gross: invoice.gross_total, returned: invoice.loyalty_returned as StoredLoyaltyReturned | undefined },
    { returned_gross: credit.gross, refund: credit.gross, currency: invoice.currency, today: credit.date, now: credit.now, createdBy: credit.createdBy, reference: { type: 'credit_note', id: credit.id }, location_id: null, journal_entry_id: credit.entryId },
  );
  const moved = result.record;
  return {
    lines: result.postings.length ? postingLines(reads, result.postings) : [],
    items: result.items,
    kept: result.shortfall,
    loyalty: moved
      ? {
          ...earned,
          points_taken_back: earned.points_taken_back + moved.points_taken_back,
          shortfall_points: earned.shortfall_points + moved.shortfall_points,
          shortfall_amount: earned.shortfall_amount + moved.shortfall_amount,
          balance_after: moved.balance_after,
        }
      : earned,
    returned: result.returned,
    points_taken_back: moved?.points_taken_back ?? 0,
  };
}
