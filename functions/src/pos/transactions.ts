/**
 * Reading receipts: lists by session (number order), terminal, customer or the whole organization,
 * and what a sale can still give back (return-details).
 */
import { tillStanding } from '../loyalty/members.js';
import type { StoredLoyaltyReturned, StoredTicketLoyalty } from '../loyalty/till.js';
import { money } from '@daftar/shared';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine, type StoredPosPayment } from '../db/posTransaction.js';
import { PosSession } from '../db/posSession.js';
import { organizationSettings } from '../organizations/settings.js';
import { NotFound } from '../platform/errors.js';
import { presentTransaction } from './present.js';

export async function getTransaction(organizationId: string, id: string): Promise<PosTransactionRecord> {
  const { data } = await PosTransaction.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Receipt not found');
  return data;
}

export async function listTransactions(
  organizationId: string,
  query: { session_id?: string; terminal_id?: string; customer_id?: string; date_from?: string; date_to?: string; skip: number; limit: number },
) {
  const { currency } = await organizationSettings(organizationId);
  const want = query.skip + query.limit;
  let rows: PosTransactionRecord[];
  // A session's receipts are a prefix of its terminal's index: find the terminal from the session.
  if (query.session_id && !query.terminal_id) {
    const { data: session } = await PosSession.get({ organization_id: organizationId, id: query.session_id }).go();
    if (!session) return { data: [], count: 0 };
    query = { ...query, terminal_id: session.terminal_id };
  }
  if (query.terminal_id) {
    // A terminal's receipts by session and number; a session's are a prefix of its sort key.
    const q = PosTransaction.query.byTerminal({ organization_id: organizationId, terminal_id: query.terminal_id });
    rows = (query.session_id ? await q.begins({ session_id: query.session_id }).go({ pages: 'all' }) : await q.go({ order: 'desc', pages: 'all' })).data;
  } else if (query.customer_id) {
    rows = (await PosTransaction.query.byCustomer({ organization_id: organizationId, customer_key: query.customer_id }).go({ order: 'desc', pages: 'all' })).data;
  } else {
    rows = (await PosTransaction.query.byId({ organization_id: organizationId }).go({ order: 'desc', limit: query.session_id || query.date_from || query.date_to ? undefined : want, pages: query.session_id || query.date_from || query.date_to ? 'all' : undefined })).data;
  }
  const matching = rows.filter(
    (r) => (!query.session_id || r.session_id === query.session_id) && (!query.date_from || r.date >= query.date_from) && (!query.date_to || r.date <= query.date_to),
  );
  return { data: matching.slice(query.skip, want).map((r) => presentTransaction(r, currency)), count: matching.length };
}

export async function returnDetails(organizationId: string, id: string) {
  const [record, { currency }] = await Promise.all([getTransaction(organizationId, id), organizationSettings(organizationId)]);
  if (record.kind !== 'sale') throw new NotFound('Only a sale has lines to return');
  const text = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  return {
    transaction_id: record.id,
    number: record.number,
    lines: (record.lines as StoredPosLine[]).map((l) => ({
      line_id: l.id,
      product_id: l.product_id,
      name: l.name,
      name_ar: l.name_ar,
      sold_quantity: String(l.quantity / 1000),
      returned_quantity: String((l.returned_milli ?? 0) / 1000),
      returnable_quantity: String((l.quantity - (l.returned_milli ?? 0)) / 1000),
      unit_price: l.unit_price,
      unit_refund: text(Math.round((l.gross * 1000) / l.quantity)),
    })),
    payments: (record.payments as StoredPosPayment[]).map((p) => ({ id: p.id, tender: p.tender, amount: text(p.amount), reference: p.reference })),
    customer_id: record.customer_id ?? null,
    loyalty: await returnLoyaltyDetails(organizationId, record, currency),
  };
}

/** The sale's points and the customer's now, so the register shows what a return takes back and keeps. */
async function returnLoyaltyDetails(organizationId: string, record: PosTransactionRecord, currency: string) {
  const sale = record.loyalty as StoredTicketLoyalty | undefined;
  if (!sale || !record.customer_id) return null;
  const standing = await tillStanding(organizationId, record.customer_id);
  if (!standing || standing.loyalty_program_id !== sale.loyalty_program_id) return null;
  const text = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  return {
    loyalty_program_id: sale.loyalty_program_id,
    points_earned: sale.points_earned,
    points_redeemed: sale.points_redeemed,
    sale_gross: text(record.total),
    returned_gross: text((record.loyalty_returned as StoredLoyaltyReturned | undefined)?.gross ?? 0),
    customer_points_available: standing.points_available,
    point_value: standing.terms.point_value,
  };
}
