import { beforeAll, describe, expect, it } from 'vitest';
import { resolveReportPeriod } from '@daftar/shared/reportPeriods';
import { payablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import { reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { trialBalance } from '../../ledger/balances.js';
import { loadReportOrganization } from '../request.js';
import { payablesAnalysis, receivablesAnalysis } from './ageing.js';
import { analysisReports } from './tables.js';
import { analysisOrganization } from './test-helpers.js';

const AS_OF = '2025-06-30';

/** Three suppliers' open bills (current, 15 and 61 days late), one partly paid, one paid in full. */
async function seeded() {
  const o = await analysisOrganization();
  const stationers = await o.supplier('Amman Stationers');
  const printers = await o.supplier('Jabal Printers');
  const couriers = await o.supplier('Desert Couriers');
  await o.bill(stationers.id, '2025-06-20', '2025-07-20', [{ description: 'Paper', unit_price: '1000.000' }]);
  const partly = await o.bill(printers.id, '2025-05-25', '2025-06-15', [{ description: 'Brochures', unit_price: '400.000' }]);
  await o.payBill(partly.id, '2025-06-20', '100.000');
  await o.bill(couriers.id, '2025-04-01', '2025-04-30', [{ description: 'Deliveries', unit_price: '200.000' }]);
  const paid = await o.bill(stationers.id, '2025-05-01', '2025-05-31', [{ description: 'Pens', unit_price: '90.000' }]);
  await o.payBill(paid.id, '2025-06-01', '90.000');
  return { ...o, suppliers: { stationers, printers, couriers } };
}

let s: Awaited<ReturnType<typeof seeded>>;
beforeAll(async () => {
  s = await seeded();
}, 120_000);

describe('payables analysis', () => {
  it('ages what is owed to suppliers; the total is the payable account balance; a third overdue is Medium risk', async () => {
    const analysis = await payablesAnalysis(s.org.id, AS_OF);
    expect(payablesAnalysisPublic.parse(analysis)).toEqual(analysis);
    expect(analysis).toEqual({
      as_of: AS_OF,
      currency: 'JOD',
      total_outstanding: '1500.000',
      overdue_amount: '500.000',
      bill_count: 3,
      aging: { current: '1000.000', days_1_30: '300.000', days_31_60: '0.000', days_61_90: '200.000', over_90: '0.000' },
      // (1000×10 + 300×36 + 200×90) / 1500
      average_days_outstanding: 25.9,
      payment_risk_level: 'Medium',
      top_suppliers: [
        { supplier_id: s.suppliers.stationers.id, supplier_name: 'Amman Stationers', supplier_name_ar: null, outstanding_amount: '1000.000' },
        { supplier_id: s.suppliers.printers.id, supplier_name: 'Jabal Printers', supplier_name_ar: null, outstanding_amount: '300.000' },
        { supplier_id: s.suppliers.couriers.id, supplier_name: 'Desert Couriers', supplier_name_ar: null, outstanding_amount: '200.000' },
      ],
    });
    const tb = await trialBalance(s.org.id, AS_OF);
    expect(tb.rows.find((r) => r.account.code === '2100')!.credit).toBe(1_500_000);
  });

  it('a lone invoice not yet due is Low risk; an organization without documents answers zeros', async () => {
    const customer = await s.customer('Salt Traders');
    await s.invoice(customer.id, '2025-06-25', '2025-07-25', [{ description: 'Olive oil', unit_price: '120.000' }]);
    expect(await receivablesAnalysis(s.org.id, AS_OF)).toMatchObject({ total_outstanding: '120.000', average_days_outstanding: 5, collection_risk_level: 'Low' });

    const empty = await analysisOrganization();
    expect(await payablesAnalysis(empty.org.id, AS_OF)).toMatchObject({
      total_outstanding: '0.000',
      bill_count: 0,
      aging: { current: '0.000', days_1_30: '0.000', days_31_60: '0.000', days_61_90: '0.000', over_90: '0.000' },
      average_days_outstanding: 0,
      payment_risk_level: 'Low',
      top_suppliers: [],
    });
  });

  it('accounts-payable and payables-analysis as tables', async () => {
    const request = {
      organization: await loadReportOrganization(s.org.id),
      language: 'en' as const,
      period: resolveReportPeriod({ period: 'custom', custom_start: '2025-06-01', custom_end: AS_OF }),
      asOf: AS_OF,
      query: {},
    };
    const byContact = reportTablePublic.parse(await analysisReports.find((r) => r.id === 'accounts-payable')!.build(request));
    expect(byContact.sections[0]!.columns[0]!.label).toBe('Supplier');
    expect(byContact.sections[0]!.rows.map((r) => [r.cells.contact, r.cells.total])).toEqual([
      ['Amman Stationers', '1000.000'],
      ['Desert Couriers', '200.000'],
      ['Jabal Printers', '300.000'],
      ['Total', '1500.000'],
    ]);
    const analysis = reportTablePublic.parse(await analysisReports.find((r) => r.id === 'payables-analysis')!.build({ ...request, language: 'ar' }));
    expect(analysis.title).toBe('تحليل الذمم الدائنة');
    expect(analysis.highlights.find((h) => h.label === 'مخاطر السداد')!.value).toBe('متوسط');
    expect(analysis.sections[1]!.rows.map((r) => r.cells.contact)).toEqual(['Amman Stationers', 'Jabal Printers', 'Desert Couriers']);

    const empty = await analysisOrganization();
    const none = reportTablePublic.parse(await analysisReports.find((r) => r.id === 'accounts-payable')!.build({ ...request, organization: await loadReportOrganization(empty.org.id) }));
    expect(none.sections[0]!.rows).toEqual([]);
    expect(none.sections[0]!.empty_text).toBe('Nothing is owed to suppliers on this date.');
  });
});
