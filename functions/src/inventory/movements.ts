/**
 * Stock movements made by hand — adjustments, counts, receipts with a typed cost, transfers and
 * reversals — posted through the posting path like every document (documents/posting-path.ts):
 * the levels are read beside the journal series, costed (inventory/stock.ts), and the movements,
 * the level updates, the product figures, the journal entry at cost and the audit record are ONE
 * transaction. Movements made by documents (invoices, bills) are reversed through their document.
 */
import { money } from '@daftar/shared';
import { quantityText } from '@daftar/shared/inventory/costing';
import type { Narrative } from '@daftar/shared/narrative';
import type { StockMovementPublic } from '@daftar/shared/schemas/inventory';
import type { AuditActor } from '../db/auditLog.js';
import { StockMovement, type StockMovementRecord } from '../db/stockMovement.js';
import { updateItem, onConditionFailed } from '../db/transaction.js';
import { postDocument } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { productsById } from './levels.js';
import { uuidv7 } from '../platform/ids.js';
import { COUNT_KEPT, planStock, readStock, stockPostingLines, type StockChange, type StockPlan, type StockRead } from './stock.js';

type Accounts = Record<'inventory' | 'cogs' | 'inventory_adjustments', { id: string }>;

export interface PostedMovements {
  movements: StockMovementRecord[];
  journalEntryId: string | null;
}

/**
 * Posts stock changes made by hand. `narrative` names the entry ("Stock count: Croissant"); the
 * audit record is written in the same transaction.
 */
export async function postStockChanges(
  organizationId: string,
  changes: StockChange[],
  options: { date?: string; actorId: string | null; narrative: (read: StockRead) => Narrative; audit: { actor: AuditActor; action: string; narrative: (movements: StockMovementRecord[]) => Narrative }; extraItems?: (plan: StockPlan) => ReturnType<typeof updateItem>[] },
): Promise<PostedMovements> {
  const settings = await organizationSettings(organizationId);
  const date = options.date ?? todayIn(settings.timeZone);
  const entryId = uuidv7();
  const { result } = await postDocument<PostedMovements, [StockRead, Accounts]>({
    organizationId,
    prepare: () => Promise.all([readStock(organizationId, changes), systemAccounts(organizationId, ['inventory', 'cogs', 'inventory_adjustments'])]),
    build: (_number, now, prepared) => {
      // The posting path's first, validating preview comes before the stock is read: nothing to say yet.
      if (!prepared) return { postings: [], items: [], finish: () => ({ movements: [], journalEntryId: null }) };
      const [read, accounts] = prepared;
      const context = { date, now, actorId: options.actorId, entryId };
      let plan = planStock(read, changes, context);
      const lines = stockPostingLines(plan, { inventory: accounts.inventory.id, cogs: accounts.cogs.id, adjustments: accounts.inventory_adjustments.id });
      // A count that finds what the records say, or a transfer at cost, moves no money: no entry.
      const posts = lines.length > 0;
      if (!posts) plan = planStock(read, changes, { ...context, entryId: undefined });
      const movements = plan.movements;
      return {
        postings: posts
          ? [{
              organizationId,
              date,
              entryId,
              source: { type: 'inventory_movement', id: movements[0]?.id },
              memo_narrative: options.narrative(read),
              createdBy: options.actorId,
              lines,
            }]
          : [],
        items: [...plan.items, ...(options.extraItems?.(plan) ?? [])],
        finish: () => ({ movements, journalEntryId: posts ? entryId : null }),
      };
    },
    audit: {
      actor: options.audit.actor,
      entry: (posted) => ({
        action: options.audit.action,
        entity_type: 'stock_movement',
        entity_id: posted.movements[0]?.id ?? 'none',
        narrative: options.audit.narrative(posted.movements),
        changes: { movements: posted.movements.map((m) => ({ id: m.id, product_id: m.product_id, location_id: m.location_id, quantity: quantityText(m.quantity), value: m.value })) },
      }),
    },
  });
  return result;
}

/**
 * Products one transaction counts: each writes its level, its movement, its product's figures and
 * its day's figures (4 of DynamoDB's 100 actions), beside the entry, its balances, the lock, the
 * journal number and the audit record.
 */
export const COUNT_CHUNK = 20;

/**
 * A count of any size: every product is checked first (a 422 names each one that cannot be
 * counted, and nothing is written), then the count posts in transactions of COUNT_CHUNK products.
 * Should a later chunk fail, the chunks already posted are reversed (their movements stay, each
 * with its reversal), so the count as a whole is all or nothing; the error is answered.
 */
export async function postCount(
  organizationId: string,
  changes: StockChange[],
  options: { date?: string; actorId: string | null; actor: AuditActor; narrative: (chunk: number) => Narrative },
): Promise<PostedMovements> {
  const products = await productsById(organizationId, [...new Set(changes.map((c) => c.productId))]);
  const issues = changes.flatMap((c, i) => {
    const product = products.get(c.productId);
    const loc = c.loc ?? ['body', 'counts', i];
    if (!product) return [{ loc, msg: 'Product not found', type: 'not_found' }];
    if (!product.is_tracked_inventory) return [{ loc, msg: `${product.name} (${product.sku}) does not track stock`, type: 'value_error' }];
    return [];
  });
  if (issues.length) throw new ValidationError(issues);
  const posted: PostedMovements[] = [];
  const audit = (count: number) => ({ actor: options.actor, action: 'stock.counted', narrative: () => ({ key: 'audit.stock.counted' as const, params: { count } }) });
  try {
    for (let start = 0; start < changes.length; start += COUNT_CHUNK) {
      const chunk = changes.slice(start, start + COUNT_CHUNK);
      posted.push(await postStockChanges(organizationId, chunk, { date: options.date, actorId: options.actorId, narrative: () => options.narrative(start / COUNT_CHUNK), audit: audit(chunk.length) }));
    }
  } catch (error) {
    for (const done of posted.reverse()) {
      const undo = done.movements.map((m) => undoOf(m, 'count'));
      if (undo.length) await postStockChanges(organizationId, undo, { date: options.date, actorId: options.actorId, narrative: () => ({ key: 'ledger.stock.reversal', params: { product: `${undo.length}` } }), audit: audit(undo.length) });
    }
    throw error;
  }
  return { movements: posted.flatMap((p) => p.movements), journalEntryId: posted.find((p) => p.journalEntryId)?.journalEntryId ?? null };
}

/**
 * The change that undoes a movement: goods that went out come back at the value they left with;
 * goods that came in leave at what the valuation method says they cost now (their layer may have
 * been sold meanwhile).
 */
function undoOf(m: StockMovementRecord, referenceType: 'manual' | 'count'): StockChange {
  const base = { productId: m.product_id, locationId: m.location_id, referenceType, referenceId: m.id, reversesMovementId: m.id };
  return m.quantity < 0 ? { ...base, kind: 'receipt', quantity: -m.quantity, value: -m.value } : { ...base, kind: 'adjust', quantity: -m.quantity };
}

/** One movement, or 404. */
export async function getMovement(organizationId: string, id: string): Promise<StockMovementRecord> {
  // A movement made by hand, a count's or a transfer's is its own reference (inventory/stock.ts), and
  // its reversal references it too: one Query of the reference index finds it. A document's movement
  // is found by its id among the organization's movements (those are read through their document).
  const byReference = await Promise.all(
    (['manual', 'count', 'transfer'] as const).map((type) => StockMovement.query.byReference({ organization_id: organizationId, reference_type: type, reference_id: id }).go()),
  );
  let movement = byReference.flatMap((r) => r.data).find((m) => m.id === id);
  if (!movement) {
    const found = await StockMovement.query.byDate({ organization_id: organizationId }).where((a, { eq }) => eq(a.id, id)).go({ pages: 'all' });
    movement = found.data.find((m) => m.id === id);
  }
  if (!movement) throw new NotFound('Stock movement not found');
  return movement;
}

/**
 * Undoes a movement made by hand: goods that came in go out at the cost they came in with (and
 * the other way round), with the entry reversed at that cost, and the original marked — all in
 * one transaction. A document's movements are undone through the document (a credit note, a
 * cancelled bill), so the books and the document stay one story.
 */
export async function reverseMovement(organizationId: string, id: string, actor: AuditActor, actorId: string | null): Promise<PostedMovements> {
  const original = await getMovement(organizationId, id);
  if (original.reversed_by) throw new Conflict('This stock movement was already reversed');
  if (original.movement_type === 'reversal') throw new Conflict('A reversal is not reversed; make a new movement instead');
  if (!['manual', 'count', 'transfer'].includes(original.reference_type)) {
    throw new Conflict(`This movement belongs to ${original.reference_type.replace('_', ' ')} ${original.reference_id ?? ''}; undo it through that document`.trim());
  }
  if (original.movement_type === 'transfer_out' || original.movement_type === 'transfer_in') {
    throw new Conflict('A transfer is undone by transferring the goods back');
  }
  // A movement dated before a count that came after it stands with the count's correction beside
  // it (inventory/stock.ts): undoing one without the other would reopen the count.
  const companions = await StockMovement.query.byReference({ organization_id: organizationId, reference_type: original.reference_type, reference_id: original.reference_id ?? original.id }).go({ pages: 'all' });
  if (original.reason === COUNT_KEPT || companions.data.some((m) => m.reason === COUNT_KEPT && m.id !== original.id)) {
    throw new Conflict('This movement is dated before a count that set the stock since; correct the stock with a new count or an adjustment instead');
  }
  const change = undoOf(original, 'manual');
  return postStockChanges(organizationId, [change], {
    actorId,
    narrative: (read) => ({ key: 'ledger.stock.reversal', params: { product: read.products.get(original.product_id)?.name ?? original.product_id } }),
    audit: { actor, action: 'stock.reversed', narrative: () => ({ key: 'audit.stock.reversed', params: { id: original.id } }) },
    extraItems: (plan) => [
      onConditionFailed(
        updateItem(
          StockMovement.patch({ organization_id: organizationId, date: original.date, id: original.id })
            .set({ reversed_by: plan.movements[0]!.id })
            .where((a, { notExists }) => notExists(a.reversed_by))
            .params(),
        ),
        () => new Conflict('This stock movement was already reversed'),
      ),
    ],
  });
}

export function presentMovement(movement: StockMovementRecord, currency: string): StockMovementPublic {
  const amount = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  return {
    id: movement.id,
    product_id: movement.product_id,
    location_id: movement.location_id,
    movement_type: movement.movement_type,
    quantity: quantityText(movement.quantity),
    value: amount(movement.value),
    unit_cost: movement.unit_cost !== undefined ? amount(movement.unit_cost) : movement.quantity ? amount(Math.round((Math.abs(movement.value) * 1000) / Math.abs(movement.quantity))) : null,
    reference_type: movement.reference_type,
    reference_id: movement.reference_id ?? null,
    reason: movement.reason ?? null,
    note: movement.note ?? null,
    date: movement.date,
    short_quantity: movement.short_quantity ? quantityText(movement.short_quantity) : null,
    journal_entry_id: movement.journal_entry_id ?? null,
    reverses_movement_id: movement.reverses_movement_id ?? null,
    reversed_by_movement_id: movement.reversed_by ?? null,
    created_by: movement.created_by ?? null,
    created_at: movement.created_at,
  };
}
