/**
 * Accounting periods and period close (docs/ledger.md). Closing a period locks every posting dated
 * on or before its end date — the ledger lock's `closed_through`, checked inside each posting
 * transaction. Periods close in date order and reopen in reverse order (reopen: owners), so the
 * closed periods are always a prefix of the calendar and one date describes the lock.
 */
import { AccountingPeriod, LEDGER_LOCK_COPIES, LedgerLock, type AccountingPeriodRecord } from '../db/accountingPeriod.js';
import { Conflict, NotFound } from '../platform/errors.js';
import { earliestOwedRecost } from '../inventory/recost-queue.js';
import { uuidv7 } from '../platform/ids.js';
import { lastDayOfMonth, monthOf } from './dates.js';
import { onConditionFailed, postTransaction, updateItem, type TransactItem } from '../db/transaction.js';

const byStart = (a: AccountingPeriodRecord, b: AccountingPeriodRecord) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0);

export async function listPeriods(organizationId: string): Promise<AccountingPeriodRecord[]> {
  const { data } = await AccountingPeriod.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  return data.sort(byStart);
}

export async function getPeriod(organizationId: string, id: string): Promise<AccountingPeriodRecord> {
  const { data } = await AccountingPeriod.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Accounting period not found');
  return data;
}

/** The last date of the closed books, or null when nothing is closed. (All lock copies agree.) */
export async function closedThrough(organizationId: string): Promise<string | null> {
  const { data } = await LedgerLock.get({ organization_id: organizationId, copy: '0' }).go({ consistent: true });
  return data?.closed_through ?? null;
}

const label = (p: AccountingPeriodRecord) => `${p.name} (${p.start_date} – ${p.end_date})`;

function defaultName(start: string, end: string) {
  return start.endsWith('-01') && end === lastDayOfMonth(monthOf(start)) ? monthOf(start) : `${start} – ${end}`;
}

export async function createPeriod(
  organizationId: string,
  input: { name?: string | null; start_date: string; end_date: string },
): Promise<AccountingPeriodRecord> {
  const [periods, closed] = await Promise.all([listPeriods(organizationId), closedThrough(organizationId)]);
  const overlapping = periods.find((p) => p.start_date <= input.end_date && input.start_date <= p.end_date);
  if (overlapping) throw new Conflict(`The period overlaps ${label(overlapping)}`);
  if (closed && input.start_date <= closed) throw new Conflict(`The books are closed through ${closed}; a new period must start after that date`);
  const now = new Date().toISOString();
  const { data } = await AccountingPeriod.create({
    organization_id: organizationId,
    id: uuidv7(),
    name: input.name || defaultName(input.start_date, input.end_date),
    start_date: input.start_date,
    end_date: input.end_date,
    status: 'open',
    version: 1,
    created_at: now,
    updated_at: now,
  }).go();
  return data;
}

/** Every copy of the ledger lock moved from `current` to `next` (null removes the lock). */
function lockUpdates(organizationId: string, current: string | null, next: string | null, now: string): TransactItem[] {
  const lockMoved = () => new Conflict('Another period was closed or reopened at the same time; reload and try again');
  return Array.from({ length: LEDGER_LOCK_COPIES }, (_, copy) => {
    const update = LedgerLock.update({ organization_id: organizationId, copy: String(copy) });
    const changed = next ? update.set({ closed_through: next, updated_at: now }) : update.set({ updated_at: now }).remove(['closed_through']);
    const guarded = changed.where((a, { eq, notExists }) => (current ? eq(a.closed_through, current) : notExists(a.closed_through)));
    return onConditionFailed(updateItem(guarded.params()), lockMoved);
  });
}

export async function closePeriod(organizationId: string, id: string, actorId: string | null): Promise<AccountingPeriodRecord> {
  const [period, periods, current, owedFrom] = await Promise.all([getPeriod(organizationId, id), listPeriods(organizationId), closedThrough(organizationId), earliestOwedRecost(organizationId)]);
  if (period.status === 'closed') throw new Conflict(`${label(period)} is already closed`);
  const earlierOpen = periods.find((p) => p.status === 'open' && p.end_date < period.start_date);
  if (earlierOpen) throw new Conflict(`Close ${label(earlierOpen)} first: periods close in date order`);
  // A back-dated stock movement's re-costing posts today, but it corrects costs from its date: the
  // period waits for it rather than closing on costs about to change (inventory/recost.ts).
  if (owedFrom && owedFrom <= period.end_date) {
    throw new Conflict(`Stock is still being re-costed from ${owedFrom} after a back-dated movement; close ${label(period)} once it is done (Inventory → Re-costing)`);
  }
  const now = new Date().toISOString();
  const next = current && current > period.end_date ? current : period.end_date;
  const closed: AccountingPeriodRecord = { ...period, status: 'closed', closed_at: now, closed_by: actorId ?? undefined, version: period.version + 1, updated_at: now };
  await postTransaction([
    onConditionFailed(
      updateItem(
        AccountingPeriod.patch({ organization_id: organizationId, id })
          .set({ status: 'closed', closed_at: now, ...(actorId ? { closed_by: actorId } : {}), version: closed.version, updated_at: now })
          .where((a, { eq }) => `${eq(a.status, 'open')} AND ${eq(a.version, period.version)}`)
          .params(),
      ),
      () => new Conflict('The period was changed by someone else; reload and try again'),
    ),
    ...lockUpdates(organizationId, current, next, now),
  ]);
  return closed;
}

export async function reopenPeriod(organizationId: string, id: string, actorId: string | null): Promise<AccountingPeriodRecord> {
  const [period, periods, current] = await Promise.all([getPeriod(organizationId, id), listPeriods(organizationId), closedThrough(organizationId)]);
  if (period.status !== 'closed') throw new Conflict(`${label(period)} is not closed`);
  const laterClosed = periods.filter((p) => p.status === 'closed' && p.start_date > period.end_date).pop();
  if (laterClosed) throw new Conflict(`Reopen ${label(laterClosed)} first: periods reopen in reverse date order`);
  const stillClosed = periods.filter((p) => p.status === 'closed' && p.id !== period.id).map((p) => p.end_date).sort().pop() ?? null;
  const now = new Date().toISOString();
  const reopened: AccountingPeriodRecord = { ...period, status: 'open', reopened_at: now, reopened_by: actorId ?? undefined, version: period.version + 1, updated_at: now };
  await postTransaction([
    onConditionFailed(
      updateItem(
        AccountingPeriod.patch({ organization_id: organizationId, id })
          .set({ status: 'open', reopened_at: now, ...(actorId ? { reopened_by: actorId } : {}), version: reopened.version, updated_at: now })
          .where((a, { eq }) => `${eq(a.status, 'closed')} AND ${eq(a.version, period.version)}`)
          .params(),
      ),
      () => new Conflict('The period was changed by someone else; reload and try again'),
    ),
    ...lockUpdates(organizationId, current, stillClosed, now),
  ]);
  return reopened;
}
