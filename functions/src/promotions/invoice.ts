/**
 * Promotions on invoices (issue 16): the till's engine and rules (shared/src/promotions/engine.ts,
 * shared/src/pos/promotions.ts) applied to a draft invoice, and checked again when it is confirmed.
 *
 * Applying (`POST …/invoices/promotions`, the invoice form's "Apply promotions"): the draft's lines,
 * customer and date are evaluated against every active promotion; the answer names each one that
 * applies with its reason and each one that does not with the engine's "why not", and gives every
 * line its share (the engine's spread, largest remainder to the fil). The form folds the share into
 * the line's discount (an amount) and keeps it apart as the line's `promotion_discount`, and the
 * draft keeps the promotions' ids (`promotion_ids`). The basis is the till's: each line's amount
 * after the person's own discount (its discount less its promotion share) on the basis the prices
 * are given in — the gross of tax-inclusive prices, the pre-tax amount of tax-exclusive ones.
 *
 * Confirming (`invoicePromotionsWork`, a confirmation work of the invoice kind): the promotions the
 * draft names are evaluated again against the invoice as it is, read fresh (status, usage limits,
 * the customer's own uses). When one no longer applies, or a line's share is not what the engine
 * gives now (the lines changed, the offer changed), the confirmation is a 409 naming why — nothing
 * is written, the person applies the promotions again. Otherwise each use is recorded in the
 * confirmation's transaction with the conditional counts of promotions/usage.ts (limits in total and
 * per customer hold under concurrency: of two confirmations taking the last use, one is a 409).
 *
 * Where and when, for a document that has no till:
 * - Location: an invoice names no location, so a rule limited to locations never matches an invoice
 *   (the engine's `location_not_included`); an offer meant for invoices leaves locations empty.
 * - Time: the invoice is judged on its issue date (dates, days of the week), at the shop's current
 *   local time of day (hours windows): an invoice dated today is judged as a sale made now; a
 *   back-dated one by its date. Re-evaluated at confirmation the same way, so an hours-limited
 *   offer applied at 18:55 and confirmed at 19:05 is a 409 ("not at this time of day").
 */
import { money } from '@daftar/shared';
import { applyPromotions, PromotionError, type Cart, type Promotion as EnginePromotion, type PromotionReasonKey, type PromotionsResult } from '@daftar/shared/promotions/engine';
import type { InvoicePromotionsAnswer, InvoicePromotionsRequest } from '@daftar/shared/schemas/invoices';
import { readItem } from '../db/get-together.js';
import { readById } from '../db/batch-get.js';
import type { InvoiceRecord, StoredInvoiceLine } from '../db/invoice.js';
import { takeAll } from '../db/paging.js';
import { Product } from '../db/product.js';
import { Promotion, PromotionFigures, type PromotionRecord } from '../db/promotion.js';
import type { ConfirmationWork } from '../documents/kind.js';
import { computeLines } from '../documents/lines.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, ValidationError } from '../platform/errors.js';
import { enginePromotion, localMoment, reasonText, usageItems } from './usage.js';
import { dateTimeFormat } from '../ledger/dates.js';

const minorOf = (text: string | number | null | undefined, currency: string) => (text === null || text === undefined || text === '' ? 0 : money.parseMoney(String(text), currency).amount);
const textOf = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

/** The UTC offset (minutes) of `timeZone` at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Math.round((Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at.getTime()) / 60_000);
}

/** The moment an invoice is judged at: its issue date, at the shop's local time of day now (see the module comment). */
export function invoiceMoment(issueDate: string, timeZone: string, now = new Date()): Omit<Cart, 'lines' | 'currency'> {
  const { local_time } = localMoment(now, timeZone);
  const guess = Date.parse(`${issueDate}T${local_time}:00Z`);
  const at = new Date(guess - offsetMinutes(new Date(guess), timeZone) * 60_000);
  return { at: at.toISOString(), local_weekday: new Date(`${issueDate}T00:00:00Z`).getUTCDay(), local_time };
}

/** A line as the engine sees it: the amount after the person's own discount (the discount less the promotion share). */
function cartLine(line: StoredInvoiceLine, id: string, categories: ReadonlyMap<string, string | undefined>, currency: string) {
  const own = line.discount_amount - minorOf(line.promotion_discount, currency);
  return {
    id,
    ...(line.product_id ? { product_id: line.product_id } : {}),
    ...(line.product_id && categories.get(line.product_id) ? { category_id: categories.get(line.product_id)! } : {}),
    quantity: line.quantity,
    unit_price: line.unit_price,
    gross: textOf(line.subtotal - own, currency),
  };
}

async function categoriesOf(organizationId: string, lines: readonly { product_id: string | null }[]): Promise<Map<string, string | undefined>> {
  const ids = lines.map((l) => l.product_id).filter((p): p is string => !!p);
  if (!ids.length) return new Map();
  const products = await readById((keys) => Product.get(keys).go(), organizationId, ids, { what: 'products' });
  return new Map([...products.values()].map((p) => [p.id, p.category_id ?? undefined]));
}

/** The promotions with the customer's uses of each (per-customer limits) as the engine takes them. */
async function withUses(organizationId: string, promotions: readonly PromotionRecord[], customerId: string | null | undefined): Promise<EnginePromotion[]> {
  const uses = await Promise.all(promotions.map((p) => (customerId ? readItem(PromotionFigures, { organization_id: organizationId, promotion_id: p.id, shard: `customer#${customerId}` }) : Promise.resolve(null))));
  return promotions.map((p, i) => enginePromotion(p, uses[i]?.uses ?? 0, p.used_total ?? 0));
}

function evaluate(promotions: readonly EnginePromotion[], cart: Cart): PromotionsResult {
  try {
    return applyPromotions(promotions, cart);
  } catch (error) {
    if (error instanceof PromotionError) throw new ValidationError([{ loc: ['body', ...error.loc], msg: error.message, type: 'value_error' }]);
    throw error;
  }
}

/** Active promotions, each read again consistently (one just paused does not apply). */
async function activePromotions(organizationId: string): Promise<PromotionRecord[]> {
  const listed = await takeAll(Promotion.query.byStatus({ organization_id: organizationId, status: 'active' }));
  const fresh = await Promise.all(listed.map((p) => readItem(Promotion, { organization_id: organizationId, id: p.id })));
  return fresh.filter((p): p is PromotionRecord => !!p && p.status === 'active');
}

/** What "Apply promotions" answers for a draft (see the module comment). */
export async function evaluateInvoicePromotions(organizationId: string, input: InvoicePromotionsRequest): Promise<InvoicePromotionsAnswer> {
  const { currency, timeZone } = await organizationSettings(organizationId);
  const [{ lines }, categories, promotions] = await Promise.all([
    computeLines<StoredInvoiceLine>(organizationId, currency, input.price_includes_tax, input.lines, ['promotion_discount']),
    categoriesOf(organizationId, input.lines.map((l) => ({ product_id: l.product_id ?? null }))),
    activePromotions(organizationId),
  ]);
  lines.forEach((line, index) => {
    const share = minorOf(line.promotion_discount, currency);
    if (share < 0 || share > line.discount_amount) throw new ValidationError([{ loc: ['body', 'lines', index, 'promotion_discount'], msg: 'A promotion share is part of the line’s discount, at most the whole of it', type: 'value_error' }]);
  });
  const engines = await withUses(organizationId, promotions, input.contact_id);
  const cart: Cart = { currency, lines: lines.map((l, i) => cartLine(l, String(i), categories, currency)), customer_id: input.contact_id ?? undefined, ...invoiceMoment(input.issue_date, timeZone) };
  const result = evaluate(engines, cart);
  const byId = new Map(promotions.map((p) => [p.id, p]));
  const named = (id: string) => ({ promotion_id: id, name: byId.get(id)!.name, name_ar: byId.get(id)!.name_ar ?? null });
  return {
    applied: result.applied.map((a) => ({ ...named(a.promotion_id), discount: textOf(a.discount_minor, currency), reason_key: a.reason_key, reason_params: a.reason_params, reason: reasonText(a.reason_key, a.reason_params) })),
    skipped: result.skipped.map((s) => ({ ...named(s.promotion_id), discount: textOf(0, currency), reason_key: s.reason_key, reason_params: s.reason_params, reason: reasonText(s.reason_key, s.reason_params) })),
    lines: lines.map((line, index) => {
      const share = result.line_discounts[String(index)] ?? 0;
      const own = line.discount_amount - minorOf(line.promotion_discount, currency);
      return { index, promotion_discount: textOf(share, currency), discount: textOf(own + share, currency) };
    }),
    discount_total: textOf(result.applied.reduce((s, a) => s + a.discount_minor, 0), currency),
  };
}

/** What an invoice records of a promotion it used (minor units). */
export interface StoredInvoicePromotion {
  promotion_id: string;
  name: string;
  name_ar: string | null;
  discount: number;
  reason_key: PromotionReasonKey;
  reason_params: Record<string, string>;
}

interface ConfirmReads {
  promotions: Map<string, PromotionRecord>;
  engines: EnginePromotion[];
  categories: Map<string, string | undefined>;
  timeZone: string;
}

const claimedIds = (invoice: InvoiceRecord) => [...new Set((invoice.promotion_ids as string[] | undefined) ?? [])];

/** The promotions a confirmed invoice used: checked again, and counted in the confirmation (see the module comment). */
export const invoicePromotionsWork: ConfirmationWork<InvoiceRecord, ConfirmReads | null> = {
  name: 'promotions',
  async read(invoice) {
    const lines = invoice.lines as StoredInvoiceLine[];
    const ids = claimedIds(invoice);
    if (!ids.length && !lines.some((l) => minorOf(l.promotion_discount, invoice.currency) > 0)) return null;
    const organizationId = invoice.organization_id;
    const [records, categories, { timeZone }] = await Promise.all([
      Promise.all(ids.map((id) => readItem(Promotion, { organization_id: organizationId, id }))),
      categoriesOf(organizationId, lines),
      organizationSettings(organizationId),
    ]);
    const found = records.filter((p): p is PromotionRecord => !!p);
    return { promotions: new Map(found.map((p) => [p.id, p])), engines: await withUses(organizationId, found, invoice.contact_id), categories, timeZone };
  },
  build(invoice, reads, { now }) {
    if (!reads) return {};
    const currency = invoice.currency;
    const lines = invoice.lines as StoredInvoiceLine[];
    const again = 'apply the promotions again (or remove them) and confirm';
    const missing = claimedIds(invoice).filter((id) => !reads.promotions.has(id));
    if (missing.length) throw new Conflict(`A promotion of this invoice no longer exists; ${again}`);
    const cart: Cart = { currency, lines: lines.map((l) => cartLine(l, l.id, reads.categories, currency)), customer_id: invoice.contact_id, ...invoiceMoment(invoice.issue_date, reads.timeZone, new Date(now)) };
    const result = evaluate(reads.engines, cart);
    const name = (id: string) => reads.promotions.get(id)!.name;
    const why = result.skipped.map((s) => `${name(s.promotion_id)}: ${reasonText(s.reason_key, s.reason_params)}`);
    if (why.length) throw new Conflict(`The promotions no longer apply as they were applied (${why.join('; ')}); ${again}`);
    const changed = lines.filter((l) => (result.line_discounts[l.id] ?? 0) !== minorOf(l.promotion_discount, currency));
    if (changed.length) {
      const given = result.applied.map((a) => `${name(a.promotion_id)}: ${textOf(a.discount_minor, currency)} off`);
      throw new Conflict(`The promotions' discount changed since they were applied (now ${given.join('; ') || 'none'}; line "${changed[0]!.description}" carries ${textOf(minorOf(changed[0]!.promotion_discount, currency), currency)}); ${again}`);
    }
    const used: StoredInvoicePromotion[] = result.applied.map((a) => {
      const p = reads.promotions.get(a.promotion_id)!;
      return { promotion_id: p.id, name: p.name, name_ar: p.name_ar ?? null, discount: a.discount_minor, reason_key: a.reason_key, reason_params: a.reason_params };
    });
    return {
      items: used.flatMap((u) => usageItems(reads.promotions.get(u.promotion_id)!, { customerId: invoice.contact_id, discount: u.discount, reference: { type: 'invoice', id: invoice.id }, locationId: null, place: 'office', now })),
      fields: { promotions: used } as Partial<InvoiceRecord>,
    };
  },
};
