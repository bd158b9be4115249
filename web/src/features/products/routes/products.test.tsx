import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, prepareScreens, product, referenceReaders, session } from '../testing/fixtures';
import { EditProductRoute } from './edit-product';
import { NewProductRoute } from './new-product';
import { ProductRoute } from './product';
import { ProductsRoute } from './products';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/products');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/products', element: <ProductsRoute /> },
  { path: '/products/new', element: <NewProductRoute /> },
  { path: '/products/:productId', element: <ProductRoute /> },
  { path: '/products/:productId/edit', element: <EditProductRoute /> },
  { path: '/elsewhere', element: <Screen name="elsewhere" /> },
];

const rice = product();
const oil = product({ id: 'prod-oil', sku: 'OIL-1', name: 'Olive oil 1 L', name_ar: 'زيت زيتون 1 لتر', barcodes: ['6259876543210'], quantity_on_hand: '3', stock_status: 'low', sale_price: '6.500' });
const repair = product({ id: 'prod-fix', sku: 'FIX', name: 'Scale repair', name_ar: null, item_type: 'service', category_id: 'cat-repair', is_tracked_inventory: false, quantity_on_hand: '0', stock_status: 'not_tracked', barcodes: [] });

const listQueries = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `${API}/products-services`).map((r) => new URL(r.url, 'http://x').searchParams);

const catalogue = { [`GET ${API}/products-services`]: () => ({ json: { data: [rice, oil, repair], count: 3 } }), ...referenceReaders };

describe('catalogue list', { timeout: 30_000 }, () => {
  it('lists items with their category, price and stock, and sends each filter to the server', async () => {
    const { requests } = mockFetch({ ...session('member'), ...catalogue });
    const { router } = renderRoutes(routes, '/products?stock=low&inactive=1');
    const table = await screen.findByRole('table');
    const riceRow = within(table).getByRole('row', { name: /Basmati rice 5 kg/ });
    expect(within(riceRow).getByText('RICE-5')).toBeTruthy();
    expect(within(riceRow).getByText('أرز بسمتي 5 كغ')).toBeTruthy();
    expect(await within(riceRow).findByText('Food')).toBeTruthy();
    expect(within(riceRow).getByText('In stock')).toBeTruthy();
    expect(within(riceRow).getByText('42 pcs')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Olive oil/ })).getByText('Low stock')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Scale repair/ })).getByText('Not tracked')).toBeTruthy();
    // Filters read from the address go to the first request.
    expect(listQueries(requests)[0]!.get('stock_status')).toBe('low');
    expect(listQueries(requests)[0]!.get('include_inactive')).toBe('true');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type'), 'service');
    await waitFor(() => expect(listQueries(requests).some((q) => q.get('item_type') === 'service')).toBe(true));
    // The category filter now offers service categories only.
    await screen.findByRole('option', { name: 'Repairs' });
    expect(screen.queryByRole('option', { name: 'Food' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Category'), 'Repairs');
    await user.selectOptions(screen.getByLabelText('Has barcode'), 'No');
    await user.type(screen.getByLabelText('Price from'), '1.5');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'زيت');
    await waitFor(() => {
      const last = listQueries(requests).at(-1)!;
      expect(Object.fromEntries(last)).toMatchObject({ item_type: 'service', category_id: 'cat-repair', has_barcode: 'false', min_price: '1.5', search: 'زيت', stock_status: 'low', skip: '0', limit: '25' });
    });
    // Kept in the address: a reload or a shared link shows the same list.
    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toMatchObject({ type: 'service', category: 'cat-repair', barcode: '0', min: '1.5', q: 'زيت', stock: 'low', inactive: '1' });
    // Typing searched once the typing paused, not once per letter.
    expect(listQueries(requests).filter((q) => q.get('search') === 'ز').length).toBe(0);
  });

  it('refuses a price filter that is not an amount instead of sending it', async () => {
    const { requests } = mockFetch({ ...session('member'), ...catalogue });
    renderRoutes(routes, '/products?max=abc');
    await screen.findByRole('table');
    expect(screen.getByText('Enter an amount such as 1.250')).toBeTruthy();
    expect(listQueries(requests).every((q) => !q.has('max_price'))).toBe(true);
  });

  it('invites to add the first product when the catalogue is empty', async () => {
    mockFetch({ ...session('member'), ...referenceReaders, [`GET ${API}/products-services`]: () => ({ json: { data: [], count: 0 } }) });
    renderRoutes(routes, '/products');
    const add = await screen.findByRole('link', { name: 'Add your first product' });
    expect(add.getAttribute('href')).toBe('/products/new');
  });

  it('opens the product a scanned barcode belongs to, and says so when none has it', async () => {
    const { requests } = mockFetch({
      ...session('viewer'),
      ...catalogue,
      [`GET ${API}/inventory/products/by-barcode/6259876543210`]: () => ({ json: { product: { ...oil, quantity_on_hand: undefined }, barcode: '6259876543210', quantity: null, amount: null } }),
      [`GET ${API}/inventory/products/by-barcode/0000111122223`]: () => ({ status: 404, json: { detail: 'Barcode not found' } }),
      [`GET ${API}/products-services/prod-oil`]: () => ({ json: oil }),
    });
    const { router } = renderRoutes(routes, '/products');
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Barcode' });
    await user.type(field, '0000111122223{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No product has the barcode 0000111122223.');
    expect(router.state.location.pathname).toBe('/products');

    await user.clear(field);
    await user.type(field, '12{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A barcode has at least 4 characters');
    expect(requests.some((r) => r.url.includes('by-barcode/12'))).toBe(false);

    await user.clear(field);
    await user.type(field, '6259876543210{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Olive oil 1 L' });
    expect(router.state.location.pathname).toBe('/products/prod-oil');
  });
});

describe('product form', { timeout: 30_000 }, () => {
  it('checks the item with the shared schema before sending it: price and a barcode listed twice', async () => {
    const { requests } = mockFetch({ ...session('member'), ...referenceReaders, [`POST ${API}/products-services`]: () => ({ status: 201, json: rice }), [`GET ${API}/products-services/prod-1`]: () => ({ json: rice }) });
    const { router } = renderRoutes(routes, '/products/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name (English)'), 'Basmati rice 5 kg');
    await user.type(screen.getByLabelText('Name (Arabic)'), 'أرز بسمتي 5 كغ');
    await user.type(screen.getByLabelText('SKU'), 'RICE-5');
    await user.type(screen.getByLabelText('Sale price (JOD)'), '7.2505');
    const newBarcode = screen.getByLabelText('Add a barcode');
    await user.type(newBarcode, '6251234567890{Enter}');
    await user.type(newBarcode, '6251234567890');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Add to catalogue' }));

    expect(await screen.findByText('Enter an amount such as 1.250 (at most three decimals)')).toBeTruthy();
    const second = screen.getByLabelText('Barcode 2');
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe('This barcode is listed twice');
    expect(screen.getByLabelText('Barcode 1').getAttribute('aria-invalid')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(screen.getAllByRole('button', { name: 'Remove barcode 6251234567890' })[1]!);
    expect(screen.queryByLabelText('Barcode 2')).toBeNull();
    const price = screen.getByLabelText('Sale price (JOD)');
    await user.clear(price);
    await user.type(price, '7.250');
    await user.selectOptions(screen.getByLabelText('Category'), 'Food');
    await user.click(screen.getByRole('checkbox', { name: 'Track stock of this product' }));
    await user.type(screen.getByLabelText('Reorder point'), '10');
    await user.click(screen.getByRole('button', { name: 'Add to catalogue' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({
      sku: 'RICE-5',
      name: 'Basmati rice 5 kg',
      name_ar: 'أرز بسمتي 5 كغ',
      item_type: 'product',
      category_id: 'cat-food',
      unit_of_measure: 'piece',
      sale_price: '7.250',
      price_includes_tax: false,
      // The organization's default tax is chosen for a new item.
      tax_id: 'tax-16',
      cost: '0',
      barcodes: ['6251234567890'],
      supplier_name: null,
      image_file_id: null,
      description: null,
      is_tracked_inventory: true,
      reorder_point: '10',
      reorder_points: [],
      is_active: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/prod-1'));
  });

  it('shows a 409 for a taken barcode on that barcode, and a moved version above the form', async () => {
    const taken = 'Barcode 6259876543210 is already used by Olive oil 1 L (OIL-1)';
    let answer: { status: number; json: unknown } = { status: 409, json: { detail: taken } };
    let current = rice;
    const { requests } = mockFetch({
      ...session('member'),
      ...referenceReaders,
      [`GET ${API}/products-services/prod-1`]: () => ({ json: current }),
      [`PUT ${API}/products-services/prod-1`]: () => answer,
    });
    renderRoutes(routes, '/products/prod-1/edit');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Add a barcode'), '6259876543210{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const second = await screen.findByLabelText('Barcode 2');
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe(taken);
    const put = JSON.parse(requests.find((r) => r.method === 'PUT')!.body!);
    expect(put).toMatchObject({ version: 3, barcodes: ['6251234567890', '6259876543210'] });
    expect(put).not.toHaveProperty('reorder_points');

    answer = { status: 409, json: { detail: 'The product was changed by someone else; reload it' } };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByText('The product was changed by someone else; reload it')).closest('[role="alert"]')).toBeTruthy();
    expect(second.getAttribute('aria-invalid')).toBeNull();

    // Reloading starts the form again from what the server has now.
    current = product({ version: 4, name: 'Basmati rice 5 kg (new bag)' });
    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    await waitFor(() => expect((screen.getByLabelText('Name (English)') as HTMLInputElement).value).toBe('Basmati rice 5 kg (new bag)'));
    expect(screen.queryByLabelText('Barcode 2')).toBeNull();
    answer = { status: 200, json: current };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(3));
    expect(JSON.parse(requests.filter((r) => r.method === 'PUT').at(-1)!.body!)).toMatchObject({ version: 4, name: 'Basmati rice 5 kg (new bag)' });
  });

  it('shows a taken SKU on the SKU field', async () => {
    mockFetch({
      ...session('member'),
      ...referenceReaders,
      [`POST ${API}/products-services`]: () => ({ status: 409, json: { detail: 'SKU OIL-1 is already used by Olive oil 1 L (OIL-1)' } }),
    });
    renderRoutes(routes, '/products/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name (English)'), 'Sunflower oil');
    await user.type(screen.getByLabelText('SKU'), 'OIL-1');
    await user.click(screen.getByRole('button', { name: 'Add to catalogue' }));
    const sku = screen.getByLabelText('SKU');
    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(sku.getAttribute('aria-describedby')!)!.textContent).toBe('SKU OIL-1 is already used by Olive oil 1 L (OIL-1)');
  });

  it('shows a 422 the server found (a wrong check digit) on the barcode it names', async () => {
    const msg = 'The check digit of barcode 6251234567890 is wrong';
    mockFetch({
      ...session('member'),
      ...referenceReaders,
      [`POST ${API}/products-services`]: () => ({ status: 422, json: { detail: [{ loc: ['body', 'barcodes', 1], msg, type: 'value_error' }] } }),
    });
    renderRoutes(routes, '/products/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name (English)'), 'Sugar 1 kg');
    await user.type(screen.getByLabelText('SKU'), 'SUGAR-1');
    await user.type(screen.getByLabelText('Add a barcode'), 'SUGAR-SHELF{Enter}6251234567890{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add to catalogue' }));
    const second = screen.getByLabelText('Barcode 2');
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe(msg);
    expect(screen.getByLabelText('Barcode 1').getAttribute('aria-invalid')).toBeNull();
  });

  it('offers no stock tracking for a service', async () => {
    mockFetch({ ...session('member'), ...referenceReaders });
    renderRoutes(routes, '/products/new');
    const user = userEvent.setup();
    const tracked = await screen.findByRole('checkbox', { name: 'Track stock of this product' });
    await user.click(tracked);
    expect(screen.getByLabelText('Reorder point')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type'), 'service');
    expect(tracked.getAttribute('data-state')).toBe('unchecked');
    expect(tracked.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByLabelText('Reorder point')).toBeNull();
    expect(screen.getByText('A service has no stock to track.')).toBeTruthy();
  });
});

describe('product page', { timeout: 30_000 }, () => {
  it('shows the details, prices, barcodes and the stock the API answers', async () => {
    mockFetch({ ...session('member'), ...referenceReaders, [`GET ${API}/products-services/prod-oil`]: () => ({ json: oil }), [`GET ${API}/products-services/prod-fix`]: () => ({ json: repair }) });
    const view = renderRoutes(routes, '/products/prod-oil');
    await screen.findByRole('heading', { level: 1, name: 'Olive oil 1 L' });
    const stock = screen.getByRole('heading', { level: 2, name: 'Stock' }).parentElement!;
    expect(within(stock).getByText('Low stock')).toBeTruthy();
    expect(within(stock).getByText('3 pcs')).toBeTruthy();
    expect(within(stock).getByText('10 pcs')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Barcodes' })).getByText('6259876543210')).toBeTruthy();
    expect(await screen.findByText('General sales tax (16%)')).toBeTruthy();
    expect(screen.getByText('JOD 6.500')).toBeTruthy();
    expect(screen.getByText('includes tax')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/products/prod-oil/edit');
    view.unmount();

    // An untracked service has a status and no quantities.
    renderRoutes(routes, '/products/prod-fix');
    await screen.findByRole('heading', { level: 1, name: 'Scale repair' });
    const serviceStock = screen.getByRole('heading', { level: 2, name: 'Stock' }).parentElement!;
    expect(within(serviceStock).getByText('Not tracked')).toBeTruthy();
    expect(within(serviceStock).queryByText('On hand (all locations)')).toBeNull();
    expect(screen.getByText('No barcodes yet.')).toBeTruthy();
  });
});

describe('in Arabic', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('shows Arabic names, and the form takes the Arabic name right to left', async () => {
    mockFetch({ ...session('member'), ...catalogue, [`GET ${API}/products-services/prod-1`]: () => ({ json: rice }) });
    const view = renderRoutes(routes, '/products');
    expect(document.documentElement.dir).toBe('rtl');
    const table = await screen.findByRole('table');
    const riceRow = within(table).getByRole('row', { name: /أرز بسمتي 5 كغ/ });
    expect(within(riceRow).getByRole('link').textContent).toBe('أرز بسمتي 5 كغ');
    // The English name is shown beside it, marked as English.
    expect(within(riceRow).getByText('Basmati rice 5 kg').getAttribute('lang')).toBe('en');
    expect(await within(riceRow).findByText('أغذية')).toBeTruthy();
    expect(within(riceRow).getByText('متوفر')).toBeTruthy();
    // A service without an Arabic name keeps its English one.
    expect(within(table).getByRole('link', { name: 'Scale repair' })).toBeTruthy();
    view.unmount();

    renderRoutes(routes, '/products/prod-1/edit');
    const arabic = await screen.findByLabelText('الاسم (بالعربية)');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect((arabic as HTMLInputElement).value).toBe('أرز بسمتي 5 كغ');
    expect(screen.getByLabelText('الاسم (بالإنجليزية)').getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('option', { name: 'كيلوغرام' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('تعديل أرز بسمتي 5 كغ');
  });

  it('says in Arabic what the shared schema refuses', async () => {
    const { requests } = mockFetch({ ...session('member'), ...referenceReaders });
    renderRoutes(routes, '/products/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('الاسم (بالإنجليزية)'), 'Sumac');
    await user.type(screen.getByLabelText('رمز الصنف'), 'SUMAC');
    await user.type(screen.getByLabelText('سعر البيع (JOD)'), '1.2345');
    await user.type(screen.getByLabelText('إضافة باركود'), 'SUMAC-1{Enter}SUMAC-1{Enter}');
    await user.click(screen.getByRole('button', { name: 'إضافة إلى دليل الأصناف' }));
    expect(await screen.findByText('أدخل مبلغًا مثل 1.250 (ثلاث منازل عشرية على الأكثر)')).toBeTruthy();
    expect(screen.getByText('هذا الباركود مدرج مرتين')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
