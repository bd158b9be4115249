import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A category of expenses (travel, fuel, office supplies…) and the expense account its approved
 * expenses are debited to.
 *
 * Access patterns:
 * - one category by (organization, id): pk `ORG#<org>`, sk `EXPENSECATEGORY#<id>`;
 * - all categories of an organization: pk `ORG#<org>`, sk begins_with `EXPENSECATEGORY#` (a few
 *   dozen at most, sorted by name and filtered in memory).
 *
 * `expense_count` counts the expenses filed under the category. Every transaction that files an
 * expense under it (or moves one away, or deletes a draft) changes the count with `ADD`, on
 * condition that the category exists and, when filing, is active; deleting the category is
 * conditioned on a zero count. So an expense can never point at a deleted category, and a category
 * in use is deactivated instead of deleted. `version` guards edits (the count does not bump it).
 */
export const ExpenseCategory = new Entity(
  {
    model: { entity: 'expense_category', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      name_ar: { type: 'string' },
      account_id: { type: 'string', required: true },
      description: { type: 'string' },
      is_active: { type: 'boolean', required: true, default: true },
      expense_count: { type: 'number', required: true, default: 0 },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'EXPENSECATEGORY#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ExpenseCategoryRecord = EntityItem<typeof ExpenseCategory>;
