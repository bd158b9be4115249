/**
 * Cash sessions (shifts): open with a cashier and a float, sell, close with the count.
 *
 * One open session per terminal: opening sets the terminal's `current_session_id` on condition
 * that it has none, in the same transaction as the session. Every sale checks `status = open` on
 * the session inside its own transaction, and the close sets `closed` on condition that it is still
 * open — so a sale either lands in the session before the close (and is in its Z report) or is
 * refused with 409, never half in.
 *
 * The close posts what the count found: for each counted tender, counted − expected; cash against
 * the drawer's account, card and CliQ against receipts in transit; the other side is "cash over and
 * short". A count that matches posts nothing. Expected cash is the float plus the cash the session
 * kept (sales net of change, less cash refunds, plus cash deposits of store credit).
 */
import { money } from '@daftar/shared';
import type { PosSession as PosSessionPublic, PosShiftReport, PosSessionOpen } from '@daftar/shared/schemas/pos';
import type { PosTender } from '@daftar/shared/schemas/pos';
import { AuditLog, auditRecord, type AuditActor } from '../db/auditLog.js';
import { PosSession, POS_SESSION_TENDERS, type PosSessionRecord } from '../db/posSession.js';
import { PosTerminal, type PosTerminalRecord } from '../db/posTerminal.js';
import { MovedMeanwhile, onConditionFailed, postTransaction, putItem, updateItem } from '../db/transaction.js';
import { postDocument } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import type { PostingLine } from '../ledger/posting.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { getTerminal } from './terminals.js';

const COUNTED_TENDERS = ['cash', 'card', 'cliq'] as const;
type Counted = { cash: number; card: number | null; cliq: number | null };

const figure = (session: PosSessionRecord, name: string) => ((session as Record<string, unknown>)[name] as number | undefined) ?? 0;
const tenderNet = (session: PosSessionRecord, tender: PosTender) => figure(session, `t_${tender}_sales`) - figure(session, `t_${tender}_refunds`);

/** What the drawer (cash) and the card and CliQ batches should hold. */
export function expectedOf(session: PosSessionRecord) {
  return { cash: session.opening_float + tenderNet(session, 'cash'), card: tenderNet(session, 'card'), cliq: tenderNet(session, 'cliq') };
}

export function shiftReport(session: PosSessionRecord, currency: string): PosShiftReport {
  const text = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  const expected = expectedOf(session);
  const counted = (session.counted as Counted | undefined) ?? null;
  const difference = counted
    ? { cash: counted.cash - expected.cash, card: counted.card === null ? null : counted.card - expected.card, cliq: counted.cliq === null ? null : counted.cliq - expected.cliq }
    : null;
  return {
    sales_count: figure(session, 'sales_count'),
    returns_count: figure(session, 'returns_count'),
    items_sold: String(figure(session, 'items_milli') / 1000),
    net_sales: text(figure(session, 'net')),
    tax: text(figure(session, 'tax')),
    discounts: text(figure(session, 'discount')),
    gross_sales: text(figure(session, 'gross')),
    refunds: text(figure(session, 'refunds')),
    tenders: Object.fromEntries(
      POS_SESSION_TENDERS.map((t) => [t, { sales: text(figure(session, `t_${t}_sales`)), refunds: text(figure(session, `t_${t}_refunds`)), net: text(tenderNet(session, t)), count: figure(session, `t_${t}_count`) }]),
    ) as PosShiftReport['tenders'],
    expected: { cash: text(expected.cash), card: text(expected.card), cliq: text(expected.cliq) },
    counted: counted ? { cash: text(counted.cash), card: counted.card === null ? null : text(counted.card), cliq: counted.cliq === null ? null : text(counted.cliq) } : null,
    difference: difference ? { cash: text(difference.cash), card: difference.card === null ? null : text(difference.card), cliq: difference.cliq === null ? null : text(difference.cliq) } : null,
  };
}

export function presentSession(session: PosSessionRecord, terminalName: string, currency: string): PosSessionPublic {
  return {
    id: session.id,
    terminal_id: session.terminal_id,
    terminal_name: terminalName,
    cashier_id: session.cashier_id,
    cashier_name: session.cashier_name ?? null,
    status: session.status,
    opening_float: money.formatMoney(money.fromMinorUnits(session.opening_float, currency)),
    opened_at: session.opened_at,
    closed_at: session.closed_at ?? null,
    note: session.note ?? null,
    close_entry_id: session.close_entry_id ?? null,
    report: shiftReport(session, currency),
  };
}

export async function getSession(organizationId: string, id: string): Promise<PosSessionRecord> {
  const { data } = await PosSession.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Session not found');
  return data;
}

async function terminalNames(organizationId: string) {
  const { data } = await PosTerminal.query.byId({ organization_id: organizationId }).go({ pages: 'all' });
  return new Map(data.map((t) => [t.id, t.name]));
}

export async function listSessions(organizationId: string, query: { terminal_id?: string; status?: 'open' | 'closed'; skip: number; limit: number }) {
  const { currency } = await organizationSettings(organizationId);
  const names = await terminalNames(organizationId);
  // A terminal's sessions newest first from its index; otherwise the organization's (ids are UUIDv7: time order).
  const { data } = query.terminal_id
    ? await PosSession.query.byTerminal({ organization_id: organizationId, terminal_id: query.terminal_id }).go({ order: 'desc', pages: 'all' })
    : await PosSession.query.byId({ organization_id: organizationId }).go({ order: 'desc', pages: 'all' });
  const matching = query.status ? data.filter((s) => s.status === query.status) : data;
  // The index is eventually consistent: an open session is read again from the table.
  const page = await Promise.all(matching.slice(query.skip, query.skip + query.limit).map((s) => (s.status === 'open' ? getSession(organizationId, s.id) : s)));
  return { data: page.map((s) => presentSession(s, names.get(s.terminal_id) ?? s.terminal_id, currency)), count: matching.length };
}

const parseAmount = (text: string, currency: string) => money.parseMoney(text, currency).amount;

export async function openSession(
  organizationId: string,
  input: PosSessionOpen & { opening_float: string },
  who: { actor: AuditActor; userId: string; userName: string | null },
) {
  const [terminal, { currency }] = await Promise.all([getTerminal(organizationId, input.terminal_id), organizationSettings(organizationId)]);
  if (!terminal.is_active) throw new Conflict(`Terminal ${terminal.name} is inactive`);
  if (terminal.current_session_id) throw new Conflict(`Terminal ${terminal.name} already has an open session; close it first`);
  const now = new Date().toISOString();
  const float = parseAmount(input.opening_float, currency);
  const session: PosSessionRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    terminal_id: terminal.id,
    cashier_id: who.userId,
    cashier_name: who.userName ?? undefined,
    status: 'open',
    opening_float: float,
    opened_at: now,
    note: input.note ?? undefined,
    updated_at: now,
  };
  await postTransaction([
    updateItem(
      PosTerminal.patch({ organization_id: organizationId, id: terminal.id })
        .set({ current_session_id: session.id, updated_at: now })
        .where((a, { notExists, eq }) => `${notExists(a.current_session_id)} AND ${eq(a.is_active, true)}`)
        .params(),
      () => new Conflict(`Terminal ${terminal.name} already has an open session; close it first`),
    ),
    putItem(PosSession.create(session).params()),
    putItem(AuditLog.create(auditRecord(who.actor, { action: 'pos.session_opened', entity_type: 'pos_session', entity_id: session.id, narrative: { key: 'audit.pos.session_opened', params: { terminal: terminal.name, amount: input.opening_float } }, changes: { terminal_id: terminal.id, opening_float: input.opening_float } })).params()),
  ]);
  return presentSession(session, terminal.name, currency);
}

/** The journal lines of a count: each tender's difference against cash over and short. */
function differenceLines(differences: Record<(typeof COUNTED_TENDERS)[number], number | null>, accounts: { drawer: string; inTransit: string; overShort: string }): PostingLine[] {
  const lines: PostingLine[] = [];
  for (const tender of COUNTED_TENDERS) {
    const diff = differences[tender];
    if (!diff) continue;
    const account = tender === 'cash' ? accounts.drawer : accounts.inTransit;
    // Over: the drawer holds more than the books say (Dr drawer, Cr over/short); short: the reverse.
    if (diff > 0) lines.push({ account_id: account, debit: diff, description: `${tender} over` }, { account_id: accounts.overShort, credit: diff, description: `${tender} over` });
    else lines.push({ account_id: accounts.overShort, debit: -diff, description: `${tender} short` }, { account_id: account, credit: -diff, description: `${tender} short` });
  }
  return lines;
}

export async function closeSession(
  organizationId: string,
  sessionId: string,
  input: { counted: { cash: string; card?: string; cliq?: string }; note?: string | null },
  who: { actor: AuditActor; userId: string | null },
) {
  const [session, settings] = await Promise.all([getSession(organizationId, sessionId), organizationSettings(organizationId)]);
  const { currency } = settings;
  if (session.status !== 'open') throw new Conflict('The session is already closed');
  const terminal: PosTerminalRecord = await getTerminal(organizationId, session.terminal_id);
  const counted: Counted = {
    cash: parseAmount(input.counted.cash, currency),
    card: input.counted.card === undefined ? null : parseAmount(input.counted.card, currency),
    cliq: input.counted.cliq === undefined ? null : parseAmount(input.counted.cliq, currency),
  };
  const date = todayIn(settings.timeZone);
  const entryId = uuidv7();
  const { result } = await postDocument<{ closed: PosSessionRecord; posted: boolean }, [PosSessionRecord, Record<'cash_over_short' | 'undeposited_funds', { id: string }>]>({
    organizationId,
    // The session as it stands when the transaction is built: a sale that lands between the read
    // and the close moves `updated_at`, the close's condition fails and it is built again.
    prepare: () => Promise.all([getSession(organizationId, sessionId), systemAccounts(organizationId, ['cash_over_short', 'undeposited_funds'])]),
    build: (_number, now, prepared) => {
      if (!prepared) return { postings: [], items: [], finish: () => ({ closed: session, posted: false }) };
      const [current, accounts] = prepared;
      if (current.status !== 'open') throw new Conflict('The session is already closed');
      const expected = expectedOf(current);
      const differences = { cash: counted.cash - expected.cash, card: counted.card === null ? null : counted.card - expected.card, cliq: counted.cliq === null ? null : counted.cliq - expected.cliq };
      const lines = differenceLines(differences, { drawer: terminal.cash_account_id, inTransit: accounts.undeposited_funds.id, overShort: accounts.cash_over_short.id });
      const posts = lines.length > 0;
      const closed: PosSessionRecord = { ...current, status: 'closed', closed_at: now, closed_by: who.userId ?? undefined, counted, note: input.note ?? current.note, close_entry_id: posts ? entryId : undefined, updated_at: now };
      return {
        postings: posts
          ? [{ organizationId, date, entryId, source: { type: 'pos_session', id: sessionId }, memo_narrative: { key: 'ledger.pos.close', params: { terminal: terminal.name } }, createdBy: who.userId, shard: terminal.id, lines }]
          : [],
        items: [
          onConditionFailed(
            updateItem(
              PosSession.patch({ organization_id: organizationId, id: sessionId })
                .set({ status: 'closed', closed_at: now, ...(who.userId ? { closed_by: who.userId } : {}), counted, ...(input.note ? { note: input.note } : {}), ...(posts ? { close_entry_id: entryId } : {}), updated_at: now })
                .where((a, { eq }) => `${eq(a.status, 'open')} AND ${eq(a.updated_at, current.updated_at)}`)
                .params(),
            ),
            () => new SessionMoved(),
          ),
          updateItem(PosTerminal.patch({ organization_id: organizationId, id: terminal.id }).remove(['current_session_id']).set({ updated_at: now }).where((a, { eq }) => eq(a.current_session_id, sessionId)).params()),
        ],
        finish: () => ({ closed, posted: posts }),
      };
    },
    audit: {
      actor: who.actor,
      entry: ({ closed }) => {
        const cashDifference = ((closed.counted as Counted).cash ?? 0) - expectedOf(closed).cash;
        return {
          action: 'pos.session_closed',
          entity_type: 'pos_session',
          entity_id: sessionId,
          narrative: { key: 'audit.pos.session_closed', params: { terminal: terminal.name, difference: money.formatMoney(money.fromMinorUnits(cashDifference, currency)) } },
          changes: { counted: input.counted },
        };
      },
    },
  });
  return presentSession(result.closed, terminal.name, currency);
}

/** A sale landed in the session between the read and the close: build the close again. */
class SessionMoved extends MovedMeanwhile {
  constructor() {
    super('The session moved meanwhile');
  }
}
