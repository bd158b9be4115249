import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactStatement } from '@daftar/shared/schemas/contacts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, contact, installResizeObserver, petra, session, zarqa } from '../testing/fixtures';
import { ContactRoute } from './contact';

beforeAll(installResizeObserver);
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [{ path: '/contacts/:contactId', element: <ContactRoute /> }];

function customerStatement(overrides: Partial<ContactStatement> = {}): ContactStatement {
  return {
    contact_id: 'c-1',
    role: 'customer',
    currency: 'JOD',
    as_of_date: '2025-09-01',
    balance: { outstanding: '10.777', outstanding_count: 1, overdue: '10.777', overdue_count: 1, credit: '3.834', net: '6.943' },
    start_date: '2025-02-01',
    end_date: '2025-12-31',
    opening_balance: '11.166',
    total_debit: '11.166',
    total_credit: '15.389',
    closing_balance: '6.943',
    lines: [
      { date: '2025-03-01', document_type: 'payment_received', document_id: 'pay-1', document_number: 'PAY-000001', reference: null, debit: '0.000', credit: '15.000', balance: '-3.834' },
      { date: '2025-06-15', document_type: 'invoice', document_id: 'inv-2', document_number: 'INV-000002', reference: 'PO-77', debit: '11.166', credit: '0.000', balance: '7.332' },
      { date: '2025-06-20', document_type: 'credit_note', document_id: 'ret-1', document_number: 'RET-000001', reference: 'INV-000002', debit: '0.000', credit: '0.389', balance: '6.943' },
    ],
    documents: [
      { id: 'inv-3', document_type: 'invoice', number: null, status: 'draft', issue_date: '2025-08-01', due_date: '2025-08-31', total: '11.166', balance_due: '0.000', is_overdue: false },
      { id: 'inv-2', document_type: 'invoice', number: 'INV-000002', status: 'partially_paid', issue_date: '2025-06-15', due_date: '2025-07-15', total: '11.166', balance_due: '10.777', is_overdue: true },
      { id: 'inv-1', document_type: 'invoice', number: 'INV-000001', status: 'paid', issue_date: '2025-01-10', due_date: '2025-02-09', total: '11.166', balance_due: '0.000', is_overdue: false },
    ],
    ...overrides,
  };
}

describe("a customer's account on their page", { timeout: 30_000 }, () => {
  it('shows what they owe, the overdue part and their store credit, and lists their invoices with status and balance due', async () => {
    mockFetch({ ...session('viewer'), [`GET ${API}/contacts/c-1`]: () => ({ json: petra }), [`GET ${API}/contacts/c-1/statement`]: () => ({ json: customerStatement() }) });
    renderRoutes(routes, '/contacts/c-1');
    const owes = await screen.findByRole('group', { name: 'Owes you' });
    expect(owes.textContent).toMatch(/JOD\s10\.777.*1 document/);
    expect(screen.getByRole('group', { name: 'Overdue' }).textContent).toMatch(/JOD\s10\.777/);
    expect(screen.getByRole('group', { name: 'Store credit' }).textContent).toMatch(/JOD\s3\.834/);
    expect(screen.getByRole('group', { name: 'Balance' }).textContent).toMatch(/JOD\s6\.943/);

    const table = screen.getByRole('table', { name: 'Invoices to this customer, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Draft.*Draft.*JOD\s11\.166JOD\s0\.000$/),
      expect.stringMatching(/^INV-000002.*Partially paidOverdue.*JOD\s10\.777$/),
      expect.stringMatching(/^INV-000001.*Paid.*JOD\s0\.000$/),
    ]);
    expect(within(table).getByRole('link', { name: 'INV-000002' }).getAttribute('href')).toBe('/sales/invoices/inv-2');
    // The contact's details stay on the page below the account.
    expect(screen.getByRole('heading', { name: 'Details', level: 2 })).toBeTruthy();
  });

  it('shows a statement with opening balance, running balance and closing totals, over a period the reader picks', async () => {
    const { requests } = mockFetch({
      ...session('viewer'),
      [`GET ${API}/contacts/c-1`]: () => ({ json: petra }),
      [`GET ${API}/contacts/c-1/statement`]: (r) => {
        const start = new URL(r.url, 'http://x').searchParams.get('start_date');
        return { json: start ? customerStatement({ start_date: start }) : customerStatement() };
      },
    });
    renderRoutes(routes, '/contacts/c-1');
    await userEvent.click(await screen.findByRole('tab', { name: /^Statement/ }));
    const table = await screen.findByRole('table', { name: /^Statement from/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toMatch(/Opening balance.*JOD\s11\.166/);
    expect(rows[1]!.textContent).toMatch(/Payment PAY-000001.*JOD\s15\.000.*-JOD\s3\.834|Payment PAY-000001.*JOD\s15\.000.*JOD\s-3\.834/);
    expect(rows[2]!.textContent).toMatch(/Invoice INV-000002PO-77JOD\s11\.166JOD\s7\.332/);
    expect(within(rows[3]!).getByRole('link', { name: 'RET-000001' }).getAttribute('href')).toBe('/sales/returns/ret-1');
    expect(rows[4]!.textContent).toMatch(/Closing balance and totalsJOD\s11\.166JOD\s15\.389JOD\s6\.943/);

    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('2025-02-01');
    fireEvent.change(from, { target: { value: '2025-06-01' } });
    await waitFor(() => expect(requests.some((r) => r.url.includes('start_date=2025-06-01') && r.url.includes('end_date=2025-12-31') && r.url.includes('role=customer'))).toBe(true));
  });

  it("reads a contact of type both as a customer or as a supplier, the supplier's bills linking to each bill", async () => {
    const { requests } = mockFetch({
      ...session('viewer'),
      [`GET ${API}/contacts/c-2`]: () => ({ json: zarqa }),
      [`GET ${API}/contacts/c-2/statement`]: (r) =>
        r.url.includes('role=supplier')
          ? {
              json: customerStatement({
                contact_id: 'c-2',
                role: 'supplier',
                balance: { outstanding: '522.961', outstanding_count: 1, overdue: '0.000', overdue_count: 0, credit: '0.000', net: '522.961' },
                lines: [],
                documents: [{ id: 'bill-1', document_type: 'bill', number: 'BILL-000001', status: 'partially_paid', issue_date: '2025-06-15', due_date: '2099-07-15', total: '622.961', balance_due: '522.961', is_overdue: false }],
              }),
            }
          : { json: customerStatement({ contact_id: 'c-2', documents: [] }) },
    });
    renderRoutes(routes, '/contacts/c-2');
    expect(await screen.findByText('No invoices to this customer yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'As a supplier' }));
    const owe = await screen.findByRole('group', { name: 'You owe' });
    expect(owe.textContent).toMatch(/JOD\s522\.961/);
    expect(screen.getByRole('group', { name: 'Paid in advance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'BILL-000001' }).getAttribute('href')).toBe('/purchases/bills/bill-1');
    expect(requests.some((r) => r.url.includes('/contacts/c-2/statement?role=supplier'))).toBe(true);
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({
      ...session('viewer'),
      [`GET ${API}/contacts/c-5`]: () => ({ json: contact({ id: 'c-5', name: 'Aqaba Marine' }) }),
      [`GET ${API}/contacts/c-5/statement`]: () => ({ json: customerStatement({ contact_id: 'c-5' }) }),
    });
    renderRoutes(routes, '/contacts/c-5');
    expect((await screen.findByRole('group', { name: 'مستحق لك عليه' })).textContent).toContain('10.777');
    expect(screen.getByRole('tab', { name: /^كشف الحساب/ })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'فواتير هذا العميل، الأحدث أولاً' })).toBeTruthy();
    expect(screen.getByText('متأخرة السداد')).toBeTruthy();
  });
});
