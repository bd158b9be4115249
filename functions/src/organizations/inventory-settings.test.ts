/** The organization's inventory settings (issue #14): the valuation method is fixed once stock has moved. */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { Organization } from '../db/organization.js';
import { ensureChartOfAccounts } from '../ledger/chart.js';
import { VALUATION_METHOD_LOCKED } from './organizations.js';
import { DEFAULT_SCALE_BARCODES } from '@daftar/shared/barcodes';

async function setup() {
  const { org, users } = await organizationWithRoles();
  await ensureChartOfAccounts(org.id);
  const O = `/api/v1/organizations/${org.id}`;
  const admin = { token: users.admin.token, org: org.id };
  const put = (json: Record<string, unknown>) => call('PUT', O, { ...admin, json });
  const receiveOne = async () => {
    const product = await call('POST', `${O}/products-services`, { ...admin, json: { sku: 'TEA-1', name: 'Tea', sale_price: '0.500', is_tracked_inventory: true } });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const moved = await call('POST', `${O}/inventory/stock-movements`, {
      ...admin,
      json: { movement_type: 'receipt', product_id: (product.body as { id: string }).id, quantity: '1', unit_cost: '1.000' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
  };
  return { org, put, receiveOne };
}

describe('PUT /organizations/{id}: inventory settings', () => {
  it('changes the valuation method freely before any stock has moved', async () => {
    const s = await setup();

    const toAverage = await s.put({ inventory_valuation_method: 'average' });
    const back = await s.put({ inventory_valuation_method: 'fifo' });

    expect(toAverage.status, JSON.stringify(toAverage.body)).toBe(200);
    expect(toAverage.body).toMatchObject({ inventory_valuation_method: 'average', version: 2 });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ inventory_valuation_method: 'fifo', version: 3 });
  });

  it('refuses a different method (409) once a movement exists, and changes nothing', async () => {
    const s = await setup();
    await s.receiveOne();
    const before = (await Organization.get({ id: s.org.id }).go()).data!;

    const refused = await s.put({ inventory_valuation_method: 'average', city: 'Irbid' });

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(VALUATION_METHOD_LOCKED);
    const after = (await Organization.get({ id: s.org.id }).go()).data!;
    expect(after.version).toBe(before.version);
    expect(after.inventory_valuation_method ?? 'fifo').toBe('fifo');
    expect(after.city).toBeUndefined();
  });

  it('accepts the same method again after movements, and negative stock on or off at any time', async () => {
    const s = await setup();
    await s.receiveOne();

    const same = await s.put({ inventory_valuation_method: 'fifo' });
    const off = await s.put({ allow_negative_stock: false });
    const on = await s.put({ allow_negative_stock: true, inventory_valuation_method: 'fifo' });

    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ allow_negative_stock: false, inventory_valuation_method: 'fifo' });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ allow_negative_stock: true });
    expect((await Organization.get({ id: s.org.id }).go()).data?.allow_negative_stock).toBe(true);
  });

  it('stores a scale-label layout, shows the default to an organization that never set one, and refuses a bad one (422) writing nothing', async () => {
    const s = await setup();
    const layout = { prefixes: [{ prefix: '02', value: 'price' }, { prefix: '20', value: 'weight' }], item_digits: 5 };

    const fresh = (await Organization.get({ id: s.org.id }).go()).data!;
    const set = await s.put({ scale_barcodes: layout });
    const tooLong = await s.put({ scale_barcodes: { prefixes: [{ prefix: '21', value: 'weight' }], item_digits: 6 }, city: 'Irbid' });
    const twice = await s.put({ scale_barcodes: { prefixes: [{ prefix: '21', value: 'weight' }, { prefix: '21', value: 'price' }], item_digits: 5 } });
    const notInStore = await s.put({ scale_barcodes: { prefixes: [{ prefix: '62', value: 'weight' }], item_digits: 5 } });
    const stored = (await Organization.get({ id: s.org.id }).go()).data!;

    expect(fresh.scale_barcodes).toBeUndefined();
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.scale_barcodes).toEqual(layout);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toEqual([
      {
        loc: ['body', 'scale_barcodes', 'prefixes', 0, 'prefix'],
        msg: 'With 6-digit item codes a prefix has 1 digit: prefix, item code, 5 value digits and the check digit make 13',
        type: 'custom',
      },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.detail[0]).toMatchObject({ loc: ['body', 'scale_barcodes', 'prefixes', 1, 'prefix'], msg: 'This prefix is listed twice' });
    expect(notInStore.status).toBe(422);
    expect(notInStore.body.detail[0].msg).toMatch(/starts with 2 or 02/);
    expect(stored.scale_barcodes).toEqual(layout);
    expect(stored.city).toBeUndefined();
    expect(stored.version).toBe(2);
  });

  it('answers the default layout for an organization that never set one', async () => {
    const { org, users } = await organizationWithRoles();
    const got = await call('GET', `/api/v1/organizations/${org.id}`, { token: users.viewer.token, org: org.id });
    expect(got.status).toBe(200);
    expect(got.body.scale_barcodes).toEqual(DEFAULT_SCALE_BARCODES);
  });
});
