/**
 * Accounting categories (GitHub issue 4): a tree per organization that classifies products,
 * services, income and expenses. A category's parent has the same type; the tree is at most
 * CATEGORY_MAX_DEPTH levels deep; names are unique among siblings. An optional account says where
 * the category books: income categories an income account, expense categories an expense account,
 * product and service categories the income account their sales are credited to.
 */
import * as z from 'zod';
import { id, pagination, queryBoolean } from './common.js';

export const CATEGORY_TYPES = ['product', 'service', 'income', 'expense'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** A root category is level 1; its children level 2; … */
export const CATEGORY_MAX_DEPTH = 5;
export const CATEGORY_MAX_SORT_ORDER = 999_999;

/** The account type a category of each type books to. */
export const CATEGORY_ACCOUNT_TYPE: Record<CategoryType, 'income' | 'expense'> = {
  product: 'income',
  service: 'income',
  income: 'income',
  expense: 'expense',
};

const categoryName = z.string().trim().min(1, 'Name is required').max(200);
const categoryColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Colour must be a hex colour such as #48BB78')
  .transform((v) => v.toUpperCase());
const sortOrder = z.number().int().min(0).max(CATEGORY_MAX_SORT_ORDER);

export const categoryCreate = z.strictObject({
  name: categoryName,
  name_ar: z.string().trim().max(200).nullish(),
  category_type: z.enum(CATEGORY_TYPES),
  /** A category of the same type in this organization; absent or null: a root category. */
  parent_id: id.nullish(),
  description: z.string().trim().max(1000).nullish(),
  /** An active account of this organization of the type CATEGORY_ACCOUNT_TYPE gives. */
  account_id: id.nullish(),
  color: categoryColor.nullish(),
  sort_order: sortOrder.default(0),
  is_active: z.boolean().default(true),
});
export type CategoryCreate = z.output<typeof categoryCreate>;

/**
 * Absent fields keep their value; null clears `name_ar`, `description`, `account_id`, `color`,
 * and for `parent_id` makes the category a root. Moving under a category of another type, under
 * itself or under one of its descendants is refused (422); so is a move that would make the tree
 * deeper than CATEGORY_MAX_DEPTH. `category_type` changes only on a category without children.
 * `version`, when given, must match.
 */
export const categoryUpdate = z
  .strictObject({
    name: categoryName.optional(),
    name_ar: z.string().trim().max(200).nullish(),
    category_type: z.enum(CATEGORY_TYPES).optional(),
    parent_id: id.nullish(),
    description: z.string().trim().max(1000).nullish(),
    account_id: id.nullish(),
    color: categoryColor.nullish(),
    sort_order: sortOrder.optional(),
    is_active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type CategoryUpdate = z.output<typeof categoryUpdate>;

/**
 * GET categories: `parent_id` lists one category's children; `search` matches the English or
 * Arabic name anywhere in it, ignoring case and Arabic diacritics. Order: sort_order, then name.
 */
export const categoryListQuery = pagination.extend({
  category_type: z.enum(CATEGORY_TYPES).optional(),
  parent_id: id.optional(),
  include_inactive: queryBoolean.default(false),
  search: z.string().trim().max(200).optional(),
});
export type CategoryListQuery = z.output<typeof categoryListQuery>;

/** GET categories/list: every matching category in short form (no paging). */
export const categoryOptionsQuery = z.object({
  category_type: z.enum(CATEGORY_TYPES).optional(),
  include_inactive: queryBoolean.default(false),
});

/** GET categories/root. */
export const categoryRootQuery = pagination.extend({
  category_type: z.enum(CATEGORY_TYPES).optional(),
  include_inactive: queryBoolean.default(false),
});

/** GET categories/products, categories/services and categories/{id}/children. */
export const categoryPageQuery = pagination.extend({
  include_inactive: queryBoolean.default(false),
});

export const categoryPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  category_type: z.enum(CATEGORY_TYPES),
  parent_id: z.string().nullable(),
  description: z.string().nullable(),
  account_id: z.string().nullable(),
  color: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  /** Direct children (active or not). */
  children_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CategoryPublic = z.infer<typeof categoryPublic>;

/** The short form for pickers (GET categories/list). */
export const categoryOption = categoryPublic.pick({
  id: true,
  name: true,
  name_ar: true,
  category_type: true,
  parent_id: true,
  color: true,
  is_active: true,
});
export type CategoryOption = z.infer<typeof categoryOption>;
