import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors.js';
import { call } from '../../../test/client.js';
import { defaultAccountId } from '../../ledger/chart.js';
import { filingPeriodOfMonth, jordanTaxReturn, lastCompletedFilingPeriod, resolveFilingPeriod } from './jordan-tax.js';
import { orgPath, seedMarchApril } from './test-seed.js';
import { createOrganization, createUser } from '../../../test/fixtures.js';

const AMMAN = { timezone: 'Asia/Amman', fiscal_year_start_month: 1 };

describe('GST filing periods', () => {
  it('names a period by its first month, and refuses the second month or a malformed one with 422', () => {
    // act
    const marchApril = filingPeriodOfMonth('2026-03');
    const refusals = ['2026-04', '2026-13', '2026-3', 'March'].map((value) => {
      try {
        filingPeriodOfMonth(value);
        return null;
      } catch (error) {
        return error;
      }
    });
    // assess
    expect(marchApril).toEqual({ from: '2026-03-01', to: '2026-04-30', label: 'March–April 2026', label_ar: 'آذار–نيسان 2026' });
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(ValidationError);
      expect((refusal as ValidationError).kind).toBe('invalid');
      expect((refusal as ValidationError).detail).toMatchObject([{ loc: ['query', 'tax_period'] }]);
    }
  });

  it('defaults to the last completed two-month period on the Amman clock, and follows the end of a requested period', () => {
    // prepare: 22:30 UTC on 30 April 2026 is already 1 May in Amman (UTC+3)
    const lateApril = new Date('2026-04-30T22:30:00Z');
    const midJanuary = new Date('2026-01-15T10:00:00Z');
    // act / assess
    expect(lastCompletedFilingPeriod('Asia/Amman', lateApril)).toMatchObject({ from: '2026-03-01', to: '2026-04-30' });
    expect(lastCompletedFilingPeriod('Asia/Amman', midJanuary)).toMatchObject({ from: '2025-11-01', to: '2025-12-31', label: 'November–December 2025' });
    expect(resolveFilingPeriod({}, AMMAN, midJanuary)).toMatchObject({ from: '2025-11-01' });
    expect(resolveFilingPeriod({ period: 'last_month' }, AMMAN, midJanuary)).toMatchObject({ from: '2025-11-01', to: '2025-12-31' });
    expect(resolveFilingPeriod({ period: 'custom', custom_start: '2026-02-01', custom_end: '2026-03-15' }, AMMAN, midJanuary)).toMatchObject({ from: '2026-03-01' });
    expect(resolveFilingPeriod({ tax_period: '2025-05', period: 'current_month' }, AMMAN, midJanuary)).toMatchObject({ from: '2025-05-01', to: '2025-06-30' });
    expect(() => resolveFilingPeriod({ period: 'custom', custom_start: '2026-03-15', custom_end: '2026-02-01' }, AMMAN, midJanuary)).toThrow(ValidationError);
  });
});

describe('the GST return of March–April 2026', () => {
  let seeded: Awaited<ReturnType<typeof seedMarchApril>>;
  beforeAll(async () => {
    seeded = await seedMarchApril();
  });

  it('adds up sales by rate, zero-rated and exempt sales, the credit note and input tax exactly, and agrees with the ledger', async () => {
    // act
    const report = await jordanTaxReturn({ id: seeded.org.id, currency: 'JOD' }, filingPeriodOfMonth('2026-03'));
    // assess
    expect(report).toEqual({
      tax_period: { from: '2026-03-01', to: '2026-04-30', label: 'March–April 2026', label_ar: 'آذار–نيسان 2026' },
      currency: 'JOD',
      gst_registration_number: '8000514',
      sales_by_rate: [
        // 100.000 + 50.000 − 20.000 returned; 16.000 + 8.000 − 3.200
        { rate: '16', taxable_amount: '130.000', tax_amount: '20.800', invoice_count: 2 },
        { rate: '4', taxable_amount: '100.000', tax_amount: '4.000', invoice_count: 1 },
      ],
      zero_rated_sales: '50.000',
      exempt_sales: '30.000',
      export_sales: null,
      special_tax: '0.000',
      total_sales: '310.000',
      output_tax: '24.800',
      purchases_by_rate: [{ rate: '16', taxable_amount: '210.000', tax_amount: '33.600', invoice_count: 2 }],
      exempt_purchases: '40.000',
      non_recoverable_tax: '0.000',
      input_tax: '33.600',
      net_tax_due: '-8.800',
      credit_returns: { taxable_amount: '20.000', tax_amount: '3.200', count: 1 },
      due_date: '2026-05-30',
      ledger_check: { output_tax: '24.800', input_tax: '33.600', agrees: true },
    });
  });

  it('answers the same through GET reports/jordan-tax, refuses a second month with 422, and 404s for another organization', async () => {
    const url = `${orgPath(seeded.org.id)}/reports/jordan-tax`;
    const other = await createOrganization((await createUser()).user.id);
    // act
    const ok = await call('GET', url, { ...seeded.as('viewer'), query: { tax_period: '2026-03' } });
    const byPeriod = await call('GET', url, { ...seeded.as('viewer'), query: { period: 'custom', custom_start: '2026-04-01', custom_end: '2026-04-30' } });
    const secondMonth = await call('GET', url, { ...seeded.as('viewer'), query: { tax_period: '2026-04' } });
    const badRange = await call('GET', url, { ...seeded.as('viewer'), query: { period: 'custom', custom_start: '2026-04-30', custom_end: '2026-04-01' } });
    const notMember = await call('GET', `${orgPath(other.id)}/reports/jordan-tax`, { token: seeded.users.viewer.token, query: { tax_period: '2026-03' } });
    // assess
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ output_tax: '24.800', input_tax: '33.600', net_tax_due: '-8.800', due_date: '2026-05-30', ledger_check: { agrees: true } });
    expect(byPeriod.body).toEqual(ok.body);
    expect(secondMonth.status).toBe(422);
    expect(secondMonth.body.detail[0].loc).toEqual(['query', 'tax_period']);
    expect(badRange.status).toBe(422);
    expect(notMember.status).toBe(404);
  });

  it('says the ledger disagrees when a manual entry moves the VAT output account in the period', async () => {
    // prepare: a manual entry crediting VAT output, which no document explains
    const entry = await call('POST', `${orgPath(seeded.org.id)}/journal-entries`, {
      ...seeded.as('admin'),
      json: {
        date: '2026-04-15',
        memo: 'Correction',
        status: 'posted',
        lines: [
          { account_id: defaultAccountId(seeded.org.id, '1110'), debit: '1.000' },
          { account_id: defaultAccountId(seeded.org.id, '2200'), credit: '1.000' },
        ],
      },
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    // act
    const report = await jordanTaxReturn({ id: seeded.org.id, currency: 'JOD' }, filingPeriodOfMonth('2026-03'));
    // assess
    expect(report).toMatchObject({ output_tax: '24.800', ledger_check: { output_tax: '25.800', input_tax: '33.600', agrees: false } });
  });
});
