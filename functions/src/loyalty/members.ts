/**
 * Customers in loyalty programs and the office's point moves (issue 16): enrol, move, leave; the
 * point ledger; earn-points, redeem-points, manual adjustments and their reversal. Every change of
 * points is ONE transaction through the posting path (documents/posting-path.ts): the member's
 * versioned update with its ledger lines (ledger.ts), the journal entry when money is deferred or
 * released, the audit record and the Idempotency-Key's record. The till's points move inside the
 * sale's own transaction (pos/sales.ts, till.ts).
 */
import type * as z from 'zod';
import { money } from '@daftar/shared';
import { expireLots, pointsAvailable, redeemValue, tierFor, type PointLot } from '@daftar/shared/loyalty/points';
import { matchesSearch, searchText } from '@daftar/shared/search';
import type {
  loyaltyBulkOperation,
  loyaltyCustomerCreate,
  loyaltyCustomerPublic,
  loyaltyCustomerUpdate,
  loyaltyPointsQuery,
  loyaltySearch,
  loyaltyTransactionCreate,
  loyaltyTransactionListQuery,
  loyaltyTransactionPublic,
} from '@daftar/shared/schemas/loyalty';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { Contact } from '../db/contact.js';
import { readItem } from '../db/get-together.js';
import { LoyaltyActivity, LoyaltyMember, type LoyaltyActivityRecord, type LoyaltyMemberRecord } from '../db/loyalty.js';
import { listPage, takeAll } from '../db/paging.js';
import { deleteItem, isConditionFailure, onConditionFailed, postTransaction, updateItem } from '../db/transaction.js';
import { postDocument, type IdempotencyClaim } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import type { PostingLine } from '../ledger/posting.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { memberItems, nextState, PointsMoved, releaseFor, stateOf, type MemberState, type PointsLine } from './ledger.js';
import { loyaltyIssue, programIn, readPrograms, readReward, termsOf, type StoredLoyaltyProgram } from './programs.js';

export interface Who {
  actor: AuditActor;
  userId: string | null;
}

const text = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

// ---- Presenters ----------------------------------------------------------------------------------

export function presentMember(m: LoyaltyMemberRecord, program: StoredLoyaltyProgram | undefined, currency: string, today: string): z.infer<typeof loyaltyCustomerPublic> {
  const lots = (m.lots as PointLot[]) ?? [];
  const next = lots.filter((l) => l.expires_on && l.points_remaining > 0).sort((a, b) => (a.expires_on! < b.expires_on! ? -1 : 1))[0];
  const sameDay = next ? lots.filter((l) => l.expires_on === next.expires_on).reduce((s, l) => s + l.points_remaining, 0) : 0;
  const terms = program ? termsOf(program) : null;
  return {
    customer_id: m.customer_id,
    customer_loyalty_id: m.id,
    customer_name: m.customer_name,
    loyalty_program_id: m.loyalty_program_id,
    program_name: program?.name ?? '',
    status: m.status,
    points_balance: m.points_balance,
    points_available: pointsAvailable(lots, today),
    points_value: text(terms ? redeemValue(terms, m.points_balance, currency) : 0, currency),
    lifetime_points: m.lifetime_points,
    redeemed_points: m.redeemed_points,
    expired_points: m.expired_points,
    tier: terms ? tierFor(terms, m.lifetime_points)?.name ?? null : null,
    next_expiry: next ? { on: next.expires_on!, points: sameDay } : null,
    deferred_revenue: text(m.deferred, currency),
    notes: m.notes ?? null,
    enrolled_at: m.enrolled_at,
    last_activity_at: m.last_activity_at ?? null,
  };
}

export function presentActivity(a: LoyaltyActivityRecord, currency: string): z.infer<typeof loyaltyTransactionPublic> {
  return {
    id: a.id,
    customer_id: a.customer_id,
    loyalty_program_id: a.loyalty_program_id,
    transaction_type: a.transaction_type,
    points: a.points,
    balance_after: a.balance_after,
    deferred_change: text(a.deferred_change, currency),
    reference_type: a.reference_type ?? null,
    reference_id: a.reference_id ?? null,
    location_id: a.location_id ?? null,
    description: a.description ?? null,
    journal_entry_id: a.journal_entry_id ?? null,
    reversed_by: a.reversed_by ?? null,
    created_by: a.created_by ?? null,
    created_at: a.created_at,
  };
}

async function readMember(organizationId: string, customerId: string): Promise<LoyaltyMemberRecord> {
  const member = await readItem(LoyaltyMember, { organization_id: organizationId, customer_id: customerId });
  if (!member) throw new NotFound('The customer is not enrolled in a loyalty program');
  return member;
}

async function context(organizationId: string) {
  const [{ programs }, settings] = await Promise.all([readPrograms(organizationId), organizationSettings(organizationId)]);
  return { programs, currency: settings.currency, today: todayIn(settings.timeZone) };
}

// ---- Members -------------------------------------------------------------------------------------

export async function enroll(organizationId: string, body: z.infer<typeof loyaltyCustomerCreate>) {
  const [{ programs, currency, today }, customer, existing] = await Promise.all([
    context(organizationId),
    readItem(Contact, { organization_id: organizationId, id: body.customer_id }),
    readItem(LoyaltyMember, { organization_id: organizationId, customer_id: body.customer_id }),
  ]);
  const program = programIn(programs, body.loyalty_program_id);
  if (!customer || customer.contact_type === 'supplier') throw new ValidationError([{ loc: ['body', 'customer_id'], msg: 'Customer not found', type: 'not_found' }]);
  if (program.status !== 'active') throw new Conflict(`${program.name} is inactive; customers cannot join it`);
  if (existing) throw new Conflict(`${customer.name} is already in ${programs.find((p) => p.id === existing.loyalty_program_id)?.name ?? 'a loyalty program'}`);
  const now = new Date().toISOString();
  const record: LoyaltyMemberRecord = {
    organization_id: organizationId,
    customer_id: customer.id,
    id: uuidv7(),
    loyalty_program_id: program.id,
    customer_name: customer.name,
    search_text: searchText([customer.name, customer.name_ar, customer.phone, customer.email]),
    status: 'active',
    points_balance: 0,
    lifetime_points: 0,
    redeemed_points: 0,
    expired_points: 0,
    taken_back_points: 0,
    deferred: 0,
    lots: [],
    notes: body.notes ?? undefined,
    version: 0,
    enrolled_at: now,
    created_at: now,
    updated_at: now,
  };
  try {
    await LoyaltyMember.create(record).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(`${customer.name} is already in a loyalty program`);
    throw error;
  }
  return presentMember(record, program, currency, today);
}

export async function getMember(organizationId: string, customerId: string) {
  const [{ programs, currency, today }, member] = await Promise.all([context(organizationId), readMember(organizationId, customerId)]);
  return presentMember(member, programs.find((p) => p.id === member.loyalty_program_id), currency, today);
}

/** The customer's standing at the till, or null when not enrolled (pos/customers/{id}/account-balance). */
export async function tillStanding(organizationId: string, customerId: string) {
  const [{ programs, currency, today }, member] = await Promise.all([context(organizationId), readItem(LoyaltyMember, { organization_id: organizationId, customer_id: customerId })]);
  const program = member && programs.find((p) => p.id === member.loyalty_program_id);
  if (!member || !program) return null;
  const available = pointsAvailable((member.lots as PointLot[]) ?? [], today);
  const terms = termsOf(program);
  return {
    loyalty_program_id: program.id,
    program_name: program.name,
    program_name_ar: program.name_ar ?? null,
    status: member.status,
    points_available: available,
    points_value: text(redeemValue(terms, available, currency), currency),
    lifetime_points: member.lifetime_points,
    tier: tierFor(terms, member.lifetime_points)?.name ?? null,
    terms: {
      points_per_unit: program.points_per_unit,
      rounding: program.rounding,
      minimum_spend: program.minimum_spend,
      point_value: program.point_value,
      expiry_days: program.expiry_days ?? null,
      min_redemption_points: program.min_redemption_points,
      tiers: program.tiers,
    },
  };
}

export async function listMembers(organizationId: string, query: { skip: number; limit: number; loyalty_program_id?: string }) {
  const { programs, currency, today } = await context(organizationId);
  const byId = new Map(programs.map((p) => [p.id, p]));
  const q = query.loyalty_program_id
    ? LoyaltyMember.query.byProgram({ organization_id: organizationId, loyalty_program_id: query.loyalty_program_id })
    : LoyaltyMember.query.byCustomer({ organization_id: organizationId });
  return listPage(q, { skip: query.skip, limit: query.limit, order: 'asc' }, (m) => presentMember(m, byId.get(m.loyalty_program_id), currency, today));
}

export async function searchMembers(organizationId: string, body: z.infer<typeof loyaltySearch>) {
  const { programs, currency, today } = await context(organizationId);
  const byId = new Map(programs.map((p) => [p.id, p]));
  const q = body.loyalty_program_id
    ? LoyaltyMember.query.byProgram({ organization_id: organizationId, loyalty_program_id: body.loyalty_program_id })
    : LoyaltyMember.query.byCustomer({ organization_id: organizationId });
  const all = await takeAll(q);
  const matching = all.filter((m) => {
    if (body.q && !matchesSearch(m.search_text ?? m.customer_name, body.q)) return false;
    if (body.min_points !== undefined && m.points_balance < body.min_points) return false;
    if (body.max_points !== undefined && m.points_balance > body.max_points) return false;
    if (body.tier) {
      const program = byId.get(m.loyalty_program_id);
      if (!program || (tierFor(termsOf(program), m.lifetime_points)?.name ?? '') !== body.tier) return false;
    }
    return true;
  });
  return { data: matching.slice(body.skip, body.skip + body.limit).map((m) => presentMember(m, byId.get(m.loyalty_program_id), currency, today)), count: matching.length };
}

export async function updateMember(organizationId: string, customerId: string, body: z.infer<typeof loyaltyCustomerUpdate>) {
  const [{ programs, currency, today }, member] = await Promise.all([context(organizationId), readMember(organizationId, customerId)]);
  let programId = member.loyalty_program_id;
  if (body.loyalty_program_id && body.loyalty_program_id !== member.loyalty_program_id) {
    const target = programIn(programs, body.loyalty_program_id);
    if (target.status !== 'active') throw new Conflict(`${target.name} is inactive; customers cannot join it`);
    if (member.points_balance > 0) throw new Conflict(`The customer holds ${member.points_balance} points valued in the current program; redeem or adjust them to 0 before moving`);
    programId = target.id;
  }
  const now = new Date().toISOString();
  const set = {
    loyalty_program_id: programId,
    ...(body.status ? { status: body.status } : {}),
    ...(body.notes !== undefined ? { notes: body.notes ?? '' } : {}),
    version: member.version,
    updated_at: now,
  };
  // The version stays (no ledger line) but conditions the write: a point move meanwhile is not overwritten.
  await postTransaction([
    onConditionFailed(
      updateItem(LoyaltyMember.patch({ organization_id: organizationId, customer_id: customerId }).set(set).where((a, { eq }) => eq(a.version, member.version)).params()),
      () => new Conflict('The customer’s points changed meanwhile; load them again and retry'),
    ),
  ]);
  const written = { ...member, ...set };
  return presentMember(written, programs.find((p) => p.id === written.loyalty_program_id), currency, today);
}

export async function unenroll(organizationId: string, customerId: string) {
  const member = await readMember(organizationId, customerId);
  if (member.points_balance > 0) throw new Conflict(`The customer holds ${member.points_balance} points; redeem or adjust them to 0 before removing the customer from the program`);
  await postTransaction([
    onConditionFailed(
      deleteItem(LoyaltyMember.delete({ organization_id: organizationId, customer_id: customerId }).where((a, { eq }) => eq(a.version, member.version)).params()),
      () => new Conflict('The customer’s points changed meanwhile; load them again and retry'),
    ),
  ]);
}

// ---- The ledger ---------------------------------------------------------------------------------

export async function listTransactions(organizationId: string, query: z.infer<typeof loyaltyTransactionListQuery>) {
  const { currency } = await organizationSettings(organizationId);
  const base = query.customer_id
    ? LoyaltyActivity.query.byCustomer({ organization_id: organizationId, customer_id: query.customer_id })
    : LoyaltyActivity.query.byId({ organization_id: organizationId });
  const filtered = base.where((a, { eq, gte, lt }) =>
    [
      query.transaction_type ? eq(a.transaction_type, query.transaction_type) : '',
      query.date_from ? gte(a.created_at, query.date_from) : '',
      // created_at is an instant: the whole last day is before the next day's start.
      query.date_to ? lt(a.created_at, `${query.date_to}T99`) : '',
    ].filter(Boolean).join(' AND '),
  );
  return listPage(filtered, { skip: query.skip, limit: query.limit, order: 'desc' }, (a) => presentActivity(a, currency));
}

export async function readActivity(organizationId: string, id: string): Promise<LoyaltyActivityRecord> {
  const { data } = await LoyaltyActivity.query.byId({ organization_id: organizationId, id }).go();
  const line = data[0];
  if (!line) throw new NotFound('Loyalty transaction not found');
  return line;
}

export async function getTransaction(organizationId: string, id: string) {
  const [{ currency }, line] = await Promise.all([organizationSettings(organizationId), readActivity(organizationId, id)]);
  return presentActivity(line, currency);
}

export async function describeTransaction(organizationId: string, id: string, description: string) {
  const [{ currency }, line] = await Promise.all([organizationSettings(organizationId), readActivity(organizationId, id)]);
  await LoyaltyActivity.patch({ organization_id: organizationId, customer_id: line.customer_id, seq_key: line.seq_key }).set({ description }).go();
  return presentActivity({ ...line, description }, currency);
}


// ---- Office moves ---------------------------------------------------------------------------------

const SUBTYPES = ['loyalty_liability', 'sales', 'marketing', 'other_income'] as const;

interface Decided {
  lines: PointsLine[];
  /** Journal lines (minor units), besides nothing: the move's whole entry. */
  postings: PostingLine[];
  audit: { action: string; key: string; params: Record<string, string> };
}

/**
 * One office move of a customer's points: reads the member, program and accounts again on every
 * attempt (a till sale meanwhile moves the version), decides the lines and the entry, and writes
 * them in one transaction.
 */
async function movePoints(
  organizationId: string,
  customerId: string,
  decide: (ctx: { member: LoyaltyMemberRecord; program: StoredLoyaltyProgram; state: MemberState; accounts: Record<(typeof SUBTYPES)[number], { id: string }>; currency: string; today: string; entryId: string }) => Decided,
  who: Who,
  idempotency?: { claim: IdempotencyClaim; status: number } | null,
  /** The business moment (the nightly job's own time): its day decides what has lapsed. */
  at: Date = new Date(),
) {
  const settings = await organizationSettings(organizationId);
  const today = todayIn(settings.timeZone, at);
  const entryId = uuidv7();
  const { result } = await postDocument<{ member: LoyaltyMemberRecord; program: StoredLoyaltyProgram; lines: PointsLine[]; audit: Decided['audit'] } | null, { member: LoyaltyMemberRecord | null; programs: StoredLoyaltyProgram[]; accounts: Record<(typeof SUBTYPES)[number], { id: string }> }>({
    organizationId,
    prepare: async () => {
      const [member, { programs }, accounts] = await Promise.all([readItem(LoyaltyMember, { organization_id: organizationId, customer_id: customerId }), readPrograms(organizationId), systemAccounts(organizationId, SUBTYPES)]);
      return { member, programs, accounts };
    },
    build: (_number, now, prepared) => {
      if (!prepared) return { postings: [], items: [], finish: () => null };
      const member = prepared.member;
      if (!member) throw new NotFound('The customer is not enrolled in a loyalty program');
      const program = programIn(prepared.programs, member.loyalty_program_id);
      let decided: Decided;
      try {
        decided = decide({ member, program, state: stateOf(member), accounts: prepared.accounts, currency: settings.currency, today, entryId });
      } catch (error) {
        throw loyaltyIssue(error, ['query']);
      }
      let state = stateOf(member);
      const changes = decided.lines.map((line) => {
        state = nextState(state, { ...line, journal_entry_id: decided.postings.length ? entryId : null }, termsOf(program), today);
        if (state.points_balance < 0) throw new ValidationError([{ loc: ['query', 'points'], msg: `The customer has ${member.points_balance} points`, type: 'insufficient_points' }]);
        return { line: { ...line, journal_entry_id: decided.postings.length ? entryId : null }, state };
      });
      const items = memberItems(member, changes, { now, createdBy: who.userId });
      const narrative = { key: 'ledger.loyalty.points', params: { customer: member.customer_name } } as PostingLine['narrative'];
      return {
        postings: decided.postings.length
          ? [{ organizationId, date: today, entryId, source: { type: 'loyalty', id: member.customer_id }, memo_narrative: narrative, createdBy: who.userId, lines: decided.postings.map((l) => ({ ...l, narrative })), issuePath: ['query'] }]
          : [],
        items,
        finish: () => ({ member: { ...member, ...state, version: member.version + changes.length }, program, lines: decided.lines, audit: decided.audit }),
      };
    },
    audit: {
      actor: who.actor,
      entry: (r): AuditEntry => ({
        action: `loyalty.${r!.audit.action}`,
        entity_type: 'loyalty_member',
        entity_id: r!.member.customer_id,
        narrative: { key: r!.audit.key, params: r!.audit.params } as AuditEntry['narrative'],
        changes: { points_balance: r!.member.points_balance },
      }),
    },
    idempotency: idempotency
      ? { claim: idempotency.claim, answer: (r) => ({ status: idempotency.status, body: presentMember(r!.member, r!.program, settings.currency, today), resourceType: 'loyalty_member', resourceId: r!.member.customer_id }) }
      : undefined,
  });
  return { ...result!, currency: settings.currency, today };
}

/** Dr `debit` / Cr `credit` for `amount` minor units (nothing for 0). */
const pair = (debit: string, credit: string, amount: number): PostingLine[] =>
  amount > 0 ? [{ account_id: debit, debit: amount }, { account_id: credit, credit: amount }] : amount < 0 ? pair(credit, debit, -amount) : [];

/**
 * Points given in the office. Earned on a sale or an invoice (reference given): their share is
 * deferred from sales, as at the till. Given for nothing (a bonus, goodwill, a manual correction
 * upwards): a promise with a value, booked as marketing at point value × redemption rate. Under the
 * expense method nothing is deferred or booked.
 */
function givenPoints(ctx: Parameters<Parameters<typeof movePoints>[2]>[0], points: number, fromSale: boolean): { deferred: number; postings: PostingLine[] } {
  if (ctx.program.accounting_method !== 'deferral') return { deferred: 0, postings: [] };
  const value = redeemValue(termsOf(ctx.program), points, ctx.currency);
  const deferred = Number(money.multiply(money.fromMinorUnits(value, ctx.currency), ctx.program.redemption_rate).amount);
  return { deferred, postings: pair(fromSale ? ctx.accounts.sales.id : ctx.accounts.marketing.id, ctx.accounts.loyalty_liability.id, deferred) };
}

export async function earnPoints(organizationId: string, query: z.infer<typeof loyaltyPointsQuery>, who: Who, idempotency: { claim: IdempotencyClaim } | null) {
  const result = await movePoints(organizationId, query.customer_id, (ctx) => {
    if (query.loyalty_program_id && query.loyalty_program_id !== ctx.member.loyalty_program_id) throw new ValidationError([{ loc: ['query', 'loyalty_program_id'], msg: 'The customer is in another program', type: 'value_error' }]);
    if (ctx.member.status !== 'active') throw new Conflict('The customer’s membership is suspended; points cannot be earned');
    const fromSale = query.reference_type === 'invoice' || query.reference_type === 'pos_transaction';
    const given = givenPoints(ctx, query.points, fromSale);
    return {
      lines: [{ type: 'earn', points: query.points, deferred_change: given.deferred, reference: query.reference_type && query.reference_id ? { type: query.reference_type, id: query.reference_id } : undefined, location_id: query.location_id, description: query.description }],
      postings: given.postings,
      audit: { action: 'earn', key: 'audit.loyalty.earn', params: { points: String(query.points), customer: ctx.member.customer_name } },
    };
  }, who, idempotency ? { claim: idempotency.claim, status: 201 } : null);
  return presentMember(result.member, result.program, result.currency, result.today);
}

/**
 * Points spent in the office (a reward handed over, a discount given on an invoice): the points'
 * share of the deferred pool is released to sales — the promise is kept. With `reward_id` the
 * reward's cost must be the points.
 */
export async function redeemPoints(organizationId: string, query: z.infer<typeof loyaltyPointsQuery>, who: Who, idempotency: { claim: IdempotencyClaim } | null) {
  const reward = query.reward_id ? await readReward(organizationId, query.reward_id) : null;
  const result = await movePoints(organizationId, query.customer_id, (ctx) => {
    if (query.loyalty_program_id && query.loyalty_program_id !== ctx.member.loyalty_program_id) throw new ValidationError([{ loc: ['query', 'loyalty_program_id'], msg: 'The customer is in another program', type: 'value_error' }]);
    if (ctx.member.status !== 'active') throw new Conflict('The customer’s membership is suspended; points cannot be redeemed');
    if (reward) {
      if (reward.loyalty_program_id !== ctx.program.id || !reward.active) throw new ValidationError([{ loc: ['query', 'reward_id'], msg: 'The reward is not an active reward of the customer’s program', type: 'value_error' }]);
      if (reward.points_cost !== query.points) throw new ValidationError([{ loc: ['query', 'points'], msg: `${reward.name} costs ${reward.points_cost} points`, type: 'value_error' }]);
    }
    if (query.points < ctx.program.min_redemption_points) throw new ValidationError([{ loc: ['query', 'points'], msg: `At least ${ctx.program.min_redemption_points} points are redeemed at once`, type: 'value_error' }]);
    const available = pointsAvailable(ctx.state.lots, ctx.today);
    if (query.points > available) throw new ValidationError([{ loc: ['query', 'points'], msg: `The customer has ${available} points to redeem`, type: 'insufficient_points' }]);
    const release = releaseFor(ctx.state, query.points);
    return {
      lines: [{ type: 'redeem', points: -query.points, deferred_change: -release, reference: reward ? { type: 'reward', id: reward.id } : query.reference_type && query.reference_id ? { type: query.reference_type, id: query.reference_id } : undefined, location_id: query.location_id, description: query.description ?? reward?.name }],
      postings: pair(ctx.accounts.loyalty_liability.id, ctx.accounts.sales.id, release),
      audit: { action: 'redeem', key: 'audit.loyalty.redeem', params: { points: String(query.points), customer: ctx.member.customer_name } },
    };
  }, who, idempotency ? { claim: idempotency.claim, status: 201 } : null);
  return presentMember(result.member, result.program, result.currency, result.today);
}

/**
 * A manual correction: points given are booked like a bonus (marketing); points taken release
 * their share of the pool as other income (a forfeit, not a sale).
 */
export async function adjustPoints(organizationId: string, body: z.infer<typeof loyaltyTransactionCreate>, who: Who) {
  const result = await movePoints(organizationId, body.customer_id, (ctx) => {
    if (body.points > 0) {
      const given = givenPoints(ctx, body.points, false);
      return { lines: [{ type: 'adjust', points: body.points, deferred_change: given.deferred, reference: { type: 'manual', id: ctx.entryId }, description: body.description }], postings: given.postings, audit: { action: 'adjust', key: 'audit.loyalty.adjust', params: { points: String(body.points), customer: ctx.member.customer_name } } };
    }
    const taken = -body.points;
    const available = pointsAvailable(ctx.state.lots, ctx.today);
    if (taken > available) throw new ValidationError([{ loc: ['body', 'points'], msg: `The customer has ${available} points`, type: 'insufficient_points' }]);
    const release = releaseFor(ctx.state, taken);
    return { lines: [{ type: 'adjust', points: body.points, deferred_change: -release, reference: { type: 'manual', id: ctx.entryId }, description: body.description }], postings: pair(ctx.accounts.loyalty_liability.id, ctx.accounts.other_income.id, release), audit: { action: 'adjust', key: 'audit.loyalty.adjust', params: { points: String(body.points), customer: ctx.member.customer_name } } };
  }, who);
  const { currency } = result;
  const { data } = await LoyaltyActivity.query.byCustomer({ organization_id: organizationId, customer_id: body.customer_id }).go({ order: 'desc', limit: 1 });
  return presentActivity(data[0]!, currency);
}

/**
 * Undoes a manual line (DELETE transactions/{id}): a reversal line with the opposite points and
 * deferral, and the opposite entry. Lines of a sale, a return or an expiry are the records of those
 * events: they are undone by returning the sale, never deleted.
 */
export async function reverseTransaction(organizationId: string, id: string, who: Who) {
  const original = await readActivity(organizationId, id);
  if (original.transaction_type !== 'adjust' && !(original.transaction_type === 'earn' || original.transaction_type === 'redeem') ) {
    throw new Conflict('Only manual lines (adjustments, points earned or redeemed in the office) can be undone; a sale’s points go back with its return');
  }
  if (original.reference_type === 'pos_transaction' && original.transaction_type !== 'adjust') throw new Conflict('These points came with a till sale; return the sale to take them back');
  if (original.reversed_by) throw new Conflict('This line was already undone');
  const reversalId = uuidv7();
  await movePoints(organizationId, original.customer_id, (ctx) => {
    const points = -original.points;
    if (points < 0 && -points > pointsAvailable(ctx.state.lots, ctx.today)) throw new Conflict(`The customer no longer has the ${-points} points this line gave`);
    const deferred = -original.deferred_change;
    // The entry mirrors the original's accounts: found from the journal entry it made.
    const postings: PostingLine[] = [];
    if (deferred) {
      const counter = original.transaction_type === 'redeem' ? ctx.accounts.sales.id : original.points > 0 ? (original.reference_type === 'invoice' ? ctx.accounts.sales.id : ctx.accounts.marketing.id) : ctx.accounts.other_income.id;
      postings.push(...pair(counter, ctx.accounts.loyalty_liability.id, deferred));
    }
    return {
      lines: [{ id: reversalId, type: 'reversal', points, deferred_change: deferred, reference: { type: 'loyalty_transaction', id: original.id }, description: `Undoes ${original.transaction_type} of ${original.points} points` }],
      postings,
      audit: { action: 'reverse', key: 'audit.loyalty.reverse', params: { points: String(points), customer: ctx.member.customer_name } },
    };
  }, who);
  await LoyaltyActivity.patch({ organization_id: organizationId, customer_id: original.customer_id, seq_key: original.seq_key }).set({ reversed_by: reversalId }).go();
}

// ---- Bulk ---------------------------------------------------------------------------------------

export async function bulkOperation(organizationId: string, body: z.infer<typeof loyaltyBulkOperation>, who: Who) {
  const succeeded: string[] = [];
  const failed: { customer_id: string; detail: string }[] = [];
  for (const customerId of body.customer_ids) {
    try {
      if (body.operation === 'enroll') await enroll(organizationId, { customer_id: customerId, loyalty_program_id: body.loyalty_program_id! });
      else if (body.operation === 'unenroll') await unenroll(organizationId, customerId);
      else await adjustPoints(organizationId, { customer_id: customerId, points: body.points!, description: body.description! }, who);
      succeeded.push(customerId);
    } catch (error) {
      const detail = error instanceof ValidationError ? (error.issues as { msg: string }[]).map((i) => i.msg).join('; ') : error instanceof Error ? error.message : String(error);
      failed.push({ customer_id: customerId, detail });
    }
  }
  return { succeeded, failed };
}

export { PointsMoved };

/**
 * Lapses the customer's lots expired by today (the nightly job, expiry.ts): their points leave the
 * balance and their share of the deferred pool is recognised as revenue (breakage, IFRS 15 B46).
 * Answers the points lapsed (0 when nothing was due: a marker whose points were spent meanwhile).
 */
export async function expireMemberPoints(organizationId: string, customerId: string, at: Date = new Date()): Promise<number> {
  let lapsed = 0;
  const member = await readItem(LoyaltyMember, { organization_id: organizationId, customer_id: customerId });
  if (!member) return 0;
  const today = todayIn((await organizationSettings(organizationId)).timeZone, at);
  if (!expireLots((member.lots as PointLot[]) ?? [], today).length) return 0;
  await movePoints(organizationId, customerId, (ctx) => {
    const due = expireLots(ctx.state.lots, ctx.today).reduce((s, l) => s + l.points, 0);
    lapsed = due;
    if (!due) return { lines: [], postings: [], audit: { action: 'expire', key: 'audit.loyalty.expire', params: { points: '0', customer: ctx.member.customer_name } } };
    const release = releaseFor(ctx.state, due);
    return {
      lines: [{ type: 'expire', points: -due, deferred_change: -release, description: 'Points lapsed' }],
      postings: pair(ctx.accounts.loyalty_liability.id, ctx.accounts.sales.id, release),
      audit: { action: 'expire', key: 'audit.loyalty.expire', params: { points: String(due), customer: ctx.member.customer_name } },
    };
  }, { actor: { organization_id: organizationId, user_id: null } as AuditActor, userId: null }, null, at);
  return lapsed;
}
