import { beforeAll, describe, expect, it } from 'vitest';
import { resolveReportPeriod } from '@daftar/shared/reportPeriods';
import { reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { receivablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import { trialBalance } from '../../ledger/balances.js';
import type { ReportRequest } from '../definition.js';
import { loadReportOrganization } from '../request.js';
import { ageDocuments, riskLevel } from './openDocuments.js';
import { receivablesAnalysis } from './ageing.js';
import { analysisReports } from './tables.js';
import { analysisOrganization } from './test-helpers.js';

const AS_OF = '2025-06-30';
const fils = (text: string) => Math.round(Number(text) * 1000);

/**
 * Six customers' open invoices, one per ageing bucket as of 2025-06-30 (and two in 1–30), with a
 * partial payment, a credit note against an unpaid invoice, an invoice paid in full with an
 * overpayment, an invoice settled by a payment and a credit note larger than what was left, a
 * draft, and an invoice issued after the date.
 */
async function seeded() {
  const o = await analysisOrganization();
  const petra = await o.customer('Petra Hotels', 'فنادق البتراء');
  const bakery = await o.customer('Amman Bakery', 'مخبز عمّان');
  const zarqa = await o.customer('Zarqa Paper', 'ورق الزرقاء');
  const irbid = await o.customer('Irbid Motors', 'محركات إربد');
  const aqaba = await o.customer('Aqaba Diving', 'غوص العقبة');
  const madaba = await o.customer('Madaba Mosaics', 'فسيفساء مادبا');

  await o.invoice(petra.id, '2025-06-15', '2025-07-15', [{ description: 'Room block', unit_price: '1000.000' }]); // current
  const bakeryInvoice = await o.invoice(bakery.id, '2025-05-11', '2025-06-10', [{ description: 'Flour', unit_price: '800.000' }]); // 20 days late
  await o.receive(bakery.id, '2025-06-20', '300.000', [{ invoice_id: bakeryInvoice.id, amount: '300.000' }]); // owes 500
  const zarqaInvoice = await o.invoice(zarqa.id, '2025-04-20', '2025-05-20', [
    { description: 'Paper A4', quantity: '2', unit_price: '150.000' },
    { description: 'Toner', unit_price: '300.000' },
  ]); // 41 days late
  await o.creditNote(zarqaInvoice.id, '2025-06-25', 0, '1'); // 150 off what is owed: 450
  await o.invoice(irbid.id, '2025-03-16', '2025-04-15', [{ description: 'Spare parts', unit_price: '400.000' }]); // 76 days late
  await o.invoice(aqaba.id, '2025-01-30', '2025-03-01', [{ description: 'Diving gear', unit_price: '350.000' }]); // 121 days late
  await o.invoice(madaba.id, '2025-06-01', null, [{ description: 'Tiles', unit_price: '200.000' }]); // no due date: due on issue, 29 days late

  const paid = await o.invoice(petra.id, '2025-05-01', '2025-05-31', [{ description: 'Conference hall', unit_price: '700.000' }]);
  await o.receive(petra.id, '2025-06-05', '750.000', [{ invoice_id: paid.id, amount: '700.000' }]); // 50 becomes store credit
  const settled = await o.invoice(bakery.id, '2025-06-02', '2025-07-02', [{ description: 'Bread', quantity: '4', unit_price: '50.000' }]);
  await o.receive(bakery.id, '2025-06-10', '150.000', [{ invoice_id: settled.id, amount: '150.000' }]);
  await o.creditNote(settled.id, '2025-06-12', 0, '2'); // 100 back: 50 settles the rest, 50 store credit
  await o.invoice(petra.id, '2025-06-10', '2025-07-10', [{ description: 'Draft only', unit_price: '999.000' }], false);
  await o.invoice(zarqa.id, '2025-07-05', '2025-08-04', [{ description: 'Envelopes', unit_price: '250.000' }]); // after the date
  return { ...o, customers: { petra, bakery, zarqa, irbid, aqaba, madaba } };
}

let s: Awaited<ReturnType<typeof seeded>>;
beforeAll(async () => {
  s = await seeded();
}, 120_000);

describe('receivables analysis', () => {
  it('ages what customers owe by days past due, and the total is the receivable account balance', async () => {
    const analysis = await receivablesAnalysis(s.org.id, AS_OF);

    expect(receivablesAnalysisPublic.parse(analysis)).toEqual(analysis);
    expect(analysis).toMatchObject({
      as_of: AS_OF,
      currency: 'JOD',
      total_outstanding: '2900.000',
      overdue_amount: '1900.000',
      invoice_count: 6,
      aging: { current: '1000.000', days_1_30: '700.000', days_31_60: '450.000', days_61_90: '400.000', over_90: '350.000' },
    });
    const tb = await trialBalance(s.org.id, AS_OF);
    const receivable = tb.rows.find((r) => r.account.code === '1200')!;
    expect(receivable.debit).toBe(fils(analysis.total_outstanding));
    expect(tb.totalDebit).toBe(tb.totalCredit);
    // The overpayment and the credit note beyond what was owed are customer credit, not negative receivables.
    expect(await s.debitBalance('2500', AS_OF)).toBe(-100_000);
  });

  it('weights the average age by amount and rates the risk High when most is overdue', async () => {
    const analysis = await receivablesAnalysis(s.org.id, AS_OF);
    // (1000×15 + 500×50 + 200×29 + 450×71 + 400×106 + 350×151) / 2900 = 59.66 days
    expect(analysis.average_days_outstanding).toBe(59.7);
    // 1900 of 2900 (66%) is overdue.
    expect(analysis.collection_risk_level).toBe('High');
  });

  it('names the five customers owing the most, most first, with their Arabic names', async () => {
    const analysis = await receivablesAnalysis(s.org.id, AS_OF);
    expect(analysis.top_customers).toEqual([
      { customer_id: s.customers.petra.id, customer_name: 'Petra Hotels', customer_name_ar: 'فنادق البتراء', outstanding_amount: '1000.000' },
      { customer_id: s.customers.bakery.id, customer_name: 'Amman Bakery', customer_name_ar: 'مخبز عمّان', outstanding_amount: '500.000' },
      { customer_id: s.customers.zarqa.id, customer_name: 'Zarqa Paper', customer_name_ar: 'ورق الزرقاء', outstanding_amount: '450.000' },
      { customer_id: s.customers.irbid.id, customer_name: 'Irbid Motors', customer_name_ar: 'محركات إربد', outstanding_amount: '400.000' },
      { customer_id: s.customers.aqaba.id, customer_name: 'Aqaba Diving', customer_name_ar: 'غوص العقبة', outstanding_amount: '350.000' },
    ]);
  });

  it('counts an invoice from its issue date, and every bucket moves with the date', async () => {
    const analysis = await receivablesAnalysis(s.org.id, '2025-07-10');
    expect(analysis).toMatchObject({
      total_outstanding: '3150.000',
      invoice_count: 7,
      // Envelopes (250, due 08-04) and the room block (due 07-15) are current; the bakery is 30 days late.
      aging: { current: '1250.000', days_1_30: '500.000', days_31_60: '650.000', days_61_90: '400.000', over_90: '350.000' },
    });
    const tb = await trialBalance(s.org.id, '2025-07-10');
    expect(tb.rows.find((r) => r.account.code === '1200')!.debit).toBe(3_150_000);

    const before = await receivablesAnalysis(s.org.id, '2025-01-29');
    expect(before).toMatchObject({ total_outstanding: '0.000', overdue_amount: '0.000', invoice_count: 0, average_days_outstanding: 0, collection_risk_level: 'Low', top_customers: [] });
  });

  it('defaults the date to today in the organization zone', async () => {
    const analysis = await receivablesAnalysis(s.org.id);
    expect(analysis.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(analysis.total_outstanding).toBe('3150.000');
  });
});

describe('risk level', () => {
  it('is High from half overdue or a quarter over 90 days, Low under a fifth overdue and 30 days, Medium between', () => {
    expect(riskLevel(0, 0, 0, 0)).toBe('Low');
    expect(riskLevel(1000, 199, 0, 30)).toBe('Low');
    expect(riskLevel(1000, 200, 0, 30)).toBe('Medium');
    expect(riskLevel(1000, 0, 0, 30.1)).toBe('Medium');
    expect(riskLevel(1000, 499, 249, 80)).toBe('Medium');
    expect(riskLevel(1000, 500, 0, 10)).toBe('High');
    expect(riskLevel(1000, 250, 250, 10)).toBe('High');
  });

  it('ages on the due date, or on the issue date when there is none, and skips later documents', () => {
    const doc = (issue_date: string, due_date: string | null, outstanding: number) => ({ id: issue_date, contact_id: 'c', issue_date, due_date, outstanding });
    const figures = ageDocuments(
      [doc('2025-06-30', '2025-06-30', 100), doc('2025-05-01', '2025-05-31', 100), doc('2025-05-01', '2025-05-30', 100), doc('2025-03-01', null, 100), doc('2025-07-01', null, 100)],
      '2025-06-30',
    );
    // Due today is not yet due; 30 days late is 1–30; 31 is 31–60; issued 03-01 without due date is 121 days late.
    expect(figures.aging).toEqual({ current: 100, days_1_30: 100, days_31_60: 100, days_61_90: 0, over_90: 100 });
    expect(figures.documentCount).toBe(4);
  });
});

describe('receivables as catalogue reports', () => {
  const request = async (language: 'en' | 'ar'): Promise<ReportRequest> => ({
    organization: await loadReportOrganization(s.org.id),
    language,
    period: resolveReportPeriod({ period: 'custom', custom_start: '2025-06-01', custom_end: AS_OF }),
    asOf: AS_OF,
    query: {},
  });
  const build = (id: string, req: ReportRequest) => analysisReports.find((r) => r.id === id)!.build(req);

  it('accounts-receivable: one row per customer, alphabetical, with the bucket columns and a total row', async () => {
    const table = reportTablePublic.parse(await build('accounts-receivable', await request('en')));
    expect(table).toMatchObject({ report_id: 'accounts-receivable', title: 'Accounts Receivable Ageing', currency: 'JOD', to: AS_OF, period_label: 'As of 30 Jun 2025' });
    const section = table.sections[0]!;
    expect(section.columns.map((c) => c.key)).toEqual(['contact', 'current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90', 'total']);
    expect(section.rows.map((r) => r.cells.contact)).toEqual(['Amman Bakery', 'Aqaba Diving', 'Irbid Motors', 'Madaba Mosaics', 'Petra Hotels', 'Zarqa Paper', 'Total']);
    expect(section.rows.find((r) => r.cells.contact === 'Amman Bakery')!.cells).toMatchObject({ days_1_30: '500.000', total: '500.000', current: '0.000' });
    expect(section.rows.at(-1)).toMatchObject({ style: 'total', cells: { current: '1000.000', days_1_30: '700.000', days_31_60: '450.000', days_61_90: '400.000', over_90: '350.000', total: '2900.000' } });
    expect(table.highlights.map((h) => h.value)).toEqual(['2900.000', '1900.000', '59.7', 'High']);
    expect(table.notes.join(' ')).toContain('High when 50% or more is overdue');
  });

  it('in Arabic: Arabic names and labels', async () => {
    const table = reportTablePublic.parse(await build('accounts-receivable', await request('ar')));
    expect(table.title).toBe('أعمار الذمم المدينة');
    expect(table.period_label).toBe('كما في 30 حزيران 2025');
    expect(table.sections[0]!.columns[0]!.label).toBe('العميل');
    expect(table.sections[0]!.rows.map((r) => r.cells.contact)).toContain('فنادق البتراء');
    expect(table.highlights.at(-1)!.value).toBe('مرتفع');
  });

  it('receivables-analysis: buckets with shares and the top customers', async () => {
    const table = reportTablePublic.parse(await build('receivables-analysis', await request('en')));
    const [buckets, top] = table.sections;
    expect(buckets!.rows.map((r) => [r.cells.amount, r.cells.share])).toEqual([
      ['1000.000', '34.5'],
      ['700.000', '24.1'],
      ['450.000', '15.5'],
      ['400.000', '13.8'],
      ['350.000', '12.1'],
      ['2900.000', '100.0'],
    ]);
    expect(top!.rows.map((r) => r.cells.contact)).toEqual(['Petra Hotels', 'Amman Bakery', 'Zarqa Paper', 'Irbid Motors', 'Aqaba Diving']);
    expect(table.highlights.find((h) => h.label === 'Open invoices')!.value).toBe('6');
  });
});
