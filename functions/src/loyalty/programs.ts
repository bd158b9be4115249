/**
 * Loyalty programs and their rewards (issue 16). The programs of an organization live in one item
 * (db/loyalty.ts says why); a program's figures (members, points outstanding, deferred revenue) are
 * summed from its members (one index query), so nothing hot is written at every sale.
 *
 * Terms that measured points already earned stay fixed while points exist: the point value and the
 * accounting method (the liability was measured with them). Other terms apply from the next sale.
 */
import type * as z from 'zod';
import { money } from '@daftar/shared';
import { checkLoyaltyTerms, LoyaltyError, redeemValue, tierFor, type LoyaltyProgramTerms } from '@daftar/shared/loyalty/points';
import type {
  LoyaltyAccountingMethod,
  LoyaltyProgramStatus,
  loyaltyProgramCreate,
  loyaltyProgramPublic,
  loyaltyProgramSummary,
  loyaltyProgramUpdate,
  loyaltyRewardCreate,
  loyaltyRewardPublic,
  loyaltyRewardUpdate,
} from '@daftar/shared/schemas/loyalty';
import { readItem } from '../db/get-together.js';
import { LoyaltyMember, LoyaltyPrograms, LoyaltyReward, type LoyaltyMemberRecord, type LoyaltyRewardRecord } from '../db/loyalty.js';
import { takeAll } from '../db/paging.js';
import { accountBalances, normalBalance } from '../ledger/balances.js';
import { systemAccount } from '../ledger/chart.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { isConditionFailure } from '../db/transaction.js';
import { addDays, todayIn } from '../ledger/dates.js';
import type { PointLot } from '@daftar/shared/loyalty/points';

/** Programs an organization may have (they share one item). */
export const LOYALTY_PROGRAMS_MAX = 50;

export interface StoredLoyaltyProgram {
  id: string;
  name: string;
  name_ar?: string | null;
  description?: string | null;
  status: LoyaltyProgramStatus;
  points_per_unit: string;
  rounding: LoyaltyProgramTerms['rounding'];
  minimum_spend: string;
  point_value: string;
  expiry_days?: number | null;
  min_redemption_points: number;
  tiers: { name: string; min_lifetime_points: number; multiplier: string }[];
  accounting_method: LoyaltyAccountingMethod;
  redemption_rate: string;
  created_at: string;
  updated_at: string;
}

export const termsOf = (p: StoredLoyaltyProgram): LoyaltyProgramTerms & { min_redemption_points: number } => ({
  points_per_unit: p.points_per_unit,
  rounding: p.rounding,
  minimum_spend: p.minimum_spend,
  point_value: p.point_value,
  ...(p.expiry_days ? { expiry_days: p.expiry_days } : {}),
  tiers: p.tiers,
  min_redemption_points: p.min_redemption_points,
});

/** The shared arithmetic's refusals as a 422 on the field. */
export function loyaltyIssue(error: unknown, path: (string | number)[] = ['body']): unknown {
  if (error instanceof LoyaltyError) return new ValidationError([{ loc: [...path, ...error.loc], msg: error.message, type: error.code }]);
  return error;
}

export async function readPrograms(organizationId: string) {
  const record = await readItem(LoyaltyPrograms, { organization_id: organizationId });
  return { programs: ((record?.programs as StoredLoyaltyProgram[]) ?? []), version: record?.version ?? 0 };
}

export function programIn(programs: readonly StoredLoyaltyProgram[], id: string): StoredLoyaltyProgram {
  const program = programs.find((p) => p.id === id);
  if (!program) throw new NotFound('Loyalty program not found');
  return program;
}

/** Writes the programs on condition that nobody changed them since `version` was read. */
async function savePrograms(organizationId: string, programs: StoredLoyaltyProgram[], version: number, now: string) {
  try {
    await LoyaltyPrograms.update({ organization_id: organizationId })
      .set({ programs, version: version + 1, updated_at: now })
      .where((a, { eq, notExists }) => (version ? eq(a.version, version) : notExists(a.version)))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new Conflict('The loyalty programs changed meanwhile; load them again and retry');
    }
    throw error;
  }
}

const text = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

/** Members of a program (bounded by the shop's customers; summaries read them all). */
export const membersOf = (organizationId: string, programId: string): Promise<LoyaltyMemberRecord[]> =>
  takeAll(LoyaltyMember.query.byProgram({ organization_id: organizationId, loyalty_program_id: programId }));

export function presentProgram(p: StoredLoyaltyProgram, members: readonly LoyaltyMemberRecord[], currency: string): z.infer<typeof loyaltyProgramPublic> {
  const outstanding = members.reduce((s, m) => s + m.points_balance, 0);
  return {
    id: p.id,
    name: p.name,
    name_ar: p.name_ar ?? null,
    description: p.description ?? null,
    status: p.status,
    points_per_unit: p.points_per_unit,
    rounding: p.rounding,
    minimum_spend: p.minimum_spend,
    point_value: p.point_value,
    expiry_days: p.expiry_days ?? null,
    min_redemption_points: p.min_redemption_points,
    tiers: p.tiers,
    accounting_method: p.accounting_method,
    redemption_rate: p.redemption_rate,
    members: members.length,
    points_outstanding: outstanding,
    points_value: text(redeemValue(termsOf(p), outstanding, currency), currency),
    deferred_revenue: text(members.reduce((s, m) => s + m.deferred, 0), currency),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

function checkTerms(p: StoredLoyaltyProgram, currency: string) {
  try {
    checkLoyaltyTerms(termsOf(p), currency);
  } catch (error) {
    throw loyaltyIssue(error);
  }
}

export async function listPrograms(organizationId: string, query: { skip: number; limit: number; status?: LoyaltyProgramStatus }) {
  const [{ programs }, { currency }] = await Promise.all([readPrograms(organizationId), organizationSettings(organizationId)]);
  const matching = programs.filter((p) => !query.status || p.status === query.status);
  const page = matching.slice(query.skip, query.skip + query.limit);
  const members = await Promise.all(page.map((p) => membersOf(organizationId, p.id)));
  return { data: page.map((p, i) => presentProgram(p, members[i]!, currency)), count: matching.length };
}

export async function getProgram(organizationId: string, id: string) {
  const [{ programs }, { currency }, members] = await Promise.all([readPrograms(organizationId), organizationSettings(organizationId), membersOf(organizationId, id)]);
  return presentProgram(programIn(programs, id), members, currency);
}

export async function createProgram(organizationId: string, body: z.infer<typeof loyaltyProgramCreate>) {
  const [{ programs, version }, { currency }] = await Promise.all([readPrograms(organizationId), organizationSettings(organizationId)]);
  if (programs.length >= LOYALTY_PROGRAMS_MAX) throw new Conflict(`An organization has at most ${LOYALTY_PROGRAMS_MAX} loyalty programs; delete one it no longer uses`);
  if (programs.some((p) => p.name.toLowerCase() === body.name.toLowerCase())) throw new Conflict(`A loyalty program named ${body.name} already exists`);
  const now = new Date().toISOString();
  const program: StoredLoyaltyProgram = { ...body, id: uuidv7(), expiry_days: body.expiry_days ?? null, created_at: now, updated_at: now };
  checkTerms(program, currency);
  await savePrograms(organizationId, [...programs, program], version, now);
  return presentProgram(program, [], currency);
}

export async function updateProgram(organizationId: string, id: string, body: z.infer<typeof loyaltyProgramUpdate>) {
  const [{ programs, version }, { currency }, members] = await Promise.all([readPrograms(organizationId), organizationSettings(organizationId), membersOf(organizationId, id)]);
  const current = programIn(programs, id);
  const held = members.some((m) => m.points_balance > 0);
  if (held && body.point_value !== undefined && body.point_value !== current.point_value && Number(body.point_value) !== Number(current.point_value)) {
    throw new Conflict('Customers hold points valued at the current point value; the value cannot change while points are outstanding');
  }
  if (held && body.accounting_method && body.accounting_method !== current.accounting_method) {
    throw new Conflict('Customers hold points measured under the current accounting method; it cannot change while points are outstanding');
  }
  if (body.name && programs.some((p) => p.id !== id && p.name.toLowerCase() === body.name!.toLowerCase())) throw new Conflict(`A loyalty program named ${body.name} already exists`);
  const now = new Date().toISOString();
  const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const next: StoredLoyaltyProgram = { ...current, ...defined, updated_at: now } as StoredLoyaltyProgram;
  checkTerms(next, currency);
  await savePrograms(organizationId, programs.map((p) => (p.id === id ? next : p)), version, now);
  return presentProgram(next, members, currency);
}

export async function deleteProgram(organizationId: string, id: string) {
  const [{ programs, version }, members] = await Promise.all([readPrograms(organizationId), membersOf(organizationId, id)]);
  programIn(programs, id);
  if (members.length) throw new Conflict(`${members.length} customers are enrolled in this program; move or remove them first, or make the program inactive`);
  await savePrograms(organizationId, programs.filter((p) => p.id !== id), version, new Date().toISOString());
}

export async function programSummary(organizationId: string, id: string): Promise<z.infer<typeof loyaltyProgramSummary>> {
  const [{ programs }, settings, members, liability, balances] = await Promise.all([
    readPrograms(organizationId),
    organizationSettings(organizationId),
    membersOf(organizationId, id),
    systemAccount(organizationId, 'loyalty_liability'),
    accountBalances(organizationId),
  ]);
  const program = programIn(programs, id);
  const currency = settings.currency;
  const sum = (pick: (m: LoyaltyMemberRecord) => number) => members.reduce((s, m) => s + pick(m), 0);
  const earned = sum((m) => m.lifetime_points);
  const redeemed = sum((m) => m.redeemed_points);
  const soon = addDays(todayIn(settings.timeZone), 30);
  const tiers = new Map<string | null, number>();
  for (const m of members) {
    const tier = tierFor(termsOf(program), m.lifetime_points)?.name ?? null;
    tiers.set(tier, (tiers.get(tier) ?? 0) + 1);
  }
  const outstanding = sum((m) => m.points_balance);
  return {
    loyalty_program_id: id,
    members: members.length,
    points_outstanding: outstanding,
    points_value: text(redeemValue(termsOf(program), outstanding, currency), currency),
    points_earned: earned,
    points_redeemed: redeemed,
    points_expired: sum((m) => m.expired_points),
    points_taken_back: sum((m) => m.taken_back_points),
    deferred_revenue: text(sum((m) => m.deferred), currency),
    liability_account_balance: text(normalBalance('liability', balances.get(liability.id)), currency),
    redemption_ratio: earned ? (redeemed / earned).toFixed(4) : null,
    tiers: [...tiers].map(([name, count]) => ({ name, members: count })),
    expiring_soon: sum((m) => ((m.lots as PointLot[]) ?? []).filter((l) => l.expires_on && l.expires_on <= soon).reduce((s, l) => s + l.points_remaining, 0)),
  };
}

// ---- Rewards -------------------------------------------------------------------------------------

export function presentReward(r: LoyaltyRewardRecord, currency: string): z.infer<typeof loyaltyRewardPublic> {
  return {
    id: r.id,
    loyalty_program_id: r.loyalty_program_id,
    name: r.name,
    name_ar: r.name_ar ?? null,
    description: r.description ?? null,
    points_cost: r.points_cost,
    reward_type: r.reward_type,
    discount_amount: r.discount_amount === undefined ? null : text(r.discount_amount, currency),
    product_id: r.product_id ?? null,
    active: r.active,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export async function readReward(organizationId: string, id: string): Promise<LoyaltyRewardRecord> {
  const reward = await readItem(LoyaltyReward, { organization_id: organizationId, id });
  if (!reward) throw new NotFound('Reward not found');
  return reward;
}

export async function listRewards(organizationId: string, query: { skip: number; limit: number; loyalty_program_id?: string; active?: 'true' | 'false' }) {
  const { currency } = await organizationSettings(organizationId);
  const all = await takeAll(LoyaltyReward.query.byId({ organization_id: organizationId }));
  const matching = all.filter((r) => (!query.loyalty_program_id || r.loyalty_program_id === query.loyalty_program_id) && (!query.active || String(r.active) === query.active));
  return { data: matching.slice(query.skip, query.skip + query.limit).map((r) => presentReward(r, currency)), count: matching.length };
}

export async function createReward(organizationId: string, body: z.infer<typeof loyaltyRewardCreate>) {
  const [{ programs }, { currency }] = await Promise.all([readPrograms(organizationId), organizationSettings(organizationId)]);
  programIn(programs, body.loyalty_program_id);
  const now = new Date().toISOString();
  const record = await LoyaltyReward.create({
    organization_id: organizationId,
    id: uuidv7(),
    loyalty_program_id: body.loyalty_program_id,
    name: body.name,
    name_ar: body.name_ar ?? undefined,
    description: body.description ?? undefined,
    points_cost: body.points_cost,
    reward_type: body.reward_type,
    discount_amount: body.reward_type === 'discount' && body.discount_amount ? money.parseMoney(body.discount_amount, currency).amount : undefined,
    product_id: body.reward_type === 'free_item' ? body.product_id ?? undefined : undefined,
    active: body.active,
    created_at: now,
    updated_at: now,
  }).go();
  return presentReward(record.data, currency);
}

export async function updateReward(organizationId: string, id: string, body: z.infer<typeof loyaltyRewardUpdate>) {
  const [current, { currency }] = await Promise.all([readReward(organizationId, id), organizationSettings(organizationId)]);
  const type = body.reward_type ?? current.reward_type;
  const amount = body.discount_amount !== undefined ? body.discount_amount : current.discount_amount === undefined ? null : text(current.discount_amount, currency);
  const product = body.product_id !== undefined ? body.product_id : current.product_id ?? null;
  if (type === 'discount' && !(amount && Number(amount) > 0)) throw new ValidationError([{ loc: ['body', 'discount_amount'], msg: 'A discount reward gives an amount greater than zero', type: 'value_error' }]);
  if (type === 'free_item' && !product) throw new ValidationError([{ loc: ['body', 'product_id'], msg: 'A free item reward names the product', type: 'value_error' }]);
  const next: LoyaltyRewardRecord = {
    ...current,
    name: body.name ?? current.name,
    name_ar: body.name_ar === undefined ? current.name_ar : body.name_ar ?? undefined,
    description: body.description === undefined ? current.description : body.description ?? undefined,
    points_cost: body.points_cost ?? current.points_cost,
    reward_type: type,
    discount_amount: type === 'discount' && amount ? money.parseMoney(amount, currency).amount : undefined,
    product_id: type === 'free_item' ? product ?? undefined : undefined,
    active: body.active ?? current.active,
    updated_at: new Date().toISOString(),
  };
  await LoyaltyReward.put(next).go();
  return presentReward(next, currency);
}

export async function deleteReward(organizationId: string, id: string) {
  await readReward(organizationId, id);
  await LoyaltyReward.delete({ organization_id: organizationId, id }).go();
}
