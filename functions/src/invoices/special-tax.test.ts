import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { Invoice } from '../db/invoice.js';
import { addSpecialTax, invoicesPath, invoicingOrganization, pdfText, trialRows } from './test-helpers.js';

/**
 * Special sales tax on sales invoices (JORDAN.md §2.1, §1.3 "Special sales tax"): charged on top of
 * the general tax and inside its base, credited to special sales tax payable (2210).
 *
 * Line 1 is the guide's worked example at 16%: 10 × 50 − 5 = 495 net, special 1.000 per unit =
 * 10.000, tax 16% of 505 = 80.800, gross 585.800. Line 2: 2 × 12.500 = 25 net, special 5% =
 * 1.250, tax 16% of 26.250 = 4.200, gross 30.450. Document: net 520, special 11.250, tax 85,
 * gross 616.250.
 */
async function setup() {
  const context = await invoicingOrganization();
  const perUnit = await addSpecialTax(context.org.id, 'Special tax 1 JOD per unit', { fixed: '1' });
  const fivePercent = await addSpecialTax(context.org.id, 'Special tax 5%', { percent: '5' });
  const body = (lines?: Record<string, unknown>[]) => ({
    contact_id: context.customer.id,
    issue_date: '2025-06-15',
    lines: lines ?? [
      { description: 'Cigarettes carton', quantity: '10', unit_price: '50', discount: { type: 'amount', amount: '5' }, tax_id: context.gst16.id, special_tax_id: perUnit.id },
      { description: 'Soft drink crate', quantity: '2', unit_price: '12.500', tax_id: context.gst16.id, special_tax_id: fivePercent.id },
    ],
  });
  return { ...context, perUnit, fivePercent, body };
}

const trialRow = (rows: [string, number, number][], code: string) => rows.find((r) => r[0] === code) ?? [code, 0, 0];

describe('special sales tax on invoices', () => {
  it('computes each line with special tax in the general-tax base and shows the totals', async () => {
    // prepare
    const { org, as, body, perUnit, fivePercent } = await setup();
    // act
    const res = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: body() });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.lines).toMatchObject([
      { special_tax_id: perUnit.id, net: '495.000', special_tax: '10.000', tax: '80.800', gross: '585.800' },
      { special_tax_id: fivePercent.id, net: '25.000', special_tax: '1.250', tax: '4.200', gross: '30.450' },
    ]);
    expect(res.body).toMatchObject({ net_total: '520.000', special_tax_total: '11.250', tax_total: '85.000', gross_total: '616.250' });
    const stored = (await Invoice.get({ organization_id: org.id, id: res.body.id }).go({ consistent: true })).data!;
    expect(stored.special_tax_total).toBe(11_250);
    expect(stored.lines).toMatchObject([
      { special_tax: 10_000, special_tax_terms: { type: 'fixed', amount_per_unit: '1' } },
      { special_tax: 1_250, special_tax_terms: { type: 'percent', percent: '5' } },
    ]);
  });

  it('posts on confirmation: 1200 Dr gross, 4100 Cr net, 2210 Cr special, 2200 Cr general tax on net + special', async () => {
    // prepare
    const { org, body, createConfirmed } = await setup();
    // act
    const invoice = await createConfirmed(body());
    // assess
    expect(invoice).toMatchObject({ status: 'confirmed', special_tax_total: '11.250', gross_total: '616.250', balance_due: '616.250' });
    expect(await trialRows(org.id)).toEqual({
      rows: [
        ['1200', 616_250, 0],
        ['2200', 0, 85_000],
        ['2210', 0, 11_250],
        ['4100', 0, 520_000],
      ],
      totalDebit: 616_250,
      totalCredit: 616_250,
    });
  });

  it('keeps the special tax when a draft is edited through its header and lines', async () => {
    // prepare
    const { org, as, body, createDraft } = await setup();
    const draft = await createDraft(body());
    // act
    const res = await call('PUT', `${invoicesPath(org.id)}/${draft.id}`, { ...as('member'), json: { notes: 'Delivered to the kiosk', version: draft.version } });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ special_tax_total: '11.250', tax_total: '85.000', gross_total: '616.250' });
  });

  it('refuses a special_tax_id that is a general tax, inactive, or another organization’s, naming the line field; nothing is written', async () => {
    // prepare
    const { org, as, body, gst16, perUnit } = await setup();
    const inactive = await addSpecialTax(org.id, 'Old special tax', { fixed: '2' }, false);
    const stranger = await createOrganization((await createUser()).user.id);
    const theirs = await addSpecialTax(stranger.id, 'Their special tax', { percent: '10' });
    const line = (extra: Record<string, unknown>) => body([{ description: 'Item', quantity: '1', unit_price: '10', tax_id: gst16.id, ...extra }]);
    // act
    const general = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: line({ special_tax_id: gst16.id }) });
    const old = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: line({ special_tax_id: inactive.id }) });
    const foreign = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: line({ special_tax_id: theirs.id }) });
    const asGeneral = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: line({ tax_id: perUnit.id }) });
    // assess
    expect(general.status).toBe(422);
    expect(general.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'special_tax_id'], msg: 'GST 16% is not a special tax; give it as tax_id', type: 'value_error' }]);
    expect(old.status).toBe(422);
    expect(old.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'special_tax_id'], msg: 'Old special tax is inactive', type: 'value_error' }]);
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'special_tax_id'], msg: 'Tax not found', type: 'value_error' }]);
    expect(asGeneral.status).toBe(422);
    expect(asGeneral.body.detail[0].loc).toEqual(['body', 'lines', 0, 'tax_id']);
    const listed = await call('GET', invoicesPath(org.id), as('viewer'));
    expect(listed.body.count).toBe(0);
  });

  it('a special tax named by a draft is deactivated instead of deleted', async () => {
    // prepare
    const { org, as, body, perUnit, createDraft } = await setup();
    await createDraft(body());
    // act
    const res = await call('DELETE', `/api/v1/organizations/${org.id}/taxes/${perUnit.id}`, as('admin'));
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toContain('deactivated instead of deleted');
    const kept = await call('GET', `/api/v1/organizations/${org.id}/taxes/${perUnit.id}`, as('viewer'));
    expect(kept.body).toMatchObject({ id: perUnit.id, is_active: false });
  });

  it('prints the special tax total and its tax summary row on the PDF', async () => {
    // prepare
    const { org, as, body, createConfirmed } = await setup();
    const invoice = await createConfirmed(body());
    // act
    const res = await call('GET', `${invoicesPath(org.id)}/${invoice.id}/pdf`, as('viewer'));
    // assess
    expect(res.status).toBe(200);
    const { items } = await pdfText(res.raw);
    expect(items).toContain('Special sales tax');
    expect(items).toContain('الضريبة الخاصة');
    expect(items).toContain('11.250');
  });
});

describe('returns of invoices with special sales tax', () => {
  it('reverses special tax in proportion to the quantities, the last units taking what is left; the books end even', async () => {
    // prepare
    const { org, as, body, createConfirmed } = await setup();
    const invoice = await createConfirmed(body());
    const [cigarettes, drinks] = invoice.lines as { id: string }[];
    const returnsPath = `${invoicesPath(org.id)}/${invoice.id}/returns`;
    const giveBack = (lines: { line_id: string; quantity: string }[]) =>
      call('POST', returnsPath, { ...as('admin'), json: { issue_date: '2025-06-20', reason: 'Returned unopened', lines } });
    // act
    const first = await giveBack([
      { line_id: cigarettes!.id, quantity: '4' },
      { line_id: drinks!.id, quantity: '1' },
    ]);
    const afterFirst = await trialRows(org.id);
    const second = await giveBack([
      { line_id: cigarettes!.id, quantity: '6' },
      { line_id: drinks!.id, quantity: '1' },
    ]);
    // assess
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // 4 of 10: subtotal 200 − discount share 2 = 198 net, special 4.000, tax 16% of 202 = 32.320.
    expect(first.body.lines).toMatchObject([
      { net: '198.000', special_tax: '4.000', tax: '32.320', gross: '234.320' },
      { net: '12.500', special_tax: '0.625', tax: '2.100', gross: '15.225' },
    ]);
    expect(first.body).toMatchObject({ net_total: '210.500', special_tax_total: '4.625', tax_total: '34.420', gross_total: '249.545' });
    expect(afterFirst.totalDebit).toBe(afterFirst.totalCredit);
    expect(trialRow(afterFirst.rows, '1200')).toEqual(['1200', 366_705, 0]);
    expect(trialRow(afterFirst.rows, '2210')).toEqual(['2210', 0, 6_625]);
    expect(trialRow(afterFirst.rows, '2200')).toEqual(['2200', 0, 50_580]);
    expect(trialRow(afterFirst.rows, '4300')).toEqual(['4300', 210_500, 0]);

    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ net_total: '309.500', special_tax_total: '6.625', tax_total: '50.580', gross_total: '366.705' });
    const end = await trialRows(org.id);
    expect(end.totalDebit).toBe(end.totalCredit);
    expect(trialRow(end.rows, '1200')).toEqual(['1200', 0, 0]);
    expect(trialRow(end.rows, '2210')).toEqual(['2210', 0, 0]);
    expect(trialRow(end.rows, '2200')).toEqual(['2200', 0, 0]);
    expect(trialRow(end.rows, '4100')).toEqual(['4100', 0, 520_000]);
    expect(trialRow(end.rows, '4300')).toEqual(['4300', 520_000, 0]);
  });
});
