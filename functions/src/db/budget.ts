import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { BUDGET_STATUSES, type BudgetAccountType } from '@daftar/shared/schemas/budgets';
import { entityConfig } from './client.js';

/**
 * One budget line as stored: the account (with its code, name and type as last read from the
 * chart, refreshed by calculate-totals), twelve monthly amounts and their total in minor units.
 */
export interface StoredBudgetLine {
  id: string;
  account_id: string;
  account_code: string;
  account_name: string;
  account_type: BudgetAccountType;
  amounts: number[];
  total: number;
  notes: string | null;
}

/** Per-month and yearly totals in minor units, as the budget screen shows them. */
export interface StoredBudgetTotals {
  income: number[];
  expense: number[];
  net: number[];
  income_total: number;
  expense_total: number;
  net_total: number;
}

/**
 * A budget for one fiscal year with its lines embedded: the budget is read and written whole, so a
 * line change, the one-line-per-account rule and the totals are one conditional write (version).
 * 300 lines of twelve numbers stay far below the 400 KB item limit.
 *
 * Access patterns:
 * - one budget by (organization, id): pk `ORG#<org>`, sk `BUDGET#<id>`;
 * - an organization's budgets by fiscal year (list, filter by year as the key condition, status as
 *   a filter): gsi1 `BUDGETS#<org>`, sk `FY#<fiscal_year>#<id>`;
 * - the active budget of a fiscal year: ActiveBudget below.
 *
 * `start_month` (YYYY-MM) is the first month of the fiscal year, from the organization's fiscal
 * year start month when the budget was created or its year changed.
 */
export const Budget = new Entity(
  {
    model: { entity: 'budget', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      fiscal_year: { type: 'string', required: true },
      start_month: { type: 'string', required: true },
      status: { type: BUDGET_STATUSES, required: true },
      notes: { type: 'string' },
      currency: { type: 'string', required: true },
      lines: { type: 'any', required: true },
      totals: { type: 'any', required: true },
      totals_calculated_at: { type: 'string' },
      created_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'BUDGET#${id}', casing: 'none' },
      },
      byFiscalYear: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'BUDGETS#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['fiscal_year', 'id'], template: 'FY#${fiscal_year}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type BudgetRecord = EntityItem<typeof Budget>;

/**
 * "Budget X is the active budget of fiscal year Y": created on condition that it is absent in the
 * transaction that activates a budget, deleted (on condition that it names that budget) in the one
 * that deactivates, closes or deletes it, moved when an active budget changes year. So at most one
 * budget per fiscal year is active.
 * Access: by (organization, fiscal year), pk `ORG#<org>`, sk `BUDGETACTIVE#<fiscal_year>`.
 */
export const ActiveBudget = new Entity(
  {
    model: { entity: 'active_budget', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      fiscal_year: { type: 'string', required: true, readOnly: true },
      budget_id: { type: 'string', required: true },
    },
    indexes: {
      byFiscalYear: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['fiscal_year'], template: 'BUDGETACTIVE#${fiscal_year}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
