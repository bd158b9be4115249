import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, cigarettes, exempt, installResizeObserver, jordanGst, oldRate, session, vat16, vat4 } from '../testing/fixtures';
import { TaxesRoute } from './taxes';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/taxes');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/accounting/taxes', element: <TaxesRoute /> }];
type Answer = (r: RecordedRequest) => { status?: number; json?: unknown };

function api(role: 'admin' | 'member' | 'viewer' = 'admin', extra: Record<string, Answer> = {}) {
  return mockFetch({
    ...session(role),
    [`GET ${API}/taxes`]: (request) => {
      const all = new URL(request.url, 'http://localhost').searchParams.get('include_inactive') === 'true';
      const data = [vat16, vat4, exempt, cigarettes, ...(all ? [oldRate] : [])];
      return { json: { data, count: data.length } };
    },
    [`GET ${API}/taxes/default/jordan-gst`]: () => ({ json: jordanGst(false) }),
    ...extra,
  });
}

const taxRows = () => within(screen.getByRole('table', { name: 'Taxes' })).getAllByRole('row').slice(1);
const posts = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.url.split('?')[0] === `${API}${path}`);

describe('taxes', () => {
  it('lists the taxes with category, rate, JoFotara category and default; inactive ones on request', async () => {
    const { requests } = api();
    renderRoutes(routes, '/accounting/taxes');
    await screen.findByRole('rowheader', { name: 'General sales tax 16%' });
    const [standard, reduced, exemptRow, special] = taxRows();
    expect(standard!.textContent).toMatch(/General sales tax 16%JO_GST_16General sales tax16%S.*Default.*Active/);
    expect(reduced!.textContent).toContain('4%');
    expect(exemptRow!.textContent).toMatch(/Exempt.*0%Z/);
    expect(special!.textContent).toMatch(/JOD\s0\.500 per unit/);

    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show inactive taxes' }));
    await waitFor(() => expect(taxRows()).toHaveLength(5));
    expect(taxRows()[4]!.textContent).toMatch(/Old 6%.*Not a JoFotara rate.*Inactive/);
    expect(requests.some((r) => r.url.includes('/taxes?include_inactive=true'))).toBe(true);
  });

  it('checks a new tax with the shared rules, warns about a rate JoFotara refuses, and posts the right body', async () => {
    const { requests } = api('admin', { [`POST ${API}/taxes`]: (r) => ({ status: 201, json: { ...vat16, id: 'tax-new', ...JSON.parse(r.body!) } }) });
    renderRoutes(routes, '/accounting/taxes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New tax' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tax' });

    await user.clear(within(dialog).getByLabelText('Rate (%)'));
    await user.type(within(dialog).getByLabelText('Rate (%)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create tax' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('A general sales tax needs a rate above 0%')).toBeTruthy();
    expect(posts(requests, '/taxes')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Rate (%)'));
    await user.type(within(dialog).getByLabelText('Rate (%)'), '6');
    expect(within(dialog).getByRole('note').textContent).toContain('JoFotara accepts only Jordan');
    await user.clear(within(dialog).getByLabelText('Rate (%)'));
    await user.type(within(dialog).getByLabelText('Rate (%)'), '7');
    expect(within(dialog).queryByRole('note')).toBeNull();
    await user.type(within(dialog).getByLabelText('Name'), 'Sales tax 7%');
    await user.type(within(dialog).getByLabelText('Code'), 'gst7');
    await user.click(within(dialog).getByRole('checkbox', { name: /Recoverable on purchases/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create tax' }));

    expect(await screen.findByText('Sales tax 7% was created.')).toBeTruthy();
    expect(JSON.parse(posts(requests, '/taxes')[0]!.body!)).toEqual({
      name: 'Sales tax 7%',
      name_ar: null,
      code: 'GST7',
      description: null,
      tax_category: 'standard',
      rate: '7',
      special_tax_type: null,
      special_tax_amount: null,
      sales_account_subtype: 'vat_output',
      purchase_account_subtype: null,
      is_default: false,
      is_active: true,
    });
  });

  it('adds a fixed special tax per unit', async () => {
    const { requests } = api('admin', { [`POST ${API}/taxes`]: (r) => ({ status: 201, json: { ...cigarettes, ...JSON.parse(r.body!) } }) });
    renderRoutes(routes, '/accounting/taxes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New tax' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tax' });
    await user.type(within(dialog).getByLabelText('Name'), 'Special tax on soft drinks');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Special sales tax');
    await user.selectOptions(within(dialog).getByLabelText('Charged as'), 'An amount per unit');
    expect(within(dialog).queryByLabelText('Rate (%)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Amount per unit'), '0.250');
    await user.click(within(dialog).getByRole('button', { name: 'Create tax' }));

    await screen.findByText('Special tax on soft drinks was created.');
    expect(JSON.parse(posts(requests, '/taxes')[0]!.body!)).toMatchObject({
      tax_category: 'special',
      rate: '0',
      special_tax_type: 'fixed',
      special_tax_amount: '0.25',
      sales_account_subtype: 'special_tax_output',
      is_default: false,
    });
  });

  it("shows the API's message when a used tax is deactivated instead of deleted", async () => {
    api('admin', {
      [`DELETE ${API}/taxes/tax-4`]: () => ({ json: { message: 'Tax is used by invoices; it was deactivated instead of deleted' } }),
    });
    renderRoutes(routes, '/accounting/taxes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tax General sales tax 4%' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tax is used by invoices; it was deactivated instead of deleted')).toBeTruthy();
  });

  it('sets up Jordan GST with the registration number, refusing a malformed one', async () => {
    const { requests } = api('admin', {
      [`POST ${API}/taxes/jordan-gst/setup`]: () => ({ json: { message: 'Jordan GST set up: 2 taxes created', created: 2, existing: 1, gst_registration_number: '12345678', taxes: [] } }),
    });
    renderRoutes(routes, '/accounting/taxes');
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: 'Jordan general sales tax' })).closest('.rt-Card') as HTMLElement;
    expect(await within(card).findByText('Not set up')).toBeTruthy();
    const rates = within(within(card).getByRole('table', { name: "Jordan's general sales tax rates" })).getAllByRole('row').slice(1);
    expect(rates[0]!.textContent).toMatch(/16% \(standard\)16%SPresent/);
    expect(rates[1]!.textContent).toContain('Missing');

    await user.type(within(card).getByLabelText('GST registration number'), '12-34');
    await user.click(within(card).getByRole('button', { name: 'Set up Jordan GST' }));
    expect(await within(card).findByText('The GST registration number has 7 to 10 digits')).toBeTruthy();
    expect(posts(requests, '/taxes/jordan-gst/setup')).toHaveLength(0);

    await user.clear(within(card).getByLabelText('GST registration number'));
    await user.type(within(card).getByLabelText('GST registration number'), '12345678');
    await user.click(within(card).getByRole('button', { name: 'Set up Jordan GST' }));
    expect(await screen.findByText('Jordan GST set up: 2 taxes created.')).toBeTruthy();
    expect(posts(requests, '/taxes/jordan-gst/setup')[0]!.url).toBe(`${API}/taxes/jordan-gst/setup?gst_registration_number=12345678`);
  });

  it('calculates with the API and shows how each line was rounded to the fil', async () => {
    const { requests } = api('viewer', {
      [`POST ${API}/taxes/calculate`]: () => ({
        json: {
          currency: 'JOD',
          lines: [
            { tax_id: 'tax-16', special_tax_id: null, tax_category: 'standard', jofotara_category: 'S', tax_rate: '16', price_includes_tax: false, subtotal: '1.005', discount: '0.000', net: '1.005', special_tax: '0.000', taxable_amount: '1.005', tax: '0.161', gross: '1.166' },
            { tax_id: 'tax-4', special_tax_id: null, tax_category: 'standard', jofotara_category: 'S', tax_rate: '4', price_includes_tax: false, subtotal: '2.000', discount: '0.000', net: '2.000', special_tax: '0.000', taxable_amount: '2.000', tax: '0.080', gross: '2.080' },
          ],
          totals: { subtotal: '3.005', discount: '0.000', net: '3.005', special_tax: '0.000', taxable_amount: '3.005', tax: '0.241', gross: '3.246' },
          breakdown: [
            { tax_category: 'standard', jofotara_category: 'S', tax_rate: '16', net: '1.005', special_tax: '0.000', taxable_amount: '1.005', tax: '0.161', gross: '1.166' },
            { tax_category: 'standard', jofotara_category: 'S', tax_rate: '4', net: '2.000', special_tax: '0.000', taxable_amount: '2.000', tax: '0.080', gross: '2.080' },
          ],
        },
      }),
    });
    renderRoutes(routes, '/accounting/taxes');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Tax calculator' });
    await user.clear(within(form).getByLabelText('Quantity, line 1'));
    await user.type(within(form).getByLabelText('Quantity, line 1'), '3');
    await user.type(within(form).getByLabelText('Unit price, line 1'), '0.335');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await user.type(within(form).getByLabelText('Unit price, line 2'), '2');
    await user.selectOptions(within(form).getByLabelText('Tax, line 2'), 'General sales tax 4% (4%)');
    await user.click(within(form).getByRole('button', { name: 'Calculate' }));

    const table = await within(form).findByRole('table', { name: 'Tax by line' });
    const [first, second, total] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toMatch(/1JOD\s1\.00516%0\.1608JOD\s0\.161JOD\s1\.166/);
    expect(second!.textContent).toMatch(/4%0\.08JOD\s0\.080/);
    expect(total!.textContent).toMatch(/TotalJOD\s3\.005JOD\s0\.241JOD\s3\.246/);
    expect(within(form).getByRole('table', { name: 'Tax by rate' })).toBeTruthy();
    expect(JSON.parse(posts(requests, '/taxes/calculate')[0]!.body!)).toEqual({
      lines: [
        { quantity: '3', unit_price: '0.335', discount: null, tax_id: 'tax-16', special_tax_id: null, price_includes_tax: false },
        { quantity: '1', unit_price: '2', discount: null, tax_id: 'tax-4', special_tax_id: null, price_includes_tax: false },
      ],
    });
  });

  it('is read-only for a viewer, who can still use the calculator', async () => {
    api('viewer');
    renderRoutes(routes, '/accounting/taxes');
    await screen.findByRole('rowheader', { name: 'General sales tax 16%' });
    await screen.findByText('Not set up');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'New tax' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set up Jordan GST' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Calculate' })).toBeTruthy();
  });
});
