import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { installResizeObserver, signedInSession } from '../../../testing/session';
import { dashboard } from '../../accounting-dashboard/testing/fixtures';
import { DashboardRoute } from './dashboard';

beforeAll(installResizeObserver);
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const ORG = 'org-1';
const API = `/api/v1/organizations/${ORG}`;
const routes = [{ path: '/', element: <DashboardRoute /> }];

interface Facts {
  taxNumber?: string | null;
  einvoicingMissing?: string[];
  customers?: number;
  invoices?: number;
  payments?: number;
  members?: number;
}

function api({ taxNumber = null, einvoicingMissing = ['seller_tin', 'client_id', 'secret_key'], customers = 0, invoices = 0, payments = 0, members = 1, role = 'owner' }: Facts & { role?: 'owner' | 'member' } = {}) {
  const counts = { draft: invoices, confirmed: 0, sent: 0, partially_paid: 0, paid: 0, cancelled: 0 };
  return mockFetch({
    ...signedInSession({
      organizationId: ORG,
      role,
      user: { email: 'huda@example.jo', full_name: 'Huda Khatib' },
      organization: { name: 'Salt Pharmacy', fiscal_year_start_month: 1, created_at: '2025-01-01T00:00:00Z', tax_number: taxNumber, taxpayer_track: taxNumber ? 'general_sales' : null },
    }),
    'GET /api/v1/onboarding/status': () => ({ json: { onboarding_completed: true, percent_complete: 100 } }),
    [`GET ${API}/stats`]: () => ({ json: { member_count: members, pending_invitations: 0, members_by_role: { owner: 1 }, age_days: 3 } }),
    [`GET ${API}/audit-logs/recent`]: () => ({ json: { data: [], count: 0 } }),
    [`GET ${API}/accounting/dashboard`]: () => ({ json: dashboard({ invoice_counts: counts }) }),
    [`GET ${API}/e-invoicing/settings`]: () => ({ json: { is_complete: einvoicingMissing.length === 0, missing_fields: einvoicingMissing } }),
    [`GET ${API}/contacts/customers`]: () => ({ json: { data: [], count: customers } }),
    [`GET ${API}/payments`]: () => ({ json: { data: [], count: payments } }),
  });
}

describe('home page', { timeout: 30_000 }, () => {
  it("shows this month's sales, cash, what customers owe (overdue too) and what is owed to suppliers, each with a way in", async () => {
    const { requests } = api();
    renderRoutes(routes, '/');
    const sales = await screen.findByRole('region', { name: 'Sales this month' });
    expect(sales.textContent).toMatch(/JOD\s4,250\.500/);
    expect(within(sales).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/sales/invoices');
    expect(screen.getByRole('region', { name: 'Cash and bank' }).textContent).toMatch(/JOD\s12,345\.678.*In 2 cash and bank accounts/);
    const receivables = screen.getByRole('region', { name: 'Customers owe you' });
    expect(receivables.textContent).toMatch(/JOD\s5,800\.000/);
    expect(receivables.textContent).toMatch(/JOD\s2,300\.000 overdue on 2 documents/);
    expect(screen.getByRole('region', { name: 'You owe suppliers' }).textContent).toMatch(/JOD\s2,100\.000.*Nothing overdue/);
    expect(screen.getByRole('link', { name: 'Open the accounting overview' }).getAttribute('href')).toBe('/accounting');
    // One read of the accounting overview's own call.
    expect(requests.filter((r) => r.url.startsWith(`${API}/accounting/dashboard`))).toHaveLength(1);
  });

  it('ticks the first steps from what the organization really did, each linking to where it is done', async () => {
    api({ taxNumber: '12345678', customers: 3, invoices: 1 });
    renderRoutes(routes, '/');
    const steps = await screen.findByRole('region', { name: 'First steps' });
    await waitFor(() => expect(steps.textContent).toContain('3 of 6 done'));
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.includes('Done'))).toEqual([true, false, true, true, false, false]);
    // What is left links to where it is done; the e-invoicing step to the first missing field.
    expect(within(steps).getByRole('link', { name: 'Connect JoFotara e-invoicing' }).getAttribute('href')).toBe('/settings/e-invoicing#seller_tin');
    expect(within(steps).getByRole('link', { name: 'Record a payment' }).getAttribute('href')).toBe('/sales/payments');
    expect(within(steps).getByRole('link', { name: 'Invite your accountant' }).getAttribute('href')).toBe('/settings/invitations');
    expect(within(steps).queryByRole('link', { name: 'Add a customer' })).toBeNull();
  });

  it('drops the checklist once everything is done', async () => {
    api({ taxNumber: '12345678', einvoicingMissing: [], customers: 1, invoices: 2, payments: 1, members: 2 });
    renderRoutes(routes, '/');
    await screen.findByRole('region', { name: 'Sales this month' });
    await waitFor(() => expect(screen.queryByText(/of 6 done/)).toBeNull());
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
  });

  it("shows a member who joined by invitation the figures, not the organization's set-up", async () => {
    api({ role: 'member', members: 2 });
    renderRoutes(routes, '/');
    await screen.findByRole('region', { name: 'Sales this month' });
    await screen.findByText('Member');
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Connect JoFotara e-invoicing' })).toBeNull();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLanguage('ar');
    api();
    renderRoutes(routes, '/');
    const sales = await screen.findByRole('region', { name: 'مبيعات هذا الشهر' });
    expect(sales.textContent).toContain('4,250.500');
    expect(await screen.findByRole('region', { name: 'الخطوات الأولى' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'أنشئ فاتورتك الأولى' }).getAttribute('href')).toBe('/sales/invoices/new');
    expect(screen.getByRole('region', { name: 'مستحق لك على العملاء' }).textContent).toContain('متأخر السداد على مستندين');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
