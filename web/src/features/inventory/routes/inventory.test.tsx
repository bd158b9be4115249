import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { ProductRoute } from '../../products/routes/product';
import { API, INVENTORY, level, location, movement, posted, prepareScreens, product, referenceReaders, session, warehouse } from '../testing/fixtures';
import { InventoryRoute } from './inventory';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/inventory');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  // The signed-in shell's Theme, which dialogs and menus read to draw their portals.
  { path: '/inventory', element: <AppTheme><InventoryRoute /></AppTheme> },
  { path: '/products/:productId', element: <AppTheme><ProductRoute /></AppTheme> },
  { path: '/sales/invoices/:id', element: <Screen name="invoice" /> },
  { path: '/purchases/bills/:id', element: <Screen name="bill" /> },
  { path: '/accounting/journal/:id', element: <Screen name="entry" /> },
];

const rice = product();
const oil = product({ id: 'prod-oil', sku: 'OIL-1', name: 'Olive oil 1 L', name_ar: 'زيت زيتون 1 لتر', quantity_on_hand: '3', stock_status: 'low', unit_of_measure: 'litre' });

const levels = [
  level(),
  level({ location_id: 'loc-wh', on_hand: '2', available: '2', value: '0.500', unit_cost: '0.250', layers: [{ quantity: '2', value: '0.500', received_on: '2025-02-10' }] }),
  level({ product_id: 'prod-oil', on_hand: '3', reserved: '1', available: '2', value: '1.100', unit_cost: '0.367', layers: [{ quantity: '3', value: '1.100', received_on: '2025-01-05' }] }),
];

const movements = [
  movement({ id: 'mov-3', movement_type: 'issue', quantity: '-15', value: '-3.460', unit_cost: '0.231', reference_type: 'invoice', reference_id: 'inv-7', journal_entry_id: 'je-3', date: '2025-03-05' }),
  movement({ id: 'mov-2', reference_type: 'bill', reference_id: 'bill-3', journal_entry_id: 'je-2', date: '2025-03-03', value: '2.600', unit_cost: '0.260' }),
  movement({ id: 'mov-1', movement_type: 'adjustment', quantity: '-1', value: '-0.200', reason: 'damaged', journal_entry_id: null }),
];

const queryOf = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `${INVENTORY}/${path}`).map((r) => new URL(r.url, 'http://x').searchParams);

function readers(options: { locations?: ReturnType<typeof location>[]; movementCount?: number; recosting?: unknown } = {}) {
  return {
    ...referenceReaders,
    [`GET ${API}/products-services`]: () => ({ json: { data: [rice, oil], count: 2 } }),
    [`GET ${API}/products-services/prod-1`]: () => ({ json: rice }),
    [`GET ${INVENTORY}/locations`]: () => ({ json: { data: options.locations ?? [location(), warehouse], count: 2 } }),
    [`GET ${INVENTORY}/inventory-value`]: () => ({ json: { currency: 'JOD', total_value: '2.900', products: 2 } }),
    [`GET ${INVENTORY}/recosting`]: () => ({ json: options.recosting ?? { pending: [], done: [] } }),
    [`GET ${INVENTORY}/stock-report`]: (request: RecordedRequest) => {
      const where = new URL(request.url, 'http://x').searchParams.get('location_id');
      const data = levels.filter((l) => !where || l.location_id === where);
      return { json: { data, count: data.length } };
    },
    [`GET ${INVENTORY}/low-stock`]: () => ({
      json: { data: [{ product_id: 'prod-oil', sku: 'OIL-1', name: 'Olive oil 1 L', name_ar: 'زيت زيتون 1 لتر', on_hand: '3', reorder_point: '10', stock_status: 'low' }], count: 1 },
    }),
    [`GET ${INVENTORY}/stock-movements`]: () => ({ json: { data: movements, count: options.movementCount ?? movements.length } }),
    [`GET ${INVENTORY}/products/prod-1/stock-movements`]: () => ({ json: { data: movements, count: movements.length } }),
    [`GET ${INVENTORY}/valuation-report`]: (request: RecordedRequest) => {
      const asOf = new URL(request.url, 'http://x').searchParams.get('as_of') ?? '2025-03-31';
      return { json: { as_of: asOf, currency: 'JOD', total_value: '1.040', rows: [{ product_id: 'prod-1', sku: 'RICE-5', name: 'Basmati rice 5 kg', name_ar: 'أرز بسمتي 5 كغ', quantity: '4', value: '1.040', unit_cost: '0.260' }] } };
    },
  };
}

const rowOf = (table: HTMLElement, text: RegExp) => within(table).getByRole('row', { name: text });

describe('stock screen', { timeout: 30_000 }, () => {
  it('shows each product at each location with its value and unit cost, and the total value', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers() });
    renderRoutes(routes, '/inventory');
    await screen.findByRole('heading', { level: 1, name: 'Stock' });
    await waitFor(() => expect(screen.getByTestId('inventory-value').textContent).toMatch(/JOD\s2\.900/));
    expect(screen.getByText('2 products on hand')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Stock' });
    // Names come from the catalogue: the report itself carries only ids.
    await within(table).findAllByRole('link', { name: 'Basmati rice 5 kg' });
    const main = rowOf(table, /Basmati rice 5 kg.*Main store/);
    expect(within(main).getByText('RICE-5')).toBeTruthy();
    expect(main.textContent).toMatch(/5.*JOD\s0\.260.*JOD\s1\.300/);
    expect(rowOf(table, /Basmati rice 5 kg.*Zarqa warehouse/).textContent).toMatch(/JOD\s0\.250.*JOD\s0\.500/);
    expect(within(rowOf(table, /Olive oil/)).getByRole('link').getAttribute('href')).toBe('/products/prod-oil');

    await userEvent.setup().selectOptions(screen.getByLabelText('Location'), 'loc-wh');
    await waitFor(() => expect(queryOf(requests, 'stock-report').at(-1)?.get('location_id')).toBe('loc-wh'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Stock' })).queryByText('Olive oil 1 L')).toBeNull());
  });

  it('lists what runs low on its tab', async () => {
    mockFetch({ ...session('viewer'), ...readers() });
    renderRoutes(routes, '/inventory');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /^Low stock/ }));
    const table = await screen.findByRole('table', { name: 'Low stock' });
    const row = rowOf(table, /Olive oil 1 L/);
    expect(row.textContent).toMatch(/OIL-1.*3.*10.*Low stock/);
    // A viewer reads the stock but is offered no way to change it.
    await user.click(screen.getByRole('tab', { name: /^Stock/ }));
    await screen.findByRole('table', { name: 'Stock' });
    expect(screen.queryByRole('button', { name: /Stock actions/ })).toBeNull();
  });

  it('sends the movement filters to the server, pages, and links each movement to its document and entry', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers({ movementCount: 60 }) });
    renderRoutes(routes, '/inventory?tab=movements');
    const table = await screen.findByRole('table', { name: 'Movements' });
    await within(table).findAllByRole('link', { name: 'Basmati rice 5 kg' });
    const sale = rowOf(table, /Issue/);
    expect(within(sale).getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe('/sales/invoices/inv-7');
    expect(within(sale).getByRole('link', { name: 'Entry' }).getAttribute('href')).toBe('/accounting/journal/je-3');
    expect(sale.textContent).toMatch(/−15/);
    const purchase = rowOf(table, /Bill/);
    expect(within(purchase).getByRole('link', { name: 'Bill' }).getAttribute('href')).toBe('/purchases/bills/bill-3');
    const adjustment = rowOf(table, /Adjustment/);
    expect(within(adjustment).getByText('Damaged')).toBeTruthy();
    // Made by hand and without an entry: no document or entry to open.
    expect(within(adjustment).queryByRole('link', { name: 'Entry' })).toBeNull();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Movement type'), 'issue');
    await user.selectOptions(screen.getByLabelText('Location'), 'loc-wh');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
    await waitFor(() => {
      const last = queryOf(requests, 'stock-movements').at(-1)!;
      expect(Object.fromEntries(last)).toEqual({ skip: '0', limit: '25', movement_type: 'issue', location_id: 'loc-wh', date_from: '2025-03-01', date_to: '2025-03-31' });
    });
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queryOf(requests, 'stock-movements').at(-1)?.get('skip')).toBe('25'));
    expect(queryOf(requests, 'stock-movements').at(-1)?.get('movement_type')).toBe('issue');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(queryOf(requests, 'stock-movements').at(-1)!)).toEqual({ skip: '0', limit: '25' }));
  });

  it('values the stock as of a chosen day and location', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers() });
    renderRoutes(routes, '/inventory?tab=valuation');
    const table = await screen.findByRole('table', { name: 'Valuation' });
    expect(rowOf(table, /Basmati rice 5 kg/).textContent).toMatch(/RICE-5.*4.*JOD\s0\.260.*JOD\s1\.040/);
    expect(screen.getByTestId('valuation-total').textContent).toMatch(/JOD\s1\.040/);
    // Today by default: the report is always of a stated day.
    expect(queryOf(requests, 'valuation-report')[0]!.get('as_of')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2025-03-01' } });
    await userEvent.setup().selectOptions(screen.getByLabelText('Location'), 'main');
    await waitFor(() => expect(Object.fromEntries(queryOf(requests, 'valuation-report').at(-1)!)).toEqual({ as_of: '2025-03-01', location_id: 'main' }));
    expect(await screen.findByText('Total value on Mar 1, 2025')).toBeTruthy();
  });

  it('says when costs are being recalculated after a back-dated movement, and shows what the last re-costing changed', async () => {
    mockFetch({ ...session('member'), ...readers({ recosting: owedAndDone }) });
    renderRoutes(routes, '/inventory?tab=valuation');
    const owed = await screen.findByTestId('recosting-owed');
    expect(owed.textContent).toBe('Costs of 1 product are being recalculated from Mar 1, 2025 after a back-dated movement. Periods from that date cannot be closed until it is done. It failed once and is being retried.');
    const done = await screen.findByRole('table', { name: 'Recent re-costings after back-dated movements' });
    expect(rowOf(done, /Basmati rice 5 kg/).textContent).toMatch(/Main store.*Feb 20, 2025.*-JOD\s0\.500.*JOD\s0\.000.*Entry/);
    expect(within(done).getByRole('link', { name: 'Entry' }).getAttribute('href')).toBe('/accounting/journal/je-9');
  });
});

const owedAndDone = {
  pending: [{ id: 'req-1', requested_at: '2025-03-10T08:00:00.000Z', failures: 1, last_error: 'Stock moved meanwhile', targets: [{ product_id: 'prod-1', location_id: 'main', from: '2025-03-01' }] }],
  done: [{ product_id: 'prod-1', location_id: 'main', from: '2025-02-20', done_at: '2025-03-09T10:00:00.000Z', cost_of_goods_sold: '-0.500', inventory_adjustments: '0.000', inventory: '0.500', journal_entry_id: 'je-9' }],
};

/** A POST route answering 422 with `msg` when the quantity sent is `refused`, else 201. */
const refusing = (refused: string, msg: string) => (request: RecordedRequest) =>
  (JSON.parse(request.body!) as { quantity: string }).quantity === refused
    ? { status: 422, json: { detail: [{ loc: ['body', 'quantity'], msg, type: 'insufficient_stock' }] } }
    : posted();

const posts = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.url === `${INVENTORY}/${path}`).map((r) => JSON.parse(r.body!) as unknown);

async function openOnProductPage(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('product page stock', { timeout: 30_000 }, () => {
  it('shows stock by location, the cost layers and average cost, and the movements', async () => {
    mockFetch({ ...session('member'), ...readers() });
    renderRoutes(routes, '/products/prod-1');
    await screen.findByRole('heading', { level: 1, name: 'Basmati rice 5 kg' });
    const byLocation = await screen.findByRole('table', { name: 'Stock by location' });
    expect(rowOf(byLocation, /Main store/).textContent).toMatch(/5.*0.*5.*JOD\s0\.260.*JOD\s1\.300/);
    expect(rowOf(byLocation, /Zarqa warehouse/).textContent).toMatch(/2.*JOD\s0\.500/);
    // (1.300 + 0.500) ÷ 7 = 0.2571…
    expect(screen.getByText('Average unit cost').parentElement!.textContent).toMatch(/JOD\s0\.257/);
    expect(screen.getByText('Value at cost').parentElement!.textContent).toMatch(/JOD\s1\.800/);
    const layers = screen.getByRole('table', { name: 'Cost layers (oldest first)' });
    expect(within(layers).getAllByRole('row')).toHaveLength(3);
    expect(rowOf(layers, /Feb 10, 2025/).textContent).toMatch(/Zarqa warehouse.*2.*JOD\s0\.250.*JOD\s0\.500/);
    const moves = await screen.findByRole('table', { name: 'Stock movements' });
    expect(within(moves).getAllByRole('row')).toHaveLength(4);
  });

  it('adjusts stock with a reason, and shows what the server refuses', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers(),
      [`POST ${INVENTORY}/products/prod-1/adjust-stock`]: refusing('-99', 'Only 7 of Basmati rice 5 kg (RICE-5) on hand'),
    });
    renderRoutes(routes, '/products/prod-1');
    await screen.findByRole('table', { name: 'Stock by location' });
    const reportReads = () => queryOf(requests, 'stock-report').length;
    const { user, dialog } = await openOnProductPage('Adjust stock');
    await user.type(within(dialog).getByLabelText('Quantity change'), '-99');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'damaged');
    await user.type(within(dialog).getByLabelText('Note'), 'Dropped a sack');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only 7 of Basmati rice 5 kg (RICE-5) on hand');

    const before = reportReads();
    await user.clear(within(dialog).getByLabelText('Quantity change'));
    await user.type(within(dialog).getByLabelText('Quantity change'), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests, 'products/prod-1/adjust-stock')).toEqual([
      { location_id: 'main', quantity: '-99', counted: false, reason: 'damaged', note: 'Dropped a sack' },
      { location_id: 'main', quantity: '-2', counted: false, reason: 'damaged', note: 'Dropped a sack' },
    ]);
    expect(await screen.findByText('Stock of Basmati rice 5 kg adjusted.')).toBeTruthy();
    // The levels are read again after the change.
    await waitFor(() => expect(reportReads()).toBeGreaterThan(before));
  });

  it('records a count of the quantity on the shelf', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers(),
      [`POST ${INVENTORY}/products/prod-1/adjust-stock`]: refusing('1000', 'The count is locked'),
    });
    renderRoutes(routes, '/products/prod-1');
    const { user, dialog } = await openOnProductPage('Count');
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'loc-wh');
    await user.type(within(dialog).getByLabelText('Counted quantity'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Record count' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The count is locked');
    await user.clear(within(dialog).getByLabelText('Counted quantity'));
    await user.type(within(dialog).getByLabelText('Counted quantity'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Record count' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests, 'products/prod-1/adjust-stock').at(-1)).toEqual({ location_id: 'loc-wh', quantity: '4', counted: true, reason: 'correction' });
  });

  it('refuses a malformed quantity before sending anything', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers() });
    renderRoutes(routes, '/products/prod-1');
    const { user, dialog } = await openOnProductPage('Count');
    await user.type(within(dialog).getByLabelText('Counted quantity'), '1.23456');
    await user.click(within(dialog).getByRole('button', { name: 'Record count' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Counted quantity').getAttribute('aria-invalid')).toBe('true'));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('receives goods at a unit cost', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers(), [`POST ${INVENTORY}/stock-movements`]: refusing('0', 'The quantity must be more than zero') });
    renderRoutes(routes, '/products/prod-1');
    const { user, dialog } = await openOnProductPage('Receive');
    await user.type(within(dialog).getByLabelText('Quantity'), '0');
    await user.type(within(dialog).getByLabelText('Unit cost (JOD)'), '0.200');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The quantity must be more than zero');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests, 'stock-movements').at(-1)).toEqual({ movement_type: 'receipt', product_id: 'prod-1', location_id: 'main', quantity: '10', unit_cost: '0.200' });
    expect(await screen.findByText('10 of Basmati rice 5 kg received.')).toBeTruthy();
  });

  it('transfers between two locations, and offers no transfer with only one', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers(), [`POST ${INVENTORY}/stock-movements`]: refusing('50', 'Only 5 of Basmati rice 5 kg (RICE-5) on hand; 50 needed') });
    const view = renderRoutes(routes, '/products/prod-1');
    const { user, dialog } = await openOnProductPage('Transfer');
    expect((within(dialog).getByLabelText('From') as HTMLSelectElement).value).toBe('main');
    expect((within(dialog).getByLabelText('To') as HTMLSelectElement).value).toBe('loc-wh');
    await user.type(within(dialog).getByLabelText('Quantity'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only 5 of Basmati rice 5 kg (RICE-5) on hand; 50 needed');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests, 'stock-movements').at(-1)).toEqual({ movement_type: 'transfer', product_id: 'prod-1', from_location_id: 'main', to_location_id: 'loc-wh', quantity: '3' });
    view.unmount();

    mockFetch({ ...session('member'), ...readers({ locations: [location()] }) });
    renderRoutes(routes, '/products/prod-1');
    await screen.findByRole('button', { name: 'Receive' });
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  it('opens the dialogs from a row of the stock screen, at that row’s location', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers(), [`POST ${INVENTORY}/products/prod-1/adjust-stock`]: () => posted() });
    renderRoutes(routes, '/inventory');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stock actions for Basmati rice 5 kg at Zarqa warehouse' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Count Basmati rice 5 kg' });
    await user.type(within(dialog).getByLabelText('Counted quantity'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Record count' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests, 'products/prod-1/adjust-stock')).toEqual([{ location_id: 'loc-wh', quantity: '1', counted: true, reason: 'correction' }]);
  });

  it('shows no stock section for an untracked service', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers(),
      [`GET ${API}/products-services/prod-fix`]: () => ({ json: product({ id: 'prod-fix', name: 'Scale repair', item_type: 'service', is_tracked_inventory: false, stock_status: 'not_tracked' }) }),
    });
    renderRoutes(routes, '/products/prod-fix');
    await screen.findByRole('heading', { level: 1, name: 'Scale repair' });
    expect(screen.queryByRole('heading', { name: 'Stock by location' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adjust stock' })).toBeNull();
    expect(requests.some((r) => r.url.includes('/inventory/'))).toBe(false);
  });
});

describe('in Arabic', { timeout: 30_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('mirrors the tabs and names products, locations and movements in Arabic', async () => {
    mockFetch({ ...session('member'), ...readers() });
    renderRoutes(routes, '/inventory');
    expect(document.documentElement.dir).toBe('rtl');
    const tabs = await screen.findByRole('tablist', { name: 'عروض المخزون' });
    // Each trigger carries its label twice (a hidden bold copy keeps its width), so names are matched by their start.
    for (const name of [/^المخزون/, /^مخزون منخفض/, /^الحركات/, /^التقييم/]) expect(within(tabs).getByRole('tab', { name })).toBeTruthy();
    // Radix mirrors the arrow keys and the layout by the direction it is given.
    expect(tabs.closest('[dir]')!.getAttribute('dir')).toBe('rtl');
    const table = await screen.findByRole('table', { name: 'المخزون' });
    await within(table).findAllByRole('link', { name: 'أرز بسمتي 5 كغ' });
    expect(rowOf(table, /أرز بسمتي 5 كغ.*مستودع الزرقاء/)).toBeTruthy();
    expect(table.closest('[dir]')!.getAttribute('dir')).toBe('rtl');

    const user = userEvent.setup();
    await user.click(within(tabs).getByRole('tab', { name: /^الحركات/ }));
    const moves = await screen.findByRole('table', { name: 'الحركات' });
    expect(within(rowOf(moves, /صرف/)).getByRole('link', { name: 'فاتورة' }).getAttribute('href')).toBe('/sales/invoices/inv-7');
    expect(within(rowOf(moves, /تسوية/)).getByText('تالف')).toBeTruthy();
  });

  it('says in Arabic that costs are being recalculated, with the re-costings table mirrored', async () => {
    mockFetch({ ...session('member'), ...readers({ recosting: owedAndDone }) });
    renderRoutes(routes, '/inventory?tab=valuation');
    expect((await screen.findByTestId('recosting-owed')).textContent).toMatch(/^يُعاد احتساب تكلفة صنف واحد من .* بعد حركة بتاريخ سابق\..*فشلت مرة واحدة وتُعاد المحاولة\.$/);
    const done = await screen.findByRole('table', { name: 'آخر عمليات إعادة احتساب التكلفة بعد حركات بتاريخ سابق' });
    await within(done).findByRole('link', { name: 'أرز بسمتي 5 كغ' });
    expect(done.closest('[dir]')!.getAttribute('dir')).toBe('rtl');
  });

  it('shows the dialog in Arabic, with the server’s refusal', async () => {
    mockFetch({
      ...session('member'),
      ...readers(),
      [`POST ${INVENTORY}/products/prod-1/adjust-stock`]: refusing('-99', 'Only 7 of Basmati rice 5 kg (RICE-5) on hand'),
    });
    renderRoutes(routes, '/products/prod-1');
    const { user, dialog } = await openOnProductPage('تسوية المخزون');
    expect(within(dialog).getByRole('heading').textContent).toBe('تسوية مخزون أرز بسمتي 5 كغ');
    const quantity = within(dialog).getByLabelText('التغيير في الكمية');
    expect(quantity.getAttribute('dir')).toBe('ltr');
    await user.type(quantity, '-99');
    await user.click(within(dialog).getByRole('button', { name: 'تسوية' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('المتوفر من «Basmati rice 5 kg (RICE-5)» \u200e7\u200e فقط');
  });
});
