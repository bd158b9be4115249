import * as schemas from '@daftar/shared/schemas/index';
import * as categories from '@daftar/shared/schemas/categories';
import { alsoUnderAccounting } from '../http/accounting-paths.js';
import { createHandler, defineRoutes, route } from '../http/api.js';
import {
  allCategories,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  listCategoriesOfType,
  listChildCategories,
  listRootCategories,
  presentCategory,
  presentCategoryOption,
  updateCategory,
} from './categories.js';

const ORG = '/api/v1/organizations/{organization_id}';

const categoryList = schemas.listOf(categories.categoryPublic);

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Categories by sort order and name (filters: category_type, parent_id, search in the English or Arabic name, include_inactive)',
  query: categories.categoryListQuery,
  response: categoryList,
  handler: async ({ organizationId, query }) => listCategories(organizationId!, query, presentCategory),
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'Every category in short form, for pickers (category_type, include_inactive)',
  query: categories.categoryOptionsQuery,
  response: schemas.listOf(categories.categoryOption),
  handler: async ({ organizationId, query }) => allCategories(organizationId!, query, presentCategoryOption),
});

const rootRoute = route({
  access: { org: 'viewer' },
  summary: 'Top-level categories (category_type, include_inactive)',
  query: categories.categoryRootQuery,
  response: categoryList,
  handler: async ({ organizationId, query }) => listRootCategories(organizationId!, query, presentCategory),
});

const typeRoute = (type: 'product' | 'service') =>
  route({
    access: { org: 'viewer' },
    summary: `${type === 'product' ? 'Product' : 'Service'} categories at every level (include_inactive)`,
    query: categories.categoryPageQuery,
    response: categoryList,
    handler: async ({ organizationId, query }) => listCategoriesOfType(organizationId!, type, query, presentCategory),
  });
const productsRoute = typeRoute('product');
const servicesRoute = typeRoute('service');

const createRoute = route({
  access: { org: 'member' },
  summary: 'Add a category (parent of the same type, at most 5 levels; name unique among siblings: 409)',
  body: categories.categoryCreate,
  response: categories.categoryPublic,
  status: 201,
  handler: async (ctx) => {
    const category = await createCategory(ctx.organizationId!, ctx.body);
    ctx.audit({
      action: 'category.created',
      entity_type: 'category',
      entity_id: category.id,
      narrative: { key: category.parent_id ? 'audit.category.created_sub' : 'audit.category.created', params: { name: category.name, type: category.category_type } },
      changes: { name: category.name, category_type: category.category_type, parent_id: category.parent_id ?? null, account_id: category.account_id ?? null },
    });
    return presentCategory(category);
  },
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One category',
  response: categories.categoryPublic,
  handler: async ({ organizationId, params }) => presentCategory(await getCategory(organizationId!, params.category_id!)),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change or move a category (null clears a field; parent_id null makes it a root; version, when given, must match)',
  body: categories.categoryUpdate,
  response: categories.categoryPublic,
  handler: async (ctx) => {
    const { before, after } = await updateCategory(ctx.organizationId!, ctx.params.category_id!, ctx.body);
    const was = presentCategory(before);
    const now = presentCategory(after);
    const fields = (Object.keys(ctx.body) as (keyof categories.CategoryUpdate)[]).filter(
      (f): f is Exclude<keyof categories.CategoryUpdate, 'version'> => f !== 'version' && ctx.body[f] !== undefined,
    );
    const moved = before.parent_id !== after.parent_id;
    ctx.audit({
      action: moved ? 'category.moved' : before.is_active === after.is_active ? 'category.updated' : after.is_active ? 'category.activated' : 'category.deactivated',
      entity_type: 'category',
      entity_id: after.id,
      narrative: {
        key: !moved ? 'audit.category.updated' : after.parent_id ? 'audit.category.moved_under' : 'audit.category.moved_top',
        params: { name: after.name, fields: fields.join(', ') },
      },
      changes: Object.fromEntries(fields.map((f) => [f, { from: was[f], to: now[f] }])),
    });
    return now;
  },
});

const deleteRoute = route({
  access: { org: 'admin' },
  summary: 'Delete a category without sub-categories (409 otherwise); one that products refer to is deactivated instead',
  response: schemas.message,
  handler: async (ctx) => {
    const result = await deleteCategory(ctx.organizationId!, ctx.params.category_id!);
    const { category } = result;
    if (result.outcome === 'deactivated') {
      ctx.audit({
        action: 'category.deactivated',
        entity_type: 'category',
        entity_id: category.id,
        narrative: { key: 'audit.category.deactivated', params: { name: category.name, references: result.references.join(', ') } },
        changes: { is_active: { from: true, to: false } },
      });
      return { message: `Category is used by ${result.references.join(', ')}; it was deactivated instead of deleted` };
    }
    ctx.audit({
      action: 'category.deleted',
      entity_type: 'category',
      entity_id: category.id,
      narrative: { key: 'audit.category.deleted', params: { name: category.name, type: category.category_type } },
      changes: { name: category.name, category_type: category.category_type, parent_id: category.parent_id ?? null },
    });
    return { message: 'Category deleted successfully' };
  },
});

const childrenRoute = route({
  access: { org: 'viewer' },
  summary: "A category's direct sub-categories (include_inactive)",
  query: categories.categoryPageQuery,
  response: categoryList,
  handler: async ({ organizationId, params, query }) => listChildCategories(organizationId!, params.category_id!, query, presentCategory),
});

/** The accounting-prefixed paths are the same routes (SPEC §7 "duplicated … identical routes"). */
export const routes = defineRoutes('categories', {
  ...alsoUnderAccounting({
    [`GET ${ORG}/categories`]: listRoute,
    [`POST ${ORG}/categories`]: createRoute,
    [`GET ${ORG}/categories/list`]: optionsRoute,
    [`GET ${ORG}/categories/root`]: rootRoute,
    [`GET ${ORG}/categories/products`]: productsRoute,
    [`GET ${ORG}/categories/services`]: servicesRoute,
    [`GET ${ORG}/categories/{category_id}`]: getRoute,
    [`PUT ${ORG}/categories/{category_id}`]: updateRoute,
    [`DELETE ${ORG}/categories/{category_id}`]: deleteRoute,
    [`GET ${ORG}/categories/{category_id}/children`]: childrenRoute,
  }),
});

export const handler = createHandler(routes);
