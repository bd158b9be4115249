/**
 * Promotions (issue 16): the offers, their rules, their use, and the "why (not)" of a cart, with
 * the arithmetic of the shared engine (shared/src/promotions/engine.ts) so that the register, the
 * server and invoices agree to the fil.
 *
 * Limits under concurrency. A use is recorded with conditional increments in ONE transaction: the
 * promotion's `used_total` below its total limit (only promotions that have one: a limit needs one
 * counter), the customer's own count below the per-customer limit, the usage line, and the
 * figures of where it was used. Of two sales taking the last use at once, one transaction is
 * cancelled and its caller refused with the reason.
 */
import type * as z from 'zod';
import { money } from '@daftar/shared';
import { evaluatePromotion, PromotionError, type Cart, type Promotion as EnginePromotion } from '@daftar/shared/promotions/engine';
import { matchesSearch, searchText } from '@daftar/shared/search';
import type {
  promotionBulkOperation,
  promotionCreate,
  promotionListQuery,
  promotionRuleInput,
  promotionSearch,
  promotionUpdate,
  promotionUsageCreate,
  promotionValidate,
  PromotionPublic,
} from '@daftar/shared/schemas/promotions';
import { AuditLog, auditRecord, type AuditActor } from '../db/auditLog.js';
import { readItem } from '../db/get-together.js';
import { countMatching, listPage, takeAll, takeRange } from '../db/paging.js';
import { Promotion, PromotionFigures, PromotionRuleKey, PromotionUsage, type PromotionRecord } from '../db/promotion.js';
import { deleteItem, onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { enginePromotion, localMoment, reasonText, usageItems, type StoredRule } from './usage.js';

export interface Who { actor: AuditActor; userId: string | null }

// ---- Presenter ----------------------------------------------------------------------------------

export function presentPromotion(p: PromotionRecord, currency: string, figures?: { uses: number; discount: number }): PromotionPublic {
  return {
    id: p.id,
    name: p.name,
    name_ar: p.name_ar ?? null,
    description: p.description ?? null,
    status: p.status,
    promotion_type: p.promotion_type,
    priority: p.priority,
    exclusive: p.exclusive,
    stackable: p.stackable,
    usage_limit_total: p.usage_limit_total ?? null,
    usage_limit_per_customer: p.usage_limit_per_customer ?? null,
    used_total: figures?.uses ?? p.used_total ?? 0,
    discount_total: money.formatMoney(money.fromMinorUnits(figures?.discount ?? 0, currency)),
    reward: p.reward as PromotionPublic['reward'],
    rules: (p.rules as StoredRule[]).map((r) => ({ ...r, promotion_id: p.id })),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

async function figuresOf(organizationId: string, promotionId: string) {
  const items = await takeAll(PromotionFigures.query.byPromotion({ organization_id: organizationId, promotion_id: promotionId }));
  const places = items.filter((f) => f.shard.startsWith('at#'));
  return {
    uses: places.reduce((s, f) => s + (f.uses ?? 0), 0),
    discount: places.reduce((s, f) => s + (f.discount ?? 0), 0),
    customers: items.filter((f) => f.shard.startsWith('customer#') && (f.uses ?? 0) > 0).length,
    last: places.map((f) => f.last_used_at).filter((x): x is string => !!x).sort().at(-1) ?? null,
  };
}

// ---- Reads --------------------------------------------------------------------------------------

export async function getPromotion(organizationId: string, id: string): Promise<PromotionRecord> {
  const p = await readItem(Promotion, { organization_id: organizationId, id });
  if (!p) throw new NotFound('Promotion not found');
  return p;
}

export async function showPromotion(organizationId: string, id: string) {
  const [p, { currency }, figures] = await Promise.all([getPromotion(organizationId, id), organizationSettings(organizationId), figuresOf(organizationId, id)]);
  return presentPromotion(p, currency, figures);
}

function promotionsQuery(organizationId: string, query: Partial<z.infer<typeof promotionListQuery>>) {
  const base = query.status ? Promotion.query.byStatus({ organization_id: organizationId, status: query.status }) : Promotion.query.byId({ organization_id: organizationId });
  return base.where((a, { eq }) => (query.promotion_type ? eq(a.promotion_type, query.promotion_type) : ''));
}

/** A page of promotions with their usage figures (one Query of each one's figures). */
async function presentPage(organizationId: string, page: PromotionRecord[], currency: string) {
  const figures = await Promise.all(page.map((p) => figuresOf(organizationId, p.id)));
  return page.map((p, i) => presentPromotion(p, currency, figures[i]));
}

export async function listPromotions(organizationId: string, query: z.infer<typeof promotionListQuery>) {
  const { currency } = await organizationSettings(organizationId);
  const q = promotionsQuery(organizationId, query);
  const [page, count] = await Promise.all([takeRange(q, query.skip, query.limit, 'desc'), countMatching(q)]);
  return { data: await presentPage(organizationId, page, currency), count };
}

export async function searchPromotions(organizationId: string, query: z.infer<typeof promotionSearch>) {
  const { currency } = await organizationSettings(organizationId);
  const all = await takeAll(promotionsQuery(organizationId, query), 'desc');
  const matching = query.q ? all.filter((p) => matchesSearch(searchText([p.name, p.name_ar, p.description]), query.q!)) : all;
  return { data: await presentPage(organizationId, matching.slice(query.skip, query.skip + query.limit), currency), count: matching.length };
}

/** Active promotions (read consistently from the table: a promotion just activated applies at once), for a location when given. */
export async function activePromotions(organizationId: string, locationId?: string): Promise<PromotionRecord[]> {
  const listed = await takeAll(Promotion.query.byStatus({ organization_id: organizationId, status: 'active' }));
  const fresh = await Promise.all(listed.map((p) => readItem(Promotion, { organization_id: organizationId, id: p.id })));
  return fresh.filter((p): p is PromotionRecord => !!p && p.status === 'active').filter((p) => {
    if (!locationId) return true;
    const rules = p.rules as StoredRule[];
    return !rules.length || rules.some((r) => !r.location_ids?.length || r.location_ids.includes(locationId));
  });
}

// ---- Writes -------------------------------------------------------------------------------------

const audit = (who: Who, action: string, p: { id: string; name: string }, changes: Record<string, unknown> = {}) =>
  putItem(AuditLog.create(auditRecord(who.actor, { action: `promotion.${action}`, entity_type: 'promotion', entity_id: p.id, narrative: { key: `audit.promotion.${action}`, params: { name: p.name } } as never, changes })).params());

const withIds = (rules: readonly z.infer<typeof promotionRuleInput>[]): StoredRule[] => rules.map((r) => ({ ...r, id: uuidv7() }));

/** A reward the engine cannot read (a free item of no product…) is refused here, not at the till. */
function checkReward(reward: unknown) {
  try {
    evaluatePromotion({ id: 'check', name: 'check', priority: 0, exclusive: false, stackable: false, status: 'active', used_total: 0, rules: [], reward: reward as EnginePromotion['reward'] }, { currency: 'JOD', lines: [], local_weekday: 0, local_time: '00:00', at: new Date().toISOString() });
  } catch (error) {
    if (error instanceof PromotionError) throw new ValidationError([{ loc: ['body', ...error.loc], msg: error.message, type: 'value_error' }]);
    throw error;
  }
}

export async function createPromotion(organizationId: string, input: z.infer<typeof promotionCreate>, who: Who) {
  checkReward(input.reward);
  const now = new Date().toISOString();
  const rules = withIds(input.rules);
  const record: PromotionRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    name: input.name,
    name_ar: input.name_ar ?? undefined,
    description: input.description ?? undefined,
    status: input.status,
    promotion_type: input.reward.type,
    priority: input.priority,
    exclusive: input.exclusive,
    stackable: input.stackable,
    usage_limit_total: input.usage_limit_total ?? undefined,
    usage_limit_per_customer: input.usage_limit_per_customer ?? undefined,
    used_total: 0,
    reward: input.reward,
    rules,
    version: 1,
    created_by: who.userId ?? undefined,
    created_at: now,
    updated_at: now,
  };
  await postTransaction([
    putItem(Promotion.create(record).params()),
    ...rules.map((r) => putItem(PromotionRuleKey.create({ organization_id: organizationId, rule_id: r.id, promotion_id: record.id }).params())),
    audit(who, 'created', record, { status: record.status }),
  ]);
  const { currency } = await organizationSettings(organizationId);
  return presentPromotion(record, currency, { uses: 0, discount: 0 });
}

/** Writes a changed promotion on condition of the version read. */
async function savePromotion(organizationId: string, before: PromotionRecord, after: Partial<PromotionRecord>, extra: TransactItem[], who: Who, action: string) {
  const now = new Date().toISOString();
  const { organization_id: _o, id: _i, created_at: _c, ...fields } = { ...before, ...after, version: before.version + 1, updated_at: now };
  const remove = (['name_ar', 'description', 'usage_limit_total', 'usage_limit_per_customer'] as const).filter((k) => k in after && after[k] === undefined);
  let update = Promotion.patch({ organization_id: organizationId, id: before.id }).set(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as never);
  if (remove.length) update = update.remove(remove as never);
  await postTransaction([
    onConditionFailed(updateItem(update.where((a, { eq }) => eq(a.version, before.version)).params()), () => new Conflict('The promotion changed meanwhile; reload it and try again')),
    ...extra,
    audit(who, action, { id: before.id, name: after.name ?? before.name }),
  ]);
  return showPromotion(organizationId, before.id);
}

export async function updatePromotion(organizationId: string, id: string, input: z.infer<typeof promotionUpdate>, who: Who) {
  const before = await getPromotion(organizationId, id);
  if (before.status === 'ended' && input.status && input.status !== 'ended') throw new Conflict('An ended promotion does not start again; copy it into a new one');
  if (input.reward) checkReward(input.reward);
  const after: Partial<PromotionRecord> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (after as Record<string, unknown>)[k] = v === null ? undefined : v;
  if (input.reward) after.promotion_type = input.reward.type;
  return savePromotion(organizationId, before, after, [], who, 'updated');
}

/** A promotion that has been used is ended, not deleted: its uses stay with the sales that had them. */
export async function deletePromotion(organizationId: string, id: string, who: Who) {
  const p = await getPromotion(organizationId, id);
  const figures = await figuresOf(organizationId, id);
  if (figures.uses > 0) return { deleted: false, promotion: await savePromotion(organizationId, p, { status: 'ended' }, [], who, 'ended') };
  const { currency } = await organizationSettings(organizationId);
  await postTransaction([
    onConditionFailed(deleteItem(Promotion.delete({ organization_id: organizationId, id }).where((a, { eq }) => eq(a.version, p.version)).params()), () => new Conflict('The promotion changed meanwhile; reload it and try again')),
    ...(p.rules as StoredRule[]).map((r) => deleteItem(PromotionRuleKey.delete({ organization_id: organizationId, rule_id: r.id }).params())),
    audit(who, 'deleted', p),
  ]);
  return { deleted: true, promotion: presentPromotion(p, currency, figures) };
}

export async function addRule(organizationId: string, promotionId: string, rule: z.infer<typeof promotionRuleInput>, who: Who) {
  const p = await getPromotion(organizationId, promotionId);
  const [stored] = withIds([rule]);
  if ((p.rules as StoredRule[]).length >= 20) throw new Conflict('A promotion has at most 20 rules');
  const shown = await savePromotion(organizationId, p, { rules: [...(p.rules as StoredRule[]), stored!] }, [putItem(PromotionRuleKey.create({ organization_id: organizationId, rule_id: stored!.id, promotion_id: p.id }).params())], who, 'updated');
  return shown.rules.find((r) => r.id === stored!.id)!;
}

async function promotionOfRule(organizationId: string, ruleId: string) {
  const key = await readItem(PromotionRuleKey, { organization_id: organizationId, rule_id: ruleId });
  if (!key) throw new NotFound('Rule not found');
  return getPromotion(organizationId, key.promotion_id);
}

export async function updateRule(organizationId: string, ruleId: string, rule: z.infer<typeof promotionRuleInput>, who: Who) {
  const p = await promotionOfRule(organizationId, ruleId);
  const rules = (p.rules as StoredRule[]).map((r) => (r.id === ruleId ? { ...rule, id: ruleId } : r));
  const shown = await savePromotion(organizationId, p, { rules }, [], who, 'updated');
  return shown.rules.find((r) => r.id === ruleId)!;
}

export async function deleteRule(organizationId: string, ruleId: string, who: Who) {
  const p = await promotionOfRule(organizationId, ruleId);
  await savePromotion(organizationId, p, { rules: (p.rules as StoredRule[]).filter((r) => r.id !== ruleId) }, [deleteItem(PromotionRuleKey.delete({ organization_id: organizationId, rule_id: ruleId }).params())], who, 'updated');
  return { message: 'Rule deleted' };
}

export async function bulkOperation(organizationId: string, input: z.infer<typeof promotionBulkOperation>, who: Who) {
  const results: { promotion_id: string; ok: boolean; detail: string | null }[] = [];
  const status = { activate: 'active', pause: 'paused', end: 'ended' } as const;
  for (const id of input.promotion_ids) {
    try {
      if (input.operation === 'delete') await deletePromotion(organizationId, id, who);
      else {
        const p = await getPromotion(organizationId, id);
        if (p.status === 'ended' && input.operation !== 'end') throw new Conflict('An ended promotion does not start again; copy it into a new one');
        await savePromotion(organizationId, p, { status: status[input.operation] }, [], who, 'updated');
      }
      results.push({ promotion_id: id, ok: true, detail: null });
    } catch (error) {
      if (!(error instanceof Error) || !('detail' in error)) throw error;
      const detail = (error as { detail: unknown }).detail;
      results.push({ promotion_id: id, ok: false, detail: typeof detail === 'string' ? detail : JSON.stringify(detail) });
    }
  }
  return { done: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results };
}

// ---- Evaluating ---------------------------------------------------------------------------------

type CartInput = Pick<z.infer<typeof promotionValidate>, 'customer_id' | 'cart_total' | 'item_count' | 'lines' | 'location_id' | 'at'>;

async function cartOf(organizationId: string, input: CartInput): Promise<Cart> {
  const settings = await organizationSettings(organizationId);
  const at = input.at ? new Date(input.at) : new Date();
  const lines = input.lines?.length
    ? input.lines.map((l) => ({ id: l.id, product_id: l.product_id ?? undefined, category_id: l.category_id ?? undefined, quantity: l.quantity, unit_price: l.unit_price, gross: l.gross }))
    : [{ id: 'cart', quantity: input.item_count ?? '1', unit_price: input.cart_total!, gross: input.cart_total! }];
  return { currency: settings.currency, lines, customer_id: input.customer_id ?? undefined, location_id: input.location_id ?? undefined, at: at.toISOString(), ...localMoment(at, settings.timeZone) };
}

async function usedBy(organizationId: string, promotions: readonly PromotionRecord[], customerId: string | null | undefined) {
  const [customer, totals] = await Promise.all([
    Promise.all(promotions.map((p) => (customerId ? readItem(PromotionFigures, { organization_id: organizationId, promotion_id: p.id, shard: `customer#${customerId}` }) : Promise.resolve(null)))),
    Promise.all(promotions.map((p) => (p.usage_limit_total ? Promise.resolve(p.used_total ?? 0) : Promise.resolve(0)))),
  ]);
  return promotions.map((p, i) => enginePromotion(p, customer[i]?.uses ?? 0, totals[i]!));
}

const text = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

export async function validatePromotion(organizationId: string, input: z.infer<typeof promotionValidate>) {
  const [p, cart] = await Promise.all([getPromotion(organizationId, input.promotion_id), cartOf(organizationId, input)]);
  const [engine] = await usedBy(organizationId, [p], input.customer_id);
  const result = evaluatePromotion(engine!, cart);
  return {
    promotion_id: p.id,
    eligible: result.eligible,
    discount: text(result.eligible ? result.discount_minor : 0, cart.currency),
    lines: result.eligible ? result.lines.filter((l) => l.line_id !== 'cart').map((l) => ({ line_id: l.line_id, discount: text(l.discount_minor, cart.currency) })) : [],
    reason_key: result.reason_key,
    reason_params: result.reason_params,
    reason: reasonText(result.reason_key, result.reason_params),
  };
}

// ---- Use ------------------------------------------------------------------------------------------

/** POST usage: a use recorded on its own (an invoice, a manual use); the till records its own in the sale. */
export async function recordUsage(organizationId: string, input: z.infer<typeof promotionUsageCreate>, who: Who) {
  const [p, { currency }] = await Promise.all([getPromotion(organizationId, input.promotion_id), organizationSettings(organizationId)]);
  if (p.status !== 'active') throw new Conflict(`Promotion ${p.name} is ${p.status}`);
  const discount = money.parseMoney(input.discount, currency).amount;
  const now = new Date().toISOString();
  await postTransaction([...usageItems(p, { customerId: input.customer_id, discount, reference: { type: input.reference_type, id: input.reference_id }, locationId: input.location_id, place: 'office', now }), audit(who, 'used', p, { reference_id: input.reference_id, discount: input.discount })]);
  return { promotion_id: p.id, recorded: true };
}

export async function usageOf(organizationId: string, promotionId: string, page: { skip: number; limit: number }) {
  const { currency } = await organizationSettings(organizationId);
  await getPromotion(organizationId, promotionId);
  return listPage(PromotionUsage.query.byPromotion({ organization_id: organizationId, promotion_id: promotionId }), { ...page, order: 'desc' }, (u) => ({
    id: u.id,
    promotion_id: u.promotion_id,
    customer_id: u.customer_id ?? null,
    reference_type: u.reference_type,
    reference_id: u.reference_id,
    discount: text(u.discount, currency),
    location_id: u.location_id ?? null,
    created_at: u.created_at,
  }));
}

export async function promotionSummary(organizationId: string, promotionId: string) {
  const [p, { currency }, figures, first] = await Promise.all([
    getPromotion(organizationId, promotionId),
    organizationSettings(organizationId),
    figuresOf(organizationId, promotionId),
    // Usage ids are UUIDv7: the first in key order is the first use.
    PromotionUsage.query.byPromotion({ organization_id: organizationId, promotion_id: promotionId }).go({ limit: 1, order: 'asc' }),
  ]);
  return {
    promotion_id: p.id,
    used_total: figures.uses,
    customers: figures.customers,
    discount_total: text(figures.discount, currency),
    usage_limit_total: p.usage_limit_total ?? null,
    remaining: p.usage_limit_total ? Math.max(0, p.usage_limit_total - (p.used_total ?? 0)) : null,
    first_used_at: first.data[0]?.created_at ?? null,
    last_used_at: figures.last,
  };
}

