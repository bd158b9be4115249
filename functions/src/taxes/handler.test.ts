import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { Organization } from '../db/organization.js';
import { Tax, TaxCode } from '../db/tax.js';
import { taxReferenceChecks } from './taxes.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/taxes`;
const storedTaxes = async (orgId: string) => (await Tax.query.byOrganization({ organization_id: orgId }).go({ pages: 'all' })).data;

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const create = async (json: Record<string, unknown>) => {
    const res = await call('POST', base(org.id), { ...as('admin'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const calculate = (json: unknown, role: keyof typeof users = 'viewer') => call('POST', `${base(org.id)}/calculate`, { ...as(role), json });
  return { org, users, as, create, calculate };
}

describe('taxes', () => {
  it('creates, reads, lists, changes and deletes a tax', async () => {
    // prepare
    const { org, as, create } = await setup();
    // act
    const created = await call('POST', `${base(org.id)}/`, {
      ...as('admin'),
      json: { name: 'Sales tax 16%', name_ar: 'ضريبة المبيعات 16%', code: 'vat16', rate: '16.000' },
    });
    const reduced = await create({ name: 'Reduced', rate: 4 });
    const exempt = await create({ name: 'Exempt', tax_category: 'exempt' });
    const read = await call('GET', `${base(org.id)}/${created.body.id}`, as('viewer'));
    const list = await call('GET', `${base(org.id)}/`, as('viewer'));
    const updated = await call('PUT', `${base(org.id)}/${reduced.id}`, { ...as('admin'), json: { rate: '7.5', code: 'R7', version: 1 } });
    // assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      organization_id: org.id,
      code: 'VAT16',
      name: 'Sales tax 16%',
      name_ar: 'ضريبة المبيعات 16%',
      rate: '16',
      tax_category: 'standard',
      jofotara_category: 'S',
      jofotara_supported: true,
      special_tax_type: null,
      sales_account_subtype: 'vat_output',
      purchase_account_subtype: 'vat_input',
      is_default: false,
      is_active: true,
      version: 1,
    });
    expect(exempt).toMatchObject({ rate: '0', tax_category: 'exempt', jofotara_category: 'Z' });
    expect(read.body).toEqual(created.body);
    expect(list.body.count).toBe(3);
    expect(list.body.data.map((t: { name: string }) => t.name)).toEqual(['Sales tax 16%', 'Reduced', 'Exempt']);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ rate: '7.5', code: 'R7', jofotara_supported: false, version: 2 });
    expect((await TaxCode.get({ organization_id: org.id, code: 'R7' }).go()).data?.tax_id).toBe(reduced.id);

    const deleted = await call('DELETE', `${base(org.id)}/${created.body.id}`, as('admin'));
    expect(deleted.body).toEqual({ message: 'Tax deleted successfully' });
    expect((await call('GET', `${base(org.id)}/${created.body.id}`, as('viewer'))).status).toBe(404);
    expect((await TaxCode.get({ organization_id: org.id, code: 'VAT16' }).go()).data).toBeNull();
    const actions = (await AuditLog.query.byOrganization({ organization_id: org.id }).go()).data.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['tax.created', 'tax.updated', 'tax.deleted']));
  });

  it('keeps categories, rates and special taxes coherent (422 with the field, nothing written)', async () => {
    const { org, as } = await setup();
    const bad = (json: Record<string, unknown>) => call('POST', base(org.id), { ...as('admin'), json });

    const results = await Promise.all([
      bad({ name: 'No rate' }),
      bad({ name: 'Exempt 5', tax_category: 'exempt', rate: '5' }),
      bad({ name: 'Too precise', rate: '16.12345' }),
      bad({ name: 'Too high', rate: '100.5' }),
      bad({ name: 'Negative', rate: -1 }),
      bad({ name: 'Text', rate: 'sixteen' }),
      bad({ name: 'Special', tax_category: 'special' }),
      bad({ name: 'Fixed', tax_category: 'special', special_tax_type: 'fixed' }),
      bad({ name: 'Mixed', rate: '16', special_tax_type: 'fixed', special_tax_amount: '1' }),
      bad({ name: 'Special default', tax_category: 'special', special_tax_type: 'percent', rate: '10', is_default: true }),
      bad({ name: 'Bad category', tax_category: 'vat' }),
      bad({ name: 'Compound', rate: '16', is_compound: true }),
      bad({ name: 'Bad code', rate: '16', code: 'has space' }),
    ]);

    expect(results.map((r) => [r.status, r.body.detail?.[0]?.loc?.join('.')])).toEqual([
      [422, 'body.rate'],
      [422, 'body.rate'],
      [422, 'body.rate'],
      [422, 'body.rate'],
      [422, 'body.rate'],
      [422, 'body.rate'],
      [422, 'body.special_tax_type'],
      [422, 'body.special_tax_amount'],
      [422, 'body.special_tax_type'],
      [422, 'body.is_default'],
      [422, 'body.tax_category'],
      [422, 'body'],
      [422, 'body.code'],
    ]);
    expect(results[0]!.body.detail[0].msg).toBe('A standard tax needs a rate above 0%');
    expect(results[2]!.body.detail[0].msg).toBe('Rate has at most 4 decimal places');
    expect(await storedTaxes(org.id)).toEqual([]);
  });

  it('stores special sales taxes, fixed per unit or percent', async () => {
    const { create } = await setup();
    const fixed = await create({ name: 'Special on cigarettes', tax_category: 'special', special_tax_type: 'fixed', special_tax_amount: '0.500' });
    const percent = await create({ name: 'Special 8%', tax_category: 'special', special_tax_type: 'percent', rate: '8' });
    expect(fixed).toMatchObject({ rate: '0', special_tax_type: 'fixed', special_tax_amount: '0.5', jofotara_category: 'S', sales_account_subtype: 'special_tax_output' });
    expect(percent).toMatchObject({ rate: '8', special_tax_type: 'percent', special_tax_amount: null, jofotara_category: 'S' });
  });

  it('refuses a duplicate code (409, any case) and writes nothing', async () => {
    const { org, as, create } = await setup();
    await create({ name: 'A', rate: '16', code: 'VAT' });
    const b = await create({ name: 'B', rate: '10', code: 'V10' });

    const duplicate = await call('POST', base(org.id), { ...as('admin'), json: { name: 'C', rate: '5', code: 'vat', is_default: true } });
    const renamed = await call('PUT', `${base(org.id)}/${b.id}`, { ...as('admin'), json: { code: 'Vat', name: 'B2' } });

    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('A tax with code VAT already exists');
    expect(renamed.status).toBe(409);
    expect((await storedTaxes(org.id)).map((t) => [t.name, t.code, t.version]).sort()).toEqual([['A', 'VAT', 1], ['B', 'V10', 1]]);
    expect((await TaxCode.get({ organization_id: org.id, code: 'V10' }).go()).data?.tax_id).toBe(b.id);
  });

  it('keeps one default tax and drops the mark of a deactivated tax', async () => {
    const { org, as, create } = await setup();
    const first = await create({ name: 'First', rate: '16', is_default: true });
    const second = await create({ name: 'Second', rate: '10', is_default: true });
    const stored = Object.fromEntries((await storedTaxes(org.id)).map((t) => [t.name, t.is_default]));
    expect(second.is_default).toBe(true);
    expect(stored).toEqual({ First: false, Second: true });

    const back = await call('PUT', `${base(org.id)}/${first.id}`, { ...as('admin'), json: { is_default: true } });
    expect(back.body.is_default).toBe(true);
    expect((await call('GET', `${base(org.id)}/${second.id}`, as('viewer'))).body).toMatchObject({ is_default: false, version: 2 });

    const deactivated = await call('PUT', `${base(org.id)}/${first.id}`, { ...as('admin'), json: { is_active: false } });
    expect(deactivated.body).toMatchObject({ is_active: false, is_default: false });
    const contradictory = await call('PUT', `${base(org.id)}/${second.id}`, { ...as('admin'), json: { is_active: false, is_default: true } });
    expect(contradictory.status).toBe(422);

    const active = await call('GET', base(org.id), as('viewer'));
    const all = await call('GET', base(org.id), { ...as('viewer'), query: { include_inactive: 'true' } });
    const options = await call('GET', `${base(org.id)}/list`, { ...as('viewer'), query: { tax_category: 'standard' } });
    expect(active.body.data.map((t: { name: string }) => t.name)).toEqual(['Second']);
    expect(all.body.count).toBe(2);
    expect(options.body.data).toEqual([expect.objectContaining({ id: second.id, rate: '10' })]);
    expect(options.body.data[0]).not.toHaveProperty('created_at');
  });

  it('follows a change of category: zero-rated gets 0%, special fields go when a tax stops being special', async () => {
    const { org, as, create } = await setup();
    const tax = await create({ name: 'Export', rate: '16' });
    const special = await create({ name: 'Special', tax_category: 'special', special_tax_type: 'fixed', special_tax_amount: '1' });

    const zero = await call('PUT', `${base(org.id)}/${tax.id}`, { ...as('admin'), json: { tax_category: 'zero_rated' } });
    const general = await call('PUT', `${base(org.id)}/${special.id}`, { ...as('admin'), json: { tax_category: 'standard', rate: '5' } });
    const noRate = await call('PUT', `${base(org.id)}/${tax.id}`, { ...as('admin'), json: { tax_category: 'standard' } });

    expect(zero.body).toMatchObject({ tax_category: 'zero_rated', rate: '0', jofotara_category: 'O' });
    expect(general.body).toMatchObject({ tax_category: 'standard', rate: '5', special_tax_type: null, special_tax_amount: null, sales_account_subtype: 'vat_output' });
    expect(noRate.status).toBe(422);
    expect(noRate.body.detail[0]).toMatchObject({ loc: ['body', 'rate'], msg: 'A standard tax needs a rate above 0%' });
  });

  it('lets viewers read and calculate, and only admins manage taxes', async () => {
    const { org, as, create, calculate } = await setup();
    const tax = await create({ name: 'VAT', rate: '16' });

    const statuses = await Promise.all([
      call('POST', base(org.id), { ...as('member'), json: { name: 'X', rate: '1' } }),
      call('POST', base(org.id), { ...as('viewer'), json: { name: 'X', rate: '1' } }),
      call('PUT', `${base(org.id)}/${tax.id}`, { ...as('member'), json: { name: 'X' } }),
      call('DELETE', `${base(org.id)}/${tax.id}`, as('member')),
      call('POST', `${base(org.id)}/jordan-gst/setup`, as('member')),
      call('GET', base(org.id), as('viewer')),
      call('GET', `${base(org.id)}/default/jordan-gst`, as('viewer')),
      calculate({ lines: [{ quantity: 1, unit_price: 1, tax_id: tax.id }] }),
    ]).then((rs) => rs.map((r) => r.status));

    expect(statuses).toEqual([403, 403, 403, 403, 403, 200, 200, 200]);
    expect((await storedTaxes(org.id)).map((t) => [t.name, t.version])).toEqual([['VAT', 1]]);
  });

  it("answers 404 for another organization's tax and refuses it in calculations", async () => {
    const { org, as, calculate } = await setup();
    const other = await createUser();
    const otherOrg = await createOrganization(other.user.id);
    const foreign = (await call('POST', base(otherOrg.id), { token: other.token, org: otherOrg.id, json: { name: 'Theirs', rate: '16', code: 'T16' } })).body;

    expect((await call('GET', `${base(org.id)}/${foreign.id}`, as('owner'))).status).toBe(404);
    expect((await call('PUT', `${base(org.id)}/${foreign.id}`, { ...as('owner'), json: { name: 'Mine' } })).status).toBe(404);
    expect((await call('DELETE', `${base(org.id)}/${foreign.id}`, as('owner'))).status).toBe(404);
    expect((await call('GET', base(otherOrg.id), { token: as('owner').token })).status).toBe(404);
    const borrowed = await calculate({ lines: [{ quantity: 1, unit_price: 1, tax_id: foreign.id }] });
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.detail).toEqual([{ loc: ['body', 'lines', 0, 'tax_id'], msg: 'Tax not found', type: 'value_error' }]);
    // Codes are per organization.
    expect((await call('POST', base(org.id), { ...as('admin'), json: { name: 'Ours', rate: '16', code: 'T16' } })).status).toBe(201);
  });

  it('deactivates instead of deleting a tax that documents use', async () => {
    const { org, as, create } = await setup();
    const tax = await create({ name: 'Used', rate: '16', is_default: true });
    const check = { what: 'invoices', isReferenced: async (_org: string, id: string) => id === tax.id };
    taxReferenceChecks.push(check);
    try {
      const res = await call('DELETE', `${base(org.id)}/${tax.id}`, as('admin'));
      expect(res.body.message).toBe('Tax is used by invoices; it was deactivated instead of deleted');
    } finally {
      taxReferenceChecks.splice(taxReferenceChecks.indexOf(check), 1);
    }
    expect((await call('GET', `${base(org.id)}/${tax.id}`, as('viewer'))).body).toMatchObject({ is_active: false, is_default: false });
  });
});

describe('taxes/calculate', () => {
  it('computes the worked example: 3 × 0.335 at 16% plus 1 × 10.000 exempt', async () => {
    const { calculate, create } = await setup();
    const vat = await create({ name: 'VAT 16', rate: '16' });
    const exempt = await create({ name: 'Exempt', tax_category: 'exempt' });
    const expected = {
      currency: 'JOD',
      lines: [
        { tax_category: 'standard', jofotara_category: 'S', tax_rate: '16', price_includes_tax: false, subtotal: '1.005', discount: '0.000', net: '1.005', special_tax: '0.000', taxable_amount: '1.005', tax: '0.161', gross: '1.166' },
        { tax_category: 'exempt', jofotara_category: 'Z', tax_rate: '0', price_includes_tax: false, subtotal: '10.000', discount: '0.000', net: '10.000', special_tax: '0.000', taxable_amount: '10.000', tax: '0.000', gross: '10.000' },
      ],
      totals: { subtotal: '11.005', discount: '0.000', net: '11.005', special_tax: '0.000', taxable_amount: '11.005', tax: '0.161', gross: '11.166' },
      breakdown: [
        { tax_category: 'standard', jofotara_category: 'S', tax_rate: '16', net: '1.005', special_tax: '0.000', taxable_amount: '1.005', tax: '0.161', gross: '1.166' },
        { tax_category: 'exempt', jofotara_category: 'Z', tax_rate: '0', net: '10.000', special_tax: '0.000', taxable_amount: '10.000', tax: '0.000', gross: '10.000' },
      ],
    };

    const byId = await calculate({ lines: [{ quantity: 3, unit_price: '0.335', tax_id: vat.id }, { quantity: '1', unit_price: '10.000', tax_id: exempt.id }] });
    const inline = await calculate({
      currency: 'JOD',
      lines: [
        { quantity: '3', unit_price: '0.335', tax_rate: '16', price_includes_tax: false },
        { quantity: '1', unit_price: '10.000', tax_rate: '0', tax_category: 'exempt' },
      ],
    });

    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject(expected);
    expect(byId.body.lines.map((l: { tax_id: string | null }) => l.tax_id)).toEqual([vat.id, exempt.id]);
    expect(inline.body).toMatchObject(expected);
    expect(inline.body.lines[0].tax_id).toBeNull();
  });

  it('applies discounts, tax-inclusive prices, special taxes and the currency precision', async () => {
    const { calculate, create } = await setup();
    const special = await create({ name: 'Special', tax_category: 'special', special_tax_type: 'fixed', special_tax_amount: '0.5' });

    const res = await calculate({
      lines: [
        { quantity: 2, unit_price: '5', tax_rate: '16', special_tax_id: special.id },
        { quantity: 1, unit_price: '1.160', tax_rate: 16, price_includes_tax: true },
        { quantity: 4, unit_price: '2.5', tax_rate: '16', discount: { type: 'percent', percent: '10' } },
        { quantity: 1, unit_price: '20', tax_rate: '0', tax_category: 'zero_rated', special_tax: { type: 'percent', percent: '10' } },
      ],
    });
    const usd = await calculate({ currency: 'USD', lines: [{ quantity: 3, unit_price: '0.335', tax_rate: '16' }] });

    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: Record<string, string>) => [l.net, l.special_tax, l.taxable_amount, l.tax, l.gross])).toEqual([
      ['10.000', '1.000', '11.000', '1.760', '12.760'],
      ['1.000', '0.000', '1.000', '0.160', '1.160'],
      ['9.000', '0.000', '9.000', '1.440', '10.440'],
      ['20.000', '2.000', '22.000', '0.000', '22.000'],
    ]);
    expect(res.body.lines[2].discount).toBe('1.000');
    expect(res.body.lines[3]).toMatchObject({ tax_category: 'zero_rated', jofotara_category: 'O' });
    expect(res.body.totals).toMatchObject({ net: '40.000', special_tax: '3.000', tax: '3.360', gross: '46.360' });
    expect(usd.body).toMatchObject({ currency: 'USD', totals: { net: '1.01', tax: '0.16', gross: '1.17' } });
  });

  it('answers 422 pointing at every bad line field, and for taxes that cannot apply', async () => {
    const { calculate, create, org, as } = await setup();
    const special = await create({ name: 'Special', tax_category: 'special', special_tax_type: 'percent', rate: '5' });
    const vat = await create({ name: 'VAT', rate: '16' });
    const inactive = await create({ name: 'Old', rate: '10', is_active: false });

    const res = await calculate({
      lines: [
        { quantity: '0', unit_price: '1', tax_rate: '16' },
        { quantity: '1', unit_price: '1.5', tax_rate: '16', discount: { type: 'amount', amount: '2' } },
        { quantity: '1', unit_price: '1', tax_rate: '0' },
        { quantity: '1', unit_price: '1', tax_id: special.id },
        { quantity: '1', unit_price: '1', tax_id: vat.id, special_tax_id: vat.id },
        { quantity: '1', unit_price: '1', tax_id: inactive.id },
        { quantity: '1.0001', unit_price: '1', tax_rate: '16' },
        { quantity: '1', unit_price: '-1', tax_rate: '16' },
        { quantity: '1', unit_price: '1', tax_rate: '16', tax_category: 'exempt' },
      ],
    });
    const shape = await calculate({ lines: [{ quantity: 1, unit_price: 1 }, { quantity: 1, unit_price: 1, tax_id: vat.id, tax_rate: '16' }] });
    const empty = await calculate({ lines: [] });
    const badCurrency = await calculate({ currency: 'XYZ', lines: [{ quantity: 1, unit_price: 1, tax_rate: '16' }] });

    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'))).toEqual([
      'body.lines.3.tax_id',
      'body.lines.4.special_tax_id',
      'body.lines.5.tax_id',
      'body.lines.0.quantity',
      'body.lines.1.discount.amount',
      'body.lines.2.tax_category',
      'body.lines.6.quantity',
      'body.lines.7.unit_price',
      'body.lines.8.tax_category',
    ]);
    expect(res.body.detail[0].msg).toBe('Special is a special tax; give it as special_tax_id');
    expect(res.body.detail[2].msg).toBe('Old is inactive');
    expect(res.body.detail[3]).toEqual({ loc: ['body', 'lines', 0, 'quantity'], msg: 'quantity must be greater than zero', type: 'value_error' });
    expect(shape.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'))).toEqual(['body.lines.0.tax_id', 'body.lines.1.tax_rate']);
    expect(empty.status).toBe(422);
    expect(badCurrency.body.detail[0].loc).toEqual(['body', 'currency']);
    // Calculating writes nothing, not even an audit record.
    expect((await AuditLog.query.byOrganization({ organization_id: org.id }).go()).data.filter((a) => a.action.includes('calculate'))).toEqual([]);
    expect((await call('GET', `${base(org.id)}/calculate`, as('viewer'))).status).toBe(404);
  });
});

describe('Jordan GST', () => {
  it('describes the rate set and whether the organization has it', async () => {
    const { org, as } = await setup();
    const res = await call('GET', `${base(org.id)}/default/jordan-gst`, as('viewer'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country: 'JO', currency: 'JOD', standard_rate: '16', return_period_months: 2, is_set_up: false, gst_registration_number: null });
    expect(res.body.rates.map((r: { rate: string; jofotara_category: string }) => `${r.rate}${r.jofotara_category}`)).toEqual([
      '16S', '10S', '8S', '7S', '5S', '4S', '3S', '2S', '1S', '0O',
    ]);
    // Names without the rate (screens show it beside the name); no exempt tax: a line without a tax is exempt.
    expect(res.body.rates[0]).toMatchObject({ code: 'JO_GST_16', name: 'General sales tax (standard rate)', name_ar: 'ضريبة المبيعات العامة (النسبة العامة)' });
    expect(res.body.rates[9]).toMatchObject({ code: 'JO_GST_ZERO_RATED', tax_category: 'zero_rated', name: 'General sales tax (zero-rated)', name_ar: 'ضريبة المبيعات العامة (خاضع بنسبة الصفر)', tax_id: null });
    expect(res.body.special_sales_tax).toMatchObject({ jofotara_category: 'S', jofotara_tax_scheme: 'OTH' });
  });

  it('sets up the ten taxes once, records the registration number, and creates nothing the second time', async () => {
    // prepare
    const { org, as } = await setup();
    // act
    const first = await call('POST', `${base(org.id)}/jordan-gst/setup`, { ...as('admin'), query: { gst_registration_number: '12345678' } });
    const second = await call('POST', `${base(org.id)}/jordan-gst/setup`, as('admin'));
    const status = await call('GET', `${base(org.id)}/default/jordan-gst`, as('viewer'));
    // assess
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 10, existing: 0, gst_registration_number: '12345678' });
    expect(first.body.taxes.map((t: { rate: string; tax_category: string }) => `${t.rate}/${t.tax_category}`)).toEqual([
      '16/standard', '10/standard', '8/standard', '7/standard', '5/standard', '4/standard', '3/standard', '2/standard', '1/standard', '0/zero_rated',
    ]);
    expect(first.body.taxes[0]).toMatchObject({ code: 'JO_GST_16', is_default: true, jofotara_category: 'S', sales_account_subtype: 'vat_output', purchase_account_subtype: 'vat_input' });
    expect(first.body.taxes[9]).toMatchObject({ code: 'JO_GST_ZERO_RATED', jofotara_category: 'O', is_default: false });
    expect(first.body.taxes[0]).toMatchObject({ name: 'General sales tax (standard rate)', name_ar: 'ضريبة المبيعات العامة (النسبة العامة)' });
    expect(first.body.taxes[1]).toMatchObject({ code: 'JO_GST_10', name: 'General sales tax (reduced rate)', name_ar: 'ضريبة المبيعات العامة (نسبة مخفضة)' });
    expect(second.body).toMatchObject({ created: 0, existing: 10, gst_registration_number: '12345678', message: 'Jordan GST is already set up' });
    expect(second.body.taxes).toEqual(first.body.taxes);
    expect(await storedTaxes(org.id)).toHaveLength(10);
    const organization = (await Organization.get({ id: org.id }).go()).data!;
    expect(organization).toMatchObject({ gst_registration_number: '12345678', version: 2 });
    expect(status.body.is_set_up).toBe(true);
    expect(status.body.gst_registration_number).toBe('12345678');
    expect(status.body.rates.map((r: { tax_id: string }) => r.tax_id)).toEqual(first.body.taxes.map((t: { id: string }) => t.id));
    const audit = (await AuditLog.query.byOrganization({ organization_id: org.id }).go()).data.filter((a) => a.action === 'tax.jordan_gst_setup');
    expect(audit).toHaveLength(2);

    // A new number replaces the old one; the taxes stay.
    const renumbered = await call('POST', `${base(org.id)}/jordan-gst/setup`, { ...as('admin'), query: { gst_registration_number: '7654321' } });
    expect(renumbered.body).toMatchObject({ created: 0, gst_registration_number: '7654321' });
    expect((await Organization.get({ id: org.id }).go()).data?.gst_registration_number).toBe('7654321');
  });

  it('re-creates only what is missing and leaves an existing default alone', async () => {
    const { org, as, create } = await setup();
    const own = await create({ name: 'Our VAT', rate: '16', is_default: true });
    const first = await call('POST', `${base(org.id)}/jordan-gst/setup`, as('admin'));
    const seven = first.body.taxes.find((t: { code: string }) => t.code === 'JO_GST_7');
    await call('DELETE', `${base(org.id)}/${seven.id}`, as('admin'));

    const again = await call('POST', `${base(org.id)}/jordan-gst/setup`, as('admin'));

    expect(first.body).toMatchObject({ created: 10, gst_registration_number: null });
    expect(first.body.taxes.every((t: { is_default: boolean }) => !t.is_default)).toBe(true);
    expect(again.body).toMatchObject({ created: 1, existing: 9 });
    expect(again.body.taxes.find((t: { code: string }) => t.code === 'JO_GST_7').id).not.toBe(seven.id);
    expect((await call('GET', `${base(org.id)}/${own.id}`, as('viewer'))).body.is_default).toBe(true);
    expect(await storedTaxes(org.id)).toHaveLength(11);
  });

  it('leaves an exempt tax of an earlier setup as it is, and counts the organization as set up', async () => {
    // prepare: what the setup created before issue 12 (an exempt tax with its code, names with the rate)
    const { org, as } = await setup();
    await call('POST', `${base(org.id)}/jordan-gst/setup`, as('admin'));
    const earlier = await call('POST', base(org.id), { ...as('admin'), json: { name: 'Exempt from general sales tax', code: 'JO_GST_EXEMPT', tax_category: 'exempt' } });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(201);
    // act
    const again = await call('POST', `${base(org.id)}/jordan-gst/setup`, as('admin'));
    const status = await call('GET', `${base(org.id)}/default/jordan-gst`, as('viewer'));
    // assess
    expect(again.body).toMatchObject({ created: 0, existing: 10 });
    expect(status.body.is_set_up).toBe(true);
    expect((await call('GET', `${base(org.id)}/${earlier.body.id}`, as('viewer'))).body).toMatchObject({ code: 'JO_GST_EXEMPT', is_active: true });
    expect(await storedTaxes(org.id)).toHaveLength(11);
  });

  it('refuses a malformed registration number with 422 and writes nothing', async () => {
    const { org, as } = await setup();
    const results = await Promise.all(
      ['12345', '12a45678', '123456789012', '+9621234567'].map((number) =>
        call('POST', `${base(org.id)}/jordan-gst/setup`, { ...as('admin'), query: { gst_registration_number: number } }),
      ),
    );
    for (const res of results) {
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'gst_registration_number'], msg: 'GST registration number must be 7 to 10 digits' });
    }
    expect(await storedTaxes(org.id)).toEqual([]);
    expect((await Organization.get({ id: org.id }).go()).data).toMatchObject({ version: 1 });
    expect((await Organization.get({ id: org.id }).go()).data?.gst_registration_number).toBeUndefined();
  });
});
