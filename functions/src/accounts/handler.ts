import * as z from 'zod';
import * as schemas from '@daftar/shared/schemas/index';
import * as accounting from '@daftar/shared/schemas/accounting';
import type { AccountTreeNode } from '@daftar/shared/schemas/accounting';
import { alsoUnderAccounting } from '../http/accounting-paths.js';
import { createHandler, defineRoutes, route } from '../http/api.js';
import { accountBalances, trialBalance } from '../ledger/balances.js';
import { byCode, ensureChartOfAccounts, loadChart } from '../ledger/chart.js';
import { organizationSettings } from '../organizations/settings.js';
import { todayIn } from '../ledger/dates.js';
import { formatAmount, presentAccount, presentNarrative } from '../ledger/present.js';
import { createAccount, deleteAccount, getAccount, ledgerCard, summaryByType, updateAccount } from './accounts.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** Every accounts route starts here: the chart exists before anyone reads or changes it. */
async function prepare(organizationId: string) {
  await ensureChartOfAccounts(organizationId);
  return organizationSettings(organizationId);
}

const matches = (account: { code: string; name: string; name_ar?: string }, search: string) => {
  const needle = search.toLowerCase();
  return [account.code, account.name, account.name_ar ?? ''].some((field) => field.toLowerCase().includes(needle));
};

const listAccounts = route({
  access: { org: 'viewer' },
  summary: 'The chart of accounts by code, with current balances (filters: type, subtype, search, include_inactive)',
  query: accounting.accountListQuery,
  response: schemas.listOf(accounting.accountPublic),
  handler: async ({ organizationId, query }) => {
    const { currency } = await prepare(organizationId!);
    const [chart, balances] = await Promise.all([loadChart(organizationId!), accountBalances(organizationId!)]);
    const selected = chart
      .filter((a) => (query.include_inactive || a.is_active) && (!query.type || a.type === query.type) && (!query.subtype || a.subtype === query.subtype))
      .filter((a) => !query.search || matches(a, query.search))
      .sort(byCode);
    return { data: selected.slice(query.skip, query.skip + query.limit).map((a) => presentAccount(a, balances.get(a.id), currency)), count: selected.length };
  },
});

const createAccountRoute = route({
  access: { org: 'admin' },
  summary: 'Add an account to the chart (code unique in the organization)',
  body: accounting.accountCreate,
  response: accounting.accountPublic,
  status: 201,
  handler: async (ctx) => {
    const { currency } = await prepare(ctx.organizationId!);
    const account = await createAccount(ctx.organizationId!, ctx.body, currency);
    ctx.audit({
      action: 'account.created',
      entity_type: 'account',
      entity_id: account.id,
      narrative: { key: 'audit.account.created', params: { code: account.code, name: account.name } },
      changes: { code: account.code, name: account.name, type: account.type, subtype: account.subtype, parent_id: account.parent_id ?? null },
    });
    return presentAccount(account, undefined, currency);
  },
});

const chartRoute = route({
  access: { org: 'viewer' },
  summary: 'The chart of accounts as a tree (sub-accounts under their parents), with balances',
  query: z.object({ include_inactive: schemas.queryBoolean.default(false) }),
  response: accounting.chartOfAccounts,
  handler: async ({ organizationId, query }) => {
    const { currency } = await prepare(organizationId!);
    const [chart, balances] = await Promise.all([loadChart(organizationId!), accountBalances(organizationId!)]);
    const shown = chart.filter((a) => query.include_inactive || a.is_active).sort(byCode);
    const nodes = new Map<string, AccountTreeNode>(shown.map((a) => [a.id, { ...presentAccount(a, balances.get(a.id), currency), children: [] }]));
    const roots: AccountTreeNode[] = [];
    for (const account of shown) {
      const node = nodes.get(account.id)!;
      const parent = account.parent_id ? nodes.get(account.parent_id) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return { currency, data: roots, count: shown.length };
  },
});

const summaryRoute = route({
  access: { org: 'viewer' },
  summary: 'Debits, credits and balance per account type, and net income, as of a date (default today)',
  query: accounting.trialBalanceQuery,
  response: accounting.accountSummaryByType,
  handler: async ({ organizationId, query }) => {
    const { currency, timeZone } = await prepare(organizationId!);
    const asOf = query.as_of_date ?? todayIn(timeZone);
    const { rows, netIncome } = await summaryByType(organizationId!, asOf);
    return {
      as_of_date: asOf,
      currency,
      data: rows.map((r) => ({
        type: r.type,
        normal_balance: accounting.NORMAL_BALANCE[r.type],
        account_count: r.account_count,
        total_debit: formatAmount(r.debit, currency),
        total_credit: formatAmount(r.credit, currency),
        balance: formatAmount(r.balance, currency),
      })),
      net_income: formatAmount(netIncome, currency),
    };
  },
});

const getAccountRoute = route({
  access: { org: 'viewer' },
  summary: 'One account with its current balance',
  response: accounting.accountPublic,
  handler: async ({ organizationId, params }) => {
    const { currency } = await prepare(organizationId!);
    const account = await getAccount(organizationId!, params.account_id!);
    const balances = await accountBalances(organizationId!, { accountId: account.id });
    return presentAccount(account, balances.get(account.id), currency);
  },
});

const updateAccountRoute = route({
  access: { org: 'admin' },
  summary: 'Change an account (system accounts keep their type and stay active; a used account keeps its type)',
  body: accounting.accountUpdate,
  response: accounting.accountPublic,
  handler: async (ctx) => {
    const { currency } = await prepare(ctx.organizationId!);
    const { before, after } = await updateAccount(ctx.organizationId!, ctx.params.account_id!, ctx.body);
    const fields = (Object.keys(ctx.body) as (keyof typeof ctx.body)[]).filter((f) => f !== 'version');
    ctx.audit({
      action: after.is_active === before.is_active ? 'account.updated' : after.is_active ? 'account.activated' : 'account.deactivated',
      entity_type: 'account',
      entity_id: after.id,
      narrative: { key: 'audit.account.updated', params: { code: after.code, name: after.name, fields: fields.join(', ') } },
      changes: Object.fromEntries(fields.map((f) => [f, { from: before[f as keyof typeof before] ?? null, to: after[f as keyof typeof after] ?? null }])),
    });
    const balances = await accountBalances(ctx.organizationId!, { accountId: after.id });
    return presentAccount(after, balances.get(after.id), currency);
  },
});

const deleteAccountRoute = route({
  access: { org: 'admin' },
  summary: 'Delete an unused account (an account with postings can only be deactivated: 409)',
  response: schemas.message,
  handler: async (ctx) => {
    await prepare(ctx.organizationId!);
    const account = await deleteAccount(ctx.organizationId!, ctx.params.account_id!);
    ctx.audit({
      action: 'account.deleted',
      entity_type: 'account',
      entity_id: account.id,
      narrative: { key: 'audit.account.deleted', params: { code: account.code, name: account.name } },
      changes: { code: account.code, name: account.name, type: account.type },
    });
    return { message: 'Account deleted successfully' };
  },
});

const transactionsRoute = route({
  access: { org: 'viewer' },
  summary: "The account's postings in date order with a running balance (offset or skip, limit, start_date, end_date)",
  query: accounting.accountTransactionsQuery,
  response: accounting.accountTransactions,
  handler: async ({ organizationId, params, query }) => {
    const { currency } = await prepare(organizationId!);
    const account = await getAccount(organizationId!, params.account_id!);
    const { opening, rows, count } = await ledgerCard(organizationId!, account, {
      skip: query.offset ?? query.skip ?? 0,
      limit: query.limit,
      start_date: query.start_date,
      end_date: query.end_date,
    });
    return {
      account_id: account.id,
      currency,
      opening_balance: formatAmount(opening, currency),
      data: rows.map(({ posting, balance }) => ({
        entry_id: posting.entry_id,
        entry_number: posting.entry_number ?? null,
        entry_name: posting.entry_name ?? (posting.entry_number ? `JE-${String(posting.entry_number).padStart(6, '0')}` : null),
        date: posting.date,
        memo: posting.memo ?? null,
        memo_narrative: presentNarrative(posting.memo_narrative),
        description: posting.description ?? null,
        description_narrative: presentNarrative(posting.description_narrative),
        source_type: posting.source_type,
        source_id: posting.source_id,
        debit: formatAmount(posting.debit, currency),
        credit: formatAmount(posting.credit, currency),
        balance: formatAmount(balance, currency),
      })),
      count,
    };
  },
});

const trialBalanceRoute = route({
  access: { org: 'viewer' },
  summary: 'Trial balance on a date (default today): each account with a balance, in the debit or credit column; the totals agree',
  query: accounting.trialBalanceQuery,
  response: accounting.trialBalance,
  handler: async ({ organizationId, query }) => {
    const { currency, timeZone } = await prepare(organizationId!);
    const asOf = query.as_of_date ?? todayIn(timeZone);
    const tb = await trialBalance(organizationId!, asOf);
    return {
      as_of_date: asOf,
      currency,
      data: tb.rows.map((r) => ({
        account_id: r.account.id,
        code: r.account.code,
        name: r.account.name,
        name_ar: r.account.name_ar ?? null,
        type: r.account.type,
        debit: formatAmount(r.debit, currency),
        credit: formatAmount(r.credit, currency),
      })),
      total_debit: formatAmount(tb.totalDebit, currency),
      total_credit: formatAmount(tb.totalCredit, currency),
      balanced: tb.totalDebit === tb.totalCredit,
    };
  },
});

// The accounting-prefixed paths are the same routes (SPEC §7): one implementation each.
export const routes = defineRoutes('accounts', {
  ...alsoUnderAccounting({
    [`GET ${ORG}/accounts`]: listAccounts,
    [`POST ${ORG}/accounts`]: createAccountRoute,
    [`GET ${ORG}/accounts/chart`]: chartRoute,
    [`GET ${ORG}/accounts/summary/by-type`]: summaryRoute,
    [`GET ${ORG}/accounts/{account_id}`]: getAccountRoute,
    [`PATCH ${ORG}/accounts/{account_id}`]: updateAccountRoute,
    [`DELETE ${ORG}/accounts/{account_id}`]: deleteAccountRoute,
    [`GET ${ORG}/accounts/{account_id}/transactions`]: transactionsRoute,
  }),
  [`GET ${ORG}/accounting/trial-balance`]: trialBalanceRoute,
});

export const handler = createHandler(routes);
