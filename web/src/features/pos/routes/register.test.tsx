import { gtinCheckDigit } from '@daftar/shared/barcodes';
import type { PosSaleCreate } from '@daftar/shared/schemas/pos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { resetRegisterOutbox } from '../offline/register-outbox';
import { createMemoryStore, setPosStore, type PosStore } from '../offline/store';
import { API, openSession, POS, postedSale, product, referenceReaders, session, tax, terminal } from '../testing/fixtures';
import { PosRegisterRoute } from './register';

const rice = product();
const water = product({ id: 'prod-water', sku: 'WATER-1', name: 'Water 1.5 L', name_ar: 'مياه 1.5 لتر', sale_price: '0.580', barcodes: ['6250000000017'] });
const cheese = product({ id: 'prod-cheese', sku: 'CHEESE', name: 'Nabulsi cheese', name_ar: 'جبنة نابلسية', sale_price: '8.000', tax_id: 'tax-0', barcodes: ['2012345'], unit_of_measure: 'kg' });

const routes = [
  { path: '/pos', element: <PosRegisterRoute /> },
  { path: '/pos/sessions', element: <Screen name="sessions" /> },
];

let store: PosStore;
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => {
  store = createMemoryStore();
  setPosStore(store);
  resetRegisterOutbox();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setPosStore(null);
  resetRegisterOutbox();
});

type Poster = (request: RecordedRequest) => { status?: number; json?: unknown } | undefined;

function readers({ post, sessions = [openSession()] }: { post?: Poster; sessions?: ReturnType<typeof openSession>[] } = {}) {
  let numbers = 0;
  const accept: Poster = (request) => {
    const body = JSON.parse(request.body!) as PosSaleCreate;
    numbers += 1;
    return { status: 201, json: postedSale(body, `FT-${String(numbers).padStart(6, '0')}`) };
  };
  return {
    ...session('member'),
    ...referenceReaders,
    [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax(), tax({ id: 'tax-0', code: 'Z', name: 'Zero rated', name_ar: 'خاضع بنسبة الصفر', rate: '0', tax_category: 'zero_rated', is_default: false })], count: 2 } }),
    [`GET ${API}/products-services`]: () => ({ json: { data: [rice, water, cheese], count: 3 } }),
    [`GET ${POS}/terminals`]: () => ({ json: { data: [terminal()], count: 1 } }),
    [`GET ${POS}/sessions`]: () => ({ json: { data: sessions, count: sessions.length } }),
    [`POST ${POS}/transactions`]: (request: RecordedRequest) => (post ?? accept)(request),
  };
}

const sales = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === `${POS}/transactions`);

async function openRegister() {
  const user = userEvent.setup();
  renderRoutes(routes, '/pos');
  // The catalogue is in memory once its tiles are drawn.
  await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
  const scan = screen.getByRole('textbox', { name: 'Scan or type a barcode or SKU' });
  await waitFor(() => expect(document.activeElement).toBe(scan));
  return { user, scan };
}

describe('register', { timeout: 60_000 }, () => {
  it('adds scanned lines at once, totals them, and a paid sale goes through the outbox to the server', async () => {
    const { requests } = mockFetch(readers());
    const { user, scan } = await openRegister();

    await user.type(scan, '6251234567890{Enter}');
    await user.type(scan, '6251234567890{Enter}');
    // A SKU typed by hand adds too, whatever its case.
    await user.type(scan, 'water-1{Enter}');
    await user.type(scan, '999{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('No product has the code 999.');

    const lines = screen.getAllByTestId('pos-line');
    expect(lines).toHaveLength(2);
    expect((within(lines[0]!).getByRole('textbox', { name: 'Quantity of Basmati rice 5 kg' }) as HTMLInputElement).value).toBe('2');
    // 2 × 7.250 and 0.580, both with 16% included: tax 2.000 + 0.080.
    expect(screen.getByTestId('pos-total').textContent).toMatch(/15\.080/);
    expect(screen.getByTestId('pos-tax').textContent).toMatch(/2\.080/);

    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(dialog).getByTestId('pos-pay-due').textContent).toMatch(/15\.080/);
    await user.click(within(within(dialog).getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: /20\.000/ }));

    const receipt = await screen.findByTestId('pos-receipt');
    expect(within(receipt).getByTestId('pos-receipt-total').textContent).toMatch(/15\.080/);
    expect(within(receipt).getByTestId('pos-receipt-change').textContent).toMatch(/4\.920/);
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001'));

    const [posted] = sales(requests);
    expect(sales(requests)).toHaveLength(1);
    const body = JSON.parse(posted!.body!) as PosSaleCreate;
    expect(posted!.headers.get('Idempotency-Key')).toBe(body.id);
    expect(posted!.headers.get('X-Organization-ID')).toBe('org-1');
    expect(body).toMatchObject({
      terminal_id: 'term-1',
      session_id: 'sess-1',
      sequence: 1,
      customer_id: null,
      lines: [
        { product_id: 'prod-1', quantity: '2', unit_price: '7.250', price_includes_tax: true, tax_id: 'tax-16', discount: null },
        { product_id: 'prod-water', quantity: '1', unit_price: '0.580', price_includes_tax: true, tax_id: 'tax-16', discount: null },
      ],
      payments: [{ tender: 'cash', amount: '20.000' }],
    });
    expect(body.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Sent and answered: nothing left waiting.
    await waitFor(async () => expect(await store.outboxAll()).toEqual([]));

    // Enter starts the next sale; the ticket is empty and the next one takes sequence 2.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('pos-receipt')).toBeNull());
    expect(screen.queryAllByTestId('pos-line')).toHaveLength(0);
    expect(await store.nextSequence('term-1')).toBe(2);
  });

  it('offline: a weighed scale label sells by weight, the sale waits in the outbox and is sent when the network is back', async () => {
    let online = false;
    const { requests } = mockFetch(
      readers({
        post: (request) => {
          if (!online) throw new TypeError('Failed to fetch');
          const body = JSON.parse(request.body!) as PosSaleCreate;
          return { status: 201, json: postedSale(body, 'FT-000007') };
        },
      }),
    );
    const { user, scan } = await openRegister();
    // Prefix 20 (weight in grams), item 12345, 1.250 kg.
    const label = `201234501250`;
    await user.type(scan, `${label}${gtinCheckDigit(label)}{Enter}`);
    expect((screen.getByRole('textbox', { name: 'Quantity of Nabulsi cheese' }) as HTMLInputElement).value).toBe('1.250');
    // 1.250 kg × 8.000, zero-rated.
    expect(screen.getByTestId('pos-total').textContent).toMatch(/10\.000/);

    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '10{Enter}');

    const receipt = await screen.findByTestId('pos-receipt');
    expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('Pending / قيد الانتظار');
    expect(within(receipt).getByTestId('pos-receipt-change').textContent).toMatch(/0\.000/);
    // The first send failed (the banner says offline only after the failure is recorded).
    await screen.findByText(/Offline: sales are kept on this device/);
    expect(screen.getByText(/1 sale waiting to sync/)).toBeTruthy();
    const [kept] = await store.outboxAll();
    expect(kept).toMatchObject({ status: 'pending', kind: 'sale', sequence: 1, attempts: 1 });
    expect((kept!.body as PosSaleCreate).lines[0]).toMatchObject({ product_id: 'prod-cheese', quantity: '1.250', unit_price: '8.000', tax_id: 'tax-0' });

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000007'));
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).toBeNull());
    const posted = sales(requests);
    // The same ticket, the same key, each time.
    expect(new Set(posted.map((r) => r.headers.get('Idempotency-Key')))).toEqual(new Set([kept!.id]));
    expect(await store.outboxAll()).toEqual([]);
  });

  it("holds a cashier's line discount to the terminal's limit", async () => {
    mockFetch(readers());
    const { user, scan } = await openRegister();
    await user.type(scan, '6251234567890{Enter}');
    await user.click(screen.getByRole('button', { name: 'Discount on Basmati rice 5 kg' }));
    const value = await screen.findByRole('textbox', { name: 'Discount' });
    await user.type(value, '25{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Above the 10% a cashier may give.');
    await user.clear(value);
    await user.type(value, '10{Enter}');
    // 7.250 less 10%: 6.525.
    await waitFor(() => expect(screen.getByTestId('pos-total').textContent).toMatch(/6\.525/));
  });

  it('asks to open a session when the terminal has none', async () => {
    mockFetch(readers({ sessions: [] }));
    const user = userEvent.setup();
    renderRoutes(routes, '/pos');
    const link = await screen.findByRole('link', { name: 'Open a session' });
    expect(link.getAttribute('href')).toBe('/pos/sessions?terminal_id=term-1');
    await user.click(link);
    await screen.findByText('screen:sessions');
  });
});

describe('register in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('speaks Arabic right to left, names products in Arabic, and keeps the receipt bilingual', async () => {
    mockFetch(readers());
    const user = userEvent.setup();
    renderRoutes(routes, '/pos');
    await screen.findByRole('listitem', { name: 'إضافة أرز بسمتي 5 كغ' });
    expect(document.documentElement.dir).toBe('rtl');
    const scan = screen.getByRole('textbox', { name: 'امسح أو اكتب الباركود أو رمز الصنف' });
    await waitFor(() => expect(document.activeElement).toBe(scan));
    await user.type(scan, '6251234567890{Enter}');
    expect(screen.getByRole('textbox', { name: 'كمية أرز بسمتي 5 كغ' })).toBeTruthy();
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'الدفع' });
    await user.click(within(dialog).getByRole('button', { name: 'إتمام البيع' }));
    const receipt = await screen.findByTestId('pos-receipt');
    expect(receipt.textContent).toContain('Total');
    expect(receipt.textContent).toContain('الإجمالي');
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001'));
  });
});
