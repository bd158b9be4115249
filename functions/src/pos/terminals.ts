/**
 * Terminals (tills): where a till sells from, its drawer's account and its receipt settings.
 *
 * The receipt prefix is unique in the organization (a guard item written with the terminal, so two
 * tills created at once cannot both take "T1") and never changes: it is printed on every receipt
 * the till has made. A terminal that has had sessions keeps its history: it can be deactivated,
 * not deleted (409).
 */
import type { PosTerminalCreate } from '@daftar/shared/schemas/pos';
import type * as z from 'zod';
import type { posTerminalUpdate, PosTerminal as PosTerminalPublic } from '@daftar/shared/schemas/pos';
import { PosSession } from '../db/posSession.js';
import { PosTerminal, PosTerminalPrefix, type PosTerminalRecord } from '../db/posTerminal.js';
import { NumberSeries } from '../db/sequence.js';
import { deleteItem, postTransaction, putItem, updateItem } from '../db/transaction.js';
import { AuditLog, auditRecord, type AuditActor } from '../db/auditLog.js';
import { ensureChartOfAccounts, postingChart } from '../ledger/chart.js';
import { locations } from '../inventory/levels.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';

export const terminalSeries = (terminal: Pick<PosTerminalRecord, 'id' | 'receipt_prefix'>) => ({ series: `POS#${terminal.id}`, prefix: terminal.receipt_prefix });

export function presentTerminal(terminal: PosTerminalRecord, lastNumber: number, lastSaleAt: string | null): PosTerminalPublic {
  return {
    id: terminal.id,
    name: terminal.name,
    location_id: terminal.location_id,
    cash_account_id: terminal.cash_account_id,
    receipt_prefix: terminal.receipt_prefix,
    receipt_header: terminal.receipt_header ?? null,
    receipt_footer: terminal.receipt_footer ?? null,
    max_cashier_discount_percent: terminal.max_cashier_discount_percent,
    is_active: terminal.is_active,
    current_session_id: terminal.current_session_id ?? null,
    last_number: lastNumber,
    last_sale_at: lastSaleAt,
    created_at: terminal.created_at,
    updated_at: terminal.updated_at,
  };
}

/** A terminal of this organization (deleted ones are not found). */
export async function getTerminal(organizationId: string, id: string): Promise<PosTerminalRecord> {
  const { data } = await PosTerminal.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data || data.deleted) throw new NotFound('Terminal not found');
  return data;
}

async function lastNumbers(organizationId: string, terminals: PosTerminalRecord[]): Promise<Map<string, number>> {
  if (!terminals.length) return new Map();
  const { data } = await NumberSeries.get(terminals.map((t) => ({ organization_id: organizationId, series: `POS#${t.id}` }))).go();
  return new Map(data.map((s) => [s.series.slice(4), (s.last ?? s.last_number ?? 0) as number]));
}

export async function listTerminals(organizationId: string) {
  const { data } = await PosTerminal.query.byId({ organization_id: organizationId }).go({ pages: 'all' });
  const terminals = data.filter((t) => !t.deleted);
  const numbers = await lastNumbers(organizationId, terminals);
  return terminals.map((t) => presentTerminal(t, numbers.get(t.id) ?? 0, null));
}

export async function readTerminal(organizationId: string, id: string) {
  const terminal = await getTerminal(organizationId, id);
  const numbers = await lastNumbers(organizationId, [terminal]);
  return presentTerminal(terminal, numbers.get(terminal.id) ?? 0, null);
}

/** The drawer's account must be a cash account of this organization, active; the location must exist. */
async function checkPlaces(organizationId: string, input: { cash_account_id?: string | null; location_id?: string }) {
  // A new organization's chart is made on its first posting; a till may come before any.
  await ensureChartOfAccounts(organizationId);
  const [chart, places] = await Promise.all([postingChart(organizationId), input.location_id ? locations(organizationId) : Promise.resolve(null)]);
  const issues = [];
  let cashAccountId: string | undefined;
  if (input.cash_account_id) {
    const account = chart.find((a) => a.id === input.cash_account_id);
    if (!account || account.subtype !== 'cash' || !account.is_active) {
      issues.push({ loc: ['body', 'cash_account_id'], msg: 'The drawer account must be an active cash account of this organization', type: 'value_error' });
    }
    cashAccountId = input.cash_account_id;
  } else if (input.cash_account_id === undefined || input.cash_account_id === null) {
    cashAccountId = chart.find((a) => a.subtype === 'cash' && a.is_system)?.id;
  }
  if (places && !places.some((l) => l.id === input.location_id)) {
    issues.push({ loc: ['body', 'location_id'], msg: 'Unknown stock location', type: 'not_found' });
  }
  if (issues.length) throw new ValidationError(issues);
  return { cashAccountId };
}

export async function createTerminal(organizationId: string, input: PosTerminalCreate & { location_id: string; max_cashier_discount_percent: number; is_active: boolean }, actor: AuditActor, actorId: string | null) {
  const { cashAccountId } = await checkPlaces(organizationId, input);
  if (!cashAccountId) throw new Conflict('The organization has no cash account for the drawer; create one first');
  let prefix = input.receipt_prefix;
  if (!prefix) {
    const { data } = await PosTerminalPrefix.query.byPrefix({ organization_id: organizationId }).go({ pages: 'all' });
    const taken = new Set(data.map((p) => p.prefix));
    let n = data.length + 1;
    while (taken.has(`T${n}`)) n++;
    prefix = `T${n}`;
  }
  const now = new Date().toISOString();
  const terminal: PosTerminalRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    name: input.name,
    location_id: input.location_id,
    cash_account_id: cashAccountId,
    receipt_prefix: prefix,
    receipt_header: input.receipt_header ?? undefined,
    receipt_footer: input.receipt_footer ?? undefined,
    max_cashier_discount_percent: input.max_cashier_discount_percent,
    is_active: input.is_active,
    created_by: actorId ?? undefined,
    created_at: now,
    updated_at: now,
  };
  await postTransaction([
    putItem(PosTerminalPrefix.create({ organization_id: organizationId, prefix, terminal_id: terminal.id }).params(), () => new Conflict(`Receipt prefix ${prefix} is already used by another terminal`)),
    putItem(PosTerminal.create(terminal).params()),
    putItem(AuditLog.create(auditRecord(actor, { action: 'pos.terminal_created', entity_type: 'pos_terminal', entity_id: terminal.id, narrative: { key: 'audit.pos.terminal_created', params: { name: terminal.name } }, changes: { name: terminal.name, receipt_prefix: prefix, location_id: terminal.location_id } })).params()),
  ]);
  return presentTerminal(terminal, 0, null);
}

export async function updateTerminal(organizationId: string, id: string, input: z.infer<typeof posTerminalUpdate>, actor: AuditActor) {
  const terminal = await getTerminal(organizationId, id);
  await checkPlaces(organizationId, { cash_account_id: input.cash_account_id ?? undefined, location_id: input.location_id });
  const now = new Date().toISOString();
  const set: Partial<PosTerminalRecord> = { updated_at: now };
  if (input.name !== undefined) set.name = input.name;
  if (input.location_id !== undefined) set.location_id = input.location_id;
  if (input.cash_account_id) set.cash_account_id = input.cash_account_id;
  if (input.receipt_header !== undefined) set.receipt_header = input.receipt_header ?? '';
  if (input.receipt_footer !== undefined) set.receipt_footer = input.receipt_footer ?? '';
  if (input.max_cashier_discount_percent !== undefined) set.max_cashier_discount_percent = input.max_cashier_discount_percent;
  if (input.is_active !== undefined) set.is_active = input.is_active;
  const updated = { ...terminal, ...set };
  await postTransaction([
    updateItem(
      PosTerminal.patch({ organization_id: organizationId, id }).set(set).where((a, { eq }) => eq(a.updated_at, terminal.updated_at)).params(),
      () => new Conflict('The terminal was changed meanwhile; reload and try again'),
    ),
    putItem(AuditLog.create(auditRecord(actor, { action: 'pos.terminal_updated', entity_type: 'pos_terminal', entity_id: id, narrative: { key: 'audit.pos.terminal_updated', params: { name: updated.name } }, changes: input as Record<string, unknown> })).params()),
  ]);
  return readTerminal(organizationId, id);
}

export async function deleteTerminal(organizationId: string, id: string, actor: AuditActor) {
  const terminal = await getTerminal(organizationId, id);
  const { data: sessions } = await PosSession.query.byTerminal({ organization_id: organizationId, terminal_id: id }).go({ limit: 1 });
  if (sessions.length || terminal.current_session_id) {
    throw new Conflict(`Terminal ${terminal.name} has sessions and receipts; deactivate it instead of deleting it`);
  }
  await postTransaction([
    deleteItem(PosTerminal.delete({ organization_id: organizationId, id }).where((a, { notExists }) => notExists(a.current_session_id)).params(), () => new Conflict('A session was opened on the terminal meanwhile')),
    deleteItem(PosTerminalPrefix.delete({ organization_id: organizationId, prefix: terminal.receipt_prefix }).params()),
    putItem(AuditLog.create(auditRecord(actor, { action: 'pos.terminal_deleted', entity_type: 'pos_terminal', entity_id: id, narrative: { key: 'audit.pos.terminal_deleted', params: { name: terminal.name } } })).params()),
  ]);
}
