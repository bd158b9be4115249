import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { accepted, API, prepareScreens, queued, rejected, session, settings, submission } from '../testing/fixtures';
import { InvoiceEinvoiceRoute, ReturnEinvoiceRoute } from './document-einvoice';

beforeAll(prepareScreens);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await changeLanguage('en');
});

const routes = [
  { path: '/sales/invoices/:invoiceId/e-invoice', element: <InvoiceEinvoiceRoute /> },
  { path: '/sales/returns/:returnId/e-invoice', element: <ReturnEinvoiceRoute /> },
];

const STATE = `GET ${API}/invoices/inv-1/jofotara`;

function api(role: 'viewer' | 'admin', answers: (() => ReturnType<typeof submission>)[], extra: Parameters<typeof mockFetch>[0] = {}) {
  let call = 0;
  return mockFetch({
    ...session(role),
    [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }),
    [STATE]: () => ({ json: answers[Math.min(call++, answers.length - 1)]!() }),
    ...extra,
  });
}


describe('JoFotara page of an invoice', { timeout: 30_000 }, () => {
  it('lets an administrator submit with chosen options, then polls until the portal accepted it and shows the QR', async () => {
    const { requests } = api('admin', [() => submission({ document_number: null }), () => queued(), () => accepted()], {
      // Before the first submission the number comes from the invoice itself.
      [`GET ${API}/invoices/inv-1`]: () => ({ json: { id: 'inv-1', number: 'INV-000001' } }),
      [`POST ${API}/invoices/inv-1/jofotara/submit`]: () => ({ status: 202, json: queued() }),
    });
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    expect(await screen.findByRole('heading', { name: 'E-invoice for invoice INV-000001' })).toBeTruthy();
    expect(screen.getByText('Not submitted')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Payment method'), 'receivable');
    await userEvent.click(screen.getByRole('button', { name: 'Submit to JoFotara' }));
    // Submitting cannot be undone: it asks first.
    const confirm = await screen.findByRole('alertdialog', { name: 'Submit invoice INV-000001 to JoFotara?' });
    expect(within(confirm).getByText(/cannot be changed, cancelled or submitted again/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit to JoFotara' }));

    const submit = await waitFor(() => {
      const found = requests.find((r) => r.method === 'POST' && r.url.endsWith('/jofotara/submit'));
      expect(found).toBeTruthy();
      return found!;
    });
    // Only what was chosen is sent; the rest is the server's default.
    expect(JSON.parse(submit.body!)).toEqual({ payment_method: 'receivable' });
    expect(await screen.findByText('Queued')).toBeTruthy();

    // The state is asked again every two seconds while queued, until the portal's answer arrives.
    const qr = await screen.findByRole('img', { name: 'JoFotara QR code of INV-000001' }, { timeout: 8_000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.getByText('EINV-2025-000042')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit to JoFotara|Resubmit/ })).toBeNull();
  });

  it('shows the portal errors and warnings with their codes, and offers a resubmission', async () => {
    const { requests } = api('admin', [() => rejected()], {
      [`POST ${API}/invoices/inv-1/jofotara/submit`]: () => ({ status: 202, json: queued() }),
    });
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    expect(await screen.findByText('Rejected')).toBeTruthy();
    const errors = screen.getByRole('table', { name: 'Errors from JoFotara' });
    expect(within(errors).getByText('E064')).toBeTruthy();
    expect(within(errors).getByText('الرقم الضريبي للمشتري غير صحيح')).toBeTruthy();
    const warnings = screen.getByRole('table', { name: 'Warnings from JoFotara' });
    expect(within(warnings).getByText('W010')).toBeTruthy();
    expect(within(warnings).getByText('Buyer postal code is missing')).toBeTruthy();

    // A resubmission keeps the first type: no options, an empty body.
    expect(screen.queryByLabelText('Payment method')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit to JoFotara' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Resubmit to JoFotara' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({});
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { requests } = api('admin', [() => submission()], {
      [`POST ${API}/invoices/inv-1/jofotara/submit`]: () => ({ status: 202, json: queued() }),
    });
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit to JoFotara' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Submit invoice INV-000001 to JoFotara?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says in words what the settings still lack, with a link to each field, and neither previews nor submits until then', async () => {
    const missing = ['seller_tin', 'registered_name', 'income_source_sequence', 'taxpayer_track', 'client_id', 'secret_key'] as const;
    const blank = { seller_tin: null, registered_name_ar: null, registered_name_en: null, income_source_sequence: null, taxpayer_track: null, client_id_set: false, secret_key_set: false };
    const { requests } = mockFetch({
      ...session('admin'),
      [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings({ ...blank, is_complete: false, missing_fields: [...missing] }) }),
      [STATE]: () => ({ json: submission() }),
      // What the server would answer: its English text must not reach the page.
      [`GET ${API}/invoices/inv-1/jofotara/preview`]: () => ({ status: 409, json: { detail: 'E-invoicing is not set up for this organization: missing seller_tin, registered_name' } }),
    });
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    const alert = await screen.findByText('Before anything can be sent to JoFotara, complete the e-invoicing settings. Still missing:');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'seller TIN' }).getAttribute('href')).toBe('/settings/e-invoicing#seller_tin');
    expect(within(box).getByRole('link', { name: 'Client-Id' }).getAttribute('href')).toBe('/settings/e-invoicing#client_id');
    expect(within(box).getAllByRole('link')).toHaveLength(6);
    expect((screen.getByRole('button', { name: 'Submit to JoFotara' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: /^Preview/ }));
    const previewNote = await screen.findByText('The preview needs your seller details from the e-invoicing settings. Still missing:');
    // The credentials are not needed to build the XML.
    expect(within(previewNote.closest('[role="alert"]') as HTMLElement).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'seller TIN',
      'registered name',
      'income source sequence',
      'taxpayer track',
    ]);
    expect(screen.queryByText(/missing seller_tin/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(requests.some((r) => r.url.includes('/jofotara/preview'))).toBe(false);
  });

  it('names what is missing in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({
      ...session('admin'),
      [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings({ client_id_set: false, is_complete: false, missing_fields: ['client_id'] }) }),
      [STATE]: () => ({ json: submission() }),
    });
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    const link = await screen.findByRole('link', { name: 'رمز العميل (Client-Id)' });
    expect(link.getAttribute('href')).toBe('/settings/e-invoicing#client_id');
    expect(screen.getByText('قبل إرسال أي شيء إلى جوفوترة، أكمل إعدادات الفوترة الإلكترونية. ما زال ناقصاً:')).toBeTruthy();
  });

  it('gives the states their colours', async () => {
    api('admin', [() => submission({ state: 'credentials_invalid', can_submit: true })]);
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    const badge = await screen.findByText('Credentials refused');
    expect(badge.getAttribute('data-accent-color')).toBe('amber');
    expect(screen.getByRole('link', { name: 'Open e-invoicing settings' }).getAttribute('href')).toBe('/settings/e-invoicing');
    expect(screen.getByRole('button', { name: 'Resubmit to JoFotara' })).toBeTruthy();
  });

  it('hides Submit from a viewer', async () => {
    api('viewer', [() => submission()]);
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    expect(await screen.findByText('Only organization administrators can submit documents to JoFotara.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit to JoFotara' })).toBeNull();
  });

  it('shows the readable preview and the XML', async () => {
    const preview = {
      document_type: 'invoice',
      document_id: 'inv-1',
      xml: '<?xml version="1.0" encoding="UTF-8"?><Invoice><cbc:ID>INV-000001</cbc:ID></Invoice>',
      summary: {
        id: 'INV-000001',
        uuid: '0197a3c2-1111-7000-8000-000000000001',
        icv: 1,
        icv_provisional: true,
        issue_date: '2025-03-01',
        type_code: '388',
        type_name: '021',
        invoice_type: 'general_sales',
        matches_registered_track: true,
        payment_method: 'receivable',
        business_type: 'b2b',
        seller: { tin: '12345678', registered_name: 'شركة دفتر للتجارة', income_source_sequence: '9932895' },
        buyer: { id_scheme: 'TN', id: '87654321', name: 'Petra Hotels', postal_code: null, governorate: 'JO-AQ', phone: null },
        billing_reference: null,
        lines: [{ line_number: 1, name: 'Pens', quantity: '3', unit_price: '0.335', discount: '0', net: '1.005', tax_category: 'S', tax_rate: '16', special_tax: null, general_tax: '0.1608', total: '1.1658' }],
        totals: { tax_exclusive: '1.005', allowance_total: '0', special_tax: '0', general_tax: '0.1608', tax_inclusive: '1.1658', payable: '1.1658' },
        tax_groups: [{ category: 'S', rate: '16', taxable: '1.005', tax: '0.1608' }],
        ledger_total: '1.166',
      },
      cross_check: { passed: true, failures: [] },
      submission: submission(),
    };
    const { requests } = api('admin', [() => submission()], { [`GET ${API}/invoices/inv-1/jofotara/preview`]: () => ({ json: preview }) });
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    await userEvent.click(await screen.findByRole('tab', { name: /^Preview/ }));
    expect(await screen.findByText("The XML passes JoFotara's six cross-checks.")).toBeTruthy();
    expect(screen.getByText('Petra Hotels · TN 87654321 · JO-AQ')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Totals as sent' })).getByRole('row', { name: /^Payable\s*1\.1658$/ })).toBeTruthy();
    const xml = screen.getByText(/<cbc:ID>INV-000001<\/cbc:ID>/);
    expect(xml.tagName).toBe('PRE');
    expect(requests.some((r) => r.url.includes('/jofotara/preview'))).toBe(true);
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    api('admin', [() => accepted()]);
    renderRoutes(routes, '/sales/invoices/inv-1/e-invoice');
    expect(await screen.findByRole('heading', { name: 'الفاتورة الإلكترونية للفاتورة INV-000001' })).toBeTruthy();
    expect(screen.getByText('مقبولة')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'رمز الاستجابة السريعة من جوفوترة للمستند INV-000001' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('JoFotara page of a return', { timeout: 30_000 }, () => {
  it('submits the return with an empty body, from its own path', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }),
      [`GET ${API}/invoices/return/invoices/ret-1/jofotara`]: () => ({ json: submission({ document_type: 'return', document_id: 'ret-1', document_number: 'RET-000001' }) }),
      [`POST ${API}/invoices/return/invoices/ret-1/jofotara/submit`]: () => ({
        status: 202,
        json: { ...queued(), document_type: 'return', document_id: 'ret-1', document_number: 'RET-000001' },
      }),
    });
    renderRoutes(routes, '/sales/returns/ret-1/e-invoice');
    expect(await screen.findByRole('heading', { name: 'E-invoice for return RET-000001' })).toBeTruthy();
    expect(screen.queryByLabelText('Invoice type')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit to JoFotara' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Submit return RET-000001 to JoFotara?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit to JoFotara' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({});
  });
});
