import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { product } from '../../products/testing/fixtures';
import { API, assetAccounts, bill, expenseAccounts, prepareScreens, session, suppliers, taxes } from '../testing/fixtures';
import { NewBillRoute } from './new-bill';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/bills');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/purchases/bills/new', element: <NewBillRoute /> },
  { path: '/purchases/bills/:billId', element: <Screen name="bill" /> },
];

const inventory = { ...assetAccounts[0]!, id: 'a-1400', code: '1400', name: 'Inventory', subtype: 'inventory' };
const rice = product();
const paper = product({ id: 'prod-3', sku: 'PAPER-A4', name: 'A4 paper', name_ar: 'ورق A4', cost: '2.400', sale_price: '3.500', is_tracked_inventory: false, barcodes: ['6259999999990'] });
const { quantity_on_hand: _q, stock_status: _s, image_url: _i, ...riceSaleFields } = rice;

const readers = {
  [`GET ${API}/contacts/suppliers`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
  [`GET ${API}/accounts`]: (request: { url: string }) => {
    const type = new URL(request.url, 'http://localhost').searchParams.get('type');
    const data = type === 'expense' ? expenseAccounts : [...assetAccounts, inventory];
    return { json: { data, count: data.length } };
  },
  [`GET ${API}/products-services`]: (request: { url: string }) => {
    const search = new URL(request.url, 'http://localhost').searchParams.get('search')?.toLowerCase() ?? '';
    const data = [rice, paper].filter((p) => [p.name, p.sku].some((text) => text.toLowerCase().includes(search)));
    return { json: { data, count: data.length } };
  },
  [`GET ${API}/inventory/products/by-barcode/6251234567890`]: () => ({ json: { product: riceSaleFields, barcode: '6251234567890', quantity: null, amount: null } }),
  [`POST ${API}/bills/with-line-items`]: () => ({ status: 201, json: bill({ id: 'bill-new', status: 'draft', number: null }) }),
};

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

async function chooseSupplier(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('option', { name });
  await user.selectOptions(screen.getByLabelText('Supplier'), name);
}

describe('bill lines from the catalogue', { timeout: 30_000 }, () => {
  it('fills a chosen product at its cost, books tracked stock to the Inventory account, and leaves others’ account alone', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/purchases/bills/new');
    const user = userEvent.setup();
    await chooseSupplier(user, 'Aqaba Paper Co.');
    await user.selectOptions(screen.getByLabelText('Account, line 1'), '5400 Office supplies');
    await user.type(screen.getByRole('combobox', { name: 'Product, line 1' }), 'rice');
    const option = await screen.findByRole('option', { name: /RICE-5 · Basmati rice 5 kg/ });
    // A purchase shows what the item costs, not what it sells for.
    expect(option.textContent).toMatch(/5\.100/);
    expect(option.textContent).not.toMatch(/7\.250/);
    await user.click(option);

    expect(value('Description, line 1')).toBe('Basmati rice 5 kg');
    expect(value('Unit price, line 1')).toBe('5.100');
    expect(value('Account, line 1')).toBe('a-1400');

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(screen.getByLabelText('Account, line 2'), '5400 Office supplies');
    await user.type(screen.getByRole('combobox', { name: 'Product, line 2' }), 'paper');
    await user.click(await screen.findByRole('option', { name: /PAPER-A4/ }));
    expect(value('Unit price, line 2')).toBe('2.400');
    // Not stock: the account chosen stays.
    expect(value('Account, line 2')).toBe('a-5400');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('screen:bill')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body.lines).toEqual([
      { product_id: 'prod-1', description: 'Basmati rice 5 kg', quantity: '1', unit_price: '5.100', discount: null, tax_id: 'tax-16', account_id: 'a-1400' },
      { product_id: 'prod-3', description: 'A4 paper', quantity: '1', unit_price: '2.400', discount: null, tax_id: 'tax-16', account_id: 'a-5400' },
    ]);
  });

  it('adds a scanned product at its cost and counts the next scan on the same line', async () => {
    mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/purchases/bills/new');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Aqaba Paper Co.' });
    await user.type(screen.getByLabelText('Scan barcode'), '6251234567890{Enter}');
    await waitFor(() => expect(value('Description, line 1')).toBe('Basmati rice 5 kg'));
    expect(value('Unit price, line 1')).toBe('5.100');
    expect(value('Account, line 1')).toBe('a-1400');

    await user.type(screen.getByLabelText('Scan barcode'), '6251234567890{Enter}');
    await waitFor(() => expect(value('Quantity, line 1')).toBe('2'));
    expect(screen.queryByLabelText('Description, line 2')).toBeNull();

    await user.type(screen.getByLabelText('Scan barcode'), '1234567{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No product has the barcode 1234567');
    expect(document.activeElement).toBe(screen.getByLabelText('Scan barcode'));
  });
});
