import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, customers, prepareScreens, session, taxes } from '../testing/fixtures';
import { ReturnRoute } from './return';
import { ReturnsRoute } from './returns';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sales/returns', element: <ReturnsRoute /> },
  { path: '/sales/returns/:returnId', element: <ReturnRoute /> },
];

const credit = {
  id: 'ret-1',
  organization_id: 'org-1',
  number: 'RET-000002',
  status: 'confirmed',
  original_invoice_id: 'inv-1',
  original_invoice_number: 'INV-000001',
  contact_id: 'c-1',
  issue_date: '2025-03-04',
  reason: 'Damaged in delivery',
  currency: 'JOD',
  lines: [{ line_id: 'l-1', product_id: null, description: 'Pens', quantity: '2', unit_price: '0.335', tax_id: 'tax-16', tax_category: 'standard', tax_rate: '16', subtotal: '0.670', discount_amount: '0.000', net: '0.670', tax: '0.107', gross: '0.777' }],
  subtotal: '0.670',
  discount_total: '0.000',
  net_total: '0.670',
  tax_total: '0.107',
  gross_total: '0.777',
  applied_to_invoice: '0.500',
  store_credit: '0.277',
  journal_entry_id: 'je-3',
  created_at: '2025-03-04T10:00:00Z',
};

function api() {
  return mockFetch({
    ...session('viewer'),
    [`GET ${API}/invoices/return/invoices`]: () => ({ json: { data: [credit], count: 1 } }),
    [`GET ${API}/invoices/return/invoices/ret-1`]: () => ({ json: credit }),
    [`GET ${API}/contacts/list`]: () => ({ json: { data: customers, count: customers.length } }),
    [`GET ${API}/contacts/c-1`]: () => ({ json: customers[0] }),
    [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
    [`GET ${API}/journal-entries/je-3`]: () => ({
      json: {
        id: 'je-3', entry_number: 'JE-000011', number: 11, date: '2025-03-04', currency: 'JOD', total_debit: '0.777', total_credit: '0.777',
        lines: [
          { line_no: 1, account_id: 'a-4300', account_code: '4300', account_name: 'Sales returns', debit: '0.670', credit: '0.000', description: null, contact_id: null, tax_id: null },
          { line_no: 2, account_id: 'a-2200', account_code: '2200', account_name: 'Sales tax payable', debit: '0.107', credit: '0.000', description: null, contact_id: null, tax_id: 'tax-16' },
          { line_no: 3, account_id: 'a-1200', account_code: '1200', account_name: 'Accounts receivable', debit: '0.000', credit: '0.500', description: null, contact_id: 'c-1', tax_id: null },
          { line_no: 4, account_id: 'a-2500', account_code: '2500', account_name: 'Store credit', debit: '0.000', credit: '0.277', description: null, contact_id: 'c-1', tax_id: null },
        ],
      },
    }),
  });
}

describe('returns (credit notes)', { timeout: 30_000 }, () => {
  it('lists credit notes with their original invoice, customer and total', async () => {
    api();
    renderRoutes(routes, '/sales/returns');
    const link = await screen.findByRole('link', { name: 'RET-000002' });
    expect(link.getAttribute('href')).toBe('/sales/returns/ret-1');
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'INV-000001' }).getAttribute('href')).toBe('/sales/invoices/inv-1');
    expect(await within(row).findByText('Petra Stores')).toBeTruthy();
    expect(row.textContent).toContain('0.777');
  });

  it('shows a credit note with its invoice, reason, lines, totals, journal entry and PDF', async () => {
    api();
    renderRoutes(routes, '/sales/returns/ret-1');
    expect(await screen.findByRole('heading', { name: 'Credit note RET-000002' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'INV-000001' }).getAttribute('href')).toBe('/sales/invoices/inv-1');
    expect(screen.getByText('Damaged in delivery')).toBeTruthy();
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByRole('row', { name: /Sales tax 16%/ }).textContent).toContain('0.107');
    const settlement = screen.getByRole('table', { name: 'Payments and credits' });
    expect(within(settlement).getByRole('row', { name: /store credit/ }).textContent).toContain('0.277');
    const journal = await screen.findByRole('table', { name: 'Journal entry' });
    expect(within(journal).getByRole('row', { name: /Sales returns/ }).textContent).toContain('0.670');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });
});
