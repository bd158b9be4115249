import { describe, expect, it } from 'vitest';
import { DEFAULT_SCALE_BARCODES, gtinCheckDigit } from '@daftar/shared/barcodes';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { recordRoundTrips } from '../../test/round-trips.js';
import { AuditLog } from '../db/auditLog.js';
import { FileUpload } from '../db/fileUpload.js';
import { Product } from '../db/product.js';
import { ProductKey } from '../db/productKey.js';
import { Reference } from '../db/reference.js';
import { Tax } from '../db/tax.js';
import { uuidv7 } from '../platform/ids.js';
import { lookupBarcode } from './products.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/products-services`;
const byBarcode = (orgId: string, code: string) => `/api/v1/organizations/${orgId}/inventory/products/by-barcode/${code}`;

/** Everything the catalogue stored for an organization: products and their keys. */
async function stored(orgId: string) {
  const [products, keys] = await Promise.all([
    Product.query.byOrganization({ organization_id: orgId }).go({ consistent: true, pages: 'all' }),
    ProductKey.query.byValue({ organization_id: orgId }).go({ consistent: true, pages: 'all' }),
  ]);
  return { products: products.data, keys: keys.data };
}

const skus = (body: { data: { sku: string }[] }) => body.data.map((p) => p.sku);

/** Valid EAN-13 codes: twelve digits and their check digit. */
const ean = (first12: string) => first12 + gtinCheckDigit(first12);
const BREAD_EAN = ean('625100000001');
const CAKE_EAN = ean('625100000002');

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const create = async (json: Record<string, unknown>) => {
    const res = await call('POST', base(org.id), { ...as('member'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; sku: string; name: string; version: number; stock_status: string };
  };
  const category = async (name: string, category_type: 'product' | 'service') => {
    const res = await call('POST', `/api/v1/organizations/${org.id}/categories`, { ...as('member'), json: { name, category_type } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const list = (query: Record<string, string | number | boolean> = {}, path = '') => call('GET', `${base(org.id)}${path}`, { ...as('viewer'), query });
  return { org, users, as, create, category, list };
}

/** Bread, cake, a tracked rice and a service, over two categories and two suppliers. */
async function catalogue(s: Awaited<ReturnType<typeof setup>>) {
  const bakery = await s.category('Bakery', 'product');
  const repairs = await s.category('Repairs', 'service');
  const bread = await s.create({
    sku: 'BRD-001', name: 'Arabic bread', name_ar: 'خبز عربي', category_id: bakery.id, sale_price: '0.350',
    barcodes: [BREAD_EAN], supplier_name: 'Al-Quds Bakery',
  });
  const cake = await s.create({ sku: 'CAKE-7', name: 'Cake', name_ar: 'كعكة', category_id: bakery.id, sale_price: '4.500', barcodes: [CAKE_EAN], supplier_name: 'al-quds bakery' });
  const rice = await s.create({ sku: 'RICE-5', name: 'Rice 5kg', name_ar: 'أرز', sale_price: '6.750', is_tracked_inventory: true, reorder_point: '10' });
  const repair = await s.create({ sku: 'SRV-1', name: 'Phone repair', item_type: 'service', unit_of_measure: 'service', category_id: repairs.id, sale_price: '15' });
  return { bakery, repairs, bread, cake, rice, repair };
}

describe('products-services', () => {
  it('creates, reads, updates and deletes an item with its keys, and audits each step', async () => {
    // prepare
    const s = await setup();
    const { org, as } = s;
    // act
    const created = await s.create({ sku: 'Tea-01', name: 'Tea', name_ar: 'شاي', sale_price: '1.25', cost: 0.8, barcodes: [BREAD_EAN], price_includes_tax: true });
    const read = await call('GET', `${base(org.id)}/${created.id}`, as('viewer'));
    const updated = await call('PUT', `${base(org.id)}/${created.id}`, {
      ...as('member'),
      json: { name: 'Green tea', sku: 'TEA-02', barcodes: [CAKE_EAN], name_ar: null, version: 1 },
    });
    const afterUpdate = await stored(org.id);
    const deleted = await call('DELETE', `${base(org.id)}/${created.id}`, as('member'));
    const gone = await call('GET', `${base(org.id)}/${created.id}`, as('viewer'));
    // assess
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      sku: 'Tea-01', name: 'Tea', name_ar: 'شاي', item_type: 'product', unit_of_measure: 'piece', sale_price: '1.250', cost: '0.800',
      price_includes_tax: true, barcodes: [BREAD_EAN], is_tracked_inventory: false, stock_status: 'not_tracked', quantity_on_hand: '0.000',
      image_url: null, is_active: true, version: 1,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Green tea', sku: 'TEA-02', name_ar: null, barcodes: [CAKE_EAN], version: 2 });
    expect(afterUpdate.keys.map((k) => `${k.kind}#${k.value}`).sort()).toEqual([`BARCODE#${CAKE_EAN}`, 'SKU#tea-02']);
    expect(afterUpdate.keys.find((k) => k.kind === 'BARCODE')?.product).toMatchObject({ name: 'Green tea', sale_price: '1.250' });
    expect(deleted.status).toBe(200);
    expect(gone.status).toBe(404);
    expect(await stored(org.id)).toEqual({ products: [], keys: [] });
    const { data: audits } = await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' });
    const mine = audits.filter((a) => a.entity_id === created.id);
    expect(mine.map((a) => a.action).sort()).toEqual(['product.created', 'product.deleted', 'product.updated']);
    expect(mine.find((a) => a.action === 'product.updated')?.changes).toMatchObject({ name: { from: 'Tea', to: 'Green tea' }, sku: { from: 'Tea-01', to: 'TEA-02' } });
  });

  it('answers every filter of the list with the matching items in name order, paged, with their count', async () => {
    // prepare
    const s = await setup();
    const { bakery, repairs, bread } = await catalogue(s);
    await s.create({ sku: 'OLD-1', name: 'Old biscuits', is_active: false });
    const fileId = uuidv7();
    await FileUpload.create({
      organization_id: s.org.id, id: fileId, filename: 'bread.png', content_type: 'image/png', size: 10, s3_key: `${s.org.id}/${fileId}/bread.png`,
      file_type: 'image', uploaded_by: s.users.member.user.id, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
    }).go();
    const withImage = await call('PUT', `${base(s.org.id)}/${bread.id}`, { ...s.as('member'), json: { image_file_id: fileId } });
    // act
    const all = await s.list();
    const page = await s.list({ skip: 1, limit: 2 });
    const results = {
      services: await s.list({ item_type: 'service' }),
      bakery: await s.list({ category_id: bakery.id }),
      tracked: await s.list({ is_tracked_inventory: true }),
      untracked: await s.list({ is_tracked_inventory: false }),
      inactive: await s.list({ include_inactive: true }),
      supplier: await s.list({ supplier_name: 'AL-QUDS BAKERY' }),
      cheap: await s.list({ max_price: '4.5' }),
      dear: await s.list({ min_price: '5', max_price: '10' }),
      image: await s.list({ has_image: true }),
      noImage: await s.list({ has_image: false }),
      barcoded: await s.list({ has_barcode: true }),
      noBarcode: await s.list({ has_barcode: false }),
      out: await s.list({ stock_status: 'out' }),
      notTracked: await s.list({ stock_status: 'not_tracked' }),
      barcode: await s.list({ barcode: CAKE_EAN }),
      combined: await s.list({ category_id: bakery.id, min_price: '1' }),
    };
    const routes = {
      products: await s.list({}, '/products'),
      services: await s.list({}, '/services'),
      inventory: await s.list({}, '/inventory'),
      byCategory: await s.list({}, `/by-category/${repairs.id}`),
      bySupplier: await s.list({}, `/by-supplier/${encodeURIComponent('Al-Quds Bakery')}`),
      options: await s.list({ item_type: 'product' }, '/list'),
      catalog: await s.list({}, '/catalog'),
    };
    // assess
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(200);
    expect(withImage.body.image_url).toContain(`${s.org.id}/${fileId}/bread.png`);
    expect(withImage.body.image_url).toContain('X-Amz-Signature');
    expect(all.body).toMatchObject({ count: 4 });
    expect(skus(all.body)).toEqual(['BRD-001', 'CAKE-7', 'SRV-1', 'RICE-5']); // Arabic bread, Cake, Phone repair, Rice 5kg
    expect(page.body.count).toBe(4);
    expect(skus(page.body)).toEqual(['CAKE-7', 'SRV-1']);
    const found = Object.fromEntries(Object.entries(results).map(([k, r]) => [k, skus(r.body)]));
    expect(found).toEqual({
      services: ['SRV-1'],
      bakery: ['BRD-001', 'CAKE-7'],
      tracked: ['RICE-5'],
      untracked: ['BRD-001', 'CAKE-7', 'SRV-1'],
      inactive: ['BRD-001', 'CAKE-7', 'OLD-1', 'SRV-1', 'RICE-5'],
      supplier: ['BRD-001', 'CAKE-7'],
      cheap: ['BRD-001', 'CAKE-7'],
      dear: ['RICE-5'],
      image: ['BRD-001'],
      noImage: ['CAKE-7', 'SRV-1', 'RICE-5'],
      barcoded: ['BRD-001', 'CAKE-7'],
      noBarcode: ['SRV-1', 'RICE-5'],
      out: ['RICE-5'],
      notTracked: ['BRD-001', 'CAKE-7', 'SRV-1'],
      barcode: ['CAKE-7'],
      combined: ['CAKE-7'],
    });
    expect(results.bakery.body.count).toBe(2);
    expect(skus(routes.products.body)).toEqual(['BRD-001', 'CAKE-7', 'RICE-5']);
    expect(skus(routes.services.body)).toEqual(['SRV-1']);
    expect(skus(routes.inventory.body)).toEqual(['RICE-5']);
    expect(skus(routes.byCategory.body)).toEqual(['SRV-1']);
    expect(skus(routes.bySupplier.body)).toEqual(['BRD-001', 'CAKE-7']);
    expect(skus(routes.options.body)).toEqual(['BRD-001', 'CAKE-7', 'RICE-5']);
    expect(Object.keys(routes.options.body.data[0]).sort()).toEqual(
      ['barcodes', 'id', 'is_active', 'item_type', 'name', 'name_ar', 'price_includes_tax', 'sale_price', 'sku', 'stock_status', 'tax_id', 'unit_of_measure'],
    );
    expect(routes.catalog.body.count).toBe(4);
    expect(routes.catalog.body.data.map((g: { category_id: string | null; items: { sku: string }[] }) => [g.category_id, g.items.map((i) => i.sku)])).toEqual([
      [bakery.id, ['BRD-001', 'CAKE-7']],
      [repairs.id, ['SRV-1']],
      [null, ['RICE-5']],
    ]);
  });

  it('searches Arabic and English names, SKUs and barcodes, Arabic spelling variants folded, server-side and paged', async () => {
    // prepare
    const s = await setup();
    await catalogue(s);
    for (let i = 0; i < 5; i++) await s.create({ sku: `BUN-${i}`, name: `Bun ${i}`, name_ar: `كعك ${i}` });
    const search = async (term: string, query: Record<string, string | number> = {}) => (await s.list({ search: term, ...query })).body;
    // act
    const bread = await search('خبز');
    const arabi = await search('عربى');
    const both = await search('عَرَبِي خُبز');
    const cake = await search('كعكه');
    const rice = await search('ارز');
    const english = await search('BREAD');
    const sku = await search('cake-7');
    const barcode = await search(BREAD_EAN.slice(-5));
    const none = await search('خبز فرنسي');
    const paged = await search('كعك', { skip: 2, limit: 2 });
    const byPath = await call('GET', `${base(s.org.id)}/search/${encodeURIComponent('عربى')}`, s.as('viewer'));
    // assess
    expect(skus(bread)).toEqual(['BRD-001']);
    expect(skus(arabi)).toEqual(['BRD-001']);
    expect(skus(both)).toEqual(['BRD-001']);
    expect(skus(cake)).toEqual(['CAKE-7']);
    expect(skus(rice)).toEqual(['RICE-5']);
    expect(skus(english)).toEqual(['BRD-001']);
    expect(skus(sku)).toEqual(['CAKE-7']);
    expect(skus(barcode)).toEqual(['BRD-001']);
    expect(none).toEqual({ data: [], count: 0 });
    expect(paged.count).toBe(6); // the five buns and the cake all contain «كعك»
    expect(skus(paged)).toEqual(['BUN-2', 'BUN-3']);
    expect(byPath.status).toBe(200);
    expect(skus(byPath.body)).toEqual(['BRD-001']);
  });

  it('refuses a duplicate SKU (any case) or barcode with 409 naming the other item, and writes nothing', async () => {
    // prepare
    const s = await setup();
    const { bread, cake } = await catalogue(s);
    const before = await stored(s.org.id);
    const { data: auditsBefore } = await AuditLog.query.byOrganization({ organization_id: s.org.id }).go({ pages: 'all' });
    // act
    const sameSku = await call('POST', base(s.org.id), { ...s.as('member'), json: { sku: 'brd-001', name: 'Other bread', barcodes: [ean('625100000099')] } });
    const sameBarcode = await call('POST', base(s.org.id), { ...s.as('member'), json: { sku: 'NEW-1', name: 'Other cake', barcodes: [CAKE_EAN] } });
    const updateToTaken = await call('PUT', `${base(s.org.id)}/${bread.id}`, { ...s.as('member'), json: { barcodes: [BREAD_EAN, CAKE_EAN], name: 'Renamed' } });
    const renameSku = await call('PUT', `${base(s.org.id)}/${cake.id}`, { ...s.as('member'), json: { sku: 'BRD-001' } });
    // assess
    expect(sameSku.status).toBe(409);
    expect(sameSku.body.detail).toBe('SKU brd-001 is already used by Arabic bread (BRD-001)');
    expect(sameBarcode.status).toBe(409);
    expect(sameBarcode.body.detail).toBe(`Barcode ${CAKE_EAN} is already used by Cake (CAKE-7)`);
    expect(updateToTaken.status).toBe(409);
    expect(updateToTaken.body.detail).toBe(`Barcode ${CAKE_EAN} is already used by Cake (CAKE-7)`);
    expect(renameSku.status).toBe(409);
    expect(renameSku.body.detail).toBe('SKU BRD-001 is already used by Arabic bread (BRD-001)');
    expect(await stored(s.org.id)).toEqual(before);
    const { data: auditsAfter } = await AuditLog.query.byOrganization({ organization_id: s.org.id }).go({ pages: 'all' });
    expect(auditsAfter).toHaveLength(auditsBefore.length);
  });

  it('refuses bad input with 4xx and detail, changing nothing: check digits, a tracked service, wrong category, special tax, a non-image file', async () => {
    // prepare
    const s = await setup();
    const { repairs, rice, repair } = await catalogue(s);
    const special = uuidv7();
    await Tax.create({
      organization_id: s.org.id, id: special, name: 'Cigarette tax', rate: '0', tax_category: 'special', jofotara_category: 'S',
      special_tax_type: 'fixed', special_tax_amount: '1.000', sales_account_subtype: 'special_tax_output', created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
    } as never).go();
    const pdf = uuidv7();
    await FileUpload.create({
      organization_id: s.org.id, id: pdf, filename: 'spec.pdf', content_type: 'application/pdf', size: 10, s3_key: `${s.org.id}/${pdf}/spec.pdf`,
      file_type: 'document', uploaded_by: s.users.member.user.id, created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
    }).go();
    const before = await stored(s.org.id);
    const post = (json: Record<string, unknown>) => call('POST', base(s.org.id), { ...s.as('member'), json });
    const wrong13 = BREAD_EAN.slice(0, 12) + ((Number(BREAD_EAN[12]) + 1) % 10);
    // act
    const badEan = await post({ sku: 'X-1', name: 'X', barcodes: ['SHOP-01', wrong13] });
    const badUpc = await post({ sku: 'X-2', name: 'X', barcodes: ['036000291453'] });
    const shopCode = await post({ sku: 'X-3', name: 'Loose nuts', barcodes: ['12345', 'AB-99'] });
    const trackedService = await post({ sku: 'X-4', name: 'X', item_type: 'service', is_tracked_inventory: true });
    const trackLater = await call('PUT', `${base(s.org.id)}/${repair.id}`, { ...s.as('member'), json: { is_tracked_inventory: true } });
    const serviceNow = await call('PUT', `${base(s.org.id)}/${rice.id}`, { ...s.as('member'), json: { item_type: 'service' } });
    const wrongCategory = await post({ sku: 'X-5', name: 'X', category_id: repairs.id });
    const specialTax = await post({ sku: 'X-6', name: 'X', tax_id: special });
    const notImage = await post({ sku: 'X-7', name: 'X', image_file_id: pdf });
    const unknown = await post({ sku: 'X-8', name: 'X', colour: 'red' });
    const viewer = await call('POST', base(s.org.id), { ...s.as('viewer'), json: { sku: 'X-9', name: 'X' } });
    // assess
    expect(badEan.status).toBe(422);
    expect(badEan.body.detail).toEqual([{ loc: ['body', 'barcodes', 1], msg: `The check digit of barcode ${wrong13} is wrong`, type: 'value_error' }]);
    expect(badUpc.status).toBe(422);
    expect(badUpc.body.detail[0].msg).toBe('The check digit of barcode 036000291453 is wrong');
    expect(shopCode.status).toBe(201);
    expect(trackedService.status).toBe(422);
    expect(trackedService.body.detail[0]).toMatchObject({ loc: ['body', 'is_tracked_inventory'], msg: 'A service has no stock to track' });
    expect(trackLater.status).toBe(422);
    expect(serviceNow.status).toBe(422);
    expect(wrongCategory.status).toBe(422);
    expect(wrongCategory.body.detail[0].msg).toContain('service category');
    expect(specialTax.status).toBe(422);
    expect(specialTax.body.detail[0].loc).toEqual(['body', 'tax_id']);
    expect(notImage.status).toBe(422);
    expect(notImage.body.detail[0].msg).toBe('"spec.pdf" is not an image');
    expect(unknown.status).toBe(422);
    expect(viewer.status).toBe(403);
    const after = await stored(s.org.id);
    expect(after.products.filter((p) => p.sku !== 'X-3')).toEqual(before.products);
    expect(after.keys.filter((k) => k.product_id !== shopCode.body.id)).toEqual(before.keys);
  });

  it('keeps the stock status with tracking and the reorder point, and refuses to delete or untrack stock on hand', async () => {
    // prepare
    const s = await setup();
    const { rice, bread } = await catalogue(s);
    // The inventory code moves stock; here the figure is set as it would.
    await Product.patch({ organization_id: s.org.id, id: rice.id }).set({ on_hand_milli: 8000, stock_status: 'low' }).go();
    // act
    const raised = await call('PUT', `${base(s.org.id)}/${rice.id}`, { ...s.as('member'), json: { reorder_point: '5' } });
    const untrack = await call('PUT', `${base(s.org.id)}/${rice.id}`, { ...s.as('member'), json: { is_tracked_inventory: false } });
    const remove = await call('DELETE', `${base(s.org.id)}/${rice.id}`, s.as('member'));
    const trackBread = await call('PUT', `${base(s.org.id)}/${bread.id}`, { ...s.as('member'), json: { is_tracked_inventory: true, reorder_points: [{ location_id: uuidv7(), quantity: '2' }] } });
    // assess
    expect(rice.stock_status).toBe('out');
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(raised.body).toMatchObject({ stock_status: 'in_stock', quantity_on_hand: '8.000', reorder_point: '5.000' });
    expect(untrack.status).toBe(409);
    expect(untrack.body.detail).toBe('"Rice 5kg" has 8.000 on hand; set the stock to zero first');
    expect(remove.status).toBe(409);
    expect(remove.body.detail).toContain('set the stock to zero first');
    expect((await Product.get({ organization_id: s.org.id, id: rice.id }).go()).data).toMatchObject({ on_hand_milli: 8000, is_tracked_inventory: true });
    expect(trackBread.body).toMatchObject({ is_tracked_inventory: true, stock_status: 'out', reorder_points: [{ quantity: '2.000' }] });
  });

  it('finds a product by barcode in one DynamoDB read, and a scale label by its prefix and item code with the weight or price', async () => {
    // prepare
    const s = await setup();
    await catalogue(s);
    const cheese = await s.create({ sku: 'CHEESE', name: 'White cheese', name_ar: 'جبنة بيضاء', unit_of_measure: 'kg', sale_price: '6.000', barcodes: ['2012345'] });
    const salad = await s.create({ sku: 'SALAD', name: 'Salad bar', sale_price: '0', barcodes: ['2800042'] });
    const weighed = ean('201234501250');
    const priced = ean('280004203450');
    // act
    const plain = await recordRoundTrips(() => lookupBarcode(s.org.id, BREAD_EAN));
    const scale = await recordRoundTrips(() => lookupBarcode(s.org.id, weighed));
    const viaRoute = await call('GET', byBarcode(s.org.id, BREAD_EAN), s.as('viewer'));
    const weight = await call('GET', byBarcode(s.org.id, weighed), s.as('viewer'));
    const price = await call('GET', byBarcode(s.org.id, priced), s.as('viewer'));
    const unknown = await call('GET', byBarcode(s.org.id, ean('625199999999')), s.as('viewer'));
    // assess
    expect(plain.commands).toEqual(['GetItemCommand']);
    expect(plain.value).toMatchObject({ barcode: BREAD_EAN, quantity: null, amount: null, product: { sku: 'BRD-001', sale_price: '0.350' } });
    // One BatchGetItem: the organization (its scale layout) and the keys under the code and under its first 7 digits.
    expect(scale.commands).toEqual(['BatchGetItemCommand']);
    expect(scale.described.split(', ').sort()).toEqual([`BatchGetItemCommand ORG#${s.org.id}|ORG`, `ORG#${s.org.id}|BARCODE#2012345`, `ORG#${s.org.id}|BARCODE#${weighed}`].sort());
    expect(viaRoute.status).toBe(200);
    expect(viaRoute.body.product).toMatchObject({ sku: 'BRD-001', name_ar: 'خبز عربي' });
    expect(weight.body).toMatchObject({ barcode: weighed, quantity: '1.250', amount: null, product: { id: cheese.id, unit_of_measure: 'kg' } });
    expect(price.body).toMatchObject({ barcode: priced, quantity: null, amount: '3.450', product: { id: salad.id } });
    expect(unknown.status).toBe(404);
  });

  it("reads scale labels by the organization's own layout, set through the organization (issue 14)", async () => {
    // prepare
    const s = await setup();
    const admin = { token: s.users.admin.token, org: s.org.id };
    const layout = { prefixes: [{ prefix: '02', value: 'price' }, { prefix: '21', value: 'weight' }], item_digits: 5 };
    const set = await call('PUT', `/api/v1/organizations/${s.org.id}`, { ...admin, json: { scale_barcodes: layout } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const salad = await s.create({ sku: 'SALAD', name: 'Salad bar', sale_price: '0', barcodes: ['0212345'] });
    const olives = await s.create({ sku: 'OLIVES', name: 'Olives', unit_of_measure: 'kg', sale_price: '4.000', barcodes: ['2100042'] });
    await s.create({ sku: 'CHEESE', name: 'White cheese', unit_of_measure: 'kg', sale_price: '6.000', barcodes: ['2012345'] });
    const priced = ean('021234503450');
    // act
    const price = await call('GET', byBarcode(s.org.id, priced), s.as('viewer'));
    const priceAsUpc = await call('GET', byBarcode(s.org.id, priced.slice(1)), s.as('viewer'));
    const weight = await call('GET', byBarcode(s.org.id, ean('210004200750')), s.as('viewer'));
    const noLongerALabel = await call('GET', byBarcode(s.org.id, ean('201234501250')), s.as('viewer'));
    const route = await recordRoundTrips(() => call('GET', byBarcode(s.org.id, ean('210004200750')), s.as('viewer')));
    // assess
    expect(set.body.scale_barcodes).toEqual(layout);
    expect(price.status, JSON.stringify(price.body)).toBe(200);
    expect(price.body).toMatchObject({ barcode: priced, quantity: null, amount: '3.450', product: { id: salad.id } });
    expect(priceAsUpc.body).toMatchObject({ amount: '3.450', product: { id: salad.id } });
    expect(weight.body).toMatchObject({ quantity: '0.750', amount: null, product: { id: olives.id } });
    // 20 is not one of this shop's prefixes any more: the cheese's key is not read as a label's.
    expect(noLongerALabel.status).toBe(404);
    // Through the route: the caller's BatchGetItem (user, token, membership), then the lookup's one.
    expect(route.commands).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand']);
  });

  it('reads a one-digit prefix with six-digit item codes, and the default layout again once the setting is cleared', async () => {
    // prepare
    const s = await setup();
    const put = (json: Record<string, unknown>) => call('PUT', `/api/v1/organizations/${s.org.id}`, { token: s.users.admin.token, org: s.org.id, json });
    const nuts = await s.create({ sku: 'NUTS', name: 'Mixed nuts', unit_of_measure: 'kg', sale_price: '9.000', barcodes: ['2512345'] });
    const label = ean('251234501250');
    const before = await call('GET', byBarcode(s.org.id, label), s.as('viewer'));
    // act
    const set = await put({ scale_barcodes: { prefixes: [{ prefix: '2', value: 'weight' }], item_digits: 6 } });
    const custom = await call('GET', byBarcode(s.org.id, label), s.as('viewer'));
    const cleared = await put({ scale_barcodes: null });
    const after = await call('GET', byBarcode(s.org.id, label), s.as('viewer'));
    // assess
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // The default reads 25 as a price prefix; the shop's layout reads every 2… label as a weight.
    expect(before.body).toMatchObject({ quantity: null, amount: '1.250', product: { id: nuts.id } });
    expect(custom.body).toMatchObject({ quantity: '1.250', amount: null, product: { id: nuts.id } });
    expect(cleared.body.scale_barcodes).toEqual({ prefixes: DEFAULT_SCALE_BARCODES.prefixes, item_digits: 5 });
    expect(after.body).toMatchObject({ quantity: null, amount: '1.250', product: { id: nuts.id } });
  });

  it('files a product under its category with a reference, so the category is deactivated rather than deleted', async () => {
    // prepare
    const s = await setup();
    const { bakery } = await catalogue(s);
    // act
    const refs = await Reference.query.byTarget({ organization_id: s.org.id, target_type: 'category', target_id: bakery.id }).go({ consistent: true });
    const del = await call('DELETE', `/api/v1/organizations/${s.org.id}/categories/${bakery.id}`, s.as('admin'));
    // assess
    expect(refs.data.map((r) => r.source_type)).toEqual(['product_service', 'product_service']);
    expect(del.status).toBe(200);
    expect(del.body.message).toContain('deactivated');
  });
});
