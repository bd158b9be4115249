/**
 * A till receipt — a sale, a return, an exchange — posted as ONE DynamoDB transaction (issue 15):
 *
 *   read (one BatchGetItem) → compute (shared/src/pos/ticket.ts) → ONE TransactWriteItems
 *
 * The transaction holds the receipt (Put, `attribute_not_exists`: the register's id makes a replay
 * post nothing), the Idempotency-Key record, the terminal's number series take (gapless receipt
 * numbers per terminal), the session's running totals (ADD, on condition that it is open), the day
 * figures per terminal and per cashier (ADD), the store credit spent or given, the journal entry
 * (revenue and output tax by rate, each tender's debit, cost of goods sold at a provisional cost)
 * with its ledger cards and balance items, the ledger-lock check, the audit record, and — when
 * tracked products move — the receipt's place in the stock queue.
 *
 * No hot item. Everything a sale writes is the terminal's own or the receipt's own: balance items
 * are sharded by terminal (ledger/posting.ts), the number series is the terminal's, the day
 * figures are per terminal and per cashier. Stock levels are NOT written by the sale: under FIFO a
 * popular product's cost layers would be one item every till writes. The sale books cost of goods
 * sold at the product's catalogue cost (provisional), and the stock queue (settlement.ts) issues the
 * stock at its exact cost per product, posting the difference dated the day it settles — never
 * replaying history. Once the queue is drained, the inventory account equals the valuation.
 *
 * Reads. ONE BatchGetItem: the Idempotency-Key's record (http/idempotency.ts, `lookupInside`), the terminal, the session,
 * the products, the taxes, the customer, the receipt itself (a replay), the original sale (a
 * return), the organization, the system accounts (their ids derive from the organization), the
 * terminal's series and the ledger lock copy; then the transaction. Two round trips (three with the token check).
 */
import { money } from '@daftar/shared';
import { mulDiv } from '@daftar/shared/inventory/costing';
import { checkTenders, refundByTenders, returnedShare, ticketLine, ticketTotals, TicketError, type TicketLine } from '@daftar/shared/pos/ticket';
import { TaxError } from '@daftar/shared/tax';
import type { PosTender } from '@daftar/shared/schemas/pos';
import { hasRank, type Role } from '@daftar/shared/roles';
import type * as z from 'zod';
import type { posReturnCreate, posSaleCreate } from '@daftar/shared/schemas/pos';
import { Account, type AccountRecord } from '../db/account.js';
import { auditRecordPut, type AuditActor } from '../db/auditLog.js';
import { Contact, type ContactRecord } from '../db/contact.js';
import { readItem } from '../db/get-together.js';
import { PosCashierDay, PosTerminalDay, dayFiguresUpdate } from '../db/posAggregates.js';
import { PosPendingStock, PosSyncRefusal } from '../db/posPendingStock.js';
import { PosSession, type PosSessionRecord } from '../db/posSession.js';
import { PosTerminal, type PosTerminalRecord } from '../db/posTerminal.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine, type StoredPosPayment } from '../db/posTransaction.js';
import { Product, type ProductRecord } from '../db/product.js';
import { readSeries, takeNumbers, formatSeriesNumber, type SeriesPosition } from '../db/sequence.js';
import { StoreCredit, StoreCreditMovement } from '../db/storeCredit.js';
import { Tax, type TaxRecord } from '../db/tax.js';
import { GiftCard, type GiftCardRecord } from '../db/giftCard.js';
import { tenderFigures, tenderItems } from '../gift-cards/tender.js';
import { maskCardNumber } from '@daftar/shared/giftcards/card-number';
import { Promotion, PromotionFigures, type PromotionRecord } from '../db/promotion.js';
import { enginePromotion, localMoment, reasonText, usageItems } from '../promotions/usage.js';
import { promoteTicket } from '@daftar/shared/pos/promotions';
import { LoyaltyMember, LoyaltyPrograms } from '../db/loyalty.js';
import type { StoredLoyaltyProgram } from '../loyalty/programs.js';
import { checkRedemption, returnLoyalty, saleLoyalty, type LoyaltyPosting, type StoredLoyaltyReturned, type StoredTicketLoyalty, type TillLoyaltyReads } from '../loyalty/till.js';
import { MovedMeanwhile, deleteItem, existingItemUpdate, onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import type { IdempotencyClaim } from '../documents/posting-path.js';
import { DEFAULT_CHART, defaultAccountId, systemAccounts } from '../ledger/chart.js';
import { assemblePostings, checkPostings, closedThroughOf, readLedgerLocks, type PostingInput, type PostingLine } from '../ledger/posting.js';
import { readOrganization } from '../organizations/settings.js';
import { Conflict, Forbidden, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { dateTimeFormat } from '../ledger/dates.js';

export type SaleBody = z.infer<typeof posSaleCreate>;
export type ReturnBody = z.infer<typeof posReturnCreate>;

/** Who is at the till. */
export interface Teller {
  organizationId: string;
  userId: string;
  role: Role | null;
  actor: AuditActor;
}

/** Cash is the drawer's; card and CliQ wait in transit for the bank; the rest are the customer's accounts with the shop. */
const TILL_SUBTYPES = ['cash', 'undeposited_funds', 'store_credit', 'receivable', 'sales', 'service_revenue', 'sales_returns', 'vat_output', 'cogs', 'inventory', 'gift_card_liability', 'loyalty_liability'] as const;
type TillSubtype = (typeof TILL_SUBTYPES)[number];
type TillAccounts = Record<TillSubtype, AccountRecord>;

/** Attempts when the terminal's series or the original receipt moved meanwhile (a retry is reads and one transaction). */
const ATTEMPTS = 20;

interface TicketReads {
  currency: string;
  timeZone: string;
  receiptlessPolicy: 'never' | 'admins' | 'everyone';
  terminal: PosTerminalRecord;
  session: PosSessionRecord;
  products: Map<string, ProductRecord>;
  taxes: Map<string, TaxRecord>;
  customer: ContactRecord | null;
  existing: PosTransactionRecord | null;
  original: PosTransactionRecord | null;
  accounts: TillAccounts;
  /** Every account the posting may name, for the posting checks. */
  accountMap: Map<string, AccountRecord>;
  closedThrough: string | undefined;
  series: SeriesPosition;
  /** The gift cards the ticket pays with or refunds to, as read (their version conditions the write). */
  cards: Map<string, GiftCardRecord>;
  /** The promotions the ticket claims, with the customer's uses of each (per-customer limits). */
  promotions: Map<string, { promotion: PromotionRecord; customerUses: number }>;
  /** The customer's loyalty membership and the organization's programs (read with the rest). */
  loyalty: TillLoyaltyReads;
}

const defaultCode = (subtype: TillSubtype) => DEFAULT_CHART.find((a) => a.subtype === subtype && a.system)!.code;

/** The reads of one attempt, made in one turn so they go as one BatchGetItem (db/get-together.ts). */
async function readTicket(
  organizationId: string,
  body: { id: string; terminal_id: string; session_id: string; customer_id?: string | null },
  productIds: string[],
  taxIds: string[],
  originalId: string | null,
  cardIds: readonly string[] = [],
  promotionIds: readonly string[] = [],
): Promise<TicketReads | { replay: PosTransactionRecord }> {
  const key = { organization_id: organizationId };
  const accountIds = TILL_SUBTYPES.map((s) => defaultAccountId(organizationId, defaultCode(s)));
  const [organization, terminal, session, products, taxes, customer, existing, original, accounts, locks, series, cards, promotions, promotionUses, member, programs] = await Promise.all([
    readOrganization(organizationId),
    readItem(PosTerminal, { ...key, id: body.terminal_id }),
    readItem(PosSession, { ...key, id: body.session_id }),
    Promise.all(productIds.map((id) => readItem(Product, { ...key, id }))),
    Promise.all(taxIds.map((id) => readItem(Tax, { ...key, id }))),
    body.customer_id ? readItem(Contact, { ...key, id: body.customer_id }) : Promise.resolve(null),
    readItem(PosTransaction, { ...key, id: body.id }),
    originalId ? readItem(PosTransaction, { ...key, id: originalId }) : Promise.resolve(null),
    Promise.all(accountIds.map((id) => readItem(Account, { ...key, id }))),
    readLedgerLocks(organizationId, [{ shard: body.terminal_id }]),
    readSeries(organizationId, { series: `POS#${body.terminal_id}`, prefix: '' }),
    Promise.all(cardIds.map((id) => readItem(GiftCard, { ...key, id }))),
    Promise.all(promotionIds.map((id) => readItem(Promotion, { ...key, id }))),
    Promise.all(promotionIds.map((id) => (body.customer_id ? readItem(PromotionFigures, { ...key, promotion_id: id, shard: `customer#${body.customer_id}` }) : Promise.resolve(null)))),
    body.customer_id ? readItem(LoyaltyMember, { ...key, customer_id: body.customer_id }) : Promise.resolve(null),
    body.customer_id ? readItem(LoyaltyPrograms, key) : Promise.resolve(null),
  ]);
  if (existing) return { replay: existing };
  if (!terminal || terminal.deleted) throw new NotFound('Terminal not found');
  if (!session || session.terminal_id !== terminal.id) throw new NotFound('Session not found on this terminal');
  const drawer = accounts.find((a) => a?.id === terminal.cash_account_id) ?? (await readItem(Account, { ...key, id: terminal.cash_account_id }));
  // The system accounts by their derived ids; an organization whose chart predates them is looked up by subtype.
  let till: TillAccounts;
  if (accounts.every((a) => a && a.is_active)) {
    till = Object.fromEntries(TILL_SUBTYPES.map((s, i) => [s, accounts[i]!])) as TillAccounts;
  } else {
    till = await systemAccounts(organizationId, TILL_SUBTYPES);
  }
  const accountMap = new Map<string, AccountRecord>(Object.values(till).map((a) => [a.id, a]));
  if (drawer) accountMap.set(drawer.id, drawer);
  return {
    currency: organization.base_currency,
    timeZone: organization.timezone,
    receiptlessPolicy: organization.pos_receiptless_returns ?? 'admins',
    terminal,
    session,
    products: new Map(products.filter((p): p is ProductRecord => !!p).map((p) => [p.id, p])),
    taxes: new Map(taxes.filter((t): t is TaxRecord => !!t).map((t) => [t.id, t])),
    customer: customer ?? null,
    existing: null,
    original: original ?? null,
    accounts: till,
    accountMap,
    closedThrough: closedThroughOf(locks),
    series: { ...series, series: { series: `POS#${terminal.id}`, prefix: terminal.receipt_prefix } },
    cards: new Map(cards.filter((c): c is GiftCardRecord => !!c).map((c) => [c.id, c])),
    promotions: new Map(promotions.flatMap((p, i) => (p ? [[p.id, { promotion: p, customerUses: promotionUses[i]?.uses ?? 0 }] as const] : []))),
    loyalty: { member: member ?? null, programs: (programs?.programs as StoredLoyaltyProgram[] | undefined) ?? [] },
  };
}

/**
 * The promotions a sale claims (register's figures), checked: each one is known, and — for a sale
 * made online — the shared computation (shared/src/pos/promotions.ts) on the promotions as they are
 * now gives the same share of every line and the same total per promotion; otherwise the register's
 * promotions are out of date (409: it applies them again). A sale made offline keeps what the
 * register gave the customer: it happened.
 */
function checkPromotions(reads: TicketReads, body: SaleBody, sold: readonly StoredPosLine[]) {
  const claims = body.promotions ?? [];
  const claimedLines = body.lines.some((l) => l.promotion_discount && Number(l.promotion_discount) > 0);
  if (!claims.length) {
    if (claimedLines) throw new ValidationError([{ loc: ['body', 'promotions'], msg: 'Lines carry a promotion discount but the sale names no promotion', type: 'value_error' }]);
    return [];
  }
  const issues: ValidationIssue[] = [];
  claims.forEach((c, index) => {
    if (!reads.promotions.has(c.promotion_id)) issues.push({ loc: ['body', 'promotions', index, 'promotion_id'], msg: 'Promotion not found', type: 'not_found' });
  });
  if (issues.length) throw new ValidationError(issues);
  const claimed = new Map(claims.map((c) => [c.promotion_id, money.parseMoney(c.discount, reads.currency).amount]));
  const lineTotal = sold.reduce((sum, l) => sum + (l.promotion_discount ?? 0), 0);
  const claimTotal = [...claimed.values()].reduce((a, b) => a + b, 0);
  if (lineTotal !== claimTotal) throw new ValidationError([{ loc: ['body', 'promotions'], msg: 'The promotions’ discounts do not add up to the lines’ promotion discounts', type: 'value_error' }]);
  const at = new Date(body.occurred_at);
  const engines = [...reads.promotions.values()].map(({ promotion, customerUses }) => enginePromotion(promotion, customerUses, promotion.used_total ?? 0));
  const result = promoteTicket(
    body.lines.map((line) => {
      const tax = line.tax_id ? reads.taxes.get(line.tax_id) : null;
      return { id: line.id, product_id: line.product_id, category_id: reads.products.get(line.product_id)?.category_id, quantity: line.quantity, unit_price: line.unit_price, price_includes_tax: line.price_includes_tax, tax_rate: tax ? tax.rate : '0', tax_category: (tax?.tax_category ?? 'exempt') as 'standard', discount: line.discount ?? null };
    }),
    engines,
    { currency: reads.currency, customer_id: reads.customer?.id, location_id: reads.terminal.location_id, at: at.toISOString(), ...localMoment(at, reads.timeZone) },
    ['body', 'lines'],
  );
  if (!body.offline) {
    const same =
      result.applied.length === claimed.size &&
      result.applied.every((a) => claimed.get(a.promotion_id) === a.discount_minor) &&
      result.lines.every((l, i) => l.promotion_discount === (sold[i]!.promotion_discount ?? 0));
    if (!same) {
      const why = result.skipped.filter((s) => claimed.has(s.promotion_id)).map((s) => `${reads.promotions.get(s.promotion_id)!.promotion.name}: ${reasonText(s.reason_key, s.reason_params)}`);
      throw new Conflict(`The promotions changed since the register applied them${why.length ? ` (${why.join('; ')})` : ''}; apply them again`);
    }
  }
  const reasons = new Map(result.applied.map((a) => [a.promotion_id, a]));
  return claims.map((c) => {
    const applied = reasons.get(c.promotion_id);
    return {
      promotion: reads.promotions.get(c.promotion_id)!.promotion,
      discount: claimed.get(c.promotion_id)!,
      reason_key: applied?.reason_key ?? 'promotion.why.applied',
      reason_params: applied?.reason_params ?? { discount: c.discount },
    };
  });
}

/** A gift card payment's reference: the card's last digits ("•••• 2345"), what a reprinted receipt shows. */
const cardReference = (reads: TicketReads, cardId: string | null | undefined) => {
  const card = cardId ? reads.cards.get(cardId) : undefined;
  return card ? maskCardNumber(card.card_number).replace(/^(•••• ){3}/, '•••• ') : null;
};

/** The gift cards a ticket's payments name, each once. */
const cardIdsOf = (payments: readonly { tender: string; gift_card_id?: string | null }[]) => [...new Set(payments.filter((p) => p.tender === 'gift_card' && p.gift_card_id).map((p) => p.gift_card_id!))];

/** Minor units per card the payments spend; a card the reads did not find is a 422 on its payment. */
function spendByCard(reads: TicketReads, payments: readonly { tender: string; amount: string; gift_card_id?: string | null }[], path: (string | number)[]): Record<string, number> {
  const spend: Record<string, number> = {};
  const issues: ValidationIssue[] = [];
  payments.forEach((p, index) => {
    if (p.tender !== 'gift_card' || !p.gift_card_id) return;
    if (!reads.cards.has(p.gift_card_id)) return void issues.push({ loc: [...path, index, 'gift_card_id'], msg: 'Gift card not found', type: 'not_found' });
    spend[p.gift_card_id] = (spend[p.gift_card_id] ?? 0) + money.parseMoney(p.amount, reads.currency).amount;
  });
  if (issues.length) throw new ValidationError(issues);
  return spend;
}

/**
 * The cards' items (gift-cards/tender.ts): spent (> 0) or given back (< 0), in the ticket's
 * transaction. A card that moved meanwhile cancels it (CardMoved), and the ticket is read again.
 */
function giftCardItems(reads: TicketReads, teller: Teller, byCard: Record<string, number>, ticketId: string, entryId: string, now: string, date: string, loc: (string | number)[]): TransactItem[] {
  const uses = Object.entries(byCard)
    .filter(([, amount]) => amount !== 0)
    .map(([cardId, amount]) => ({ card: reads.cards.get(cardId)!, spend: amount, reference: { type: 'pos_transaction', id: ticketId }, location_id: reads.terminal.location_id, journal_entry_id: entryId, created_by: teller.userId, now, today: date, loc, withFigures: false }));
  return uses.length ? [...uses.flatMap((use) => tenderItems(use)), ...tenderFigures(uses)] : [];
}

/** The business day and hour of a moment in the organization's time zone. */
function localDayAndHour(iso: string, timeZone: string): { date: string; hour: string } {
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: get('hour') };
}

/** Refusals of the till's own rules, as one 422 (or the first 404/409). */
function checkTill(reads: TicketReads, body: { occurred_at: string; customer_id?: string | null }, now: Date) {
  if (!reads.terminal.is_active) throw new Conflict(`Terminal ${reads.terminal.name} is inactive`);
  if (reads.session.status !== 'open') throw new Conflict('The session is closed; open a new session to sell');
  if (body.customer_id && (!reads.customer || reads.customer.contact_type === 'supplier')) {
    throw new ValidationError([{ loc: ['body', 'customer_id'], msg: 'Customer not found', type: 'not_found' }]);
  }
  // A register's clock may be a little ahead; a sale from the future is a broken clock.
  if (Date.parse(body.occurred_at) > now.getTime() + 10 * 60_000) {
    throw new ValidationError([{ loc: ['body', 'occurred_at'], msg: 'The sale is dated in the future; check the register clock', type: 'value_error' }]);
  }
}

type SaleLineInput = SaleBody['lines'][number];

/** Sold lines: product, tax, discount rights, figures. */
function soldLines(reads: TicketReads, lines: readonly SaleLineInput[], teller: Teller, path: (string | number)[]): StoredPosLine[] {
  const issues: ValidationIssue[] = [];
  const out: StoredPosLine[] = [];
  lines.forEach((line, index) => {
    const loc = [...path, index];
    const product = reads.products.get(line.product_id);
    if (!product) return void issues.push({ loc: [...loc, 'product_id'], msg: 'Product not found', type: 'not_found' });
    const tax = line.tax_id ? reads.taxes.get(line.tax_id) : null;
    if (line.tax_id && !tax) return void issues.push({ loc: [...loc, 'tax_id'], msg: 'Tax not found', type: 'not_found' });
    if (tax && tax.tax_category === 'special') return void issues.push({ loc: [...loc, 'tax_id'], msg: 'A special tax is not sold at the till; use an invoice', type: 'value_error' });
    const limit = reads.terminal.max_cashier_discount_percent;
    if (line.discount && !hasRank(teller.role, 'admin')) {
      const gross = Number(line.unit_price) * Number(line.quantity);
      const asPercent = line.discount.type === 'percent' ? line.discount.percent : gross > 0 ? (Number(line.discount.amount) / gross) * 100 : 100;
      if (asPercent > limit + 1e-9) return void issues.push({ loc: [...loc, 'discount'], msg: `A cashier may give at most ${limit}% off a line; ask a manager`, type: 'forbidden_discount' });
    }
    let figures: TicketLine;
    let promotionShare = 0;
    let loyaltyShare = 0;
    try {
      const input = {
        quantity: line.quantity,
        unit_price: line.unit_price,
        price_includes_tax: line.price_includes_tax,
        tax_rate: tax ? tax.rate : '0',
        tax_category: tax ? (tax.tax_category as 'standard' | 'zero_rated' | 'exempt') : 'exempt',
        discount: line.discount ?? null,
      };
      figures = ticketLine(input, reads.currency, loc);
      // A promotion's share is taken as one amount discount with the manual one (shared/src/pos/promotions.ts does the same).
      promotionShare = 'promotion_discount' in line && line.promotion_discount ? money.parseMoney(line.promotion_discount, reads.currency).amount : 0;
      if (promotionShare > figures.subtotal - figures.discount) return void issues.push({ loc: [...loc, 'promotion_discount'], msg: 'A promotion cannot take off more than the line comes to', type: 'value_error' });
      // Redeemed points' share on top (shared/src/pos/loyalty.ts spreads them after the promotions).
      loyaltyShare = 'loyalty_discount' in line && line.loyalty_discount ? money.parseMoney(line.loyalty_discount, reads.currency).amount : 0;
      if (promotionShare + loyaltyShare > figures.subtotal - figures.discount) return void issues.push({ loc: [...loc, 'loyalty_discount'], msg: 'Points cannot take off more than the line comes to', type: 'value_error' });
      if (promotionShare || loyaltyShare) figures = ticketLine({ ...input, discount: { type: 'amount', amount: money.formatMoney(money.fromMinorUnits(figures.discount + promotionShare + loyaltyShare, reads.currency)) } }, reads.currency, loc);
    } catch (error) {
      if (error instanceof TaxError) return void issues.push({ loc: [...error.loc], msg: error.message, type: 'value_error' });
      throw error;
    }
    const quantity = Math.round(Number(line.quantity) * 1000);
    const tracked = product.item_type !== 'service' && product.is_tracked_inventory;
    out.push({
      id: line.id,
      product_id: product.id,
      sku: product.sku,
      name: product.name,
      name_ar: product.name_ar ?? null,
      tracked,
      quantity,
      unit_price: line.unit_price,
      price_includes_tax: line.price_includes_tax,
      tax_id: tax?.id ?? null,
      tax_rate: figures.tax_rate,
      tax_category: figures.category,
      discount_input: line.discount ?? null,
      promotion_discount: promotionShare,
      ...(loyaltyShare ? { loyalty_discount: loyaltyShare } : {}),
      subtotal: figures.subtotal,
      discount: figures.discount,
      net: figures.net,
      special_tax: figures.special_tax,
      tax: figures.tax,
      gross: figures.gross,
      // Provisional: the catalogue cost; the stock queue posts the exact cost's difference.
      cost: tracked ? mulDiv(product.cost_fils ?? 0, quantity, 1000) : 0,
      returned_milli: 0,
      returned_net: 0,
      returned_tax: 0,
      returned_gross: 0,
      returned_cost: 0,
    });
  });
  if (issues.length) throw new ValidationError(issues);
  return out;
}

const revenueAccount = (reads: TicketReads, line: StoredPosLine) =>
  reads.products.get(line.product_id ?? '')?.item_type === 'service' ? reads.accounts.service_revenue.id : reads.accounts.sales.id;

/** Adds `amount` to `account` on the debit (>0) or credit (<0) side, one line per (account, contact, tax). */
class Lines {
  private readonly sums = new Map<string, PostingLine & { amount: number }>();
  add(account_id: string, amount: number, extra: { contact_id?: string | null; tax_id?: string | null; description: string }) {
    if (!amount) return;
    const key = `${account_id}|${extra.contact_id ?? ''}|${extra.tax_id ?? ''}|${extra.description}`;
    const line = this.sums.get(key) ?? { account_id, amount: 0, contact_id: extra.contact_id ?? null, tax_id: extra.tax_id ?? null, description: extra.description };
    line.amount += amount;
    this.sums.set(key, line);
  }
  posting(): PostingLine[] {
    return [...this.sums.values()]
      .filter((l) => l.amount !== 0)
      .map(({ amount, ...line }) => (amount > 0 ? { ...line, debit: amount } : { ...line, credit: -amount }));
  }
}

/** The accounts a tender's money sits in. */
function tenderAccount(reads: TicketReads, tender: PosTender): string {
  switch (tender) {
    case 'cash': return reads.terminal.cash_account_id;
    case 'card':
    case 'cliq': return reads.accounts.undeposited_funds.id;
    case 'store_credit': return reads.accounts.store_credit.id;
    case 'on_account': return reads.accounts.receivable.id;
    case 'gift_card': return reads.accounts.gift_card_liability.id;
  }
}
const TENDER_WORDS: Record<PosTender, string> = { cash: 'cash', card: 'card', cliq: 'CliQ', store_credit: 'store credit', on_account: 'on account', gift_card: 'gift card' };

/** Credits of sold lines (revenue, output tax) and their provisional cost. */
function bookSold(lines: Lines, reads: TicketReads, sold: readonly StoredPosLine[], sign: 1 | -1) {
  for (const line of sold) {
    lines.add(revenueAccount(reads, line), -sign * line.net, { description: 'sales' });
    if (line.tax + line.special_tax) lines.add(reads.accounts.vat_output.id, -sign * (line.tax + line.special_tax), { tax_id: line.tax_id, description: `sales tax ${line.tax_rate}%` });
    if (line.cost) {
      lines.add(reads.accounts.cogs.id, sign * line.cost, { description: 'cost of goods sold (provisional)' });
      lines.add(reads.accounts.inventory.id, -sign * line.cost, { description: 'inventory at cost (provisional)' });
    }
  }
}

/** Debits (sale) or credits (refund) per tender. */
function bookTenders(lines: Lines, reads: TicketReads, amounts: Partial<Record<PosTender, number>>, sign: 1 | -1, customerId: string | null) {
  for (const [tender, amount] of Object.entries(amounts) as [PosTender, number][]) {
    if (!amount) continue;
    const contact = tender === 'store_credit' || tender === 'on_account' ? customerId : null;
    lines.add(tenderAccount(reads, tender), sign * amount, { contact_id: contact, description: TENDER_WORDS[tender] });
  }
}

/** The loyalty lines of a receipt (loyalty/till.ts): + debit, − credit. */
function bookLoyalty(lines: Lines, reads: TicketReads, postings: readonly LoyaltyPosting[]) {
  for (const p of postings) lines.add(reads.accounts[p.account].id, p.amount, { description: p.description });
}

function requireCustomerFor(amounts: Partial<Record<PosTender, number>>, customerId: string | null, path: (string | number)[]) {
  for (const tender of ['store_credit', 'on_account'] as const) {
    if ((amounts[tender] ?? 0) > 0 && !customerId) {
      throw new ValidationError([{ loc: path, msg: `A ${TENDER_WORDS[tender]} payment needs the customer`, type: 'value_error' }]);
    }
  }
}

interface Figures { sales: number; returns: number; items: number; net: number; tax: number; discount: number; gross: number; refunds: number; cost: number; kept: Partial<Record<PosTender, number>>; refunded: Partial<Record<PosTender, number>>; hour: string }

/** The ADDs to the session and the day figures (per terminal and per cashier). */
function aggregateItems(reads: TicketReads, teller: Teller, date: string, now: string, f: Figures): TransactItem[] {
  const session: Record<string, number> = {};
  const add = (name: string, value: number) => { if (value) session[name] = (session[name] ?? 0) + value; };
  add('sales_count', f.sales);
  add('returns_count', f.returns);
  add('items_milli', f.items);
  add('net', f.net);
  add('tax', f.tax);
  add('discount', f.discount);
  add('gross', f.gross);
  add('refunds', f.refunds);
  for (const [t, v] of Object.entries(f.kept)) { add(`t_${t}_sales`, v ?? 0); if (v) add(`t_${t}_count`, 1); }
  for (const [t, v] of Object.entries(f.refunded)) add(`t_${t}_refunds`, v ?? 0);
  const day: Record<string, number> = {};
  const addDay = (name: string, value: number) => { if (value) day[name] = (day[name] ?? 0) + value; };
  for (const name of ['sales_count', 'returns_count', 'items_milli', 'net', 'tax', 'discount', 'gross', 'refunds'] as const) addDay(name, session[name] ?? 0);
  addDay('cost', f.cost);
  for (const t of ['cash', 'card', 'cliq', 'store_credit', 'on_account'] as const) addDay(`t_${t}`, (f.kept[t] ?? 0) - (f.refunded[t] ?? 0));
  addDay(`h${f.hour}_count`, f.sales);
  addDay(`h${f.hour}_gross`, f.gross - f.refunds);
  const figuresDay = `${date}#${teller.userId}`;
  const sessionUpdate = onConditionFailed(
    updateItem(
      existingItemUpdate(
        PosSession.patch({ organization_id: teller.organizationId, id: reads.session.id })
          .add(session as never)
          .set({ last_sale_at: now, updated_at: now, figures_day: figuresDay })
          .where((a, { eq }) => eq(a.status, 'open'))
          .params(),
        ['organization_id', 'id'],
      ),
    ),
    () => new Conflict('The session is closed; open a new session to sell'),
  );
  // The session's previous receipt wrote both day items of this day and cashier, in the same
  // transaction as the session's `figures_day`: they exist, with every figure, and only the ADDs
  // are sent (db/transaction.ts `existingItemUpdate`). Otherwise one of them may be new, and gets
  // every figure it lacks at 0 (dayFiguresUpdate). A shorter update expression is less for
  // DynamoDB to evaluate on every sale but the first of a day.
  const known = reads.session.figures_day === figuresDay;
  const complete = (params: Record<string, unknown>, keyAttributes: string[]) => (known ? existingItemUpdate(params, keyAttributes) : dayFiguresUpdate(params, day));
  const terminalDay = updateItem(complete(PosTerminalDay.update({ organization_id: teller.organizationId, date, terminal_id: reads.terminal.id }).add(day as never).params(), ['organization_id', 'date', 'terminal_id']));
  const cashierDay = updateItem(complete(PosCashierDay.update({ organization_id: teller.organizationId, date, cashier_id: teller.userId }).add(day as never).params(), ['organization_id', 'date', 'cashier_id']));
  return [sessionUpdate, terminalDay, cashierDay];
}

/** Store credit spent (negative) or given (positive), with its ledger line for the customer. */
function storeCreditItems(organizationId: string, customerId: string, amount: number, source: { type: 'pos_sale' | 'pos_return' | 'deposit' | 'goodwill'; id: string }, entryId: string, now: string, createdBy: string | null, currency: string): TransactItem[] {
  if (!amount) return [];
  const balance = amount < 0
    ? onConditionFailed(
        updateItem(StoreCredit.update({ organization_id: organizationId, customer_id: customerId }).add({ balance: amount }).set({ updated_at: now }).where((a, { gte }) => gte(a.balance, -amount)).params()),
        () => new ValidationError([{ loc: ['body', 'payments'], msg: `The customer does not have ${money.formatMoney(money.fromMinorUnits(-amount, currency))} of store credit`, type: 'insufficient_store_credit' }]),
      )
    : updateItem(StoreCredit.update({ organization_id: organizationId, customer_id: customerId }).add({ balance: amount }).set({ updated_at: now }).params());
  return [
    balance,
    putItem(StoreCreditMovement.create({ organization_id: organizationId, customer_id: customerId, id: `${source.id}`, amount, source_type: source.type, source_id: source.id, journal_entry_id: entryId, created_by: createdBy ?? undefined, created_at: now }).params()),
  ];
}

/** The gift-card share of a refund over the sale's cards, pro rata to what each can still take back. */
function refundByCard(amount: number, original: PosTransactionRecord, currency: string): Record<string, number> {
  const paid = (original.kept_by_card as Record<string, number> | undefined) ?? {};
  const before = (original.refunded_by_card as Record<string, number> | undefined) ?? {};
  const room = Object.entries(paid).map(([id, v]) => [id, v - (before[id] ?? 0)] as const).filter(([, v]) => v > 0);
  if (!room.length) return {};
  const parts = money.allocate(money.fromMinorUnits(amount, currency), room.map(([, v]) => String(v)));
  return Object.fromEntries(room.map(([id], i) => [id, parts[i]!.amount]).filter(([, v]) => (v as number) > 0));
}

/** The receipt is already there: a replay. Same terminal and sequence: its answer; otherwise the id is taken. */
function replayOf(existing: PosTransactionRecord, body: { terminal_id: string; sequence: number }): PosTransactionRecord {
  if (existing.terminal_id !== body.terminal_id || existing.sequence !== body.sequence) {
    throw new Conflict('Another receipt already has this id');
  }
  return existing;
}

class ReceiptExists extends MovedMeanwhile {
  constructor() { super('The receipt was posted meanwhile'); }
}
class OriginalMoved extends MovedMeanwhile {
  constructor() { super('The sale returned changed meanwhile'); }
}

export interface PostedTicket {
  record: PosTransactionRecord;
  replayed: boolean;
  currency: string;
}

/** Post the planned receipt; on a moved series or original, read and plan again. */
async function postTicket(
  teller: Teller,
  body: { id: string; terminal_id: string; session_id: string; sequence: number; customer_id?: string | null },
  reads: () => Promise<TicketReads | { replay: PosTransactionRecord }>,
  plan: (r: TicketReads, number: string, seq: number, now: string) => { record: PosTransactionRecord; posting: PostingInput | null; items: TransactItem[]; audit: { action: string; narrative: { key: string; params: Record<string, string> } } },
  idempotency: { claim: IdempotencyClaim; answer(record: PosTransactionRecord, currency: string): { status: number; body: unknown } } | null,
): Promise<PostedTicket> {
  let announced: Promise<void> | undefined;
  for (let attempt = 1; ; attempt++) {
    // The key's record in the same turn as the ticket's reads: one BatchGetItem for both. An
    // earlier answer under this key wins over whatever the reads found.
    const lookup = idempotency?.claim.lookup?.();
    lookup?.catch(() => undefined);
    const read = await reads().catch(async (error: unknown) => {
      await lookup;
      throw error;
    });
    await lookup;
    if ('replay' in read) {
      const { base_currency } = await readOrganization(teller.organizationId);
      const record = replayOf(read.replay, body);
      // Sent again under a new key (the first answer was lost with its key): the key now names this receipt too.
      if (idempotency) await postTransaction([idempotency.claim.recordItem({ ...idempotency.answer(record, base_currency), status: 200, resourceType: 'pos_transaction', resourceId: record.id })]);
      return { record, replayed: true, currency: base_currency };
    }
    const seq = read.series.last + 1;
    const number = formatSeriesNumber(read.terminal.receipt_prefix, seq);
    const now = new Date().toISOString();
    const planned = plan(read, number, seq, now);
    const items: TransactItem[] = [];
    if (idempotency) items.push(idempotency.claim.recordItem({ ...idempotency.answer(planned.record, read.currency), resourceType: 'pos_transaction', resourceId: planned.record.id }));
    items.push(onConditionFailed(putItem(PosTransaction.create(planned.record).params()), () => new ReceiptExists()));
    items.push(...planned.items);
    // The receipt is written on condition that it does not exist yet: a second posting of it fails
    // there, so what rides on it (its audit record, its pending stock, its journal's cards) is put plainly.
    items.push(putItem(auditRecordPut(teller.actor, { action: planned.audit.action, entity_type: 'pos_transaction', entity_id: planned.record.id, narrative: planned.audit.narrative as never, changes: { number, total: planned.record.total } }, new Date(now))));
    if (planned.posting) {
      const context = checkPostings([planned.posting], { currency: read.currency, accounts: read.accountMap, closedThrough: read.closedThrough });
      items.push(...assemblePostings([planned.posting], context, null).transactItems);
    }
    // A ticket refused earlier and now accepted leaves sync/status's list of refusals.
    items.push(deleteItem(PosSyncRefusal.delete({ organization_id: teller.organizationId, terminal_id: read.terminal.id, transaction_id: planned.record.id }).params()));
    items.push(takeNumbers(read.series).item);
    // The follow-up's message leaves beside the transaction (see afterPostingHooks), once.
    announced ??= afterPosting(teller.organizationId, planned.record);
    try {
      await postTransaction(items);
      await announced;
      return { record: planned.record, replayed: false, currency: read.currency };
    } catch (error) {
      if (!(error instanceof MovedMeanwhile) || attempt >= ATTEMPTS) {
        if (error instanceof MovedMeanwhile) throw new Conflict('Too many receipts at once on this terminal; nothing was saved, try again');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 5 * attempt) * (0.5 + Math.random())));
    }
  }
}

const ticketErrors = (error: unknown, path: (string | number)[]) => {
  if (error instanceof TicketError) return new ValidationError([{ loc: [...path, ...error.loc], msg: error.message, type: 'value_error' }]);
  return error;
};

function emptyRecordFields(body: { id: string; terminal_id: string; session_id: string; sequence: number; occurred_at: string; offline?: boolean; note?: string | null }, teller: Teller, reads: TicketReads, number: string, seq: number, now: string, date: string) {
  return {
    organization_id: teller.organizationId,
    id: body.id,
    number,
    number_seq: seq,
    terminal_id: reads.terminal.id,
    session_id: reads.session.id,
    sequence: body.sequence,
    cashier_id: teller.userId,
    customer_id: reads.customer?.id,
    customer_key: reads.customer?.id ?? '-',
    customer_name: reads.customer?.name,
    occurred_at: body.occurred_at,
    date,
    posted_at: now,
    offline: body.offline ?? false,
    note: body.note ?? undefined,
    receipt_status: 'not_sent' as const,
    version: 1,
  };
}

// ---- Sale ----------------------------------------------------------------------------------------

/** What a sale reads before it is planned: one BatchGetItem (db/get-together.ts). */
function readSale(organizationId: string, body: SaleBody) {
  const productIds = [...new Set(body.lines.map((l) => l.product_id))];
  const taxIds = [...new Set(body.lines.map((l) => l.tax_id).filter((t): t is string => !!t))];
  const promotionIds = [...new Set((body.promotions ?? []).map((p) => p.promotion_id))];
  return readTicket(organizationId, body, productIds, taxIds, null, cardIdsOf(body.payments), promotionIds);
}

/**
 * The sale's reads, started beside the cashier's authentication (the route's `readAhead`,
 * http/api.ts): the same keys as `postSale` reads, so its reads take these.
 */
export function readSaleAhead(organizationId: string, body: SaleBody): void {
  void readSale(organizationId, body).catch(() => undefined);
}

export async function postSale(teller: Teller, body: SaleBody, idempotency: { claim: IdempotencyClaim; answer(record: PosTransactionRecord, currency: string): { status: number; body: unknown } } | null): Promise<PostedTicket> {
  const posted = await postTicket(teller, body, () => readSale(teller.organizationId, body), (reads, number, seq, now) => {
    checkTill(reads, body, new Date(now));
    const sold = soldLines(reads, body.lines, teller, ['body', 'lines']);
    const earned = checkPromotions(reads, body, sold);
    const { date: businessDate } = localDayAndHour(body.occurred_at, reads.timeZone);
    const redeemedValue = checkRedemption(reads.loyalty, body.loyalty_redemption, sold, reads.currency, businessDate);
    const totals = ticketTotals(sold.map(toTicketLine));
    if (totals.gross <= 0) throw new ValidationError([{ loc: ['body', 'lines'], msg: 'The sale comes to nothing; remove it or change the prices', type: 'value_error' }]);
    let tenders;
    try {
      tenders = checkTenders(totals.gross, body.payments, reads.currency, ['body', 'payments']);
    } catch (error) {
      throw ticketErrors(error, []);
    }
    const customerId = reads.customer?.id ?? null;
    requireCustomerFor(tenders.kept, customerId, ['body', 'customer_id']);
    const { date, hour } = localDayAndHour(body.occurred_at, reads.timeZone);
    const entryId = body.id;
    const lines = new Lines();
    bookTenders(lines, reads, tenders.kept, 1, customerId);
    bookSold(lines, reads, sold, 1);
    const loyalty = customerId
      ? saleLoyalty(reads.loyalty, { points_redeemed: body.loyalty_redemption?.points ?? 0, redeemed_value: redeemedValue, gross: totals.gross, net: totals.net, currency: reads.currency, today: date, now, createdBy: teller.userId, reference: { type: 'pos_transaction', id: body.id }, location_id: reads.terminal.location_id, journal_entry_id: entryId })
      : { items: [], postings: [], record: null };
    bookLoyalty(lines, reads, loyalty.postings);
    const cost = sold.reduce((s, l) => s + l.cost, 0);
    const payments: StoredPosPayment[] = body.payments.map((p) => ({ id: p.id, tender: p.tender, amount: money.parseMoney(p.amount, reads.currency).amount, reference: p.reference ?? cardReference(reads, p.gift_card_id), gift_card_id: p.gift_card_id ?? null }));
    const cardSpend = spendByCard(reads, body.payments, ['body', 'payments']);
    const record: PosTransactionRecord = {
      ...emptyRecordFields(body, teller, reads, number, seq, now, date),
      kind: 'sale',
      lines: sold,
      payments,
      refunds: [],
      refunded_by_tender: {},
      subtotal: totals.subtotal,
      discount: totals.discount,
      net: totals.net,
      tax: totals.tax,
      total: totals.gross,
      tendered: tenders.tendered,
      change: tenders.change,
      journal_entry_id: entryId,
      provisional_cost: cost,
      stock_settled: !sold.some((l) => l.tracked),
      kept_by_tender: tenders.kept,
      kept_by_card: cardSpend,
      promotions: earned.map((e) => ({ promotion_id: e.promotion.id, name: e.promotion.name, name_ar: e.promotion.name_ar ?? null, discount: e.discount, reason_key: e.reason_key, reason_params: e.reason_params })),
      ...(loyalty.record ? { loyalty: loyalty.record } : {}),
    } as PosTransactionRecord;
    const posting: PostingInput = {
      organizationId: teller.organizationId,
      date,
      entryId,
      name: number,
      source: { type: 'pos_transaction', id: body.id },
      memo_narrative: { key: 'ledger.pos.sale', params: { number } },
      createdBy: teller.userId,
      shard: reads.terminal.id,
      lines: lines.posting(),
      issuePath: ['body'],
    };
    const items = [
      ...aggregateItems(reads, teller, date, now, { sales: 1, returns: 0, items: sold.reduce((s, l) => s + l.quantity, 0), net: totals.net, tax: totals.tax, discount: totals.discount, gross: totals.gross, refunds: 0, cost, kept: tenders.kept, refunded: {}, hour }),
      ...(customerId ? storeCreditItems(teller.organizationId, customerId, -(tenders.kept.store_credit ?? 0), { type: 'pos_sale', id: body.id }, entryId, now, teller.userId, reads.currency) : []),
      ...(record.stock_settled ? [] : [putItem(PosPendingStock.put({ organization_id: teller.organizationId, transaction_id: body.id, terminal_id: reads.terminal.id, created_at: now }).params())]),
      ...giftCardItems(reads, teller, cardSpend, body.id, entryId, now, date, ['body', 'payments']),
      ...earned.flatMap((e) => usageItems(e.promotion, { customerId, discount: e.discount, reference: { type: 'pos_transaction', id: body.id }, locationId: reads.terminal.location_id, place: reads.terminal.id, now, enforceLimits: !body.offline })),
      ...loyalty.items,
    ];
    return { record, posting, items, audit: { action: 'pos.sale', narrative: { key: 'audit.pos.sale', params: { number, amount: money.formatMoney(money.fromMinorUnits(totals.gross, reads.currency)) } } } };
  }, idempotency);
  return posted;
}

const toTicketLine = (l: StoredPosLine): TicketLine => ({ subtotal: l.subtotal, discount: l.discount, net: l.net, special_tax: l.special_tax, tax: l.tax, gross: l.gross, tax_rate: l.tax_rate, category: l.tax_category });

// ---- Return (and exchange) ------------------------------------------------------------------------

export async function postReturn(teller: Teller, body: ReturnBody, idempotency: { claim: IdempotencyClaim; answer(record: PosTransactionRecord, currency: string): { status: number; body: unknown } } | null): Promise<PostedTicket> {
  const originalId = body.original_transaction_id ?? null;
  const productIds = [...new Set([...body.lines.map((l) => l.product_id).filter((p): p is string => !!p), ...body.new_lines.map((l) => l.product_id)])];
  const taxIds = [...new Set([...body.lines.map((l) => l.tax_id), ...body.new_lines.map((l) => l.tax_id)].filter((t): t is string => !!t))];
  const posted = await postTicket(teller, body, async () => {
    const reads = await readTicket(teller.organizationId, body, productIds, taxIds, originalId, cardIdsOf(body.payments));
    // The original's products (for revenue accounts) when the return names only its lines, and
    // the gift cards it was paid with (a refund goes back onto them).
    if (!('replay' in reads) && reads.original) {
      const missing = (reads.original.lines as StoredPosLine[]).map((l) => l.product_id).filter((id): id is string => !!id && !reads.products.has(id));
      const paidCards = Object.keys((reads.original.kept_by_card as Record<string, number> | undefined) ?? {}).filter((id) => !reads.cards.has(id));
      // The sale's customer's points, when the return does not name the customer (the till read them when it does).
      const loyaltyCustomer = reads.original.loyalty && !body.customer_id ? reads.original.customer_id : null;
      const [extra, cards, member, programs] = await Promise.all([
        Promise.all([...new Set(missing)].map((id) => readItem(Product, { organization_id: teller.organizationId, id }))),
        Promise.all(paidCards.map((id) => readItem(GiftCard, { organization_id: teller.organizationId, id }))),
        loyaltyCustomer ? readItem(LoyaltyMember, { organization_id: teller.organizationId, customer_id: loyaltyCustomer }) : Promise.resolve(null),
        loyaltyCustomer ? readItem(LoyaltyPrograms, { organization_id: teller.organizationId }) : Promise.resolve(null),
      ]);
      for (const p of extra) if (p) reads.products.set(p.id, p);
      for (const c of cards) if (c) reads.cards.set(c.id, c);
      if (loyaltyCustomer) reads.loyalty = { member: member ?? null, programs: (programs?.programs as StoredLoyaltyProgram[] | undefined) ?? [] };
    }
    return reads;
  }, (reads, number, seq, now) => {
    checkTill(reads, body, new Date(now));
    const original = reads.original;
    if (originalId && (!original || original.kind !== 'sale')) throw new NotFound('The sale returned was not found');
    if (!originalId) {
      const allowed = reads.receiptlessPolicy === 'everyone' || (reads.receiptlessPolicy === 'admins' && hasRank(teller.role, 'admin'));
      if (!allowed) throw new Forbidden(reads.receiptlessPolicy === 'never' ? 'This organization does not take returns without a receipt' : 'Only a manager (admin or owner) can take a return without a receipt');
      if (body.refund_method !== 'store_credit') throw new ValidationError([{ loc: ['body', 'refund_method'], msg: 'A return without a receipt is refunded as store credit', type: 'value_error' }]);
    }
    const customerId = reads.customer?.id ?? original?.customer_id ?? null;
    const issues: ValidationIssue[] = [];
    const returned: StoredPosLine[] = [];
    const originalLines = original ? (original.lines as StoredPosLine[]).map((l) => ({ ...l })) : [];
    body.lines.forEach((line, index) => {
      const loc = ['body', 'lines', index];
      const quantity = Math.round(Number(line.quantity) * 1000);
      if (original) {
        const sold = originalLines.find((l) => l.id === line.original_line_id);
        if (!sold) return void issues.push({ loc: [...loc, 'original_line_id'], msg: 'The sale has no such line', type: 'not_found' });
        const before = sold.returned_milli ?? 0;
        if (before + quantity > sold.quantity) {
          return void issues.push({ loc: [...loc, 'quantity'], msg: `Only ${(sold.quantity - before) / 1000} of ${sold.name} can still be returned`, type: 'too_much' });
        }
        const share = returnedShare(sold, sold.quantity, before, quantity, { net: sold.returned_net ?? 0, tax: sold.returned_tax ?? 0, gross: sold.returned_gross ?? 0 });
        // At what the line really cost once the stock queue has settled it, else at its provisional cost.
        const lineCost = (original.exact_costs as Record<string, number> | undefined)?.[sold.id] ?? sold.cost;
        const cost = before + quantity >= sold.quantity ? lineCost - (sold.returned_cost ?? 0) : mulDiv(lineCost, quantity, sold.quantity);
        sold.returned_milli = before + quantity;
        sold.returned_net = (sold.returned_net ?? 0) + share.net;
        sold.returned_tax = (sold.returned_tax ?? 0) + share.tax;
        sold.returned_gross = (sold.returned_gross ?? 0) + share.gross;
        sold.returned_cost = (sold.returned_cost ?? 0) + cost;
        returned.push({ ...sold, id: line.id, quantity, subtotal: share.gross, discount: 0, net: share.net, special_tax: 0, tax: share.tax, gross: share.gross, cost: line.restock && sold.tracked ? cost : 0, original_line_id: sold.id, restock: line.restock, returned_milli: 0, returned_net: 0, returned_tax: 0, returned_gross: 0, returned_cost: 0 });
      } else {
        try {
          const [priced] = soldLines(reads, [{ id: line.id, product_id: line.product_id!, quantity: line.quantity, unit_price: line.unit_price!, price_includes_tax: line.price_includes_tax!, tax_id: line.tax_id ?? null, discount: null }], { ...teller, role: 'owner' }, ['body', 'lines']);
          returned.push({ ...priced!, cost: line.restock ? priced!.cost : 0, restock: line.restock, original_line_id: null });
        } catch (error) {
          if (error instanceof ValidationError) issues.push(...(error.issues as ValidationIssue[]));
          else throw error;
        }
      }
    });
    if (issues.length) throw new ValidationError(issues);
    const fresh = body.new_lines.length ? soldLines(reads, body.new_lines, teller, ['body', 'new_lines']) : [];
    const refundGross = returned.reduce((s, l) => s + l.gross, 0);
    const newGross = fresh.reduce((s, l) => s + l.gross, 0);
    const { date: businessDate } = localDayAndHour(body.occurred_at, reads.timeZone);
    // The sale's points go back with its goods (loyalty/till.ts); points already spent are kept from the refund.
    const saleLoyalty = original?.loyalty as StoredTicketLoyalty | undefined;
    const loyalty = original && saleLoyalty && customerId === (original.customer_id ?? null)
      ? returnLoyalty(reads.loyalty, { loyalty: saleLoyalty, gross: original.total, returned: original.loyalty_returned as StoredLoyaltyReturned | undefined }, { returned_gross: refundGross, refund: refundGross - newGross, currency: reads.currency, today: businessDate, now, createdBy: teller.userId, reference: { type: 'pos_transaction', id: body.id }, location_id: reads.terminal.location_id, journal_entry_id: body.id })
      : null;
    const balance = refundGross - newGross - (loyalty?.shortfall ?? 0);
    let refunds: Partial<Record<PosTender, number>> = {};
    let kept: Partial<Record<PosTender, number>> = {};
    let tendered = 0;
    let change = 0;
    try {
      if (balance > 0) {
        if (body.payments.length) throw new TicketError(['body', 'payments'], 'The shop owes the customer on this ticket: no payment is taken');
        refunds = body.refund_method === 'store_credit' || !original
          ? { store_credit: balance }
          : refundByTenders(balance, (original as { kept_by_tender?: Partial<Record<PosTender, number>> }).kept_by_tender ?? {}, (original.refunded_by_tender as Partial<Record<PosTender, number>>) ?? {}, reads.currency);
      } else if (balance < 0) {
        const check = checkTenders(-balance, body.payments, reads.currency, ['body', 'payments']);
        kept = check.kept;
        tendered = check.tendered;
        change = check.change;
      }
    } catch (error) {
      throw ticketErrors(error, []);
    }
    if ((refunds.store_credit ?? 0) > 0 && !customerId) throw new ValidationError([{ loc: ['body', 'customer_id'], msg: 'Store credit needs the customer', type: 'value_error' }]);
    // What goes back onto each gift card the sale was paid with: the gift-card share of the refund,
    // split over the cards by what each can still take back (paid less given back before).
    const cardRefunds = original && refunds.gift_card ? refundByCard(refunds.gift_card, original, reads.currency) : {};
    const cardSpend = spendByCard(reads, body.payments, ['body', 'payments']);
    const cardChange: Record<string, number> = { ...cardSpend };
    for (const [id, amount] of Object.entries(cardRefunds)) cardChange[id] = (cardChange[id] ?? 0) - amount;
    requireCustomerFor({ ...kept, ...refunds }, customerId, ['body', 'customer_id']);
    const { date, hour } = localDayAndHour(body.occurred_at, reads.timeZone);
    const entryId = body.id;
    const lines = new Lines();
    // Returned goods: revenue comes back through sales returns, output tax is given back.
    for (const line of returned) {
      lines.add(reads.accounts.sales_returns.id, line.net, { description: 'sales returns' });
      if (line.tax) lines.add(reads.accounts.vat_output.id, line.tax, { tax_id: line.tax_id, description: `sales tax ${line.tax_rate}%` });
      if (line.cost) {
        lines.add(reads.accounts.inventory.id, line.cost, { description: 'inventory at cost (returned)' });
        lines.add(reads.accounts.cogs.id, -line.cost, { description: 'cost of goods sold (returned)' });
      }
    }
    bookSold(lines, reads, fresh, 1);
    if (loyalty) bookLoyalty(lines, reads, loyalty.postings);
    bookTenders(lines, reads, refunds, -1, customerId);
    bookTenders(lines, reads, kept, 1, customerId);
    const freshTotals = ticketTotals(fresh.map(toTicketLine));
    const record: PosTransactionRecord = {
      ...emptyRecordFields(body, teller, reads, number, seq, now, date),
      customer_id: customerId ?? undefined,
      customer_key: customerId ?? '-',
      customer_name: reads.customer?.name ?? original?.customer_name,
      kind: 'return',
      lines: returned,
      new_lines: fresh,
      payments: body.payments.map((p) => ({ id: p.id, tender: p.tender, amount: money.parseMoney(p.amount, reads.currency).amount, reference: p.reference ?? cardReference(reads, p.gift_card_id), gift_card_id: p.gift_card_id ?? null })),
      refunds: Object.entries(refunds).map(([tender, amount]) => ({ tender, amount })),
      refunded_by_tender: {},
      subtotal: refundGross,
      discount: 0,
      net: returned.reduce((s, l) => s + l.net, 0) - freshTotals.net,
      tax: returned.reduce((s, l) => s + l.tax, 0) - freshTotals.tax,
      total: balance,
      tendered,
      change,
      original_transaction_id: original?.id,
      journal_entry_id: entryId,
      provisional_cost: fresh.reduce((s, l) => s + l.cost, 0) - returned.reduce((s, l) => s + l.cost, 0),
      stock_settled: !returned.some((l) => l.cost > 0) && !fresh.some((l) => l.tracked),
      kept_by_tender: kept,
      kept_by_card: cardSpend,
      refunded_by_card: cardRefunds,
      reason: body.reason ?? undefined,
      ...(loyalty?.record ? { loyalty: loyalty.record } : {}),
    } as PosTransactionRecord;
    const items: TransactItem[] = [
      ...aggregateItems(reads, teller, date, now, { sales: 0, returns: 1, items: fresh.reduce((s, l) => s + l.quantity, 0), net: freshTotals.net, tax: freshTotals.tax, discount: freshTotals.discount, gross: newGross, refunds: refundGross - (loyalty?.shortfall ?? 0), cost: record.provisional_cost ?? 0, kept, refunded: refunds, hour }),
    ];
    if (original) {
      const refundedBefore = (original.refunded_by_tender as Partial<Record<PosTender, number>>) ?? {};
      const refundedAfter = { ...refundedBefore };
      for (const [t, v] of Object.entries(refunds) as [PosTender, number][]) refundedAfter[t] = (refundedAfter[t] ?? 0) + v;
      const cardsAfter = { ...((original.refunded_by_card as Record<string, number> | undefined) ?? {}) };
      for (const [id, v] of Object.entries(cardRefunds)) cardsAfter[id] = (cardsAfter[id] ?? 0) + v;
      items.push(onConditionFailed(
        updateItem(PosTransaction.patch({ organization_id: teller.organizationId, id: original.id }).set({ lines: originalLines, refunded_by_tender: refundedAfter, refunded_by_card: cardsAfter, ...(loyalty ? { loyalty_returned: loyalty.returned } : {}), version: original.version + 1 }).where((a, { eq }) => eq(a.version, original.version)).params()),
        () => new OriginalMoved(),
      ));
    }
    if (customerId) {
      const creditChange = (refunds.store_credit ?? 0) - (kept.store_credit ?? 0);
      items.push(...storeCreditItems(teller.organizationId, customerId, creditChange, { type: 'pos_return', id: body.id }, entryId, now, teller.userId, reads.currency));
    }
    if (!record.stock_settled) items.push(putItem(PosPendingStock.put({ organization_id: teller.organizationId, transaction_id: body.id, terminal_id: reads.terminal.id, created_at: now }).params()));
    items.push(...giftCardItems(reads, teller, cardChange, body.id, entryId, now, date, ['body', 'payments']));
    if (loyalty) items.push(...loyalty.items);
    const postingLines = lines.posting();
    const posting: PostingInput | null = postingLines.length
      ? { organizationId: teller.organizationId, date, entryId, name: number, source: { type: 'pos_return', id: body.id }, memo_narrative: { key: 'ledger.pos.return', params: { number } }, createdBy: teller.userId, shard: reads.terminal.id, lines: postingLines, issuePath: ['body'] }
      : null;
    return { record, posting, items, audit: { action: 'pos.return', narrative: { key: 'audit.pos.return', params: { number, amount: money.formatMoney(money.fromMinorUnits(balance, reads.currency)) } } } };
  }, idempotency);
  return posted;
}

// ---- After the transaction ---------------------------------------------------------------------

/**
 * Work that follows a posted receipt and must not hold the till: the stock queue (exact cost) and
 * the JoFotara submission. Neither can be lost: the pending-stock item was written in the receipt's
 * transaction and the sweep finds it; the e-invoice sweep finds receipts without a submission.
 *
 * The hooks run while the receipt's transaction is on its way (postTicket), not after it: the
 * message leaves in the time the transaction takes instead of after it. So a hook must not
 * assume the receipt committed — the stock queue's message is delivered a second later
 * (settlement.ts `enqueueFollowUp`), and its consumer does nothing for a receipt that is not there
 * (refused, or still committing: the sweep then takes it).
 */
export const afterPostingHooks: ((organizationId: string, record: PosTransactionRecord) => Promise<void>)[] = [];

// Awaited before the answer: a Lambda is frozen once it answers, and a message still being sent
// then may never leave. A failure only delays the follow-up (the sweeps), never the sale.
async function afterPosting(organizationId: string, record: PosTransactionRecord) {
  await Promise.all(
    afterPostingHooks.map((hook) =>
      hook(organizationId, record).catch((error) => logger.warn('pos: follow-up of a receipt failed; the sweep will retry it', { transaction_id: record.id, error: error instanceof Error ? error.message : String(error) })),
    ),
  );
}

/**
 * A ticket the server refused (4xx): kept for sync/status with the reason, so a manager sees what a
 * register holds back. The register keeps the ticket in its outbox, marked refused.
 */
export async function recordRefusal(organizationId: string, body: { id?: unknown; terminal_id?: unknown; sequence?: unknown }, status: number, detail: string): Promise<void> {
  if (typeof body.id !== 'string' || typeof body.terminal_id !== 'string') return;
  await PosSyncRefusal.put({
    organization_id: organizationId,
    terminal_id: body.terminal_id.slice(0, 64),
    transaction_id: body.id.slice(0, 64),
    sequence: typeof body.sequence === 'number' ? body.sequence : undefined,
    status,
    detail: detail.slice(0, 1000),
    at: new Date().toISOString(),
  }).go().catch((error) => logger.warn('pos: could not record a refused ticket', { error: error instanceof Error ? error.message : String(error) }));
}
