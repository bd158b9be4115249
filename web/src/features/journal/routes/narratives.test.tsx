import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, entry, installResizeObserver, readers, session } from '../testing/fixtures';
import { JournalEntryRoute } from './entry';
import { JournalRoute } from './journal';

const FSI = '\u2068';
const PDI = '\u2069';

beforeAll(async () => {
  installResizeObserver();
  await changeLanguage('ar');
});
afterAll(() => changeLanguage('en'));
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/journal', element: <JournalRoute /> },
  { path: '/accounting/journal/:entryId', element: <JournalEntryRoute /> },
];

/** An invoice's entry as the server now writes it: English memo and descriptions, each with its narrative. */
const invoiceEntry = entry({
  id: 'je-7',
  number: null,
  entry_number: 'INV-000007',
  source_type: 'invoice',
  source_id: 'inv-7',
  memo: 'Invoice INV-000007',
  memo_narrative: { key: 'ledger.invoice', params: { number: 'INV-000007' } },
  reference: null,
  lines: [
    { line_no: 1, account_id: 'acc-1120', account_code: '1120', account_name: 'Bank', account_name_ar: 'البنك', debit: '116.000', credit: '0.000', description: 'Invoice INV-000007', narrative: { key: 'ledger.invoice', params: { number: 'INV-000007' } }, contact_id: null, tax_id: null },
    { line_no: 2, account_id: 'acc-3100', account_code: '3100', account_name: 'Capital', account_name_ar: 'رأس المال', debit: '0.000', credit: '116.000', description: 'Invoice INV-000007 tax', narrative: { key: 'ledger.invoice.tax', params: { number: 'INV-000007' } }, contact_id: null, tax_id: null },
  ],
  total_debit: '116.000',
  total_credit: '116.000',
});
/** Posted before narratives: only the English the server stored. */
const oldEntry = entry({ id: 'je-2', number: 2, entry_number: 'JE-000002', memo: 'Payment received from Petra Stores', memo_narrative: null });

describe('journal in Arabic', () => {
  it('shows the memo and line descriptions the server wrote in Arabic, with the number kept whole', async () => {
    mockFetch({ ...session('viewer'), ...readers, [`GET ${API}/journal-entries/je-7`]: () => ({ json: invoiceEntry }) });
    renderRoutes(routes, '/accounting/journal/je-7');
    expect(await screen.findByRole('heading', { name: 'قيد اليومية INV-000007', level: 1 })).toBeTruthy();
    expect(screen.getByText(`الفاتورة ${FSI}INV-000007${PDI}`, { selector: 'span' })).toBeTruthy();
    const lines = within(screen.getByRole('table', { name: 'بنود قيد اليومية' })).getAllByRole('row').slice(1);
    expect(lines[0]!.textContent).toContain(`الفاتورة ${FSI}INV-000007${PDI}`);
    expect(lines[1]!.textContent).toContain(`ضريبة الفاتورة ${FSI}INV-000007${PDI}`);
    expect(screen.queryByText(/Invoice INV-000007/)).toBeNull();
  });

  it('lists narrated memos in Arabic and an older entry by the English memo it has', async () => {
    mockFetch({ ...session('viewer'), [`GET ${API}/journal-entries`]: () => ({ json: { data: [invoiceEntry, oldEntry], count: 2 } }) });
    renderRoutes(routes, '/accounting/journal');
    const table = await screen.findByRole('table', { name: 'دفتر اليومية' });
    await within(table).findByRole('link', { name: 'INV-000007' });
    const [narrated, old] = within(table).getAllByRole('row').slice(1);
    expect(narrated!.textContent).toContain(`الفاتورة ${FSI}INV-000007${PDI}`);
    expect(narrated!.textContent).not.toContain('Invoice INV-000007');
    expect(old!.textContent).toContain('Payment received from Petra Stores');
  });
});
