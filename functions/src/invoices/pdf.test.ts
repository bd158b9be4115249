import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { invoicesPath, invoicingOrganization, pdfText } from './test-helpers.js';

describe('invoice PDF seller names (issue #12)', () => {
  it('prints the Arabic business name from onboarding beside the English one, shaped and whole', async () => {
    // prepare: an organization with an English legal name and the Arabic business name
    const { org, as, createConfirmed } = await invoicingOrganization();
    const profile = await call('PUT', `/api/v1/organizations/${org.id}`, { token: as('admin').token, json: { legal_name: 'Al Nour Bakery LLC', name_ar: 'مخبز النور الحديث' } });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const invoice = await createConfirmed();

    // act
    const res = await call('GET', `${invoicesPath(org.id)}/${invoice.id}/pdf`, as('viewer'));

    // assess: each name is one text item, the Arabic read back in logical order (shaping kept it whole)
    expect(res.status).toBe(200);
    const { items } = await pdfText(res.raw);
    expect(items).toEqual(expect.arrayContaining(['Al Nour Bakery LLC', 'مخبز النور الحديث']));
    expect(items.indexOf('مخبز النور الحديث')).toBeGreaterThan(items.indexOf('Al Nour Bakery LLC'));
  });

  it('prints no Arabic seller name when the organization has none', async () => {
    const { org, as, createConfirmed } = await invoicingOrganization();
    await call('PUT', `/api/v1/organizations/${org.id}`, { token: as('admin').token, json: { legal_name: 'Al Nour Bakery LLC' } });
    const invoice = await createConfirmed();

    const res = await call('GET', `${invoicesPath(org.id)}/${invoice.id}/pdf`, as('viewer'));

    const { items } = await pdfText(res.raw);
    expect(items).toContain('Al Nour Bakery LLC');
    expect(items).not.toContain('مخبز النور الحديث');
  });
});
