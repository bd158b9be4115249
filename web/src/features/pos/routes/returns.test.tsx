import type { PosReturnCreate, PosStoreCreditCreate, PosTransaction } from '@daftar/shared/schemas/pos';
import type { Role } from '@daftar/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readerMessage } from '../../../lib/form-errors';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { resetRegisterOutbox } from '../offline/register-outbox';
import { createMemoryStore, setPosStore, type PosStore } from '../offline/store';
import { API, openSession, POS, postedSale, product, referenceReaders, session, tax, terminal } from '../testing/fixtures';
import { PosRegisterRoute } from './register';

const rice = product();
const water = product({ id: 'prod-water', sku: 'WATER-1', name: 'Water 1.5 L', name_ar: 'مياه 1.5 لتر', sale_price: '0.580', barcodes: ['6250000000017'] });

const RICE_LINE = '0190a0b0-0000-7000-8000-000000000001';
const WATER_LINE = '0190a0b0-0000-7000-8000-000000000002';
const SALE_ID = '0190a0b0-0000-7000-8000-0000000000aa';

const line = (over: Partial<PosTransaction['lines'][number]>): PosTransaction['lines'][number] => ({
  id: RICE_LINE,
  product_id: 'prod-1',
  sku: 'RICE-5',
  name: 'Basmati rice 5 kg',
  name_ar: 'أرز بسمتي 5 كغ',
  quantity: '3',
  unit_price: '7.250',
  price_includes_tax: true,
  tax_id: 'tax-16',
  tax_rate: '16',
  discount: '0.000',
  net: '18.750',
  tax: '3.000',
  gross: '21.750',
  original_line_id: null,
  restock: null,
  returned_quantity: '0',
  ...over,
});

/** FT-000001: 3 × rice 7.250 and 1 × water 0.580 (16% included), paid 22.330 in cash; `riceReturned` came back before. */
function sale(riceReturned = '0'): PosTransaction {
  return {
    ...postedSale({ id: SALE_ID, sequence: 1, terminal_id: 'term-1', session_id: 'sess-1' }, 'FT-000001'),
    lines: [
      line({ returned_quantity: riceReturned }),
      line({ id: WATER_LINE, product_id: 'prod-water', sku: 'WATER-1', name: 'Water 1.5 L', name_ar: 'مياه 1.5 لتر', quantity: '1', unit_price: '0.580', net: '0.500', tax: '0.080', gross: '0.580' }),
    ],
    payments: [{ id: '0190a0b0-0000-7000-8000-0000000000b1', tender: 'cash', amount: '22.330', reference: null }],
    subtotal: '22.330',
    net: '19.250',
    tax: '3.080',
    total_amount: '22.330',
    tendered: '22.330',
  };
}

function returnDetails(riceReturned = '0') {
  const riceLeft = String(3 - Number(riceReturned));
  return {
    transaction_id: SALE_ID,
    number: 'FT-000001',
    lines: [
      { line_id: RICE_LINE, product_id: 'prod-1', name: 'Basmati rice 5 kg', name_ar: 'أرز بسمتي 5 كغ', sold_quantity: '3', returned_quantity: riceReturned, returnable_quantity: riceLeft, unit_price: '7.250', unit_refund: '7.250' },
      { line_id: WATER_LINE, product_id: 'prod-water', name: 'Water 1.5 L', name_ar: 'مياه 1.5 لتر', sold_quantity: '1', returned_quantity: '0', returnable_quantity: '1', unit_price: '0.580', unit_refund: '0.580' },
    ],
    payments: sale().payments,
    customer_id: null,
  };
}

/** What POST pos/returns answers: the server's figures for the body (enough for the receipt). */
function postedReturn(body: PosReturnCreate, number: string): PosTransaction {
  return {
    ...postedSale({ id: body.id, sequence: body.sequence, terminal_id: body.terminal_id, session_id: body.session_id }, number),
    kind: 'return',
    original_transaction_id: body.original_transaction_id ?? null,
    refunds: [{ tender: 'cash', amount: '7.830' }],
    total_amount: '7.830',
  };
}

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

function readers({ role = 'member', policy = 'admins', riceReturned = '0', onReturn }: { role?: Role; policy?: 'never' | 'admins' | 'everyone'; riceReturned?: string; onReturn?: (r: RecordedRequest) => { status?: number; json?: unknown } } = {}) {
  const signedIn = session(role);
  return {
    ...signedIn,
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: 'org-1', name: 'Saleh Grocery', base_currency: 'JOD', fiscal_year_start_month: 1, pos_receiptless_returns: policy }], count: 1 } }),
    ...referenceReaders,
    [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax()], count: 1 } }),
    [`GET ${API}/products-services`]: () => ({ json: { data: [rice, water], count: 2 } }),
    [`GET ${POS}/terminals`]: () => ({ json: { data: [terminal({ last_number: 1 })], count: 1 } }),
    [`GET ${POS}/sessions`]: () => ({ json: { data: [openSession()], count: 1 } }),
    [`GET ${POS}/transactions`]: () => ({ json: { data: [sale(riceReturned)], count: 1 } }),
    [`GET ${POS}/transactions/${SALE_ID}/return-details`]: () => ({ json: returnDetails(riceReturned) }),
    [`POST ${POS}/returns`]: (request: RecordedRequest) =>
      onReturn?.(request) ?? { status: 201, json: postedReturn(JSON.parse(request.body!) as PosReturnCreate, 'FT-000002') },
  };
}

const returnPosts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === `${POS}/returns`);

async function openReturnOf(number = 'FT-000001') {
  const user = userEvent.setup();
  renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
  await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
  await user.click(screen.getByRole('button', { name: 'Return (F9)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Return' });
  await user.click(await within(dialog).findByRole('button', { name: `Return from receipt ${number}` }));
  await screen.findByRole('dialog', { name: `Return from receipt ${number}` });
  await screen.findAllByTestId('pos-return-line');
  return user;
}

describe('returns at the register', { timeout: 60_000 }, () => {
  it('a partial return posts the chosen lines, restock and refund method through the outbox and prints the return receipt', async () => {
    const { requests } = mockFetch(readers());
    const user = await openReturnOf();
    await user.click(screen.getByRole('button', { name: 'Return one more Basmati rice 5 kg' }));
    await user.click(screen.getByRole('button', { name: 'Return one more Water 1.5 L' }));
    // The water is damaged: written off rather than shelved.
    await user.click(screen.getByRole('checkbox', { name: 'Water 1.5 L goes back to stock' }));
    // 1 of 3 rice (21.750 / 3) and the water.
    expect(screen.getByTestId('pos-return-balance').textContent).toMatch(/7\.830/);
    expect(screen.getByRole('radio', { name: 'Original payment' }).getAttribute('aria-checked')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Torn bag');
    await user.click(screen.getByRole('button', { name: /^Refund .*7\.830/ }));

    const receipt = await screen.findByTestId('pos-receipt');
    expect(within(receipt).getByTestId('pos-receipt-kind').textContent).toContain('Return');
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000002'));
    expect(within(receipt).getByTestId('pos-receipt-refund').textContent).toMatch(/7\.830/);

    const [posted] = returnPosts(requests);
    expect(returnPosts(requests)).toHaveLength(1);
    const body = JSON.parse(posted!.body!) as PosReturnCreate;
    expect(posted!.headers.get('Idempotency-Key')).toBe(body.id);
    expect(body).toMatchObject({
      terminal_id: 'term-1',
      session_id: 'sess-1',
      // The terminal's counter continues after the last number the server gave.
      sequence: 2,
      original_transaction_id: SALE_ID,
      refund_method: 'original_tenders',
      new_lines: [],
      payments: [],
      reason: 'Torn bag',
      lines: [
        { original_line_id: RICE_LINE, quantity: '1', restock: true },
        { original_line_id: WATER_LINE, quantity: '1', restock: false },
      ],
    });
    expect(body.lines[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(body.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    await waitFor(async () => expect(await store.outboxAll()).toEqual([]));
  });

  it('never lets the quantity exceed what the line can still give back', async () => {
    const { requests } = mockFetch(readers({ riceReturned: '1' }));
    const user = await openReturnOf();
    const rows = screen.getAllByTestId('pos-return-line');
    expect(within(rows[0]!).getByTestId('pos-return-returnable').textContent).toBe('2');
    const more = screen.getByRole('button', { name: 'Return one more Basmati rice 5 kg' });
    await user.click(more);
    await user.click(more);
    expect((more as HTMLButtonElement).disabled).toBe(true);
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Basmati rice 5 kg returned' }) as HTMLInputElement;
    expect(quantity.value).toBe('2');
    // Typed past the cap: held at it.
    await user.clear(quantity);
    await user.type(quantity, '5{Enter}');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Quantity of Basmati rice 5 kg returned' }) as HTMLInputElement).value).toBe('2'));
    // The rest of the line: 21.750 less the 7.250 the first return took.
    expect(screen.getByTestId('pos-return-balance').textContent).toMatch(/14\.500/);
    await user.click(screen.getByRole('button', { name: /^Refund / }));
    await waitFor(() => expect(returnPosts(requests)).toHaveLength(1));
    const body = JSON.parse(returnPosts(requests)[0]!.body!) as PosReturnCreate;
    expect(body.lines).toEqual([expect.objectContaining({ original_line_id: RICE_LINE, quantity: '2' })]);
  });

  it('an exchange whose new items cost more asks the customer to pay the difference', async () => {
    const { requests } = mockFetch(readers());
    const user = await openReturnOf();
    await user.click(screen.getByRole('button', { name: 'Return one more Water 1.5 L' }));
    await user.click(screen.getByRole('button', { name: 'Add items' }));
    await user.type(screen.getByRole('textbox', { name: 'Scan or search an item' }), '6251234567890{Enter}');
    expect(screen.getAllByTestId('pos-exchange-line')).toHaveLength(1);
    // 7.250 new less 0.580 back.
    expect(screen.getByTestId('pos-return-balance').textContent).toMatch(/6\.670/);
    await user.click(screen.getByRole('button', { name: /^Take payment .*6\.670/ }));
    const pay = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(pay).getByTestId('pos-pay-due').textContent).toMatch(/6\.670/);
    await user.click(within(within(pay).getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: /10\.000/ }));

    await waitFor(() => expect(returnPosts(requests)).toHaveLength(1));
    const body = JSON.parse(returnPosts(requests)[0]!.body!) as PosReturnCreate;
    expect(body).toMatchObject({
      lines: [{ original_line_id: WATER_LINE, quantity: '1', restock: true }],
      new_lines: [{ product_id: 'prod-1', quantity: '1', unit_price: '7.250', price_includes_tax: true, tax_id: 'tax-16', discount: null }],
      payments: [{ tender: 'cash', amount: '10.000' }],
    });
    const receipt = await screen.findByTestId('pos-receipt');
    expect(within(receipt).getByTestId('pos-receipt-kind')).toBeTruthy();
  });

  it('refuses store credit without a customer, and a server refusal is shown to the cashier', async () => {
    const { requests } = mockFetch(
      readers({ onReturn: () => ({ status: 422, json: { detail: [{ loc: ['body', 'lines', 0, 'quantity'], msg: 'Only 0 of Water 1.5 L can still be returned', type: 'too_much' }] } }) }),
    );
    const user = await openReturnOf();
    await user.click(screen.getByRole('button', { name: 'Return one more Water 1.5 L' }));
    await user.click(screen.getByRole('radio', { name: 'Store credit' }));
    await user.click(screen.getByRole('button', { name: /^Refund / }));
    expect((await screen.findByRole('alert')).textContent).toBe('Store credit needs the customer: choose one.');
    expect(returnPosts(requests)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Original payment' }));
    await user.click(screen.getByRole('button', { name: /^Refund / }));
    const receipt = await screen.findByTestId('pos-receipt');
    expect(receipt).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Refused: Only 0 of Water 1\.5 L can still be returned/)).toBeTruthy());
    expect((await store.outboxAll())[0]).toMatchObject({ kind: 'return', status: 'refused' });
  });

  it('offers a return without a receipt only where the policy lets the signed-in role', async () => {
    mockFetch(readers({ role: 'member', policy: 'admins' }));
    const user = userEvent.setup();
    const { unmount } = renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
    await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
    await user.click(screen.getByRole('button', { name: 'Return (F9)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return' });
    await within(dialog).findByRole('button', { name: 'Return from receipt FT-000001' });
    expect(within(dialog).queryByRole('button', { name: 'Return without a receipt' })).toBeNull();
    unmount();
  });

  it('a return without a receipt names the product, its price and the customer, refunded as store credit', async () => {
    const customer = { id: 'cust-1', name: 'Lina Haddad', phone: '0791234567', email: null };
    const { requests } = mockFetch({
      ...readers({ role: 'member', policy: 'everyone' }),
      [`GET ${POS}/customers/search`]: () => ({ json: { data: [customer], count: 1 } }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
    await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
    await user.click(screen.getByRole('button', { name: 'Return (F9)' }));
    await user.click(await screen.findByRole('button', { name: 'Return without a receipt' }));
    await screen.findByRole('dialog', { name: 'Return without a receipt' });
    await user.type(screen.getByRole('textbox', { name: 'Scan or search an item' }), 'water-1{Enter}');
    const price = screen.getByRole('textbox', { name: 'Price of Water 1.5 L' });
    await user.clear(price);
    await user.type(price, '0.500{Enter}');
    await user.tab();
    await user.click(screen.getByRole('button', { name: /^Refund / }));
    expect((await screen.findByRole('alert')).textContent).toBe('Store credit needs the customer: choose one.');
    await user.click(screen.getByRole('button', { name: 'Choose customer' }));
    const picker = await screen.findByRole('dialog', { name: 'Customer' });
    await user.type(within(picker).getByRole('searchbox', { name: 'Search by name, phone or e-mail' }), 'Lina');
    await user.click(await within(picker).findByRole('listitem', { name: 'Choose Lina Haddad' }));
    expect(screen.getByTestId('pos-return-customer').textContent).toBe('Lina Haddad');
    expect(screen.getByTestId('pos-return-balance').textContent).toMatch(/0\.500/);
    await user.click(screen.getByRole('button', { name: /^Refund / }));
    await waitFor(() => expect(returnPosts(requests)).toHaveLength(1));
    const body = JSON.parse(returnPosts(requests)[0]!.body!) as PosReturnCreate;
    expect(body).toMatchObject({
      original_transaction_id: null,
      customer_id: 'cust-1',
      refund_method: 'store_credit',
      lines: [{ product_id: 'prod-water', unit_price: '0.500', price_includes_tax: true, tax_id: 'tax-16', quantity: '1', restock: true }],
    });
  });

  it('lists the session receipts with the pending ones, reprints one and starts its return', async () => {
    mockFetch(readers());
    const user = userEvent.setup();
    renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
    await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
    await store.outboxPut({ id: '0190a0b0-0000-7000-8000-0000000000cc', kind: 'sale', organization_id: 'org-1', terminal_id: 'term-1', sequence: 3, body: { id: '0190a0b0-0000-7000-8000-0000000000cc', terminal_id: 'term-1', session_id: 'sess-1', sequence: 3, occurred_at: '2026-11-26T10:20:00+03:00', lines: [], payments: [{ id: '0190a0b0-0000-7000-8000-0000000000cd', tender: 'card', amount: '1.000' }] }, created_at: '2026-11-26T07:20:00Z', status: 'refused', attempts: 1, last_error: null, refusal: { status: 409, detail: 'The session is closed' } });
    await user.keyboard('{F8}');
    const drawer = await screen.findByRole('dialog', { name: "This session's receipts" });
    await waitFor(() => expect(within(drawer).getAllByTestId('pos-receipt-row')).toHaveLength(2));
    const [pending, posted] = within(drawer).getAllByTestId('pos-receipt-row');
    expect(pending!.textContent).toContain('Sale 3 (not synced yet)');
    expect(posted!.textContent).toContain('FT-000001');
    expect(posted!.textContent).toMatch(/22\.330/);
    await user.click(within(drawer).getByRole('button', { name: 'Open receipt FT-000001' }));
    const receipt = await screen.findByTestId('pos-receipt');
    expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001');
    expect(within(receipt).getByTestId('pos-receipt-total').textContent).toMatch(/22\.330/);
    await user.click(screen.getByRole('button', { name: 'Return items' }));
    await screen.findByRole('dialog', { name: 'Return from receipt FT-000001' });
  });

  it('shows the customer’s store credit and takes a deposit into the open session', async () => {
    const customer = { id: 'cust-1', name: 'Lina Haddad', phone: '0791234567', email: null };
    let balance = '2.000';
    const { requests } = mockFetch({
      ...readers(),
      [`GET ${POS}/customers/search`]: () => ({ json: { data: [customer], count: 1 } }),
      [`GET ${POS}/customers/cust-1/account-balance`]: () => ({ json: { customer_id: 'cust-1', receivable: '0.000', store_credit: balance } }),
      [`POST ${POS}/store-credit`]: () => {
        balance = '7.000';
        return { status: 201, json: { id: 'sc-1', customer_id: 'cust-1', amount: '5.000', balance: '7.000' } };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
    await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
    await user.click(screen.getByRole('button', { name: 'Customer' }));
    const picker = await screen.findByRole('dialog', { name: 'Customer' });
    await user.type(within(picker).getByRole('searchbox'), 'Lina');
    await user.click(await within(picker).findByRole('listitem', { name: 'Choose Lina Haddad' }));
    await user.click(await screen.findByRole('button', { name: 'Store credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Store credit of Lina Haddad' });
    await waitFor(() => expect(within(dialog).getByTestId('pos-store-credit-balance').textContent).toMatch(/2\.000/));
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '5{Enter}');
    await within(dialog).findByText(/Deposited .*5\.000.*7\.000/);
    await waitFor(() => expect(within(dialog).getByTestId('pos-store-credit-balance').textContent).toMatch(/7\.000/));
    const post = requests.find((r) => r.method === 'POST' && r.url === `${POS}/store-credit`)!;
    expect(JSON.parse(post.body!) as PosStoreCreditCreate).toEqual({ customer_id: 'cust-1', amount: '5', method: 'card', session_id: 'sess-1', reason: null });
  });
});

describe('returns in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('speaks Arabic and shows a server refusal of a deposit in Arabic', async () => {
    const customer = { id: 'cust-1', name: 'Lina Haddad', phone: '0791234567', email: null };
    mockFetch({
      ...readers(),
      [`GET ${POS}/customers/search`]: () => ({ json: { data: [customer], count: 1 } }),
      [`GET ${POS}/customers/cust-1/account-balance`]: () => ({ json: { customer_id: 'cust-1', receivable: '0.000', store_credit: '0.000' } }),
      [`POST ${POS}/store-credit`]: () => ({ status: 409, json: { detail: 'The session is closed; open a new session' } }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
    await screen.findByRole('listitem', { name: 'إضافة أرز بسمتي 5 كغ' });
    expect(screen.getByRole('button', { name: 'إرجاع (F9)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'العميل' }));
    const picker = await screen.findByRole('dialog', { name: 'العميل' });
    await user.type(within(picker).getByRole('searchbox'), 'Lina');
    await user.click(await within(picker).findByRole('listitem'));
    await user.click(await screen.findByRole('button', { name: 'رصيد المتجر' }));
    const dialog = await screen.findByRole('dialog', { name: 'رصيد المتجر لـ Lina Haddad' });
    await user.type(within(dialog).getByRole('textbox', { name: 'المبلغ' }), '5{Enter}');
    // The server's English, through the shared patterns, in Arabic.
    expect((await within(dialog).findByRole('alert')).textContent).toBe('الجلسة مغلقة؛ افتح جلسة جديدة');
    // A return's refusal of a quantity, likewise.
    expect(readerMessage('Only 2 of Water 1.5 L can still be returned')).toBe('يمكن إرجاع \u200e2\u200e فقط من «Water 1.5 L»');
  });
});
