/**
 * Store credit given outside a return: a customer paying money in (a deposit at a till, by cash,
 * card or CliQ) or a goodwill credit the shop gives. Either way it is the shop's liability to that
 * customer (account subtype `store_credit`, the customer on the line) and the customer's balance
 * item (db/storeCredit.ts), in one transaction. Money paid in at a till counts in that session's
 * tender totals, so the drawer count expects it.
 */
import { money } from '@daftar/shared';
import type { PosStoreCreditCreate } from '@daftar/shared/schemas/pos';
import { readItem } from '../db/get-together.js';
import { Contact } from '../db/contact.js';
import { PosSession, type PosSessionRecord } from '../db/posSession.js';
import { PosTerminal } from '../db/posTerminal.js';
import { StoreCredit, StoreCreditMovement } from '../db/storeCredit.js';
import { onConditionFailed, putItem, updateItem } from '../db/transaction.js';
import { postDocument } from '../documents/posting-path.js';
import { systemAccounts } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import type { AuditActor } from '../db/auditLog.js';

export async function storeCreditBalance(organizationId: string, customerId: string): Promise<number> {
  const item = await readItem(StoreCredit, { organization_id: organizationId, customer_id: customerId });
  return item?.balance ?? 0;
}

export async function giveStoreCredit(organizationId: string, input: PosStoreCreditCreate & { amount: string }, who: { actor: AuditActor; userId: string | null }) {
  const settings = await organizationSettings(organizationId);
  const amount = money.parseMoney(input.amount, settings.currency).amount;
  const [customer, session] = await Promise.all([
    readItem(Contact, { organization_id: organizationId, id: input.customer_id }),
    input.session_id ? readItem(PosSession, { organization_id: organizationId, id: input.session_id }) : Promise.resolve(null),
  ]);
  if (!customer || customer.contact_type === 'supplier') throw new ValidationError([{ loc: ['body', 'customer_id'], msg: 'Customer not found', type: 'not_found' }]);
  const paidIn = input.method !== 'goodwill';
  if (paidIn && !input.session_id) throw new ValidationError([{ loc: ['body', 'session_id'], msg: 'Money paid in at a till needs the open session', type: 'value_error' }]);
  if (paidIn && !session) throw new NotFound('Session not found');
  if (session && session.status !== 'open') throw new Conflict('The session is closed; open a new session');
  const terminal: { cash_account_id: string; id: string } | null = session ? await readItem(PosTerminal, { organization_id: organizationId, id: session.terminal_id }) : null;
  const id = uuidv7();
  const date = todayIn(settings.timeZone);
  const { result } = await postDocument<{ id: string; balance: number }, Record<'store_credit' | 'undeposited_funds' | 'other_expense', { id: string }>>({
    organizationId,
    prepare: () => systemAccounts(organizationId, ['store_credit', 'undeposited_funds', 'other_expense']),
    build: (_n, now, accounts) => {
      if (!accounts) return { postings: [], items: [], finish: () => ({ id, balance: 0 }) };
      const debit = input.method === 'cash' ? terminal!.cash_account_id : input.method === 'goodwill' ? accounts.other_expense.id : accounts.undeposited_funds.id;
      const sessionItems = paidIn
        ? [onConditionFailed(
            updateItem(PosSession.patch({ organization_id: organizationId, id: (session as PosSessionRecord).id }).add({ [`t_${input.method}_sales`]: amount, [`t_${input.method}_count`]: 1 } as never).set({ updated_at: now }).where((a, { eq }) => eq(a.status, 'open')).params()),
            () => new Conflict('The session is closed; open a new session'),
          )]
        : [];
      return {
        postings: [{
          organizationId,
          date,
          entryId: id,
          source: { type: 'pos_transaction', id },
          memo_narrative: { key: 'ledger.pos.store_credit', params: { customer: customer.name } },
          createdBy: who.userId,
          shard: terminal?.id,
          lines: [
            { account_id: debit, debit: amount, description: input.reason ?? 'store credit' },
            { account_id: accounts.store_credit.id, credit: amount, contact_id: customer.id, description: input.reason ?? 'store credit' },
          ],
        }],
        items: [
          updateItem(StoreCredit.update({ organization_id: organizationId, customer_id: customer.id }).add({ balance: amount }).set({ updated_at: now }).params()),
          putItem(StoreCreditMovement.create({ organization_id: organizationId, customer_id: customer.id, id, amount, source_type: paidIn ? 'deposit' : 'goodwill', source_id: id, journal_entry_id: id, reason: input.reason ?? undefined, created_by: who.userId ?? undefined, created_at: now }).params()),
          ...sessionItems,
        ],
        finish: () => ({ id, balance: 0 }),
      };
    },
    audit: {
      actor: who.actor,
      entry: () => ({ action: 'pos.store_credit', entity_type: 'contact', entity_id: customer.id, narrative: { key: 'audit.pos.store_credit', params: { amount: input.amount, customer: customer.name } }, changes: { amount: input.amount, method: input.method } }),
    },
  });
  const balance = await storeCreditBalance(organizationId, customer.id);
  return { id: result.id, customer_id: customer.id, amount: money.formatMoney(money.fromMinorUnits(amount, settings.currency)), balance: money.formatMoney(money.fromMinorUnits(balance, settings.currency)) };
}
