import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, cash, currentAssets, installResizeObserver, session } from '../testing/fixtures';
import { AccountRoute } from './account';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/accounting');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/accounts/:accountId', element: <AccountRoute /> },
  { path: '/accounting/journal/:entryId', element: <Screen name="entry" /> },
];

const { children: _children, ...cashAccount } = cash;
const { children: _parentChildren, ...parentAccount } = currentAssets;

const card = (query: URLSearchParams) => {
  const filtered = query.get('start_date') === '2025-03-01';
  return {
    account_id: 'acc-1110',
    currency: 'JOD',
    opening_balance: filtered ? '1000.000' : '0.000',
    data: [
      ...(filtered
        ? []
        : [{ entry_id: 'je-1', entry_number: 1, entry_name: 'JE-000001', date: '2025-02-01', memo: 'Opening capital', description: null, source_type: 'manual', source_id: 'je-1', debit: '1000.000', credit: '0.000', balance: '1000.000' }]),
      { entry_id: 'je-2', entry_number: 2, entry_name: 'INV-000001', date: '2025-03-05', memo: 'Invoice INV-000001', description: 'Cash sale', source_type: 'invoice', source_id: 'inv-1', debit: '250.500', credit: '0.000', balance: filtered ? '1250.500' : '1250.500' },
      { entry_id: 'je-3', entry_number: 3, entry_name: 'JE-000003', date: '2025-03-09', memo: 'Rent March', description: null, source_type: 'manual', source_id: 'je-3', debit: '0.000', credit: '100.000', balance: '1150.500' },
    ],
    count: filtered ? 2 : 3,
  };
};

function api() {
  return mockFetch({
    ...session('viewer'),
    [`GET ${API}/accounts/acc-1110`]: () => ({ json: cashAccount }),
    [`GET ${API}/accounts/acc-1100`]: () => ({ json: parentAccount }),
    [`GET ${API}/accounts/acc-1110/transactions`]: (request: RecordedRequest) => ({ json: card(new URL(request.url, 'http://localhost').searchParams) }),
  });
}

const ledgerRows = () => within(screen.getByRole('table', { name: 'Postings of 1110 Cash on hand' })).getAllByRole('row').slice(1);

describe('account ledger card', () => {
  it("shows the account's details and its postings with a running balance, each linked to its entry", async () => {
    api();
    renderRoutes(routes, '/accounting/accounts/acc-1110');

    expect(await screen.findByRole('heading', { name: '1110 · Cash on hand', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '1100 · Current assets' })).toBeTruthy();
    expect(screen.getByText('الصندوق')).toBeTruthy();
    await screen.findByRole('link', { name: 'JE-000003' });
    const [opening, first, second, third] = ledgerRows();
    expect(opening!.textContent).toContain('Opening balance');
    expect(first!.textContent).toContain('Opening capital');
    expect(second!.textContent).toMatch(/Invoice INV-000001Cash sale.*250\.500.*1,250\.500/);
    expect(third!.textContent).toMatch(/Rent March.*100\.000.*1,150\.500/);
    expect(within(third!).getByRole('link', { name: 'JE-000003' }).getAttribute('href')).toBe('/accounting/journal/je-3');
  });

  it('filters by dates, sending start_date and end_date, and refuses a reversed range', async () => {
    const { requests } = api();
    const view = renderRoutes(routes, '/accounting/accounts/acc-1110');
    await screen.findByRole('link', { name: 'JE-000003' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('From'), '2025-03-31');
    await user.type(screen.getByLabelText('To'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(ledgerRows()).toHaveLength(3));
    expect(ledgerRows()[0]!.textContent).toContain('1,000.000');
    const last = new URL(requests.filter((r) => r.url.includes('/transactions')).at(-1)!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(last)).toEqual({ start_date: '2025-03-01', end_date: '2025-03-31', offset: '0', limit: '50' });
    expect(view.router.state.location.search).toBe('?from=2025-03-01&to=2025-03-31');
  });
});

describe('account ledger card in Arabic', () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('shows the memos and descriptions the server wrote in Arabic, and an older posting by its English', async () => {
    const narrated = {
      account_id: 'acc-1110',
      currency: 'JOD',
      opening_balance: '0.000',
      data: [
        { entry_id: 'je-1', entry_number: 1, entry_name: 'JE-000001', date: '2025-02-01', memo: 'Opening capital', memo_narrative: null, description: null, description_narrative: null, source_type: 'manual', source_id: 'je-1', debit: '1000.000', credit: '0.000', balance: '1000.000' },
        {
          entry_id: 'je-2', entry_number: null, entry_name: 'PAY-000001', date: '2025-03-05',
          memo: 'Payment received from Petra Stores', memo_narrative: { key: 'ledger.payment.received', params: { contact: 'Petra Stores' } },
          description: 'Customer credit: Petra Stores', description_narrative: { key: 'ledger.payment.customer_credit', params: { contact: 'Petra Stores' } },
          source_type: 'payment', source_id: 'pay-1', debit: '250.500', credit: '0.000', balance: '1250.500',
        },
      ],
      count: 2,
    };
    mockFetch({
      ...session('viewer'),
      [`GET ${API}/accounts/acc-1110`]: () => ({ json: cashAccount }),
      [`GET ${API}/accounts/acc-1100`]: () => ({ json: parentAccount }),
      [`GET ${API}/accounts/acc-1110/transactions`]: () => ({ json: narrated }),
    });
    renderRoutes(routes, '/accounting/accounts/acc-1110');
    const payment = (await screen.findByRole('link', { name: 'PAY-000001' })).closest('tr')!;
    expect(payment.textContent).toContain('دفعة مقبوضة من \u2068Petra Stores\u2069');
    expect(payment.textContent).toContain('رصيد دائن للعميل: \u2068Petra Stores\u2069');
    expect(payment.textContent).not.toContain('Payment received');
    const older = screen.getByRole('link', { name: 'JE-000001' }).closest('tr')!;
    expect(older.textContent).toContain('Opening capital');
  });
});
