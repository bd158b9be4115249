/**
 * Accounting categories as a resource: a tree per organization (products, services, income,
 * expense). Tree rules: a parent has the child's type and lives in the same organization; no
 * cycles; at most CATEGORY_MAX_DEPTH levels; names unique among siblings.
 *
 * Concurrency. Each write is one transaction whose conditions make the rules hold against
 * simultaneous writes, not only against what was read:
 * - a child is added under a parent with `ADD children_count 1` conditioned on the parent's
 *   version, and on the versions of the parent's ancestors (so a concurrent move of an ancestor,
 *   which bumps its version, cannot slip a child below the depth limit or into a cycle);
 * - a move conditions on the versions of the new parent and all its ancestors (two opposite moves
 *   cannot both commit and close a loop), and, when it takes the subtree deeper, on the children
 *   counts of the subtree as read (a child added meanwhile cannot end up too deep);
 * - a delete is conditioned on `children_count = 0`; the sibling-name guard (db/category.ts) is
 *   put on condition that it is absent.
 */
import {
  CATEGORY_ACCOUNT_TYPE,
  CATEGORY_MAX_DEPTH,
  CATEGORY_MAX_SORT_ORDER,
  type CategoryCreate,
  type CategoryListQuery,
  type CategoryOption,
  type CategoryPublic,
  type CategoryType,
  type CategoryUpdate,
} from '@daftar/shared/schemas/categories';
import { Account, type AccountRecord } from '../db/account.js';
import { Category, CategoryName, ROOT_PARENT, type CategoryRecord } from '../db/category.js';
import { listPage, takeAll } from '../db/paging.js';
import { referenceChanges, referencedBy, type EntityRef } from '../db/reference.js';
import { assertUnreferenced, InUse, type ReferenceCheck } from '../db/references.js';
import {
  conditionCheck,
  deleteItem,
  MAX_TRANSACTION_ACTIONS,
  postTransaction,
  putItem,
  updateItem,
  type TransactItem,
} from '../db/transaction.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { normalizeForSearch as normalizeText } from '@daftar/shared/search';
import { nameKey } from '../contacts/search.js';

// ---------------------------------------------------------------------------------------------
// Presentation

export function presentCategory(category: CategoryRecord): CategoryPublic {
  return {
    id: category.id,
    organization_id: category.organization_id,
    name: category.name,
    name_ar: category.name_ar ?? null,
    category_type: category.category_type,
    parent_id: category.parent_id ?? null,
    description: category.description ?? null,
    account_id: category.account_id ?? null,
    color: category.color ?? null,
    sort_order: category.sort_order,
    is_active: category.is_active,
    children_count: category.children_count ?? 0,
    version: category.version,
    created_at: category.created_at,
    updated_at: category.updated_at,
  };
}

export function presentCategoryOption(category: CategoryRecord): CategoryOption {
  return {
    id: category.id,
    name: category.name,
    name_ar: category.name_ar ?? null,
    category_type: category.category_type,
    parent_id: category.parent_id ?? null,
    color: category.color ?? null,
    is_active: category.is_active,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getCategory(organizationId: string, id: string): Promise<CategoryRecord> {
  const { data } = await Category.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Category not found');
  return data;
}

/** Sort key of the display order: sort_order, then the normalized name. */
const listKeyOf = (sortOrder: number, key: string) => `${String(sortOrder).padStart(String(CATEGORY_MAX_SORT_ORDER).length, '0')}#${key}`;

interface ListFilter {
  include_inactive: boolean;
  category_type?: CategoryType;
  search?: string;
}

type CategoryWhere = Parameters<ReturnType<typeof Category.query.byType>['where']>[0];

/** The server-side filter of a category query (activity, type, name search as a normalized substring); null: none. */
function filterOf(filter: ListFilter): CategoryWhere | null {
  const term = filter.search ? normalizeText(filter.search) : '';
  if (filter.include_inactive && !filter.category_type && !term) return null;
  return (a, op) => {
    const parts: string[] = [];
    if (!filter.include_inactive) parts.push(op.eq(a.is_active, true));
    if (filter.category_type) parts.push(op.eq(a.category_type, filter.category_type));
    if (term) parts.push(`(${op.contains(a.name_key, term)} OR ${op.contains(a.name_ar_key, term)})`);
    return parts.join(' AND ');
  };
}

/** Children of a category, or the roots: one Query on the by-parent index. */
function childrenQuery(organizationId: string, parentKey: string, filter: ListFilter) {
  const base = Category.query.byParent({ organization_id: organizationId, parent_key: parentKey });
  const where = filterOf(filter);
  return where ? base.where(where) : base;
}

/** All categories, or one type's: one Query on the by-type index (the type is a key condition). */
function typeQuery(organizationId: string, filter: ListFilter) {
  const { category_type, ...rest } = filter;
  const base = category_type
    ? Category.query.byType({ organization_id: organizationId, category_type })
    : Category.query.byType({ organization_id: organizationId });
  const where = filterOf(rest);
  return where ? base.where(where) : base;
}

/** A `{data, count}` page in display order (sort_order, name). */
export async function listCategories<R>(organizationId: string, query: CategoryListQuery, present: (c: CategoryRecord) => R) {
  const filter = { include_inactive: query.include_inactive, category_type: query.category_type, search: query.search };
  const q = query.parent_id ? childrenQuery(organizationId, query.parent_id, filter) : typeQuery(organizationId, filter);
  return listPage(q, { skip: query.skip, limit: query.limit, order: 'asc' }, present);
}

/** Every matching category (pickers): one Query, all pages. */
export async function allCategories<R>(organizationId: string, filter: ListFilter, present: (c: CategoryRecord) => R) {
  const data = (await takeAll(typeQuery(organizationId, filter), 'asc')).map(present);
  return { data, count: data.length };
}

export async function listRootCategories<R>(
  organizationId: string,
  query: { skip: number; limit: number; include_inactive: boolean; category_type?: CategoryType },
  present: (c: CategoryRecord) => R,
) {
  return listPage(childrenQuery(organizationId, ROOT_PARENT, query), { skip: query.skip, limit: query.limit, order: 'asc' }, present);
}

export async function listCategoriesOfType<R>(
  organizationId: string,
  categoryType: CategoryType,
  query: { skip: number; limit: number; include_inactive: boolean },
  present: (c: CategoryRecord) => R,
) {
  return listPage(typeQuery(organizationId, { ...query, category_type: categoryType }), { skip: query.skip, limit: query.limit, order: 'asc' }, present);
}

/** A category's direct children (404 when the category is not this organization's). */
export async function listChildCategories<R>(
  organizationId: string,
  id: string,
  query: { skip: number; limit: number; include_inactive: boolean },
  present: (c: CategoryRecord) => R,
) {
  await getCategory(organizationId, id);
  return listPage(childrenQuery(organizationId, id, query), { skip: query.skip, limit: query.limit, order: 'asc' }, present);
}

/** The organization's whole category tree, read consistently (moves need the descendants). */
async function loadTree(organizationId: string): Promise<Map<string, CategoryRecord>> {
  const { data } = await Category.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  return new Map(data.map((c) => [c.id, c]));
}

// ---------------------------------------------------------------------------------------------
// Rules

const issue = (field: string, msg: string) => new ValidationError([{ loc: ['body', field], msg, type: 'value_error' }]);
const changedMeanwhile = () => new Conflict('The category was changed by someone else; reload and try again');
const treeChangedMeanwhile = () => new Conflict('The category tree was changed meanwhile; reload and try again');
const duplicateName = (name: string) => () => new Conflict(`A category named "${name}" already exists at this place in the tree`);

/**
 * The parent and its ancestors, nearest first, by consistent Gets (at most CATEGORY_MAX_DEPTH).
 * Throws 422 when the parent is missing; a chain longer than the depth limit means the stored tree
 * is damaged and is reported, not followed forever.
 */
async function chainFrom(organizationId: string, parentId: string, field: string): Promise<CategoryRecord[]> {
  const chain: CategoryRecord[] = [];
  let next: string | undefined = parentId;
  while (next) {
    if (chain.length >= CATEGORY_MAX_DEPTH) throw new Error(`Category tree of ${organizationId} is deeper than ${CATEGORY_MAX_DEPTH} above ${parentId}`);
    const { data }: { data: CategoryRecord | null } = await Category.get({ organization_id: organizationId, id: next }).go({ consistent: true });
    if (!data) {
      if (!chain.length) throw issue(field, 'Parent category not found');
      throw treeChangedMeanwhile();
    }
    chain.push(data);
    next = data.parent_id;
  }
  return chain;
}

/** The same chain from an in-memory tree. */
function chainIn(tree: Map<string, CategoryRecord>, parentId: string): CategoryRecord[] {
  const chain: CategoryRecord[] = [];
  for (let c = tree.get(parentId); c; c = c.parent_id ? tree.get(c.parent_id) : undefined) {
    if (chain.length > CATEGORY_MAX_DEPTH) throw new Error(`Category tree is deeper than ${CATEGORY_MAX_DEPTH} above ${parentId}`);
    chain.push(c);
  }
  return chain;
}

/** The descendants of a category with their level below it (children 1, grandchildren 2, …). */
function descendantsIn(tree: Map<string, CategoryRecord>, id: string): { category: CategoryRecord; level: number }[] {
  const children = new Map<string, CategoryRecord[]>();
  for (const c of tree.values()) {
    if (!c.parent_id) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c);
    children.set(c.parent_id, list);
  }
  const out: { category: CategoryRecord; level: number }[] = [];
  let frontier = [id];
  for (let level = 1; frontier.length; level++) {
    if (level > CATEGORY_MAX_DEPTH) throw new Error(`Category tree below ${id} is deeper than ${CATEGORY_MAX_DEPTH}`);
    const next: string[] = [];
    for (const parentId of frontier) {
      for (const child of children.get(parentId) ?? []) {
        out.push({ category: child, level });
        next.push(child.id);
      }
    }
    frontier = next;
  }
  return out;
}

function checkParent(parent: CategoryRecord, type: CategoryType, moving: boolean) {
  if (parent.category_type !== type) {
    throw issue('parent_id', `The parent "${parent.name}" is a ${parent.category_type} category; a ${type} category needs a ${type} parent`);
  }
  if (moving && !parent.is_active) throw issue('parent_id', `The parent "${parent.name}" is inactive`);
}

/** The account a category books to: an active account of this organization, of the type the category type needs. */
async function checkAccount(organizationId: string, accountId: string, type: CategoryType): Promise<AccountRecord> {
  const { data: account } = await Account.get({ organization_id: organizationId, id: accountId }).go({ consistent: true });
  if (!account) throw issue('account_id', 'Account not found');
  const wanted = CATEGORY_ACCOUNT_TYPE[type];
  if (account.type !== wanted) {
    throw issue('account_id', `${account.code} ${account.name} is an ${account.type} account; a ${type} category needs an ${wanted} account`);
  }
  if (!account.is_active) throw issue('account_id', `${account.code} ${account.name} is inactive`);
  return account;
}

/** The account read by `checkAccount` must still be active and of the same type when the category is written. */
const accountStillValid = (organizationId: string, accountId: string, type: CategoryType) =>
  conditionCheck(
    Account.delete({ organization_id: organizationId, id: accountId })
      .where((a, { eq }) => `${eq(a.is_active, true)} AND ${eq(a.type, CATEGORY_ACCOUNT_TYPE[type] as AccountRecord['type'])}`)
      .params(),
    () => new Conflict('The account was deactivated or changed meanwhile; reload and try again'),
  );

/** Nothing about the category changed since it was read (a condition on an ancestor). */
const versionUnchanged = (category: CategoryRecord) =>
  conditionCheck(
    Category.delete({ organization_id: category.organization_id, id: category.id })
      .where((a, { eq }) => eq(a.version, category.version))
      .params(),
    treeChangedMeanwhile,
  );

/** `ADD children_count` on a parent (which must exist); with `version`, also that the parent is unchanged since read. */
function countChild(organizationId: string, parentId: string, delta: 1 | -1, version?: number): TransactItem {
  const patch = Category.patch({ organization_id: organizationId, id: parentId }).add({ children_count: delta });
  const params = version === undefined ? patch.params() : patch.where((a, { eq }) => eq(a.version, version)).params();
  return updateItem(params, treeChangedMeanwhile);
}

const self = (category: Pick<CategoryRecord, 'id'>): EntityRef => ({ type: 'category', id: category.id });
const accountRefs = (category: Pick<CategoryRecord, 'account_id'>): EntityRef[] => (category.account_id ? [{ type: 'account', id: category.account_id }] : []);

const nameGuard = (c: Pick<CategoryRecord, 'organization_id' | 'category_type' | 'parent_key' | 'name_key'>) => ({
  organization_id: c.organization_id,
  category_type: c.category_type,
  parent_key: c.parent_key,
  name_key: c.name_key,
});

// ---------------------------------------------------------------------------------------------
// Writing

const blank = <T>(value: T | null | undefined): T | undefined => (value === null || value === '' ? undefined : value);

export async function createCategory(organizationId: string, input: CategoryCreate): Promise<CategoryRecord> {
  const type = input.category_type;
  const parentId = blank(input.parent_id);
  const chain = parentId ? await chainFrom(organizationId, parentId, 'parent_id') : [];
  if (chain[0]) checkParent(chain[0], type, true);
  if (chain.length + 1 > CATEGORY_MAX_DEPTH) throw issue('parent_id', `Categories nest at most ${CATEGORY_MAX_DEPTH} levels deep`);
  const accountId = blank(input.account_id);
  if (accountId) await checkAccount(organizationId, accountId, type);

  const now = nowIso();
  const key = nameKey(input.name);
  const nameAr = blank(input.name_ar);
  const category: CategoryRecord = {
    organization_id: organizationId,
    id: uuidv7(),
    name: input.name,
    name_key: key,
    name_ar: nameAr,
    name_ar_key: nameAr ? normalizeText(nameAr) : undefined,
    category_type: type,
    parent_id: parentId,
    parent_key: parentId ?? ROOT_PARENT,
    description: blank(input.description),
    account_id: accountId,
    color: blank(input.color),
    sort_order: input.sort_order,
    list_key: listKeyOf(input.sort_order, key),
    is_active: input.is_active,
    children_count: 0,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const steps: TransactItem[] = [
    putItem(Category.create(category).params()),
    putItem(CategoryName.create({ ...nameGuard(category), category_id: category.id }).params(), duplicateName(category.name)),
  ];
  if (chain[0]) steps.push(countChild(organizationId, chain[0].id, 1, chain[0].version), ...chain.slice(1).map(versionUnchanged));
  if (accountId) steps.push(accountStillValid(organizationId, accountId, type));
  steps.push(...referenceChanges(organizationId, self(category), [], accountRefs(category)));
  await postTransaction(steps);
  return category;
}

const CLEARABLE = ['name_ar', 'name_ar_key', 'parent_id', 'description', 'account_id', 'color'] as const satisfies readonly (keyof CategoryRecord)[];

/** The conditional update of the category item from `before` to `after`. */
function categoryWrite(before: CategoryRecord, after: CategoryRecord, extra?: 'no_children' | 'children_as_read'): TransactItem {
  const { organization_id, id, created_at: _created, children_count: _count, ...fields } = after;
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<CategoryRecord>;
  const cleared = CLEARABLE.filter((f) => after[f] === undefined && before[f] !== undefined);
  let patch = Category.patch({ organization_id, id }).set(set);
  if (cleared.length) patch = patch.remove([...cleared]) as typeof patch;
  const params = patch
    .where((a, { eq }) => {
      const parts = [eq(a.version, before.version)];
      if (extra === 'no_children') parts.push(eq(a.children_count, 0));
      if (extra === 'children_as_read') parts.push(eq(a.children_count, before.children_count ?? 0));
      return parts.join(' AND ');
    })
    .params();
  return updateItem(params, extra === 'no_children' ? () => new Conflict('Sub-categories were added meanwhile; a category with children keeps its type') : changedMeanwhile);
}

export async function updateCategory(organizationId: string, id: string, input: CategoryUpdate) {
  const before = await getCategory(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw changedMeanwhile();
  const optional = <K extends 'name_ar' | 'description' | 'account_id' | 'color'>(field: K) =>
    input[field] === undefined ? before[field] : blank(input[field]);

  const type = input.category_type ?? before.category_type;
  const parentId = input.parent_id === undefined ? before.parent_id : blank(input.parent_id);
  const name = input.name ?? before.name;
  const nameAr = optional('name_ar');
  const sortOrder = input.sort_order ?? before.sort_order;
  const after: CategoryRecord = {
    ...before,
    name,
    name_key: nameKey(name),
    name_ar: nameAr,
    name_ar_key: nameAr ? normalizeText(nameAr) : undefined,
    category_type: type,
    parent_id: parentId,
    parent_key: parentId ?? ROOT_PARENT,
    description: optional('description'),
    account_id: optional('account_id'),
    color: optional('color'),
    sort_order: sortOrder,
    list_key: listKeyOf(sortOrder, nameKey(name)),
    is_active: input.is_active ?? before.is_active,
    version: before.version + 1,
    updated_at: nowIso(),
  };

  const typeChanged = type !== before.category_type;
  const moved = after.parent_id !== before.parent_id;
  if (typeChanged && (before.children_count ?? 0) > 0) {
    throw new Conflict(`"${before.name}" has ${before.children_count} sub-categories; a category with children keeps its type`);
  }

  const steps: TransactItem[] = [];
  let guard: 'no_children' | 'children_as_read' | undefined = typeChanged ? 'no_children' : undefined;
  if (moved) {
    const tree = await loadTree(organizationId);
    const chain = parentId ? chainIn(tree, parentId) : [];
    if (parentId && !chain.length) throw issue('parent_id', 'Parent category not found');
    if (parentId === id) throw issue('parent_id', 'A category cannot be its own parent');
    if (chain.some((c) => c.id === id)) throw issue('parent_id', `"${chain[0]!.name}" is below "${before.name}"; a category cannot move under its own descendant`);
    if (chain[0]) checkParent(chain[0], type, true);
    const descendants = descendantsIn(tree, id);
    const height = 1 + Math.max(0, ...descendants.map((d) => d.level));
    if (chain.length + height > CATEGORY_MAX_DEPTH) {
      throw issue('parent_id', `Categories nest at most ${CATEGORY_MAX_DEPTH} levels deep; "${before.name}" with its sub-categories is ${height} levels`);
    }
    const oldParent = before.parent_id ? tree.get(before.parent_id) : undefined;
    const oldDepth = (before.parent_id ? chainIn(tree, before.parent_id).length : 0) + 1;
    const newDepth = chain.length + 1;
    const oldParentInChain = !!oldParent && chain.some((c) => c.id === oldParent.id);
    if (oldParent) steps.push(countChild(organizationId, oldParent.id, -1, oldParentInChain ? oldParent.version : undefined));
    if (chain[0]) steps.push(countChild(organizationId, chain[0].id, 1, chain[0].version));
    steps.push(...chain.slice(1).filter((c) => c.id !== oldParent?.id).map(versionUnchanged));
    if (newDepth > oldDepth && descendants.length) {
      // Deeper now: a child added anywhere in the subtree meanwhile could cross the depth limit.
      guard = typeChanged ? 'no_children' : 'children_as_read';
      const room = MAX_TRANSACTION_ACTIONS - 12;
      if (descendants.length > room) throw new Conflict(`"${before.name}" has more than ${room} sub-categories; move them in smaller parts`);
      steps.push(
        ...descendants.map(({ category }) =>
          conditionCheck(
            Category.delete({ organization_id: organizationId, id: category.id })
              .where((a, { eq }) => eq(a.children_count, category.children_count ?? 0))
              .params(),
            treeChangedMeanwhile,
          ),
        ),
      );
    }
  } else if (typeChanged && parentId) {
    // A parent with children keeps its type, so reading it once is enough.
    checkParent(await getCategory(organizationId, parentId), type, false);
  }

  if (after.account_id && (after.account_id !== before.account_id || typeChanged)) {
    await checkAccount(organizationId, after.account_id, type);
    steps.push(accountStillValid(organizationId, after.account_id, type));
  }
  if (after.name_key !== before.name_key || moved || typeChanged) {
    steps.push(
      deleteItem(CategoryName.delete(nameGuard(before)).where((a, { eq }) => eq(a.category_id, id)).params(), changedMeanwhile),
      putItem(CategoryName.create({ ...nameGuard(after), category_id: id }).params(), duplicateName(after.name)),
    );
  }
  steps.push(...referenceChanges(organizationId, self(before), accountRefs(before), accountRefs(after)));
  await postTransaction([categoryWrite(before, after, guard), ...steps]);
  return { before, after };
}

// ---------------------------------------------------------------------------------------------
// Deleting

/**
 * What may refer to a category. Products and services (products-services/) will name one; that
 * module adds its check HERE (it writes a Reference item `product_service → category` in the
 * transaction that files a product under a category, with a ConditionCheck that the category
 * exists), not by registering at import time: every resource is its own Lambda, so a check living
 * only in another module's code would never run in this one.
 */
export const categoryReferenceChecks: ReferenceCheck[] = [referencedBy('category', 'product_service', 'products and services')];

/**
 * Deletes a category without children, or deactivates it when documents refer to it (they keep
 * pointing at it). A category with children is refused (409): move or delete them first.
 */
export async function deleteCategory(
  organizationId: string,
  id: string,
): Promise<{ category: CategoryRecord; outcome: 'deleted' } | { category: CategoryRecord; outcome: 'deactivated'; references: string[] }> {
  const category = await getCategory(organizationId, id);
  const children = category.children_count ?? 0;
  if (children > 0) throw new Conflict(`"${category.name}" has ${children} sub-categor${children === 1 ? 'y' : 'ies'}; move or delete them first`);
  try {
    await assertUnreferenced(categoryReferenceChecks, 'category', organizationId, id);
  } catch (error) {
    if (!(error instanceof InUse)) throw error;
    if (!category.is_active) return { category, outcome: 'deactivated', references: error.references };
    const after: CategoryRecord = { ...category, is_active: false, version: category.version + 1, updated_at: nowIso() };
    await postTransaction([categoryWrite(category, after)]);
    return { category: after, outcome: 'deactivated', references: error.references };
  }
  const steps: TransactItem[] = [
    deleteItem(
      Category.delete({ organization_id: organizationId, id })
        .where((a, { eq }) => `${eq(a.version, category.version)} AND ${eq(a.children_count, 0)}`)
        .params(),
      () => new Conflict('The category was changed or given sub-categories meanwhile; reload and try again'),
    ),
    deleteItem(CategoryName.delete(nameGuard(category)).where((a, { eq }) => eq(a.category_id, id)).params(), changedMeanwhile),
    ...referenceChanges(organizationId, self(category), accountRefs(category), []),
  ];
  if (category.parent_id) steps.push(countChild(organizationId, category.parent_id, -1));
  await postTransaction(steps);
  return { category, outcome: 'deleted' };
}
