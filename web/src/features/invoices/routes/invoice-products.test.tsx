import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { product } from '../../products/testing/fixtures';
import { API, customers, invoice, prepareScreens, session, taxes } from '../testing/fixtures';
import { NewInvoiceRoute } from './new-invoice';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/invoices');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sales/invoices/new', element: <NewInvoiceRoute /> },
  { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> },
];

const rice = product();
const cheese = product({ id: 'prod-2', sku: 'CHEESE-W', name: 'White cheese', name_ar: 'جبنة بيضاء', unit_of_measure: 'kg', sale_price: '4.000', price_includes_tax: false, tax_id: 'tax-ex', barcodes: ['2012345'] });
const { quantity_on_hand: _q, stock_status: _s, image_url: _i, ...riceSaleFields } = rice;
const { quantity_on_hand: _q2, stock_status: _s2, image_url: _i2, ...cheeseSaleFields } = cheese;

/** The lookups the till's scanner answers: a plain code, a weight label, a price label. */
const LOOKUPS: Record<string, unknown> = {
  '6251234567890': { product: riceSaleFields, barcode: '6251234567890', quantity: null, amount: null },
  '2012345007503': { product: cheeseSaleFields, barcode: '2012345', quantity: '0.750', amount: null },
  '2012345005005': { product: cheeseSaleFields, barcode: '2012345', quantity: '0.500', amount: null },
  '2512345025004': { product: cheeseSaleFields, barcode: '2512345', quantity: null, amount: '2.500' },
};

const readers = {
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
  [`GET ${API}/products-services`]: (request: { url: string }) => {
    const search = new URL(request.url, 'http://localhost').searchParams.get('search')?.toLowerCase() ?? '';
    const data = [rice, cheese].filter((p) => [p.name, p.name_ar ?? '', p.sku].some((text) => text.toLowerCase().includes(search)));
    return { json: { data, count: data.length } };
  },
};

const scanRoutes = Object.fromEntries(
  Object.entries(LOOKUPS).map(([code, json]) => [`GET ${API}/inventory/products/by-barcode/${code}`, () => ({ json })]),
);

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

async function scan(user: ReturnType<typeof userEvent.setup>, code: string, label = 'Scan barcode') {
  await user.type(screen.getByLabelText(label), `${code}{Enter}`);
}

async function chooseCustomer(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('option', { name });
  await user.selectOptions(screen.getByLabelText('Customer'), name);
}

describe('invoice lines from the catalogue', { timeout: 30_000 }, () => {
  it('searches the catalogue per line and fills the line from the product chosen; the fields stay editable', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await user.type(screen.getByRole('combobox', { name: 'Product, line 1' }), 'basmati');

    // The server is asked (not a list held in the page), and the option shows SKU, name and price.
    const option = await screen.findByRole('option', { name: /RICE-5 · Basmati rice 5 kg/ });
    expect(option.textContent).toMatch(/7\.250/);
    const search = requests.find((r) => r.url.includes('/products-services?'))!;
    expect(new URL(search.url, 'http://localhost').searchParams.get('search')).toBe('basmati');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');

    expect(value('Description, line 1')).toBe('Basmati rice 5 kg');
    expect(value('Unit price, line 1')).toBe('7.250');
    expect(value('Tax, line 1')).toBe('tax-16');
    expect(value('Product, line 1')).toBe('RICE-5 · Basmati rice 5 kg');
    // The catalogue price includes tax and this invoice's prices do not: the price is kept, and said.
    expect(screen.getByText('The catalogue price includes tax; this invoice’s prices do not')).toBeTruthy();

    await user.clear(screen.getByLabelText('Quantity, line 1'));
    await user.type(screen.getByLabelText('Quantity, line 1'), '2');
    await user.type(screen.getByLabelText('Description, line 1'), ' (promo)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body.lines).toEqual([
      { product_id: 'prod-1', description: 'Basmati rice 5 kg (promo)', quantity: '2', unit_price: '7.250', discount: null, tax_id: 'tax-16', special_tax_id: null },
    ]);
  });

  it('keeps what was typed when the product is cleared', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    const picker = screen.getByRole('combobox', { name: 'Product, line 1' });
    await user.type(picker, 'cheese');
    await user.click(await screen.findByRole('option', { name: /CHEESE-W/ }));
    expect(value('Unit price, line 1')).toBe('4.000');
    // Prices on both sides exclude tax: nothing to say.
    expect(screen.queryByText(/The catalogue price/)).toBeNull();

    await user.clear(picker);
    await user.tab();
    expect(value('Product, line 1')).toBe('');
    expect(value('Description, line 1')).toBe('White cheese');
    expect(value('Unit price, line 1')).toBe('4.000');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body.lines[0]).toMatchObject({ product_id: null, description: 'White cheese', unit_price: '4.000', tax_id: 'tax-ex' });
  });

  it('adds a scanned product as a line, counts a second scan on it, and keeps the focus on the scan field', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      ...scanRoutes,
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await scan(user, '6251234567890');

    // The new invoice's empty first line takes the product.
    await waitFor(() => expect(value('Description, line 1')).toBe('Basmati rice 5 kg'));
    expect(value('Quantity, line 1')).toBe('1');
    expect(value('Unit price, line 1')).toBe('7.250');
    expect(document.activeElement).toBe(screen.getByLabelText('Scan barcode'));
    expect(value('Scan barcode')).toBe('');

    await scan(user, '6251234567890');
    await waitFor(() => expect(value('Quantity, line 1')).toBe('2'));
    expect(screen.queryByLabelText('Description, line 2')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Scan barcode'));

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body.lines).toEqual([
      { product_id: 'prod-1', description: 'Basmati rice 5 kg', quantity: '2', unit_price: '7.250', discount: null, tax_id: 'tax-16', special_tax_id: null },
    ]);
  });

  it('takes a weight label’s weight as the quantity (adding up) and a price label’s price as the line’s', async () => {
    mockFetch({ ...session('member'), ...readers, ...scanRoutes });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Petra Stores' });
    await user.type(screen.getByLabelText('Description, line 1'), 'Delivery');
    await user.type(screen.getByLabelText('Unit price, line 1'), '1');

    await scan(user, '2012345007503');
    await waitFor(() => expect(value('Quantity, line 2')).toBe('0.750'));
    expect(value('Description, line 2')).toBe('White cheese');
    expect(value('Unit price, line 2')).toBe('4.000');

    await scan(user, '2012345005005');
    await waitFor(() => expect(value('Quantity, line 2')).toBe('1.250'));

    await scan(user, '2512345025004');
    await waitFor(() => expect(value('Unit price, line 3')).toBe('2.500'));
    expect(value('Quantity, line 3')).toBe('1');
    expect(value('Quantity, line 2')).toBe('1.250');
    // 1 + 1.25 × 4 + 2.5, all exempt but the first line (16% of 1).
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(totals.textContent).toMatch(/8\.500/);
    expect(totals.textContent).toMatch(/8\.660/);
  });

  it('says so under the field when no product has the code, and adds nothing', async () => {
    mockFetch({ ...session('member'), ...readers, ...scanRoutes });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Petra Stores' });
    await scan(user, '999999');

    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('No product has the barcode 999999');
    expect(screen.getByLabelText('Scan barcode').getAttribute('aria-invalid')).toBe('true');
    expect(value('Description, line 1')).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Scan barcode'));

    // The next scan that finds a product clears the message.
    await scan(user, '6251234567890');
    await waitFor(() => expect(value('Description, line 1')).toBe('Basmati rice 5 kg'));
    expect(screen.queryByText('No product has the barcode 999999')).toBeNull();
  });

  it('speaks Arabic: Arabic product names, and the not-found message', async () => {
    mockFetch({ ...session('member'), ...readers, ...scanRoutes });
    await changeLanguage('ar');
    try {
      renderRoutes(routes, '/sales/invoices/new');
      const user = userEvent.setup();
      await screen.findByRole('option', { name: 'Petra Stores' });
      await user.type(screen.getByRole('combobox', { name: 'الصنف، البند 1' }), 'أرز');
      const list = await screen.findByRole('listbox', { name: 'الصنف، البند 1' });
      await user.click(await within(list).findByRole('option', { name: /أرز بسمتي 5 كغ/ }));
      expect(value('الوصف، البند 1')).toBe('أرز بسمتي 5 كغ');

      await scan(user, '999999', 'مسح الباركود');
      expect((await screen.findByText('لا يوجد صنف بالباركود 999999')).getAttribute('role')).toBe('alert');
    } finally {
      await changeLanguage('en');
    }
  });
});
