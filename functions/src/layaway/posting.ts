/**
 * Every change of a layaway is ONE transaction through the posting path (documents/posting-path.ts):
 * the layaway's versioned write (its creation, conditioned on absence), the lines of its money, the
 * stock levels it reserves, releases or consumes (conditioned on the versions read), the journal
 * entry, the till session's tender totals, the audit record and the Idempotency-Key's record.
 *
 * Postings (D = customer deposits, 2300, a liability with the customer on the line):
 *   deposit / payment   Dr cash (the drawer at a till), receipts in transit or bank   Cr D
 *   pickup              Dr D (what was paid)  [+ Dr money: complete's last payment]
 *                       Cr sales / service revenue (net)   Cr output tax (by tax)
 *                       Dr cost of goods sold  Cr inventory (the stock out at its cost)
 *   cancel: refund      Dr D   Cr money
 *           credit      Dr D   Cr store credit (2500, the customer's balance item with it)
 *           fee         Dr D   Cr other income (the fee)   Cr money (the rest)
 *
 * Concurrency. The layaway's write is conditioned on the version read (`LayawayMoved`, a
 * MovedMeanwhile: the posting path reads again and decides again), so two payments at once never
 * pay more than the total: the second sees the first and is refused. A reservation is the stock
 * level's `reserved` raised on condition that the level is still the version read and what is on
 * hand covers it: of two layaways taking the last unit, the second reads again and gets a 409.
 */
import { quantityText } from '@daftar/shared/inventory/costing';
import type { AuditActor, AuditEntry } from '../db/auditLog.js';
import { Account, type AccountRecord } from '../db/account.js';
import { readItem } from '../db/get-together.js';
import { Layaway, LayawayActive, LayawayPayment, type LayawayPaymentRecord, type LayawayRecord, type StoredLayawayLine } from '../db/layaway.js';
import { PosSession, type PosSessionRecord } from '../db/posSession.js';
import { PosTerminal, type PosTerminalRecord } from '../db/posTerminal.js';
import { StockLevel, type StockLevelRecord } from '../db/stockLevel.js';
import { MovedMeanwhile, deleteItem, onConditionFailed, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { postDocument, type IdempotencyClaim } from '../documents/posting-path.js';
import type { SeriesRef } from '../db/sequence.js';
import { StockMoved } from '../inventory/stock.js';
import { systemAccounts } from '../ledger/chart.js';
import type { PostingLine } from '../ledger/posting.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';

export const LAYAWAY_SERIES: SeriesRef = { series: 'LAYAWAY', prefix: 'LAY' };

export const SUBTYPES = ['customer_deposits', 'cash', 'bank', 'undeposited_funds', 'sales', 'service_revenue', 'vat_output', 'cogs', 'inventory', 'inventory_adjustments', 'store_credit', 'other_income'] as const;
export type Accounts = Record<(typeof SUBTYPES)[number], AccountRecord>;

/** The layaway's version moved between the read and the write: read again (the posting path retries). */
export class LayawayMoved extends MovedMeanwhile {
  constructor() { super('The layaway changed meanwhile'); }
}

/** Not enough free stock to reserve. */
export class NotAvailable extends Conflict {}

export interface Who {
  actor: AuditActor;
  userId: string | null;
}

/** Where money comes in or goes out: the till (drawer or in transit, counted by the session) or an office account. */
export interface MoneyPlace {
  method: 'cash' | 'card' | 'cliq' | 'bank_transfer';
  session: PosSessionRecord | null;
  terminal: PosTerminalRecord | null;
  chosen: AccountRecord | null;
}

export async function moneyPlace(organizationId: string, input: { payment_method: MoneyPlace['method']; session_id?: string | null; account_id?: string | null }, loc: (string | number)[] = ['body']): Promise<MoneyPlace> {
  const [session, chosen] = await Promise.all([
    input.session_id ? readItem(PosSession, { organization_id: organizationId, id: input.session_id }) : Promise.resolve(null),
    input.account_id ? readItem(Account, { organization_id: organizationId, id: input.account_id }) : Promise.resolve(null),
  ]);
  if (input.session_id && !session) throw new NotFound('Session not found');
  if (session && session.status !== 'open') throw new Conflict('The session is closed; open a new session');
  if (session && input.payment_method === 'bank_transfer') throw new ValidationError([{ loc: [...loc, 'payment_method'], msg: 'A bank transfer is not taken at a till; record it without the session', type: 'value_error' }]);
  if (input.account_id && (!chosen || chosen.type !== 'asset' || !['cash', 'bank', 'undeposited_funds'].includes(chosen.subtype))) {
    throw new ValidationError([{ loc: [...loc, 'account_id'], msg: 'Choose a cash or bank account', type: 'value_error' }]);
  }
  if (chosen && !chosen.is_active) throw new ValidationError([{ loc: [...loc, 'account_id'], msg: `Account ${chosen.code} ${chosen.name} is inactive`, type: 'inactive' }]);
  const terminal = session ? await readItem(PosTerminal, { organization_id: organizationId, id: session.terminal_id }) : null;
  return { method: input.payment_method, session, terminal, chosen };
}

/** The account the money sits in: at a till the drawer (cash) or receipts in transit; else the chosen or the organization's account. */
export function moneyAccount(place: MoneyPlace, accounts: Accounts): string {
  if (place.session) return place.method === 'cash' ? place.terminal!.cash_account_id : accounts.undeposited_funds.id;
  if (place.chosen) return place.chosen.id;
  return place.method === 'cash' ? accounts.cash.id : place.method === 'bank_transfer' ? accounts.bank.id : accounts.undeposited_funds.id;
}

/** The session's tender totals count money taken (sign +1) or paid out (−1) at its till. */
export function sessionTender(organizationId: string, place: MoneyPlace, amount: number, sign: 1 | -1, now: string): TransactItem[] {
  if (!place.session || !amount || place.method === 'bank_transfer') return [];
  const field = sign > 0 ? 'sales' : 'refunds';
  return [
    onConditionFailed(
      updateItem(
        PosSession.patch({ organization_id: organizationId, id: place.session.id })
          .add({ [`t_${place.method}_${field}`]: amount, ...(sign > 0 ? { [`t_${place.method}_count`]: 1 } : {}) } as never)
          .set({ updated_at: now })
          .where((a, { eq }) => eq(a.status, 'open'))
          .params(),
      ),
      () => new Conflict('The session is closed; open a new session'),
    ),
  ];
}

export const levelKey = (productId: string, locationId: string) => `${productId}|${locationId}`;

/** Thousandths per tracked product of the lines (what is, or is to be, reserved). */
export function quantitiesByProduct(lines: readonly StoredLayawayLine[], pick: (line: StoredLayawayLine) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of lines) if (line.tracked && line.product_id) out.set(line.product_id, (out.get(line.product_id) ?? 0) + pick(line));
  return out;
}

export async function readLevels(organizationId: string, productIds: Iterable<string>, locationId: string): Promise<Map<string, StockLevelRecord | null>> {
  const ids = [...new Set(productIds)];
  const levels = await Promise.all(ids.map((product_id) => readItem(StockLevel, { organization_id: organizationId, product_id, location_id: locationId })));
  return new Map(ids.map((id, i) => [id, levels[i] ?? null]));
}

/**
 * The level updates that change what is reserved by `delta` thousandths per product, conditioned on
 * the versions read. Raising refuses (409) what on hand less what others reserved does not cover.
 */
export function reservationItems(
  organizationId: string,
  locationId: string,
  delta: Map<string, number>,
  levels: Map<string, StockLevelRecord | null>,
  names: Map<string, string>,
  now: string,
): TransactItem[] {
  const items: TransactItem[] = [];
  for (const [productId, change] of delta) {
    if (!change) continue;
    const level = levels.get(productId) ?? null;
    const onHand = Math.max(level?.on_hand ?? 0, 0);
    const reserved = level?.reserved ?? 0;
    const next = reserved + change;
    if (next < 0) throw new Conflict(`Only ${quantityText(reserved)} of ${names.get(productId) ?? productId} is reserved; nothing more to release`);
    if (change > 0 && next > onHand) {
      throw new NotAvailable(`Only ${quantityText(Math.max(onHand - reserved, 0))} of ${names.get(productId) ?? productId} available to reserve; ${quantityText(change)} needed`);
    }
    items.push(
      onConditionFailed(
        updateItem(
          StockLevel.update({ organization_id: organizationId, product_id: productId, location_id: locationId })
            .set({ reserved: next, version: (level?.version ?? 0) + 1, updated_at: now })
            .where((a, { eq, notExists }) => (level ? eq(a.version, level.version) : notExists(a.version)))
            .params(),
        ),
        () => new StockMoved(),
      ),
    );
  }
  return items;
}

/** The layaway's write: its creation, or its versioned update with every field that may change. */
export function layawayWrite(before: LayawayRecord | null, after: LayawayRecord): TransactItem[] {
  if (!before) return [putItem(Layaway.create(after).params(), () => new LayawayMoved()), putItem(LayawayActive.put({ organization_id: after.organization_id, layaway_id: after.id }).params())];
  const { organization_id: _o, id: _i, number: _n, customer_id: _c, currency: _cu, created_at: _ca, ...fields } = after;
  const removed = (['cancellation_policy', 'cancellation_fee', 'notes'] as const).filter((k) => before[k] !== undefined && after[k] === undefined);
  let update = Layaway.patch({ organization_id: after.organization_id, id: after.id }).set(fields as never);
  if (removed.length) update = update.remove(removed as never) as typeof update;
  return [onConditionFailed(updateItem(update.where((a, { eq }) => eq(a.version, before.version)).params()), () => new LayawayMoved())];
}

export type PaymentLine = Pick<LayawayPaymentRecord, 'payment_type' | 'amount' | 'date'> & Partial<Pick<LayawayPaymentRecord, 'payment_method' | 'session_id' | 'account_id' | 'notes'>>;

export interface Decision {
  layaway: LayawayRecord;
  payments?: PaymentLine[];
  lines?: PostingLine[];
  memo?: { key: string; params: Record<string, string> };
  /** The level updates, session totals, markers and other items of the same transaction. */
  items?: TransactItem[];
  audit: { action: string; key: string; params: Record<string, string>; changes?: Record<string, unknown> };
}

export interface Prepared<X> {
  layaway: LayawayRecord | null;
  accounts: Accounts;
  extra: X;
}

export interface ChangeOptions<X> {
  /** The layaway to change (read again on every attempt), or the one to create (numbered then). */
  target: { id: string } | { create: true };
  /** More reads of each attempt, after the layaway (stock levels…). */
  read?: (layaway: LayawayRecord | null) => Promise<X>;
  decide(ctx: { layaway: LayawayRecord | null; accounts: Accounts; extra: X; number: string | null; now: string; entryId: string }): Decision;
  who: Who;
  shard?: string;
  claim?: IdempotencyClaim | null;
  status?: number;
  present?: (layaway: LayawayRecord) => unknown;
  date: string;
}

/** Applies one change to one layaway: see the module comment. Answers the layaway as written. */
export async function changeLayaway<X = undefined>(organizationId: string, options: ChangeOptions<X>): Promise<LayawayRecord> {
  const entryId = uuidv7();
  const creating = !('id' in options.target);
  const { result } = await postDocument<{ layaway: LayawayRecord; audit: Decision['audit'] }, Prepared<X>>({
    organizationId,
    series: creating ? LAYAWAY_SERIES : undefined,
    prepare: async () => {
      const [layaway, accounts] = await Promise.all([
        'id' in options.target ? readItem(Layaway, { organization_id: organizationId, id: options.target.id }) : Promise.resolve(null),
        systemAccounts(organizationId, SUBTYPES),
      ]);
      if (!creating && !layaway) throw new NotFound('Layaway not found');
      const extra = options.read ? await options.read(layaway) : (undefined as X);
      return { layaway, accounts, extra };
    },
    build: (number, now, prepared) => {
      if (!prepared) return { postings: [], items: [], finish: () => ({ layaway: null as never, audit: null as never }) };
      const decision = options.decide({ layaway: prepared.layaway, accounts: prepared.accounts, extra: prepared.extra, number, now, entryId });
      const after = decision.layaway;
      const items: TransactItem[] = [...layawayWrite(prepared.layaway, after)];
      const posted = (decision.lines ?? []).some((l) => l.debit || l.credit);
      (decision.payments ?? []).forEach((payment, index) => {
        items.push(
          putItem(
            LayawayPayment.create({
              organization_id: organizationId,
              layaway_id: after.id,
              // Numbered by the version the change made (and the line within it): in the order the money moved.
              seq_key: `${String(after.version).padStart(8, '0')}.${index + 1}`,
              id: uuidv7(),
              ...payment,
              journal_entry_id: posted ? entryId : undefined,
              created_by: options.who.userId ?? undefined,
              created_at: now,
            }).params(),
            () => new LayawayMoved(),
          ),
        );
      });
      items.push(...(decision.items ?? []));
      const narrative = decision.memo as PostingLine['narrative'];
      return {
        postings: posted
          ? [{ organizationId, date: options.date, entryId, source: { type: 'layaway', id: after.id }, memo_narrative: narrative, createdBy: options.who.userId, shard: options.shard, lines: decision.lines!, issuePath: ['body'] }]
          : [],
        items,
        finish: () => ({ layaway: after, audit: decision.audit }),
      };
    },
    audit: {
      actor: options.who.actor,
      entry: ({ layaway, audit }): AuditEntry => ({
        action: `layaway.${audit.action}`,
        entity_type: 'layaway',
        entity_id: layaway.id,
        narrative: { key: audit.key, params: audit.params } as AuditEntry['narrative'],
        changes: { status: layaway.status, ...(audit.changes ?? {}) },
      }),
    },
    idempotency: options.claim
      ? { claim: options.claim, answer: ({ layaway }) => ({ status: options.status ?? 200, body: options.present ? options.present(layaway) : { id: layaway.id }, resourceType: 'layaway', resourceId: layaway.id }) }
      : undefined,
  });
  return result.layaway;
}

/** The marker the nightly job reads, removed when the layaway needs nothing more of it. */
export const activeMarkerDelete = (organizationId: string, layawayId: string) => deleteItem(LayawayActive.delete({ organization_id: organizationId, layaway_id: layawayId }).params());
