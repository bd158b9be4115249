import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, customers, prepareScreens, invoice, session, taxes } from '../testing/fixtures';
import { InvoiceRoute } from './invoice';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/invoiceReturns');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

const routes = [
  { path: '/sales/invoices', element: <Screen name="invoices" /> },
  { path: '/sales/invoices/:invoiceId', element: <InvoiceRoute /> },
  { path: '/sales/invoices/:invoiceId/edit', element: <Screen name="edit" /> },
  { path: '/sales/returns/:returnId', element: <Screen name="return" /> },
  { path: '/sales/payments', element: <Screen name="payments" /> },
];

const journalEntry = {
  id: 'je-1',
  organization_id: 'org-1',
  number: 7,
  entry_number: 'JE-000007',
  date: '2025-03-01',
  memo: 'Invoice INV-000001',
  reference: 'INV-000001',
  status: 'posted',
  source_type: 'invoice',
  source_id: 'inv-1',
  currency: 'JOD',
  lines: [
    { line_no: 1, account_id: 'a-1200', account_code: '1200', account_name: 'Accounts receivable', debit: '11.166', credit: '0.000', description: 'Invoice INV-000001', contact_id: 'c-1', tax_id: null },
    { line_no: 2, account_id: 'a-4100', account_code: '4100', account_name: 'Sales', debit: '0.000', credit: '11.005', description: 'Invoice INV-000001', contact_id: null, tax_id: null },
    { line_no: 3, account_id: 'a-2200', account_code: '2200', account_name: 'Sales tax payable', debit: '0.000', credit: '0.161', description: 'Invoice INV-000001 tax', contact_id: null, tax_id: 'tax-16' },
  ],
  total_debit: '11.166',
  total_credit: '11.166',
  reverses_entry_id: null,
  reversed_by_entry_id: null,
  created_by: 'u1',
  posted_by: 'u1',
  posted_at: '2025-03-01T10:00:00Z',
  version: 1,
  created_at: '2025-03-01T10:00:00Z',
  updated_at: '2025-03-01T10:00:00Z',
};

const payment = {
  id: 'pay-1',
  organization_id: 'org-1',
  number: 'PAY-000003',
  payment_type: 'received',
  payment_method: 'cliq',
  status: 'posted',
  contact_id: 'c-1',
  date: '2025-03-05',
  currency: 'JOD',
  amount: '20.000',
  allocated_amount: '5.000',
  unallocated_amount: '15.000',
  account_id: 'a-1130',
  reference: 'CLIQ-991',
  notes: null,
  allocations: [{ invoice_id: 'inv-1', bill_id: null, amount: '5.000' }],
  journal_entry_id: 'je-9',
  reversal_entry_id: null,
  voided_at: null,
  version: 1,
  created_at: '2025-03-05T10:00:00Z',
  updated_at: '2025-03-05T10:00:00Z',
};

const earlierReturn = {
  id: 'ret-0',
  organization_id: 'org-1',
  number: 'RET-000001',
  status: 'confirmed',
  original_invoice_id: 'inv-1',
  original_invoice_number: 'INV-000001',
  contact_id: 'c-1',
  issue_date: '2025-03-02',
  reason: 'Broken',
  currency: 'JOD',
  lines: [{ line_id: 'l-1', product_id: null, description: 'Pens', quantity: '1', unit_price: '0.335', tax_id: 'tax-16', tax_category: 'standard', tax_rate: '16', subtotal: '0.335', discount_amount: '0.000', net: '0.335', tax: '0.054', gross: '0.389' }],
  subtotal: '0.335',
  discount_total: '0.000',
  net_total: '0.335',
  tax_total: '0.054',
  gross_total: '0.389',
  applied_to_invoice: '0.389',
  store_credit: '0.000',
  journal_entry_id: 'je-2',
  created_at: '2025-03-02T10:00:00Z',
};

function api(role: 'member' | 'admin' | 'viewer', doc = invoice(), extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...session(role),
    [`GET ${API}/invoices/${doc.id}`]: () => ({ json: doc }),
    [`GET ${API}/contacts/${doc.contact_id}`]: () => ({ json: { ...customers[0], email: 'accounts@petra.jo' } }),
    [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
    [`GET ${API}/journal-entries/je-1`]: () => ({ json: journalEntry }),
    [`GET ${API}/payments/invoices/${doc.id}`]: () => ({ json: { data: [payment], count: 1 } }),
    [`GET ${API}/invoices/return/invoices`]: () => ({ json: { data: [earlierReturn], count: 1 } }),
    ...extra,
  });
}

const draft = invoice({ status: 'draft', number: null, journal_entry_id: null, confirmed_at: null });

describe('invoice view', { timeout: 30_000 }, () => {
  it('hides Confirm from a member, who can still edit, duplicate and delete the draft', async () => {
    api('member', draft);
    renderRoutes(routes, '/sales/invoices/inv-1');
    expect(await screen.findByRole('heading', { name: 'Draft invoice' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Edit' });
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel draft' })).toBeNull();
  });

  it('shows a viewer no actions that change the invoice', async () => {
    api('viewer', draft);
    renderRoutes(routes, '/sales/invoices/inv-1');
    await screen.findByRole('heading', { name: 'Draft invoice' });
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    for (const name of ['Confirm', 'Duplicate', 'Delete', 'Cancel draft']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('lets an admin confirm a draft, which then shows its number', async () => {
    let current = draft;
    const { requests } = api('admin', draft, {
      [`GET ${API}/invoices/inv-1`]: () => ({ json: current }),
      [`POST ${API}/invoices/inv-1/confirm`]: () => {
        current = invoice();
        return { json: current };
      },
    });
    renderRoutes(routes, '/sales/invoices/inv-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and post' }));

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([`${API}/invoices/inv-1/confirm`]);
  });

  it('confirms once on a double click: the button works (disabled) until the answer, under one Idempotency-Key', async () => {
    let current = draft;
    const { requests, fetchMock } = api('admin', draft, {
      [`GET ${API}/invoices/inv-1`]: () => ({ json: current }),
      [`POST ${API}/invoices/inv-1/confirm`]: () => {
        current = invoice();
        return { json: current };
      },
    });
    // The confirmation answers when the test says so.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const route = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/confirm')) await answered;
      return route(input, init);
    });
    renderRoutes(routes, '/sales/invoices/inv-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this invoice?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm and post' }));

    const working = within(dialog).getByRole('button', { name: 'Confirm and post' }) as HTMLButtonElement;
    expect(working.disabled).toBe(true);
    expect(working.getAttribute('data-disabled')).toBe('true');
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(working);
    answer();

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toEqual([`${API}/invoices/inv-1/confirm`]);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a failed confirmation from the open dialog with the same Idempotency-Key; a new opening gets a new one', async () => {
    let current = draft;
    let attempts = 0;
    const { requests } = api('admin', draft, {
      [`GET ${API}/invoices/inv-1`]: () => ({ json: current }),
      [`POST ${API}/invoices/inv-1/confirm`]: () => {
        attempts += 1;
        if (attempts < 3) return { status: 503, json: { detail: 'Service unavailable, try again' } };
        current = invoice();
        return { json: current };
      },
    });
    renderRoutes(routes, '/sales/invoices/inv-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm this invoice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and post' }));
    expect(await screen.findByText('Service unavailable, try again')).toBeTruthy();
    // The dialog stays open: trying again is the same intent.
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Confirm and post' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and post' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm this invoice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and post' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' })).toBeTruthy();

    const keys = requests.filter((r) => r.url.endsWith('/confirm')).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows a confirmed invoice with tax per rate, balance due, its journal entry and payments', async () => {
    api('member', invoice({ status: 'partially_paid', amount_paid: '5.000', balance_due: '6.166' }));
    const { router } = renderRoutes(routes, '/sales/invoices/inv-1');
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' })).toBeTruthy();

    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByRole('row', { name: /Sales tax 16%/ }).textContent).toContain('0.161');
    expect(within(totals).getByRole('row', { name: /^Total(?! before)/ }).textContent).toContain('11.166');
    const settlement = screen.getByRole('table', { name: 'Payments and credits' });
    expect(within(settlement).getByRole('row', { name: /Balance due/ }).textContent).toContain('6.166');

    const journal = await screen.findByRole('table', { name: 'Journal entry' });
    expect(within(journal).getByRole('row', { name: /Accounts receivable/ }).textContent).toContain('11.166');
    expect(within(journal).getByRole('row', { name: /Sales tax payable/ }).textContent).toContain('0.161');

    const payments = await screen.findByRole('table', { name: 'Payments received' });
    expect(within(payments).getByRole('row', { name: /PAY-000003/ }).textContent).toContain('5.000');
    expect(within(payments).getByRole('row', { name: /PAY-000003/ }).textContent).toContain('CliQ');

    const credits = await screen.findByRole('table', { name: 'Credit notes against this invoice' });
    expect(within(credits).getByRole('link', { name: 'RET-000001' }).getAttribute('href')).toBe('/sales/returns/ret-0');

    expect(screen.getByRole('link', { name: 'Record payment' }).getAttribute('href')).toBe('/sales/payments?invoice_id=inv-1');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    // The payment dialog is told where to come back to once the payment is recorded.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Record payment' }));
    expect(await screen.findByText('screen:payments')).toBeTruthy();
    expect(router.state.location.state).toEqual({ returnTo: '/sales/invoices/inv-1' });
  });

  it('caps the quantities of a return at what is still returnable', async () => {
    const { requests } = api('admin', invoice(), {
      [`POST ${API}/invoices/inv-1/returns`]: () => ({ status: 201, json: { ...earlierReturn, id: 'ret-1', number: 'RET-000002' } }),
    });
    renderRoutes(routes, '/sales/invoices/inv-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create return' }));
    const dialog = await screen.findByRole('dialog');
    const pens = await within(dialog).findByRole('row', { name: /Pens/ });
    // Sold 3, one returned before: 2 left.
    expect(within(pens).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent)).toEqual(['3', '1', '2']);

    await user.type(within(dialog).getByLabelText('Quantity to return, line 1'), '3');
    await user.type(within(dialog).getByLabelText('Reason'), 'Damaged in delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    expect(await within(dialog).findByText('At most 2 can be returned')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Quantity to return, line 1'));
    await user.type(within(dialog).getByLabelText('Quantity to return, line 1'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    expect(await screen.findByText('screen:return')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toMatchObject({ reason: 'Damaged in delivery', lines: [{ line_id: 'l-1', quantity: '2' }] });
  });

  it('sends the invoice by e-mail with copies, message and language', async () => {
    const { requests } = api('member', invoice(), { [`POST ${API}/invoices/inv-1/send`]: () => ({ json: invoice({ status: 'sent' }) }) });
    renderRoutes(routes, '/sales/invoices/inv-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText("Leave empty to send to the customer's address (accounts@petra.jo).");
    await user.type(within(dialog).getByLabelText('Copies (cc)'), 'boss@petra.jo, not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Copies (cc)'));
    await user.type(within(dialog).getByLabelText('Copies (cc)'), 'boss@petra.jo; audit@petra.jo');
    await user.type(within(dialog).getByLabelText('Personal message'), 'Thank you for your order');
    await user.selectOptions(within(dialog).getByLabelText('Subject language'), 'Arabic');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toEqual({ cc: ['boss@petra.jo', 'audit@petra.jo'], message: 'Thank you for your order', language: 'ar' });
  });

  it('downloads the PDF as a file', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/pdf')) {
        expect(new Headers(init?.headers).get('X-Organization-ID')).toBe('org-1');
        return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="INV-000001.pdf"' } });
      }
      return fallback(input, init);
    });
    const { fetchMock: fallback } = api('viewer');
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs: a stand-in subclass for this test only.
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', class extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderRoutes(routes, '/sales/invoices/inv-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('INV-000001.pdf');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(link.href).toBe('blob:pdf');
  });

  it('renders in Arabic, right to left, with Latin digits', async () => {
    await changeLanguage('ar');
    api('admin', invoice({ status: 'partially_paid', amount_paid: '5.000', balance_due: '6.166' }));
    renderRoutes(routes, '/sales/invoices/inv-1');
    expect(await screen.findByRole('heading', { name: 'فاتورة INV-000001' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText('مدفوعة جزئياً')).toBeTruthy();
    const settlement = screen.getByRole('table', { name: 'الدفعات والإشعارات الدائنة' });
    expect(within(settlement).getByRole('row', { name: /الرصيد المستحق/ }).textContent).toMatch(/6\.166/);
    const totals = screen.getByRole('table', { name: 'المجاميع' });
    expect(within(totals).getByRole('row', { name: /ضريبة المبيعات 16٪/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إنشاء مرتجع' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'قيد اليومية' })).toBeTruthy();
  });
});

describe('invoice view with special sales tax', { timeout: 30_000 }, () => {
  it('names each line’s special tax and shows the special tax total', async () => {
    const special = { id: 'sp-fixed', code: 'SP1', name: 'Special tax 1 JOD', name_ar: null, rate: '0', tax_category: 'special', jofotara_category: 'S', special_tax_type: 'fixed', special_tax_amount: '1', is_default: false, is_active: true };
    const doc = invoice({
      lines: [
        { id: 'l-1', product_id: null, description: 'Cigarettes', quantity: '10', unit_price: '50.000', discount: null, tax_id: 'tax-16', tax_category: 'standard', tax_rate: '16', special_tax_id: 'sp-fixed', subtotal: '500.000', discount_amount: '0.000', net: '500.000', special_tax: '10.000', tax: '81.600', gross: '591.600', promotion_discount: '0.000' },
      ],
      subtotal: '500.000',
      net_total: '500.000',
      special_tax_total: '10.000',
      tax_total: '81.600',
      gross_total: '591.600',
      balance_due: '591.600',
    });
    api('viewer', doc, { [`GET ${API}/taxes/list`]: () => ({ json: { data: [...taxes, special], count: taxes.length + 1 } }) });
    renderRoutes(routes, '/sales/invoices/inv-1');
    const totals = await screen.findByRole('table', { name: 'Totals' });
    expect(within(totals).getByText('Special sales tax')).toBeTruthy();
    expect(totals.textContent).toMatch(/10\.000/);
    expect(totals.textContent).toMatch(/591\.600/);
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText(/Special tax 1 JOD/)).toBeTruthy();
  });
});
