import { hasRank } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import * as budgets from '@daftar/shared/schemas/budgets';
import { createHandler, defineRoutes, route, type RouteContext } from '../http/api.js';
import { actorIdOf } from '../http/principal.js';
import type { BudgetRecord } from '../db/budget.js';
import {
  addBudgetLine,
  budgetVsActual,
  calculateBudgetTotals,
  createBudget,
  deleteBudget,
  findLine,
  getBudget,
  linesOf,
  listBudgets,
  presentBudget,
  presentBudgetLine,
  presentBudgetSummary,
  removeBudgetLine,
  updateBudget,
  updateBudgetLine,
} from './budgets.js';

const ORG = '/api/v1/organizations/{organization_id}';
const BUDGET = `${ORG}/budgets/{id}`;
const LINE = `${BUDGET}/lines/{line_id}`;

type Ctx = RouteContext<unknown, unknown>;
const isAdmin = (ctx: Ctx) => hasRank(ctx.role, 'admin');
/** The budget as audit narratives name it: its name and fiscal year. */
const named = (budget: BudgetRecord) => ({ name: budget.name, year: budget.fiscal_year });

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Budgets, latest fiscal year first, without their lines (filters: fiscal_year, status)',
  query: budgets.budgetListQuery,
  response: schemas.listOf(budgets.budgetSummary),
  handler: async ({ organizationId, query }) => {
    const { data, count } = await listBudgets(organizationId!, query);
    return { data: data.map(presentBudgetSummary), count };
  },
});

const createRoute = route({
  access: { org: 'member' },
  summary: 'Create a budget for a fiscal year, optionally with its lines (active or closed: admin; one active budget per year)',
  body: budgets.budgetCreate,
  response: budgets.budgetPublic,
  status: 201,
  handler: async (ctx) => {
    const budget = await createBudget(ctx.organizationId!, ctx.body, actorIdOf(ctx.principal), isAdmin(ctx));
    const shown = presentBudget(budget);
    ctx.audit({
      action: 'budget.created',
      entity_type: 'budget',
      entity_id: budget.id,
      narrative: { key: 'audit.budget.created', params: { ...named(budget), status: budget.status, lines: shown.lines.length } },
      changes: { name: budget.name, fiscal_year: shown.fiscal_year, status: budget.status, lines: shown.lines.length },
    });
    return shown;
  },
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One budget with its lines and totals',
  response: budgets.budgetPublic,
  handler: async ({ organizationId, params }) => presentBudget(await getBudget(organizationId!, params.id!)),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change name, fiscal year, notes or status (activating, closing, reopening: admin; one active budget per year)',
  body: budgets.budgetUpdate,
  response: budgets.budgetPublic,
  handler: async (ctx) => {
    const { before, after } = await updateBudget(ctx.organizationId!, ctx.params.id!, ctx.body, isAdmin(ctx));
    const fields = (['name', 'fiscal_year', 'status', 'notes'] as const).filter((f) => before[f] !== after[f]);
    ctx.audit({
      action: before.status !== after.status ? `budget.${after.status === 'active' ? 'activated' : after.status === 'closed' ? 'closed' : 'set_to_draft'}` : 'budget.updated',
      entity_type: 'budget',
      entity_id: after.id,
      narrative: fields.length
        ? { key: 'audit.budget.updated', params: { ...named(after), fields: fields.join(', ') } }
        : { key: 'audit.budget.unchanged', params: named(after) },
      changes: Object.fromEntries(fields.map((f) => [f, { from: before[f] ?? null, to: after[f] ?? null }])),
    });
    return presentBudget(after);
  },
});

const deleteRoute = route({
  access: { org: 'member' },
  summary: 'Delete a budget that is not active: a draft by its creator or an admin, a closed one by an admin (active: 409)',
  query: budgets.budgetVersionQuery,
  response: schemas.message,
  handler: async (ctx) => {
    const budget = await deleteBudget(ctx.organizationId!, ctx.params.id!, { actorId: actorIdOf(ctx.principal), role: ctx.role }, ctx.query.version);
    ctx.audit({
      action: 'budget.deleted',
      entity_type: 'budget',
      entity_id: budget.id,
      narrative: { key: 'audit.budget.deleted', params: { ...named(budget), lines: linesOf(budget).length } },
      changes: { name: budget.name, fiscal_year: budget.fiscal_year, status: budget.status },
    });
    return { message: 'Budget deleted successfully' };
  },
});

const calculateRoute = route({
  access: { org: 'member' },
  summary: 'Recompute and store line totals, monthly and yearly income, expense and net totals (accounts refreshed from the chart)',
  query: budgets.budgetVersionQuery,
  response: budgets.budgetPublic,
  handler: async (ctx) => {
    const budget = await calculateBudgetTotals(ctx.organizationId!, ctx.params.id!, ctx.query.version);
    const shown = presentBudget(budget);
    ctx.audit({
      action: 'budget.totals_calculated',
      entity_type: 'budget',
      entity_id: budget.id,
      narrative: {
        key: 'audit.budget.totals_calculated',
        params: { ...named(budget), income: shown.totals.income.total, expense: shown.totals.expense.total, net: shown.totals.net.total },
      },
      changes: { income: shown.totals.income.total, expense: shown.totals.expense.total, net: shown.totals.net.total },
    });
    return shown;
  },
});

const vsActualRoute = route({
  access: { org: 'viewer' },
  summary: 'Each line per month against the ledger: budget, actual, variance (favourable positive) and variance %, with totals',
  response: budgets.budgetVsActual,
  handler: async ({ organizationId, params }) => budgetVsActual(organizationId!, params.id!),
});

const linesRoute = route({
  access: { org: 'viewer' },
  summary: "A budget's lines",
  response: schemas.listOf(budgets.budgetLinePublic),
  handler: async ({ organizationId, params }) => {
    const budget = await getBudget(organizationId!, params.id!);
    const lines = linesOf(budget).map((l) => presentBudgetLine(budget, l));
    return { data: lines, count: lines.length };
  },
});

const addLineRoute = route({
  access: { org: 'member' },
  summary: 'Add a line: an income or expense account (one line per account: 409) with 12 monthly amounts or an annual amount',
  body: budgets.budgetLineCreate,
  response: budgets.budgetLinePublic,
  status: 201,
  handler: async (ctx) => {
    const { version, ...line } = ctx.body;
    const { budget, line: added } = await addBudgetLine(ctx.organizationId!, ctx.params.id!, line, version);
    const shown = presentBudgetLine(budget, added);
    ctx.audit({
      action: 'budget.line_added',
      entity_type: 'budget',
      entity_id: budget.id,
      narrative: { key: 'audit.budget.line_added', params: { ...named(budget), code: added.account_code, account: added.account_name, total: shown.total } },
      changes: { line_id: added.id, account_id: added.account_id, total: shown.total },
    });
    return shown;
  },
});

const getLineRoute = route({
  access: { org: 'viewer' },
  summary: 'One budget line',
  response: budgets.budgetLinePublic,
  handler: async ({ organizationId, params }) => {
    const budget = await getBudget(organizationId!, params.id!);
    return presentBudgetLine(budget, findLine(budget, params.line_id!));
  },
});

const updateLineRoute = route({
  access: { org: 'member' },
  summary: 'Change a line: account, monthly amounts (or an annual amount), notes',
  body: budgets.budgetLineUpdate,
  response: budgets.budgetLinePublic,
  handler: async (ctx) => {
    const { budget, line } = await updateBudgetLine(ctx.organizationId!, ctx.params.id!, ctx.params.line_id!, ctx.body);
    const shown = presentBudgetLine(budget, line);
    ctx.audit({
      action: 'budget.line_updated',
      entity_type: 'budget',
      entity_id: budget.id,
      narrative: { key: 'audit.budget.line_updated', params: { ...named(budget), code: line.account_code, account: line.account_name, total: shown.total } },
      changes: { line_id: line.id, account_id: line.account_id, total: shown.total },
    });
    return shown;
  },
});

const removeLineRoute = route({
  access: { org: 'member' },
  summary: 'Remove a line',
  query: budgets.budgetVersionQuery,
  response: schemas.message,
  handler: async (ctx) => {
    const { budget, line } = await removeBudgetLine(ctx.organizationId!, ctx.params.id!, ctx.params.line_id!, ctx.query.version);
    ctx.audit({
      action: 'budget.line_removed',
      entity_type: 'budget',
      entity_id: budget.id,
      narrative: { key: 'audit.budget.line_removed', params: { ...named(budget), code: line.account_code, account: line.account_name } },
      changes: { line_id: line.id, account_id: line.account_id },
    });
    return { message: 'Budget line deleted successfully' };
  },
});

export const routes = defineRoutes('budgets', {
  [`GET ${ORG}/budgets`]: listRoute,
  [`POST ${ORG}/budgets`]: createRoute,
  [`GET ${BUDGET}`]: getRoute,
  [`PUT ${BUDGET}`]: updateRoute,
  [`DELETE ${BUDGET}`]: deleteRoute,
  [`POST ${BUDGET}/calculate-totals`]: calculateRoute,
  [`GET ${BUDGET}/vs-actual`]: vsActualRoute,
  [`GET ${BUDGET}/lines`]: linesRoute,
  [`POST ${BUDGET}/lines`]: addLineRoute,
  [`GET ${LINE}`]: getLineRoute,
  [`PUT ${LINE}`]: updateLineRoute,
  [`DELETE ${LINE}`]: removeLineRoute,
});

export const handler = createHandler(routes);
