import { hasRank } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import * as expenses from '@daftar/shared/schemas/expenses';
import { createHandler, defineRoutes, route, type RouteContext } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import { Forbidden, Unauthorized } from '../platform/errors.js';
import {
  createExpenseCategory,
  deleteExpenseCategory,
  getExpenseCategory,
  listExpenseCategories,
  presentExpenseCategory,
  updateExpenseCategory,
} from './categories.js';
import { idempotent } from '../http/idempotency.js';
import { ensureChartOfAccounts } from '../ledger/chart.js';
import {
  allExpenses,
  approveExpense,
  createExpense,
  deleteExpense,
  getExpense,
  listExpenses,
  presentExpense,
  presentExpenseOption,
  rejectExpense,
  submitExpense,
  updateExpense,
  type ExpenseActor,
} from './expenses.js';

const ORG = '/api/v1/organizations/{organization_id}';
const CATEGORY = `${ORG}/expense-categories/{id}`;
const EXPENSE = `${ORG}/expenses/{id}`;

type Ctx = RouteContext<unknown, unknown>;

const actorOf = (ctx: Ctx): ExpenseActor => ({
  userId: ctx.principal?.user?.id ?? null,
  actorId: actorIdOf(ctx.principal),
  isAdmin: hasRank(ctx.role, 'admin'),
  role: ctx.role,
});

/** Expenses are filed by a person: a user, or an API key created by one (its expenses are that person's). */
function filer(ctx: Ctx): string {
  if (!ctx.principal) throw new Unauthorized();
  const userId = ctx.principal.user?.id;
  if (!userId) throw new Forbidden('Expenses are filed by a person; this API key belongs to no user');
  return userId;
}

// ---------------------------------------------------------------------------------------------
// Categories

const listCategoriesRoute = route({
  access: { org: 'viewer' },
  summary: 'Expense categories by name (inactive ones with include_inactive=true)',
  query: expenses.expenseCategoryListQuery,
  response: schemas.listOf(expenses.expenseCategoryPublic),
  handler: async ({ organizationId, query }) => {
    // A new organization's chart comes with the default categories (ledger/chart.ts).
    await ensureChartOfAccounts(organizationId!);
    const { data, count } = await listExpenseCategories(organizationId!, query);
    return { data: data.map(presentExpenseCategory), count };
  },
});

const createCategoryRoute = route({
  access: { org: 'admin' },
  summary: 'Create an expense category on an active expense account of the organization',
  body: expenses.expenseCategoryCreate,
  response: expenses.expenseCategoryPublic,
  status: 201,
  handler: async (ctx) => {
    const category = await createExpenseCategory(ctx.organizationId!, ctx.body);
    ctx.audit({
      action: 'expense_category.created',
      entity_type: 'expense_category',
      entity_id: category.id,
      narrative: { key: 'audit.expense_category.created', params: { name: category.name } },
      changes: { name: category.name, account_id: category.account_id, is_active: category.is_active },
    });
    return presentExpenseCategory(category);
  },
});

const getCategoryRoute = route({
  access: { org: 'viewer' },
  summary: 'One expense category',
  response: expenses.expenseCategoryPublic,
  handler: async ({ organizationId, params }) => presentExpenseCategory(await getExpenseCategory(organizationId!, params.id!)),
});

const updateCategoryRoute = route({
  access: { org: 'admin' },
  summary: 'Change an expense category (absent fields kept, null clears; version must match when given)',
  body: expenses.expenseCategoryUpdate,
  response: expenses.expenseCategoryPublic,
  handler: async (ctx) => {
    const { before, after } = await updateExpenseCategory(ctx.organizationId!, ctx.params.id!, ctx.body);
    const [b, a] = [presentExpenseCategory(before) as Record<string, unknown>, presentExpenseCategory(after) as Record<string, unknown>];
    const fields = ['name', 'name_ar', 'account_id', 'description', 'is_active'].filter((f) => b[f] !== a[f]);
    ctx.audit({
      action: 'expense_category.updated',
      entity_type: 'expense_category',
      entity_id: after.id,
      narrative: fields.length
        ? { key: 'audit.expense_category.updated', params: { name: after.name, fields: fields.join(', ') } }
        : { key: 'audit.expense_category.unchanged', params: { name: after.name } },
      changes: Object.fromEntries(fields.map((f) => [f, { from: b[f], to: a[f] }])),
    });
    return presentExpenseCategory(after);
  },
});

const deleteCategoryRoute = route({
  access: { org: 'admin' },
  summary: 'Delete an expense category; one that expenses use is deactivated instead',
  response: schemas.message,
  handler: async (ctx) => {
    const result = await deleteExpenseCategory(ctx.organizationId!, ctx.params.id!);
    const { category } = result;
    if (result.outcome === 'deactivated') {
      ctx.audit({
        action: 'expense_category.deactivated',
        entity_type: 'expense_category',
        entity_id: category.id,
        narrative: { key: 'audit.expense_category.deactivated', params: { name: category.name, references: result.references.join(', ') } },
        changes: { is_active: { from: true, to: false } },
      });
      return { message: `Expense category is used by ${result.references.join(', ')}; it was deactivated instead of deleted` };
    }
    ctx.audit({
      action: 'expense_category.deleted',
      entity_type: 'expense_category',
      entity_id: category.id,
      narrative: { key: 'audit.expense_category.deleted', params: { name: category.name } },
      changes: { name: category.name, account_id: category.account_id },
    });
    return { message: 'Expense category deleted successfully' };
  },
});

// ---------------------------------------------------------------------------------------------
// Expenses

const expenseList = schemas.listOf(expenses.expensePublic);

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Expenses, newest date first (filters: status, category_id, user_id, date_from, date_to)',
  query: expenses.expenseListQuery,
  response: expenseList,
  handler: async ({ organizationId, query }) => {
    const { data, count } = await listExpenses(organizationId!, query);
    return { data: data.map(presentExpense), count };
  },
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'All expenses in short form, newest first (filter: status)',
  query: expenses.expenseOptionsQuery,
  response: schemas.listOf(expenses.expenseOption),
  handler: async ({ organizationId, query }) => {
    const { data, count } = await allExpenses(organizationId!, query);
    return { data: data.map(presentExpenseOption), count };
  },
});

const mineRoute = route({
  access: { org: 'viewer' },
  summary: "The caller's own expenses, newest date first (filters: status, category_id, date_from, date_to)",
  query: expenses.expenseMineQuery,
  response: expenseList,
  handler: async (ctx) => {
    const { data, count } = await listExpenses(ctx.organizationId!, { ...ctx.query, user_id: filer(ctx) });
    return { data: data.map(presentExpense), count };
  },
});

const createRoute = route({
  access: { org: 'member' },
  summary: 'File a draft expense (net and tax split from the gross, price including tax)',
  body: expenses.expenseCreate,
  response: expenses.expensePublic,
  status: 201,
  handler: async (ctx) => {
    const expense = await createExpense(ctx.organizationId!, ctx.body, filer(ctx));
    const shown = presentExpense(expense);
    ctx.audit({
      action: 'expense.created',
      entity_type: 'expense',
      entity_id: expense.id,
      narrative: {
        key: expense.reimbursable ? 'audit.expense.created_reimbursable' : 'audit.expense.created',
        params: { description: expense.description, amount: shown.amount, currency: shown.currency },
      },
      changes: { amount: shown.amount, category_id: expense.category_id, date: expense.date, reimbursable: expense.reimbursable },
    });
    return shown;
  },
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One expense',
  response: expenses.expensePublic,
  handler: async ({ organizationId, params }) => presentExpense(await getExpense(organizationId!, params.id!)),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change a draft or rejected expense (it becomes a draft); your own unless admin; approved or submitted: 409',
  body: expenses.expenseUpdate,
  response: expenses.expensePublic,
  handler: async (ctx) => {
    const { before, after } = await updateExpense(ctx.organizationId!, ctx.params.id!, ctx.body, actorOf(ctx));
    const [b, a] = [presentExpense(before) as Record<string, unknown>, presentExpense(after) as Record<string, unknown>];
    const fields = Object.keys(a).filter((f) => !['version', 'updated_at'].includes(f) && JSON.stringify(a[f]) !== JSON.stringify(b[f]));
    ctx.audit({
      action: 'expense.updated',
      entity_type: 'expense',
      entity_id: after.id,
      narrative: fields.length
        ? { key: 'audit.expense.updated', params: { description: after.description, fields: fields.join(', ') } }
        : { key: 'audit.expense.unchanged', params: { description: after.description } },
      changes: Object.fromEntries(fields.map((f) => [f, { from: b[f] ?? null, to: a[f] ?? null }])),
    });
    return presentExpense(after);
  },
});

const deleteRoute = route({
  access: { org: 'member' },
  summary: 'Delete a draft or rejected expense: the person who filed it, or an admin; approved or submitted: 409',
  query: expenses.expenseVersionQuery,
  response: schemas.message,
  handler: async (ctx) => {
    const expense = await deleteExpense(ctx.organizationId!, ctx.params.id!, actorOf(ctx), ctx.query.version);
    const shown = presentExpense(expense);
    ctx.audit({
      action: 'expense.deleted',
      entity_type: 'expense',
      entity_id: expense.id,
      narrative: {
        key: expense.status === 'rejected' ? 'audit.expense.rejected_deleted' : 'audit.expense.draft_deleted',
        params: { description: expense.description, amount: shown.amount, currency: shown.currency },
      },
      changes: { amount: shown.amount, category_id: expense.category_id, status: expense.status },
    });
    return { message: 'Expense deleted successfully' };
  },
});

const submitRoute = route({
  access: { org: 'member' },
  summary: 'Submit a draft for approval (your own unless admin)',
  query: expenses.expenseVersionQuery,
  response: expenses.expensePublic,
  handler: async (ctx) => {
    const expense = await submitExpense(ctx.organizationId!, ctx.params.id!, actorOf(ctx), ctx.query.version);
    ctx.audit({
      action: 'expense.submitted',
      entity_type: 'expense',
      entity_id: expense.id,
      narrative: { key: 'audit.expense.submitted', params: { description: expense.description } },
      changes: { status: { from: 'draft', to: 'submitted' } },
    });
    return presentExpense(expense);
  },
});

const approveRoute = route({
  access: { org: 'admin' },
  summary: 'Approve a submitted expense: posts its journal entry in the same transaction (again: 409)',
  query: expenses.expenseVersionQuery,
  response: expenses.expensePublic,
  // The audit record is written in the approval's own transaction; a repeated approval writes nothing.
  autoAudit: false,
  handler: (ctx) =>
    idempotent(ctx, async (guard) => {
      const actor: ExpenseActor = {
        ...actorOf(ctx),
        audit: {
          ...ctx.actor(),
          entry: (expense) => ({
            action: 'expense.approved',
            entity_type: 'expense',
            entity_id: expense.id,
            narrative: { key: 'audit.expense.approved', params: { description: expense.description, amount: presentExpense(expense).amount, currency: expense.currency } },
            changes: { status: { from: 'submitted', to: 'approved' }, journal_entry_id: expense.journal_entry_id },
          }),
        },
      };
      const expense = await approveExpense(ctx.organizationId!, ctx.params.id!, actor, ctx.query.version, { guard });
      guard?.settle();
      return { status: 200, body: presentExpense(expense), resourceType: 'expense', resourceId: expense.id };
    }),
});

const rejectRoute = route({
  access: { org: 'admin' },
  summary: 'Reject a submitted expense with a reason',
  body: expenses.expenseReject,
  response: expenses.expensePublic,
  handler: async (ctx) => {
    const expense = await rejectExpense(ctx.organizationId!, ctx.params.id!, ctx.body.reason, actorOf(ctx), ctx.body.version);
    ctx.audit({
      action: 'expense.rejected',
      entity_type: 'expense',
      entity_id: expense.id,
      narrative: { key: 'audit.expense.rejected', params: { description: expense.description, reason: ctx.body.reason } },
      changes: { status: { from: 'submitted', to: 'rejected' }, reason: ctx.body.reason },
    });
    return presentExpense(expense);
  },
});

export const routes = defineRoutes('expenses', {
  [`GET ${ORG}/expense-categories`]: listCategoriesRoute,
  [`POST ${ORG}/expense-categories`]: createCategoryRoute,
  [`GET ${CATEGORY}`]: getCategoryRoute,
  [`PUT ${CATEGORY}`]: updateCategoryRoute,
  [`DELETE ${CATEGORY}`]: deleteCategoryRoute,
  [`GET ${ORG}/expenses`]: listRoute,
  [`POST ${ORG}/expenses`]: createRoute,
  [`GET ${ORG}/expenses/list`]: optionsRoute,
  [`GET ${ORG}/expenses/my/expenses`]: mineRoute,
  [`GET ${EXPENSE}`]: getRoute,
  [`PUT ${EXPENSE}`]: updateRoute,
  [`DELETE ${EXPENSE}`]: deleteRoute,
  [`POST ${EXPENSE}/submit`]: submitRoute,
  [`POST ${EXPENSE}/approve`]: approveRoute,
  [`POST ${EXPENSE}/reject`]: rejectRoute,
});

export const handler = createHandler(routes);
