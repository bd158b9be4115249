/**
 * Bank accounts: each is linked to one ledger account (asset, subtype bank or cash) of its
 * organization, guarded so that no two bank accounts share one; an opening balance is posted
 * against opening balance equity in the same transaction as the account is created.
 */
import { money } from '@daftar/shared';
import type { BankAccountCreate, BankAccountPublic, BankAccountUpdate } from '@daftar/shared/schemas/banking';
import { Account, type AccountRecord } from '../db/account.js';
import { BankAccount, BankLedgerAccount, type BankAccountRecord } from '../db/bankAccount.js';
import { conditionCheck, deleteItem, onConditionFailed, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { Conflict, NotFound, ValidationError, type ValidationIssue } from '../platform/errors.js';
import { accountBalances, normalBalance, type Totals } from '../ledger/balances.js';
import { ensureChartOfAccounts, loadChart, systemAccount } from '../ledger/chart.js';
import { reversalOf, type PostingInput } from '../ledger/posting.js';
import { postDocument } from '../documents/posting-path.js';
import { formatAmount } from '../ledger/present.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { organizationSettings } from '../organizations/settings.js';

/** Subtypes of the asset accounts a bank account may reconcile. */
const BANK_LEDGER_SUBTYPES = new Set(['bank', 'cash']);

const bodyIssue = (field: string, msg: string): ValidationIssue => ({ loc: ['body', field], msg, type: 'value_error' });
const changedMeanwhile = () => new Conflict('The bank account was changed by someone else; reload and try again');

export async function getBankAccount(organizationId: string, id: string): Promise<BankAccountRecord> {
  const { data } = await BankAccount.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Bank account not found');
  return data;
}


/** The ledger account must be an active bank or cash asset account of THIS organization (another's is simply not found). */
async function usableLedgerAccount(organizationId: string, accountId: string): Promise<AccountRecord> {
  const { data: account } = await Account.get({ organization_id: organizationId, id: accountId }).go({ consistent: true });
  if (!account) throw new ValidationError([bodyIssue('account_id', 'Account not found')]);
  if (account.type !== 'asset' || !BANK_LEDGER_SUBTYPES.has(account.subtype)) {
    throw new ValidationError([bodyIssue('account_id', `Account ${account.code} ${account.name} is not a bank or cash account (it is ${account.type}, ${account.subtype})`)]);
  }
  if (!account.is_active) throw new ValidationError([bodyIssue('account_id', `Account ${account.code} ${account.name} is inactive`)]);
  return account;
}

/** The ledger account read above is still an active bank/cash account when the link is written. */
const ledgerAccountStillUsable = (organizationId: string, accountId: string) =>
  conditionCheck(
    Account.delete({ organization_id: organizationId, id: accountId })
      .where((a, { eq }) => `${eq(a.is_active, true)} AND ${eq(a.type, 'asset')} AND (${eq(a.subtype, 'bank')} OR ${eq(a.subtype, 'cash')})`)
      .params(),
    () => new Conflict('The ledger account was changed or deleted meanwhile; reload and try again'),
  );

async function assertLedgerAccountFree(organizationId: string, account: AccountRecord): Promise<void> {
  const { data } = await BankLedgerAccount.get({ organization_id: organizationId, account_id: account.id }).go({ consistent: true });
  if (data) throw ledgerAccountTaken(account)();
}
const ledgerAccountTaken = (account: AccountRecord) => () =>
  new Conflict(`Ledger account ${account.code} ${account.name} is already linked to another bank account`);

const claimLedgerAccount = (organizationId: string, account: AccountRecord, bankAccountId: string) =>
  onConditionFailed(
    putItem(BankLedgerAccount.create({ organization_id: organizationId, account_id: account.id, bank_account_id: bankAccountId }).params()),
    ledgerAccountTaken(account),
  );

const releaseLedgerAccount = (organizationId: string, accountId: string, bankAccountId: string) =>
  deleteItem(
    BankLedgerAccount.delete({ organization_id: organizationId, account_id: accountId }).where((a, { eq }) => eq(a.bank_account_id, bankAccountId)).params(),
    changedMeanwhile,
  );

/** A signed request amount in minor units; `+` accepted, more decimals than the currency has refused. */
function signedMinor(value: string | number, currency: string, field: string): number {
  try {
    return money.parseMoney(typeof value === 'string' ? value.replace(/^\+/, '') : value, currency).amount;
  } catch (error) {
    if (error instanceof money.MoneyError) throw new ValidationError([bodyIssue(field, error.message)]);
    throw error;
  }
}

export async function createBankAccount(organizationId: string, input: BankAccountCreate, actorId: string | null): Promise<BankAccountRecord> {
  await ensureChartOfAccounts(organizationId);
  const { currency } = await organizationSettings(organizationId);
  if (input.currency && input.currency !== currency) {
    throw new ValidationError([bodyIssue('currency', `Bank accounts are kept in the organization's base currency (${currency})`)]);
  }
  const ledger = await usableLedgerAccount(organizationId, input.account_id);
  await assertLedgerAccountFree(organizationId, ledger);
  const opening = input.opening_balance === null || input.opening_balance === undefined ? 0 : signedMinor(input.opening_balance, currency, 'opening_balance');

  const now = nowIso();
  const id = uuidv7();
  const items: TransactItem[] = [];
  const openingEntryId = opening !== 0 ? uuidv7() : undefined;
  const postings: PostingInput[] = [];
  if (opening !== 0) {
    const equity = await systemAccount(organizationId, 'opening_balance_equity');
    const amount = Math.abs(opening);
    const openingNarrative = { key: 'ledger.bank.opening_balance', params: { account: input.name } } as const;
    postings.push({
      organizationId,
      date: input.opening_balance_date!,
      source: { type: 'opening_balance', id },
      entryId: openingEntryId,
      memo_narrative: openingNarrative,
      createdBy: actorId,
      lines:
        opening > 0
          ? [
              { account_id: ledger.id, debit: amount, narrative: openingNarrative },
              { account_id: equity.id, credit: amount, narrative: openingNarrative },
            ]
          : [
              { account_id: equity.id, debit: amount, narrative: openingNarrative },
              { account_id: ledger.id, credit: amount, narrative: openingNarrative },
            ],
      issuePath: ['body'],
    });
  }
  const bank: BankAccountRecord = {
    organization_id: organizationId,
    id,
    name: input.name,
    bank_name: input.bank_name,
    account_number: input.account_number || undefined,
    iban: input.iban || undefined,
    currency,
    account_id: ledger.id,
    opening_balance: opening,
    opening_balance_date: opening !== 0 ? input.opening_balance_date! : input.opening_balance_date || undefined,
    opening_entry_id: openingEntryId,
    notes: input.notes || undefined,
    is_active: input.is_active,
    transaction_count: 0,
    unreconciled_count: 0,
    lines_total: 0,
    created_by: actorId ?? undefined,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  items.push(
    putItem(BankAccount.create(bank).params()),
    claimLedgerAccount(organizationId, ledger, id),
    ledgerAccountStillUsable(organizationId, ledger.id),
  );
  // The opening balance's entry takes the journal's next number in the same transaction (posting path).
  await postDocument({ organizationId, build: () => ({ postings, items, finish: () => bank }) });
  return bank;
}

export async function updateBankAccount(organizationId: string, id: string, input: BankAccountUpdate): Promise<{ before: BankAccountRecord; after: BankAccountRecord }> {
  const before = await getBankAccount(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw changedMeanwhile();
  const relink = input.account_id !== undefined && input.account_id !== before.account_id;
  const items: TransactItem[] = [];
  if (relink) {
    if (before.transaction_count > 0) throw new Conflict('The bank account has statement lines; its ledger account cannot change');
    if (before.opening_entry_id) throw new Conflict('The bank account has an opening balance posted to its ledger account; its ledger account cannot change');
    const ledger = await usableLedgerAccount(organizationId, input.account_id!);
    await assertLedgerAccountFree(organizationId, ledger);
    items.push(releaseLedgerAccount(organizationId, before.account_id, id), claimLedgerAccount(organizationId, ledger, id), ledgerAccountStillUsable(organizationId, ledger.id));
  }
  const pick = <K extends 'account_number' | 'iban' | 'notes'>(k: K) => (input[k] === undefined ? before[k] : input[k] || undefined);
  const after: BankAccountRecord = {
    ...before,
    name: input.name ?? before.name,
    bank_name: input.bank_name ?? before.bank_name,
    account_number: pick('account_number'),
    iban: pick('iban'),
    notes: pick('notes'),
    account_id: input.account_id ?? before.account_id,
    is_active: input.is_active ?? before.is_active,
    version: before.version + 1,
    updated_at: nowIso(),
  };
  const cleared = (['account_number', 'iban', 'notes'] as const).filter((f) => after[f] === undefined && before[f] !== undefined);
  const set = {
    name: after.name,
    bank_name: after.bank_name,
    account_id: after.account_id,
    is_active: after.is_active,
    version: after.version,
    updated_at: after.updated_at,
    ...(after.account_number ? { account_number: after.account_number } : {}),
    ...(after.iban ? { iban: after.iban } : {}),
    ...(after.notes ? { notes: after.notes } : {}),
  };
  let patch = BankAccount.patch({ organization_id: organizationId, id }).set(set);
  if (cleared.length) patch = patch.remove(cleared) as typeof patch;
  const condition = patch.where((a, { eq }) => (relink ? `${eq(a.version, before.version)} AND ${eq(a.transaction_count, 0)}` : eq(a.version, before.version)));
  items.unshift(onConditionFailed(updateItem(condition.params()), changedMeanwhile));
  await postTransaction(items);
  return { before, after };
}

/**
 * Deletes a bank account without statement lines (one with lines is deactivated instead: 409),
 * reversing its opening-balance entry in the same transaction.
 */
export async function deleteBankAccount(organizationId: string, id: string, actorId: string | null): Promise<BankAccountRecord> {
  const bank = await getBankAccount(organizationId, id);
  if (bank.transaction_count > 0) {
    throw new Conflict(`The bank account has ${bank.transaction_count} statement lines and cannot be deleted; deactivate it instead`);
  }
  const items: TransactItem[] = [
    onConditionFailed(
      deleteItem(
        BankAccount.delete({ organization_id: organizationId, id })
          .where((a, { eq }) => `${eq(a.version, bank.version)} AND ${eq(a.transaction_count, 0)}`)
          .params(),
      ),
      () => new Conflict('Statement lines were added to the bank account meanwhile; deactivate it instead'),
    ),
    releaseLedgerAccount(organizationId, bank.account_id, id),
  ];
  const postings: PostingInput[] = [];
  if (bank.opening_entry_id) {
    const reversal = await reversalOf({
      organizationId,
      entryId: bank.opening_entry_id,
      date: bank.opening_balance_date!,
      memo_narrative: { key: 'ledger.bank.opening_balance_withdrawn', params: { account: bank.name } },
      createdBy: actorId,
    });
    postings.push(reversal.posting);
    items.push(reversal.originalUpdate(reversal.posting.entryId!, nowIso()));
  }
  await postDocument({ organizationId, build: () => ({ postings, items, finish: () => bank }) });
  return bank;
}

export async function listBankAccounts(organizationId: string, includeInactive: boolean): Promise<BankAccountRecord[]> {
  const { data } = await BankAccount.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  return data
    .filter((b) => includeInactive || b.is_active)
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
}

function present(bank: BankAccountRecord, account: AccountRecord | undefined, totals: Totals | undefined): BankAccountPublic {
  const text = (minor: number) => formatAmount(minor, bank.currency);
  const ledger = normalBalance('asset', totals);
  const statement = bank.opening_balance + bank.lines_total;
  return {
    id: bank.id,
    organization_id: bank.organization_id,
    name: bank.name,
    bank_name: bank.bank_name,
    account_number: bank.account_number ?? null,
    iban: bank.iban ?? null,
    currency: bank.currency,
    account_id: bank.account_id,
    account_code: account?.code ?? null,
    account_name: account?.name ?? null,
    opening_balance: text(bank.opening_balance),
    opening_balance_date: bank.opening_balance_date ?? null,
    opening_entry_id: bank.opening_entry_id ?? null,
    notes: bank.notes ?? null,
    is_active: bank.is_active,
    ledger_balance: text(ledger),
    statement_balance: text(statement),
    difference: text(statement - ledger),
    transaction_count: bank.transaction_count,
    unreconciled_count: bank.unreconciled_count,
    version: bank.version,
    created_at: bank.created_at,
    updated_at: bank.updated_at,
  };
}

/** Bank accounts with their ledger balances: one chart read and one balance read for all of them. */
export async function presentBankAccounts(organizationId: string, banks: BankAccountRecord[]): Promise<BankAccountPublic[]> {
  if (!banks.length) return [];
  const single = banks.length === 1 ? banks[0]!.account_id : undefined;
  const [chart, balances] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, single ? { accountId: single } : {})]);
  const accounts = new Map(chart.map((a) => [a.id, a]));
  return banks.map((bank) => present(bank, accounts.get(bank.account_id), balances.get(bank.account_id)));
}

export const presentBankAccount = async (organizationId: string, bank: BankAccountRecord) => (await presentBankAccounts(organizationId, [bank]))[0]!;
