import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { Category } from '../db/category.js';
import { referenceItem } from '../db/reference.js';
import { postTransaction } from '../db/transaction.js';
import { ledgerAccounts } from '../ledger/test-helpers.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/categories`;
const accountingBase = (orgId: string) => `/api/v1/organizations/${orgId}/accounting/categories`;

const stored = async (orgId: string) => (await Category.query.byOrganization({ organization_id: orgId }).go({ consistent: true, pages: 'all' })).data;
const storedById = async (orgId: string, id: string) => (await Category.get({ organization_id: orgId, id }).go({ consistent: true })).data;
const names = (body: { data: { name: string }[] }) => body.data.map((c) => c.name);

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const create = async (json: Record<string, unknown>, role: keyof typeof users = 'member') => {
    const res = await call('POST', base(org.id), { ...as(role), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; name: string; version: number; parent_id: string | null };
  };
  const move = (id: string, parentId: string | null) => call('PUT', `${base(org.id)}/${id}`, { ...as('member'), json: { parent_id: parentId } });
  /** Beverages › Soft drinks › Cola, and Snacks, all product categories. */
  const tree = async () => {
    const beverages = await create({ name: 'Beverages', name_ar: 'مشروبات', category_type: 'product', sort_order: 1 });
    const softDrinks = await create({ name: 'Soft drinks', category_type: 'product', parent_id: beverages.id });
    const cola = await create({ name: 'Cola', category_type: 'product', parent_id: softDrinks.id });
    const juices = await create({ name: 'Juices', category_type: 'product', parent_id: beverages.id });
    const snacks = await create({ name: 'Snacks', category_type: 'product', sort_order: 2 });
    return { beverages, softDrinks, cola, juices, snacks };
  };
  return { org, users, as, create, move, tree };
}

describe('categories', () => {
  it('builds a tree: children in order, roots, counts of children', async () => {
    // prepare
    const { org, as, tree, create } = await setup();
    const { beverages, softDrinks, cola } = await tree();
    await create({ name: 'Consulting', category_type: 'service' });
    // act
    const children = await call('GET', `${base(org.id)}/${beverages.id}/children`, as('viewer'));
    const grandchildren = await call('GET', `${base(org.id)}/${softDrinks.id}/children`, as('viewer'));
    const roots = await call('GET', `${base(org.id)}/root`, as('viewer'));
    const productRoots = await call('GET', `${base(org.id)}/root`, { ...as('viewer'), query: { category_type: 'product' } });
    const one = await call('GET', `${base(org.id)}/${beverages.id}`, as('viewer'));
    const byParent = await call('GET', base(org.id), { ...as('viewer'), query: { parent_id: beverages.id } });
    // assess
    expect(children.status).toBe(200);
    expect(children.body).toMatchObject({ count: 2, data: [{ name: 'Juices' }, { name: 'Soft drinks' }] });
    expect(grandchildren.body).toMatchObject({ count: 1, data: [{ id: cola.id, parent_id: softDrinks.id }] });
    expect(names(roots.body)).toEqual(['Consulting', 'Beverages', 'Snacks']); // sort_order 0, 1, 2
    expect(names(productRoots.body)).toEqual(['Beverages', 'Snacks']);
    expect(one.body).toMatchObject({ name: 'Beverages', name_ar: 'مشروبات', category_type: 'product', parent_id: null, children_count: 2, is_active: true, version: 1 });
    expect(names(byParent.body)).toEqual(['Juices', 'Soft drinks']);
  });

  it('lists products and services by type, pages, and searches English and Arabic names', async () => {
    // prepare
    const { org, as, tree, create } = await setup();
    await tree();
    await create({ name: 'Consulting', name_ar: 'استشارات', category_type: 'service' });
    await create({ name: 'Rent income', category_type: 'income' });
    // act
    const products = await call('GET', `${base(org.id)}/products`, as('viewer'));
    const services = await call('GET', `${base(org.id)}/services`, as('viewer'));
    const page = await call('GET', base(org.id), { ...as('viewer'), query: { category_type: 'product', skip: 1, limit: 2 } });
    const search = await call('GET', base(org.id), { ...as('viewer'), query: { search: 'DRINK' } });
    const searchAr = await call('GET', base(org.id), { ...as('viewer'), query: { search: 'إستشارات' } });
    const options = await call('GET', `${base(org.id)}/list`, as('viewer'));
    // assess
    expect(products.body.count).toBe(5);
    expect(products.body.data.every((c: { category_type: string }) => c.category_type === 'product')).toBe(true);
    expect(names(services.body)).toEqual(['Consulting']);
    expect(page.body.count).toBe(5);
    expect(page.body.data).toHaveLength(2);
    expect(names(search.body)).toEqual(['Soft drinks']);
    expect(names(searchAr.body)).toEqual(['Consulting']);
    expect(options.body.count).toBe(7);
    expect(Object.keys(options.body.data[0]).sort()).toEqual(['category_type', 'color', 'id', 'is_active', 'name', 'name_ar', 'parent_id']);
  });

  it('refuses to move a category under itself or its own descendant (422) and changes nothing', async () => {
    // prepare
    const { org, tree, move } = await setup();
    const { beverages, cola } = await tree();
    const before = await stored(org.id);
    // act
    const underDescendant = await move(beverages.id, cola.id);
    const underItself = await move(beverages.id, beverages.id);
    // assess
    expect(underDescendant.status).toBe(422);
    expect(underDescendant.body.detail[0].loc).toEqual(['body', 'parent_id']);
    expect(underDescendant.body.detail[0].msg).toContain('own descendant');
    expect(underItself.status).toBe(422);
    expect(await stored(org.id)).toEqual(before);
  });

  it('moves a subtree: counts follow, lists follow, also under a sibling (old parent is then an ancestor)', async () => {
    // prepare
    const { org, as, tree, move } = await setup();
    const { beverages, softDrinks, snacks, juices } = await tree();
    // act
    const underSibling = await move(juices.id, softDrinks.id);
    const moved = await move(softDrinks.id, snacks.id);
    const toRoot = await call('PUT', `${accountingBase(org.id)}/${softDrinks.id}`, { ...as('member'), json: { parent_id: null, version: 2 } });
    // assess
    expect(underSibling.status, JSON.stringify(underSibling.body)).toBe(200);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ parent_id: snacks.id, version: 2, children_count: 2 });
    expect(await storedById(org.id, beverages.id)).toMatchObject({ children_count: 0 });
    expect(toRoot.status, JSON.stringify(toRoot.body)).toBe(200);
    expect(toRoot.body.parent_id).toBeNull();
    expect(await storedById(org.id, snacks.id)).toMatchObject({ children_count: 0 });
    const roots = await call('GET', `${base(org.id)}/root`, as('viewer'));
    expect(names(roots.body)).toEqual(['Soft drinks', 'Beverages', 'Snacks']);
    const colaParent = await call('GET', `${base(org.id)}/${softDrinks.id}/children`, as('viewer'));
    expect(names(colaParent.body)).toEqual(['Cola', 'Juices']);
  });

  it('lets only one of two opposite simultaneous moves through, so no loop can form', async () => {
    // prepare
    const { org, create, move } = await setup();
    const a = await create({ name: 'A', category_type: 'income' });
    const b = await create({ name: 'B', category_type: 'income' });
    // act
    const results = await Promise.all([move(a.id, b.id), move(b.id, a.id)]);
    // assess
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 422)).toBe(true);
    const after = await stored(org.id);
    expect(after.filter((c) => !c.parent_id)).toHaveLength(1);
    expect(after.reduce((n, c) => n + (c.children_count ?? 0), 0)).toBe(1);
  });

  it('lets only one of two simultaneous siblings with the same name through', async () => {
    // prepare
    const { org, as } = await setup();
    const json = { name: 'Fuel', category_type: 'expense' };
    // act
    const results = await Promise.all([call('POST', base(org.id), { ...as('member'), json }), call('POST', base(org.id), { ...as('member'), json })]);
    // assess
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await stored(org.id)).toHaveLength(1);
  });

  it('refuses a parent of another type, on create and on move (422)', async () => {
    // prepare
    const { org, as, tree, create, move } = await setup();
    const { beverages } = await tree();
    const consulting = await create({ name: 'Consulting', category_type: 'service' });
    const before = await stored(org.id);
    // act
    const created = await call('POST', base(org.id), { ...as('member'), json: { name: 'Advisory', category_type: 'service', parent_id: beverages.id } });
    const moved = await move(consulting.id, beverages.id);
    const retyped = await call('PUT', `${base(org.id)}/${beverages.id}`, { ...as('member'), json: { category_type: 'service' } });
    // assess
    expect(created.status).toBe(422);
    expect(created.body.detail[0]).toMatchObject({ loc: ['body', 'parent_id'] });
    expect(created.body.detail[0].msg).toContain('product category');
    expect(moved.status).toBe(422);
    expect(retyped.status).toBe(409); // a category with children keeps its type
    expect(await stored(org.id)).toEqual(before);
  });

  it('keeps names unique among siblings (409, ignoring case) but not across parents or types', async () => {
    // prepare
    const { org, as, tree, create } = await setup();
    const { beverages, snacks } = await tree();
    const count = (await stored(org.id)).length;
    // act
    const duplicateRoot = await call('POST', base(org.id), { ...as('member'), json: { name: '  beverages ', category_type: 'product' } });
    const duplicateChild = await call('POST', base(org.id), { ...as('member'), json: { name: 'JUICES', category_type: 'product', parent_id: beverages.id } });
    const renamedOntoSibling = await call('PUT', `${base(org.id)}/${snacks.id}`, { ...as('member'), json: { name: 'Beverages' } });
    const otherParent = await create({ name: 'Juices', category_type: 'product', parent_id: snacks.id });
    const otherType = await create({ name: 'Beverages', category_type: 'income' });
    // assess
    expect(duplicateRoot.status).toBe(409);
    expect(duplicateRoot.body.detail).toContain('already exists');
    expect(duplicateChild.status).toBe(409);
    expect(renamedOntoSibling.status).toBe(409);
    expect(await storedById(org.id, snacks.id)).toMatchObject({ name: 'Snacks', version: 1 });
    expect(otherParent.parent_id).toBe(snacks.id);
    expect(otherType.name).toBe('Beverages');
    expect((await stored(org.id)).length).toBe(count + 2);
  });

  it('frees a name on rename, so a sibling may take it', async () => {
    // prepare
    const { org, as, tree, create } = await setup();
    const { snacks } = await tree();
    // act
    const renamed = await call('PUT', `${base(org.id)}/${snacks.id}`, { ...as('member'), json: { name: 'Sweets', color: '#f56565' } });
    const reused = await create({ name: 'Snacks', category_type: 'product' });
    // assess
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Sweets', color: '#F56565', version: 2 });
    expect(reused.name).toBe('Snacks');
  });

  it('refuses to delete a category with children (409); deletes leaves and then the emptied parent', async () => {
    // prepare
    const { org, as, tree } = await setup();
    const { beverages, softDrinks, cola, juices } = await tree();
    // act
    const withChildren = await call('DELETE', `${base(org.id)}/${beverages.id}`, as('admin'));
    const leaf = await call('DELETE', `${base(org.id)}/${cola.id}`, as('admin'));
    const middle = await call('DELETE', `${base(org.id)}/${softDrinks.id}`, as('admin'));
    const juice = await call('DELETE', `${base(org.id)}/${juices.id}`, as('admin'));
    const top = await call('DELETE', `${base(org.id)}/${beverages.id}`, as('admin'));
    // assess
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.detail).toContain('2 sub-categories');
    expect(leaf.status).toBe(200);
    expect(leaf.body.message).toBe('Category deleted successfully');
    expect(middle.status).toBe(200);
    expect(juice.status).toBe(200);
    expect(top.status).toBe(200);
    expect(names({ data: await stored(org.id) })).toEqual(['Snacks']);
    // the freed names can be used again
    const again = await call('POST', base(org.id), { ...as('member'), json: { name: 'Beverages', category_type: 'product' } });
    expect(again.status).toBe(201);
  });

  it('deactivates instead of deleting a category that products refer to', async () => {
    // prepare
    const { org, as, tree } = await setup();
    const { snacks } = await tree();
    await postTransaction([referenceItem(org.id, { type: 'category', id: snacks.id }, { type: 'product_service', id: 'a-product' })]);
    // act
    const res = await call('DELETE', `${base(org.id)}/${snacks.id}`, as('admin'));
    // assess
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('deactivated');
    expect(await storedById(org.id, snacks.id)).toMatchObject({ is_active: false, version: 2 });
  });

  it('hides inactive categories unless include_inactive=true', async () => {
    // prepare
    const { org, as, tree } = await setup();
    const { juices, beverages } = await tree();
    // act
    const deactivated = await call('PUT', `${base(org.id)}/${juices.id}`, { ...as('member'), json: { is_active: false } });
    const shown = await call('GET', `${base(org.id)}/${beverages.id}/children`, as('viewer'));
    const all = await call('GET', `${base(org.id)}/${beverages.id}/children`, { ...as('viewer'), query: { include_inactive: 'true' } });
    const products = await call('GET', `${base(org.id)}/products`, as('viewer'));
    const productsAll = await call('GET', `${base(org.id)}/products`, { ...as('viewer'), query: { include_inactive: true } });
    const underInactive = await call('POST', base(org.id), { ...as('member'), json: { name: 'Orange', category_type: 'product', parent_id: juices.id } });
    // assess
    expect(deactivated.body.is_active).toBe(false);
    expect(names(shown.body)).toEqual(['Soft drinks']);
    expect(names(all.body)).toEqual(['Juices', 'Soft drinks']);
    expect(products.body.count).toBe(4);
    expect(productsAll.body.count).toBe(5);
    expect(underInactive.status).toBe(422);
  });

  it('nests at most five levels, on create and on move', async () => {
    // prepare
    const { org, as, create, move } = await setup();
    let parent: string | null = null;
    const levels: string[] = [];
    for (let level = 1; level <= 5; level++) {
      const c = await create({ name: `Level ${level}`, category_type: 'expense', parent_id: parent });
      levels.push(c.id);
      parent = c.id;
    }
    const other = await create({ name: 'Other', category_type: 'expense' });
    await create({ name: 'Other child', category_type: 'expense', parent_id: other.id });
    // act
    const sixth = await call('POST', base(org.id), { ...as('member'), json: { name: 'Level 6', category_type: 'expense', parent_id: parent } });
    const tooDeep = await move(other.id, levels[3]!); // 2 levels under level 4
    const fits = await move(other.id, levels[2]!); // 2 levels under level 3
    // assess
    expect(sixth.status).toBe(422);
    expect(sixth.body.detail[0].msg).toContain('5 levels');
    expect(tooDeep.status).toBe(422);
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });

  it("checks the account against the category type and this organization's chart", async () => {
    // prepare
    const { org, as, create } = await setup();
    const accounts = await ledgerAccounts(org.id);
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = await ledgerAccounts(otherOrg.id);
    // act
    const product = await create({ name: 'Water', category_type: 'product', account_id: accounts.sales });
    const wrongType = await call('POST', base(org.id), { ...as('member'), json: { name: 'Fuel', category_type: 'expense', account_id: accounts.sales } });
    const otherOrgAccount = await call('POST', base(org.id), { ...as('member'), json: { name: 'Sales', category_type: 'income', account_id: theirs.sales } });
    const expense = await create({ name: 'Fuel', category_type: 'expense', account_id: accounts.other_expense });
    const retarget = await call('PUT', `${base(org.id)}/${expense.id}`, { ...as('member'), json: { account_id: accounts.cash } });
    // assess
    expect(product).toMatchObject({ account_id: accounts.sales });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail[0]).toMatchObject({ loc: ['body', 'account_id'] });
    expect(wrongType.body.detail[0].msg).toContain('needs an expense account');
    expect(otherOrgAccount.status).toBe(422);
    expect(otherOrgAccount.body.detail[0].msg).toBe('Account not found');
    expect(retarget.status).toBe(422);
    expect((await stored(org.id)).map((c) => c.name).sort()).toEqual(['Fuel', 'Water']);
  });

  it('answers the accounting/ paths identically', async () => {
    // prepare
    const { org, as, tree } = await setup();
    const { beverages } = await tree();
    const created = await call('POST', accountingBase(org.id), { ...as('member'), json: { name: 'Consulting', category_type: 'service' } });
    // act
    const pairs = await Promise.all(
      ['', '/list', '/root', '/products', '/services', `/${beverages.id}`, `/${beverages.id}/children`].map(async (suffix) => [
        await call('GET', `${base(org.id)}${suffix}`, as('viewer')),
        await call('GET', `${accountingBase(org.id)}${suffix}`, as('viewer')),
      ]),
    );
    // assess
    expect(created.status).toBe(201);
    for (const [plain, prefixed] of pairs) {
      expect(plain!.status).toBe(200);
      expect(prefixed!.status).toBe(plain!.status);
      expect(prefixed!.body).toEqual(plain!.body);
    }
  });

  it('lets a viewer read but not create (403); writes nothing', async () => {
    // prepare
    const { org, as } = await setup();
    // act
    const res = await call('POST', base(org.id), { ...as('viewer'), json: { name: 'Beverages', category_type: 'product' } });
    const member = await call('PUT', `${base(org.id)}/x`, { ...as('viewer'), json: { name: 'X' } });
    // assess
    expect(res.status).toBe(403);
    expect(member.status).toBe(403);
    expect(await stored(org.id)).toHaveLength(0);
  });

  it("answers 404 for another organization's category and refuses it as a parent", async () => {
    // prepare
    const { org, as } = await setup();
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = await call('POST', base(otherOrg.id), { token: stranger.token, json: { name: 'Theirs', category_type: 'product' } });
    // act
    const read = await call('GET', `${base(org.id)}/${theirs.body.id}`, as('viewer'));
    const children = await call('GET', `${base(org.id)}/${theirs.body.id}/children`, as('viewer'));
    const asParent = await call('POST', base(org.id), { ...as('member'), json: { name: 'Mine', category_type: 'product', parent_id: theirs.body.id } });
    const list = await call('GET', base(org.id), as('viewer'));
    // assess
    expect(theirs.status).toBe(201);
    expect(read.status).toBe(404);
    expect(children.status).toBe(404);
    expect(asParent.status).toBe(422);
    expect(asParent.body.detail[0].msg).toBe('Parent category not found');
    expect(list.body).toEqual({ data: [], count: 0 });
  });

  it('refuses unknown fields and bad colours with 422, and records an audit entry on create', async () => {
    // prepare
    const { org, as, create } = await setup();
    // act
    const unknown = await call('POST', base(org.id), { ...as('member'), json: { name: 'X', category_type: 'product', code: 'X1' } });
    const colour = await call('POST', base(org.id), { ...as('member'), json: { name: 'X', category_type: 'product', color: 'red' } });
    const created = await create({ name: 'Audited', category_type: 'income' });
    // assess
    expect(unknown.status).toBe(422);
    expect(colour.status).toBe(422);
    const { data: audits } = await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' });
    expect(audits.find((a) => a.entity_id === created.id)).toMatchObject({ action: 'category.created', entity_type: 'category' });
  });
});
