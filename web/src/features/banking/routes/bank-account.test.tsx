import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, bankAccount, ledgerAccounts, line, lines, prepareScreens, session, taxes } from '../testing/fixtures';
import { BankAccountRoute } from './bank-account';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/banking');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [
  { path: '/banking', element: <Screen name="bank accounts" /> },
  { path: '/banking/:bankAccountId', element: <BankAccountRoute /> },
];

const BANK = `${API}/bank-accounts/bank-1`;

const readers = {
  [`GET ${BANK}`]: () => ({ json: bankAccount() }),
  [`GET ${BANK}/transactions`]: (request: RecordedRequest) => {
    const unreconciledOnly = new URL(request.url, 'http://localhost').searchParams.get('unreconciled_only') === 'true';
    const data = unreconciledOnly ? lines.filter((l) => l.status === 'unreconciled') : lines;
    return { json: { data, count: data.length } };
  },
  [`GET ${API}/accounts`]: () => ({ json: { data: ledgerAccounts, count: ledgerAccounts.length } }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
};

const linesRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET' && r.url.includes('/bank-accounts/bank-1/transactions?'));
const params = (request: RecordedRequest) => new URL(request.url, 'http://localhost').searchParams;

describe('bank account statement', { timeout: 30_000 }, () => {
  it('shows the balances and statement lines, with the unreconciled-only toggle and date filters', async () => {
    const { requests } = mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/banking/bank-1');
    expect(await screen.findByRole('heading', { name: 'Arab Bank current' })).toBeTruthy();
    expect(screen.getByText('JO19 •••• 3456')).toBeTruthy();
    expect(screen.getByText(/-JOD\s6\.500/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Statement lines' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Salary refund/ }).textContent).toContain('Reconciled');
    // A viewer can neither import nor reconcile.
    expect(screen.queryByRole('button', { name: 'Import statement' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Find match/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Unreconciled lines only' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Statement lines' })).getAllByRole('row')).toHaveLength(3));
    expect(params(linesRequests(requests).at(-1)!).get('unreconciled_only')).toBe('true');

    await user.type(screen.getByLabelText('From date'), '2025-06-02');
    await waitFor(() => expect(params(linesRequests(requests).at(-1)!).get('date_from')).toBe('2025-06-02'));
    expect(params(linesRequests(requests).at(-1)!).get('unreconciled_only')).toBe('true');
  });

  it('imports a CSV statement: a refused file lists its bad rows, a good one shows what was imported and skipped', async () => {
    let attempt = 0;
    const { requests, fetchMock } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${BANK}/transactions/import`]: () => {
        attempt += 1;
        if (attempt === 1) {
          return {
            status: 422,
            json: {
              detail: [
                { loc: ['body', 'rows', 3, 'date'], msg: 'Row 3: "2025-13-01" is not a date (YYYY-MM-DD or DD/MM/YYYY)', type: 'row_invalid' },
                { loc: ['body', 'rows', 5, 'amount'], msg: 'Row 5: "12.3456": JOD amounts have at most 3 decimal places', type: 'row_invalid' },
              ],
            },
          };
        }
        return {
          json: {
            import_batch_id: 'batch-2', rows: 12, imported: 9, skipped_duplicates: 3,
            columns: { has_header: true, delimiter: ',', date: 'Value date', description: 'Details', reference: null, amount: null, debit: 'Debit', credit: 'Credit' },
          },
        };
      },
    });
    renderRoutes(routes, '/banking/bank-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import statement' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose the statement file.')).toBeTruthy();

    const file = new File(['Value date,Details,Debit,Credit\n2025-13-01,Fee,1,\n'], 'june.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Statement file (CSV)'), file);
    await user.click(within(dialog).getByRole('switch', { name: 'Name the columns myself' }));
    await user.type(within(dialog).getByLabelText('Date column'), 'Value date');
    await user.type(within(dialog).getByLabelText('Debit (money out) column'), '3');
    await user.type(within(dialog).getByLabelText('Credit (money in) column'), 'Credit');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const problems = await within(dialog).findByRole('list', { name: 'Problems in the statement' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 3: "2025-13-01" is not a date (YYYY-MM-DD or DD/MM/YYYY)',
      'Row 5: "12.3456": JOD amounts have at most 3 decimal places',
    ]);
    const sent = fetchMock.mock.calls.map(([, init]) => init?.body).find((body): body is FormData => body instanceof FormData)!;
    expect((sent.get('file') as File).name).toBe('june.csv');
    expect(JSON.parse(sent.get('mapping') as string)).toEqual({ date: 'Value date', debit: 3, credit: 'Credit' });
    expect(sent.get('date_format')).toBe('auto');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('9 lines imported, 3 already there skipped (12 rows read).')).toBeTruthy();
    expect(within(dialog).getByText('Dates from “Value date”, amounts from “Debit / Credit”.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('adds a line by hand, refusing a zero amount', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers, [`POST ${BANK}/transactions`]: () => ({ status: 201, json: line({ id: 'tx-9', source: 'manual' }) }) });
    renderRoutes(routes, '/banking/bank-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add line' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Description'), 'Cash deposit');
    await user.type(within(dialog).getByLabelText('Amount'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(await within(dialog).findByText(/Enter an amount other than zero/)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '-12.500');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toMatchObject({ description: 'Cash deposit', amount: '-12.500', reference: null });
  });
});

describe('reconciliation', { timeout: 30_000 }, () => {
  it('finds the matching posting of a line and reconciles it, recording the payment', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${BANK}/transactions/tx-1/matches`]: () => ({
        json: {
          data: [
            { journal_entry_id: 'je-20', entry_number: 20, entry_name: 'JE-000020', date: '2025-06-02', amount: '250.000', memo: 'Payment received from Petra Stores', description: null, reference: 'CLIQ-5521', source_type: 'payment', source_id: 'pay-1', payment_id: 'pay-1', days_apart: 1, similarity: 0.9 },
            { journal_entry_id: 'je-15', entry_number: 15, entry_name: 'JE-000015', date: '2025-05-29', amount: '250.000', memo: 'Owner deposit', description: null, reference: null, source_type: 'manual', source_id: 'je-15', payment_id: null, days_apart: 5, similarity: 0 },
          ],
          count: 2,
        },
      }),
      [`POST ${BANK}/reconcile/tx-1`]: () => ({ json: line({ status: 'reconciled', matched: { journal_entry_id: 'je-20', payment_id: 'pay-1', kind: 'existing' } }) }),
    });
    renderRoutes(routes, '/banking/bank-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find match for CLIQ from Petra Stores' }));
    const dialog = await screen.findByRole('dialog');
    const suggestions = await within(dialog).findByRole('table', { name: 'Suggested postings' });
    const rows = within(suggestions).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['JE-000020', 'JE-000015']);
    expect(rows[0]!.textContent).toContain('Payment received from Petra Stores');
    await user.click(within(dialog).getByRole('button', { name: 'Reconcile with JE-000020' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('“CLIQ from Petra Stores” was reconciled.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe(`${BANK}/reconcile/tx-1`);
    expect(JSON.parse(post.body!)).toEqual({ journal_entry_id: 'je-20', payment_id: 'pay-1' });
    // The statement is read again after reconciling.
    await waitFor(() => expect(linesRequests(requests).length).toBeGreaterThan(1));
  });

  it('shows an Arabic reader the memos the server wrote in Arabic, and an older one in its English', async () => {
    await changeLanguage('ar');
    mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${BANK}/transactions/tx-1/matches`]: () => ({
        json: {
          data: [
            {
              journal_entry_id: 'je-20', entry_number: null, entry_name: 'PAY-000001', date: '2025-06-02', amount: '250.000',
              memo: 'Payment received from Petra Stores', memo_narrative: { key: 'ledger.payment.received', params: { contact: 'Petra Stores' } },
              description: 'Payment received from Petra Stores', description_narrative: { key: 'ledger.payment.received', params: { contact: 'Petra Stores' } },
              reference: 'CLIQ-5521', source_type: 'payment', source_id: 'pay-1', payment_id: 'pay-1', days_apart: 1, similarity: 0.9,
            },
            { journal_entry_id: 'je-15', entry_number: 15, entry_name: 'JE-000015', date: '2025-05-29', amount: '250.000', memo: 'Owner deposit', memo_narrative: null, description: null, description_narrative: null, reference: null, source_type: 'manual', source_id: 'je-15', payment_id: null, days_apart: 5, similarity: 0 },
          ],
          count: 2,
        },
      }),
    });
    renderRoutes(routes, '/banking/bank-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'بحث عن مطابقة لـ CLIQ from Petra Stores' }));
    const dialog = await screen.findByRole('dialog');
    const suggestions = await within(dialog).findByRole('table', { name: 'القيود المقترحة' });
    const [payment, older] = within(suggestions).getAllByRole('row').slice(1);
    expect(payment!.textContent).toContain('دفعة مقبوضة من \u2068Petra Stores\u2069');
    expect(payment!.textContent).not.toContain('Payment received');
    expect(older!.textContent).toContain('Owner deposit');
  });

  it('posts an entry for bank charges when nothing matches, showing a refused period under the form', async () => {
    let attempt = 0;
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${BANK}/transactions/tx-2/matches`]: () => ({ json: { data: [], count: 0 } }),
      [`POST ${BANK}/reconcile/tx-2`]: () => {
        attempt += 1;
        return attempt === 1
          ? { status: 422, json: { detail: [{ loc: ['body', 'create', 'date'], msg: 'The period containing 2025-06-02 is closed', type: 'period_closed' }] } }
          : { json: line({ id: 'tx-2', status: 'reconciled', matched: { journal_entry_id: 'je-30', payment_id: null, kind: 'created' } }) };
      },
    });
    renderRoutes(routes, '/banking/bank-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Find match for Monthly account fee' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/No unmatched posting of this amount/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create entry' }));
    dialog = await screen.findByRole('dialog', { name: 'Post an entry for this line' });
    expect((within(dialog).getByLabelText('Description') as HTMLInputElement).value).toBe('Monthly account fee');
    const account = within(dialog).getByLabelText('Other account');
    // The bank's own ledger account is never its other side.
    expect(within(account).queryByRole('option', { name: /^1120 / })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Post and reconcile' }));
    expect(await within(dialog).findByText('Choose the other account.')).toBeTruthy();
    await user.selectOptions(account, '5800 Bank charges (expense)');
    await user.selectOptions(within(dialog).getByLabelText('Sales tax included'), 'General sales tax 16%');
    await user.click(within(dialog).getByRole('button', { name: 'Post and reconcile' }));
    expect(await within(dialog).findByText('The period containing 2025-06-02 is closed')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Post and reconcile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[1]!.body!)).toEqual({ create: { account_id: 'a-5800', description: 'Monthly account fee', tax_id: 'tax-16' } });
  });

  it('unreconciles a reconciled line after confirming', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`DELETE ${BANK}/reconcile/tx-3`]: () => ({ json: line({ id: 'tx-3', status: 'unreconciled' }) }),
    });
    renderRoutes(routes, '/banking/bank-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unreconcile Salary refund' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/stays in the books/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Unreconcile' }));
    expect(await screen.findByText('“Salary refund” is unreconciled.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`${BANK}/reconcile/tx-3`]);
  });

  it('renders in Arabic, right to left, with Latin digits', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('admin'), ...readers });
    renderRoutes(routes, '/banking/bank-1');
    expect(await screen.findByRole('heading', { name: 'Arab Bank current' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const table = await screen.findByRole('table', { name: 'حركات كشف الحساب' });
    const fee = within(table).getByRole('row', { name: /Monthly account fee/ });
    expect(fee.textContent).toMatch(/6\.500/);
    expect(fee.textContent).toContain('غير مسوّاة');
    expect(within(fee).getByRole('button', { name: 'بحث عن مطابقة لـ Monthly account fee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'استيراد كشف' })).toBeTruthy();
    expect(screen.getByText('الرصيد الدفتري')).toBeTruthy();
  });
});
