import { beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, todayInZone } from '@daftar/shared/reportPeriods';
import { reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { call } from '../../../test/client.js';
import { AuditLog } from '../../db/auditLog.js';
import { EinvoiceSubmission } from '../../db/einvoiceSubmission.js';
import { ValidationError } from '../../platform/errors.js';
import { nowIso, uuidv7 } from '../../platform/ids.js';
import { buildAuditTrail } from './audit-trail.js';
import { localDateTime, startOfDayIn } from './common.js';
import { buildEinvoiceCompliance } from './einvoice-compliance.js';
import { buildExpenseBreakdown } from './expense-breakdown.js';
import { buildInventoryValuation } from './inventory-valuation.js';
import { taxReports } from './tables.js';
import { buildTaxSummary } from './tax-summary.js';
import { buildVatReturn } from './vat-return.js';
import { orgPath, reportRequest, sectionRows, seedMarchApril } from './test-seed.js';

let seeded: Awaited<ReturnType<typeof seedMarchApril>>;

beforeAll(async () => {
  seeded = await seedMarchApril();
  // Stock bought on 3 May, booked to the inventory account: after the GST period, so only the valuation sees it.
  await seeded.confirmedBill('2026-05-03', [
    { description: 'Olive oil tins for resale', quantity: '100', unit_price: '3.000', tax_id: null, account_id: seeded.account('1400') },
  ]);
});

const request = (from: string, to: string, options?: Parameters<typeof reportRequest>[3]) => reportRequest(seeded.org, from, to, options);

describe('tax report catalogue', () => {
  it('defines the six tax and compliance reports, each building a valid report table', async () => {
    // act
    const tables = await Promise.all(taxReports.map((report) => report.build(request('2026-03-01', '2026-04-30'))));
    // assess
    expect(taxReports.map((r) => r.id)).toEqual(['vat-return', 'tax-summary', 'expense-breakdown', 'inventory-valuation', 'einvoice-compliance', 'audit-trail']);
    tables.forEach((table, index) => {
      expect(() => reportTablePublic.parse(table)).not.toThrow();
      expect(table.report_id).toBe(taxReports[index]!.id);
      expect(table.organization_name).toBe(seeded.org.name);
      expect(table.sections.length).toBeGreaterThan(0);
    });
  });
});

describe('vat-return', () => {
  it('lays out the return of the filing period holding the requested period’s end, with exact totals', async () => {
    // act: April asked for, so the March–April return
    const table = await buildVatReturn(request('2026-04-01', '2026-04-30'));
    // assess
    expect(table).toMatchObject({ report_id: 'vat-return', title: 'VAT Return Report', period_label: 'March–April 2026', from: '2026-03-01', to: '2026-04-30', currency: 'JOD' });
    expect(table.highlights).toEqual([
      { label: 'Output tax', value: '24.800', kind: 'money' },
      { label: 'Input tax', value: '33.600', kind: 'money' },
      { label: 'Credit carried forward', value: '8.800', kind: 'money' },
      { label: 'Due date', value: '2026-05-30', kind: 'date' },
    ]);
    expect(sectionRows(table, 'Sales (net of credit notes)')).toEqual([
      { label: 'Sales at 16%', taxable_amount: '130.000', tax_amount: '20.800', documents: 2, style: 'normal' },
      { label: 'Sales at 4%', taxable_amount: '100.000', tax_amount: '4.000', documents: 1, style: 'normal' },
      { label: 'Zero-rated sales (0%)', taxable_amount: '50.000', tax_amount: '0.000', documents: null, style: 'normal' },
      { label: 'Exempt sales', taxable_amount: '30.000', tax_amount: '0.000', documents: null, style: 'normal' },
      { label: 'Total sales and output tax', taxable_amount: '310.000', tax_amount: '24.800', documents: null, style: 'total' },
    ]);
    expect(sectionRows(table, 'Purchases and expenses')).toEqual([
      { label: 'Purchases at 16%', taxable_amount: '210.000', tax_amount: '33.600', documents: 2, style: 'normal' },
      { label: 'Zero-rated and exempt purchases', taxable_amount: '40.000', tax_amount: '0.000', documents: null, style: 'normal' },
      { label: 'Total purchases and input tax', taxable_amount: '250.000', tax_amount: '33.600', documents: null, style: 'total' },
    ]);
    expect(sectionRows(table, 'Tax due').map((r) => [r.amount, r.style])).toEqual([
      ['24.800', 'normal'],
      ['33.600', 'normal'],
      ['-8.800', 'total'],
    ]);
    expect(table.notes).toEqual(
      expect.arrayContaining([
        'GST registration number: 8000514.',
        'Sales are shown after 1 credit note(s) issued in the period: 20.000 of sales and 3.200 of output tax.',
        'Output and input tax agree with the sales tax accounts in the ledger.',
      ]),
    );
  });

  it('takes tax_period from the query, writes Arabic labels, and refuses a tax_period that is not a first month with 422', async () => {
    // act
    const arabic = await buildVatReturn(request('2026-06-01', '2026-06-30', { language: 'ar', query: { tax_period: '2026-03' } }));
    const refused = await buildVatReturn(request('2026-06-01', '2026-06-30', { query: { tax_period: '2026-04' } })).catch((error) => error);
    // assess
    expect(arabic).toMatchObject({ title: 'إقرار ضريبة المبيعات العامة', period_label: 'آذار–نيسان 2026', language: 'ar' });
    expect(sectionRows(arabic, 'المبيعات (بعد خصم إشعارات الدائن)')[0]).toMatchObject({ label: 'مبيعات خاضعة بنسبة 16%', taxable_amount: '130.000' });
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.kind).toBe('invalid');
  });

  it('is served by the catalogue route, where a bad tax_period answers 422', async () => {
    // act
    const url = `${orgPath(seeded.org.id)}/reports/catalogue/vat-return`;
    const ok = await call('GET', url, { ...seeded.as('viewer'), query: { tax_period: '2026-03', lang: 'en' } });
    const bad = await call('GET', url, { ...seeded.as('viewer'), query: { tax_period: '2026-02' } });
    // assess
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ report_id: 'vat-return', from: '2026-03-01', to: '2026-04-30' });
    expect(bad.status).toBe(422);
  });
});

describe('tax-summary', () => {
  it('shows each tax account’s opening balance, the period’s debits and credits, and the closing balance', async () => {
    // act: April; opening = up to 31 March
    const table = await buildTaxSummary(request('2026-04-01', '2026-04-30'));
    // assess
    expect(sectionRows(table, 'Sales tax')).toEqual([
      // February and March bills 32.000 each; April expense 1.600
      { account: '1300 Sales tax on purchases (input)', opening: '64.000', debit: '1.600', credit: '0.000', closing: '65.600', style: 'normal' },
      // Invoice A 20.000 in March; April: invoice B 8.000, credit note −3.200
      { account: '2200 Sales tax payable (output)', opening: '20.000', debit: '3.200', credit: '8.000', closing: '24.800', style: 'normal' },
      { account: '2210 Special sales tax payable', opening: '0.000', debit: '0.000', credit: '0.000', closing: '0.000', style: 'normal' },
      { account: 'Net sales tax payable (output + special − input)', opening: '-44.000', debit: null, credit: null, closing: '-40.800', style: 'total' },
    ]);
    expect(sectionRows(table, 'Income tax and social security')).toEqual([
      { account: '2720 Social security payable', opening: '0.000', debit: '0.000', credit: '0.000', closing: '0.000', style: 'normal' },
      { account: '2730 Income tax payable', opening: '0.000', debit: '0.000', credit: '0.000', closing: '0.000', style: 'normal' },
      { account: 'Total', opening: '0.000', debit: '0.000', credit: '0.000', closing: '0.000', style: 'total' },
    ]);
    expect(table.highlights).toEqual([
      { label: 'Output tax for the period', value: '4.800', kind: 'money' },
      { label: 'Input tax for the period', value: '1.600', kind: 'money' },
      { label: 'Net sales tax payable', value: '-40.800', kind: 'money' },
    ]);
  });

  it('names accounts in Arabic for an Arabic reader', async () => {
    const table = await buildTaxSummary(request('2026-04-01', '2026-04-30', { language: 'ar' }));
    expect(sectionRows(table, 'ضريبة المبيعات')[1]).toMatchObject({ account: '2200 ضريبة المبيعات المستحقة', closing: '24.800' });
  });
});

describe('expense-breakdown', () => {
  it('splits the period’s expenses by account with shares, and lists approved claims by category', async () => {
    // act
    const table = await buildExpenseBreakdown(request('2026-03-01', '2026-04-30'));
    // assess
    expect(sectionRows(table, 'Expenses by account')).toEqual([
      { account: '6200 Rent', amount: '200.000', share: '80.0', style: 'normal' },
      // 40.000 of exempt paper on the bill + the approved 10.000 expense (the unapproved one is left out)
      { account: '6400 Office supplies', amount: '50.000', share: '20.0', style: 'normal' },
      { account: 'Total expenses', amount: '250.000', share: '100.0', style: 'total' },
    ]);
    expect(sectionRows(table, 'Approved expense claims by category')).toEqual([
      { category: 'Office supplies', count: 1, net: '10.000', tax: '1.600', gross: '11.600', style: 'normal' },
      { category: 'Total', count: 1, net: '10.000', tax: '1.600', gross: '11.600', style: 'total' },
    ]);
    expect(table.highlights[0]).toEqual({ label: 'Total expenses', value: '250.000', kind: 'money' });
  });

  it('leaves out the category section when no claim was approved, and says the period is empty', async () => {
    const table = await buildExpenseBreakdown(request('2025-01-01', '2025-01-31'));
    expect(table.sections).toHaveLength(1);
    expect(table.sections[0]).toMatchObject({ rows: [], empty_text: 'No expenses were booked in this period.' });
  });
});

describe('inventory-valuation', () => {
  it('sets the stock at cost beside the inventory accounts, and explains a difference', async () => {
    // act: the inventory was booked by a bill line without a product, so no stock movement says what it is
    const before = await buildInventoryValuation(request('2026-04-01', '2026-04-30', { asOf: '2026-04-30' }));
    const after = await buildInventoryValuation(request('2026-05-01', '2026-05-31', { asOf: '2026-05-31' }));
    // assess
    expect(sectionRows(before, 'Inventory accounts')).toEqual([
      { account: '1400 Inventory', value: '0.000', style: 'normal' },
      { account: 'Total inventory accounts', value: '0.000', style: 'total' },
    ]);
    expect(sectionRows(after, 'Inventory accounts')).toEqual([
      { account: '1400 Inventory', value: '300.000', style: 'normal' },
      { account: 'Total inventory accounts', value: '300.000', style: 'total' },
    ]);
    expect(sectionRows(after, 'Stock on hand')).toEqual([]);
    expect(after).toMatchObject({ from: null, to: '2026-05-31', period_label: 'As of 31 May 2026' });
    expect(after.highlights).toEqual([
      { label: 'Stock at cost', value: '0.000', kind: 'money' },
      { label: 'Inventory accounts', value: '300.000', kind: 'money' },
    ]);
    expect(after.notes.join(' ')).toContain('The inventory accounts differ from the stock at cost by 300.000');
    expect(before.notes.join(' ')).not.toContain('differ');
  });
});

describe('einvoice-compliance', () => {
  it('counts documents by state and lists the rejection with its EINV reason and the confirmed documents never submitted', async () => {
    // prepare: JoFotara rejected invoice B (written as the consumer stores a rejection)
    const now = nowIso();
    await EinvoiceSubmission.create({
      organization_id: seeded.org.id,
      document_type: 'invoice',
      document_id: seeded.invoiceB.id,
      document_number: seeded.invoiceB.number,
      issue_date: seeded.invoiceB.issue_date,
      state: 'rejected',
      queue_id: uuidv7(),
      uuid: uuidv7(),
      icv: 1,
      invoice_type: 'general_sales',
      payment_method: 'receivable',
      type_code: '388',
      type_name: '022',
      document: {},
      payable_amount: '58.000',
      attempts: 1,
      errors: [{ code: 'totalInclusiveAmount', category: 'Invoice', message: 'Total inclusive amount is incorrect' }],
      warnings: [],
      rejected_at: now,
      created_at: now,
      updated_at: now,
    }).go();
    // act
    const table = await buildEinvoiceCompliance(request('2026-03-01', '2026-04-30'));
    // assess
    const counts = Object.fromEntries(sectionRows(table, 'Documents by submission state').map((r) => [r.state, r.documents]));
    expect(counts).toEqual({
      Submitted: 0,
      Queued: 0,
      'Being submitted': 0,
      'Rejected by JoFotara': 1,
      Failed: 0,
      'Refused: credentials not accepted': 0,
      'Not submitted': 2,
      'Posted documents': 3,
    });
    expect(sectionRows(table, 'Rejections and their reasons')).toEqual([
      { number: seeded.invoiceB.number, date: '2026-04-20', type: 'Invoice', code: 'totalInclusiveAmount', reason: 'Total inclusive amount is incorrect', style: 'normal' },
    ]);
    expect(sectionRows(table, 'Confirmed but never submitted')).toEqual([
      { number: seeded.invoiceA.number, date: '2026-03-10', type: 'Invoice', status: 'Partially paid', total: seeded.invoiceA.gross_total, style: 'normal' },
      { number: seeded.credit.number, date: '2026-04-05', type: 'Credit note', status: 'Confirmed', total: seeded.credit.gross_total, style: 'normal' },
    ]);
    expect(table.highlights).toEqual([
      { label: 'Posted documents', value: '3', kind: 'number' },
      { label: 'Submitted', value: '0', kind: 'number' },
      { label: 'Submitted share', value: '0.0', kind: 'percent' },
      { label: 'Not submitted', value: '2', kind: 'number' },
    ]);
  });
});

describe('audit-trail', () => {
  it('lists the period’s audit records newest first on the organization’s clock, and cuts a long list with a note', async () => {
    // prepare: the seeding calls were audited just now
    const stored = (await AuditLog.query.byOrganization({ organization_id: seeded.org.id }).go({ pages: 'all', order: 'desc' })).data;
    const today = todayInZone('Asia/Amman');
    // act
    const all = await buildAuditTrail(request(addCalendarDays(today, -1), addCalendarDays(today, 1)));
    const cut = await buildAuditTrail(request(addCalendarDays(today, -1), addCalendarDays(today, 1)), 3);
    const earlier = await buildAuditTrail(request('2026-03-01', '2026-04-30'));
    // assess
    expect(stored.length).toBeGreaterThan(5);
    const rows = sectionRows(all, 'Activity, newest first');
    expect(rows).toHaveLength(stored.length);
    expect(rows[0]).toEqual({
      time: localDateTime(stored[0]!.created_at, 'Asia/Amman'),
      user: stored[0]!.user_email ?? 'System',
      action: stored[0]!.action,
      entity: stored[0]!.entity_type,
      entity_id: stored[0]!.entity_id ?? null,
      summary: stored[0]!.summary,
      style: 'normal',
    });
    expect(rows.map((r) => r.action)).toContain('expense.approved');
    expect(all.highlights).toEqual([{ label: 'Entries', value: String(stored.length), kind: 'number' }]);
    expect(sectionRows(cut, 'Activity, newest first').map((r) => r.summary)).toEqual(stored.slice(0, 3).map((s) => s.summary));
    expect(cut.notes).toContain(`Showing the latest 3 of ${stored.length} entries; choose a shorter period, or page through the audit log, to see the rest.`);
    expect(cut.highlights[0]!.value).toBe(String(stored.length));
    expect(earlier.sections[0]).toMatchObject({ rows: [], empty_text: 'No activity was recorded in this period.' });
  });

  it('turns the organization’s calendar days into instants in its time zone', () => {
    expect(new Date(startOfDayIn('2026-11-22', 'Asia/Amman')).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(new Date(startOfDayIn('2026-07-01', 'Europe/Berlin')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date(startOfDayIn('2026-01-01', 'Europe/Berlin')).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(localDateTime('2026-11-21T21:30:00.000Z', 'Asia/Amman')).toBe('2026-11-22 00:30');
  });
});
