import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, customers, invoice, prepareScreens, session, taxes } from '../testing/fixtures';
import { InvoiceRoute } from './invoice';
import { NewInvoiceRoute } from './new-invoice';

/** Issue 16: "Apply promotions" on the invoice form, and the points a confirmed invoice earned. */
beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/invoices');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [
  { path: '/sales/invoices', element: <Screen name="invoices" /> },
  { path: '/sales/invoices/new', element: <NewInvoiceRoute /> },
  { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> },
];
const pageRoutes = [{ path: '/sales/invoices/:invoiceId', element: <InvoiceRoute /> }];

const readers = {
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
};

/** What the server answers for 2 × 50.000 at 16 %: 10 % off applies, "Big orders" needs 500.000. */
const answer = {
  applied: [{ promotion_id: 'p-10', name: 'Ten percent', name_ar: 'عشرة بالمئة', discount: '10.000', reason_key: 'promotion.why.applied', reason_params: { discount: '10.000' }, reason: 'Applies: 10.000 off' }],
  skipped: [{ promotion_id: 'p-big', name: 'Big orders', name_ar: null, discount: '0.000', reason_key: 'promotion.why.min_subtotal', reason_params: { required: '500.000', actual: '100.000' }, reason: 'Needs at least 500.000; the cart comes to 100.000' }],
  lines: [{ index: 0, promotion_discount: '10.000', discount: '10.000' }],
  discount_total: '10.000',
};

async function fillDraft(user: ReturnType<typeof userEvent.setup>, texts: { customer: string; description: string; quantity: string; price: string }) {
  // The picker fills once the customers arrive.
  await screen.findByRole('option', { name: 'Petra Stores' });
  await user.selectOptions(screen.getByLabelText(texts.customer), 'Petra Stores');
  await user.type(screen.getByLabelText(texts.description), 'Catering');
  await user.clear(screen.getByLabelText(texts.quantity));
  await user.type(screen.getByLabelText(texts.quantity), '2');
  await user.type(screen.getByLabelText(texts.price), '50');
}

describe('apply promotions on the invoice form', { timeout: 30_000 }, () => {
  it('sends the draft, lists each promotion with why (not), puts the share in the line and saves the promotion with the draft', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/promotions`]: () => ({ json: answer }),
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await fillDraft(user, { customer: 'Customer', description: 'Description, line 1', quantity: 'Quantity, line 1', price: 'Unit price, line 1' });
    await user.click(screen.getByRole('button', { name: 'Apply promotions' }));

    const panel = await screen.findByRole('region', { name: 'Promotions' });
    expect(panel.textContent).toMatch(/Promotions take .*10\.000.* off the lines/);
    const [applies, not] = within(panel).getAllByRole('listitem');
    expect(applies!.textContent).toContain('Ten percent');
    expect(applies!.textContent).toMatch(/Ten percent — .*10\.000.* off$/);
    expect(not!.textContent).toContain('Big orders');
    expect(not!.textContent).toMatch(/Needs a subtotal of at least .*500\.000.*; the cart comes to .*100\.000/);
    const sent = JSON.parse(requests.find((r) => r.url.endsWith('/invoices/promotions'))!.body!);
    expect(sent).toMatchObject({ contact_id: 'c-1', price_includes_tax: false, lines: [{ description: 'Catering', quantity: '2', unit_price: '50', tax_id: 'tax-16' }] });
    expect(sent.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The line's discount is now the promotion's share, an amount; the totals follow.
    expect((screen.getByLabelText('Discount, line 1') as HTMLInputElement).value).toBe('10.000');
    expect(screen.getByRole('table', { name: 'Totals' }).textContent).toMatch(/104\.400/);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.url.endsWith('/invoices/with-line-items'))!.body!);
    expect(body.promotion_ids).toEqual(['p-10']);
    expect(body.lines).toEqual([
      { product_id: null, description: 'Catering', quantity: '2', unit_price: '50', discount: { type: 'amount', amount: '10.000' }, tax_id: 'tax-16', special_tax_id: null, promotion_discount: '10.000' },
    ]);
  });

  it('says why the promotions could not be applied, and changes no line', async () => {
    mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/promotions`]: () => ({ status: 422, json: { detail: [{ loc: ['body', 'lines', 0, 'unit_price'], msg: 'Enter a price', type: 'value_error' }] } }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await fillDraft(user, { customer: 'Customer', description: 'Description, line 1', quantity: 'Quantity, line 1', price: 'Unit price, line 1' });
    await user.click(screen.getByRole('button', { name: 'Apply promotions' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The promotions could not be applied');
    expect((screen.getByLabelText('Discount, line 1') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('region', { name: 'Promotions' })).toBeNull();
  });

  it('speaks Arabic, right to left, with the promotions’ Arabic names', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('member'), ...readers, [`POST ${API}/invoices/promotions`]: () => ({ json: answer }) });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    expect(document.documentElement.dir).toBe('rtl');
    await fillDraft(user, { customer: 'العميل', description: 'الوصف، البند 1', quantity: 'الكمية، البند 1', price: 'سعر الوحدة، البند 1' });
    await user.click(screen.getByRole('button', { name: 'تطبيق العروض' }));
    const panel = await screen.findByRole('region', { name: 'العروض' });
    expect(panel.textContent).toContain('عشرة بالمئة');
    expect(panel.textContent).toContain('ينطبق');
    expect(panel.textContent).toContain('لا ينطبق');
    expect(panel.textContent).toContain('Big orders');
  });
});

describe('an invoice’s promotions and points', { timeout: 30_000 }, () => {
  const confirmed = invoice({
    promotions: [{ promotion_id: 'p-10', name: 'Ten percent', name_ar: 'عشرة بالمئة', discount: '1.117', reason_key: 'promotion.why.applied', reason_params: { discount: '1.117' } }],
    loyalty_points_earned: 11,
    loyalty_points_taken_back: 5,
    loyalty: { loyalty_program_id: 'lp-1', points_earned: 11, points_taken_back: 5, shortfall_points: 0, shortfall_amount: '0.000' },
  });
  const reads = () => ({
    ...session('viewer'),
    [`GET ${API}/invoices/inv-1`]: () => ({ json: confirmed }),
    [`GET ${API}/contacts/c-1`]: () => ({ json: customers[0] }),
    [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
    [`GET ${API}/journal-entries/je-1`]: () => ({ status: 404, json: { detail: 'Not found' } }),
    [`GET ${API}/payments/invoices/inv-1`]: () => ({ json: { data: [], count: 0 } }),
    [`GET ${API}/invoices/return/invoices`]: () => ({ json: { data: [], count: 0 } }),
  });

  it('shows the promotion used and the points earned and taken back', async () => {
    mockFetch(reads());
    renderRoutes(pageRoutes, '/sales/invoices/inv-1');
    const card = await screen.findByRole('region', { name: 'Promotions and loyalty' });
    expect(card.textContent).toMatch(/Ten percent: .*1\.117.* off/);
    expect(card.textContent).toContain('Loyalty points earned: 11');
    expect(card.textContent).toContain('Taken back by credit notes: 5 points');
  });

  it('in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch(reads());
    renderRoutes(pageRoutes, '/sales/invoices/inv-1');
    const card = await screen.findByRole('region', { name: 'العروض والولاء' });
    expect(card.textContent).toContain('عشرة بالمئة');
    expect(card.textContent).toMatch(/نقاط الولاء المكتسبة: (11|١١)/);
  });
});
