import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { Contact, ContactSearchKey, ContactTaxNumber } from '../db/contact.js';
import { contactReferenceChecks } from './contacts.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/contacts`;
const accountingBase = (orgId: string) => `/api/v1/organizations/${orgId}/accounting/contacts`;

const storedContacts = async (orgId: string) => (await Contact.query.byOrganization({ organization_id: orgId }).go({ pages: 'all' })).data;
const storedSearchKeys = async (orgId: string) => (await ContactSearchKey.query.byTerm({ organization_id: orgId }).go({ pages: 'all' })).data;
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((c) => c.name);

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const create = async (json: Record<string, unknown>, role: keyof typeof users = 'member') => {
    const res = await call('POST', base(org.id), { ...as(role), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  return { org, users, as, create };
}

describe('contacts', () => {
  it('creates a contact with its Jordan identifiers and reads it back', async () => {
    // prepare
    const { org, as } = await setup();
    // act
    const created = await call('POST', `${base(org.id)}/`, {
      ...as('member'),
      json: {
        contact_type: 'customer',
        name: '  Al Noor Trading ',
        name_ar: 'شركة النور',
        email: 'Sales@Noor.JO',
        phone: '+962 79 555 1234',
        tax_number: '12345678',
        national_id: '9901234567',
        governorate: 'JO-AM',
        city: 'Amman',
        address: 'Wasfi Al Tal St. 12',
        postal_code: '11118',
        payment_terms_days: 30,
        credit_limit: '1500.5',
        notes: '',
      },
    });
    const read = await call('GET', `${base(org.id)}/${created.body.id}`, as('viewer'));
    // assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      organization_id: org.id,
      contact_type: 'customer',
      name: 'Al Noor Trading',
      email: 'sales@noor.jo',
      tax_number: '12345678',
      national_id: '9901234567',
      personal_number: null,
      buyer_id_scheme: null,
      buyer_identification: { scheme: 'TN', id: '12345678' },
      governorate: 'JO-AM',
      postal_code: '11118',
      payment_terms_days: 30,
      credit_limit: '1500.500',
      currency: 'JOD',
      is_active: true,
      notes: null,
      version: 1,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const [stored] = await storedContacts(org.id);
    expect(stored).toMatchObject({ credit_limit: 1500500, name_key: 'al noor trading' });
    expect((await ContactTaxNumber.get({ organization_id: org.id, tax_number: '12345678' }).go()).data?.contact_id).toBe(created.body.id);
    const audit = (await AuditLog.query.byOrganization({ organization_id: org.id }).go()).data;
    expect(audit.map((a) => a.action)).toContain('contact.created');
  });

  it('uses the chosen buyer scheme, and refuses a scheme without its identifier', async () => {
    const { org, as, create } = await setup();
    const nin = await create({ contact_type: 'customer', name: 'Layla', national_id: '9901234567', tax_number: '7654321', buyer_id_scheme: 'NIN' });
    const pn = await create({ contact_type: 'customer', name: 'John', personal_number: 'n1234567' });
    const missing = await call('POST', base(org.id), { ...as('member'), json: { contact_type: 'customer', name: 'X', buyer_id_scheme: 'PN' } });
    const clearing = await call('PUT', `${base(org.id)}/${nin.id}`, { ...as('member'), json: { national_id: null } });

    expect(nin.buyer_identification).toEqual({ scheme: 'NIN', id: '9901234567' });
    expect(pn).toMatchObject({ personal_number: 'N1234567', buyer_identification: { scheme: 'PN', id: 'N1234567' } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'buyer_id_scheme'], msg: 'Scheme PN needs personal_number' })]);
    expect(clearing.status).toBe(422);
    expect(clearing.body.detail[0].loc).toEqual(['body', 'buyer_id_scheme']);
    expect((await call('GET', `${base(org.id)}/${nin.id}`, as('viewer'))).body.national_id).toBe('9901234567');
  });

  it('answers 422 with the field for bad input and writes nothing', async () => {
    const { org, as } = await setup();
    const bad = async (json: Record<string, unknown>) => call('POST', base(org.id), { ...as('member'), json });

    const results = await Promise.all([
      bad({ contact_type: 'customer', name: 'A', national_id: '12345' }),
      bad({ contact_type: 'customer', name: 'A', postal_code: '1111' }),
      bad({ contact_type: 'customer', name: 'A', governorate: 'JO-XX' }),
      bad({ contact_type: 'customer', name: 'A', tax_number: '12-34' }),
      bad({ contact_type: 'customer', name: 'A', email: 'not-an-email' }),
      bad({ contact_type: 'customer', name: 'A', phone: 'call me' }),
      bad({ contact_type: 'partner', name: 'A' }),
      bad({ contact_type: 'customer', name: ' ' }),
      bad({ contact_type: 'customer', name: 'A', opening_balance: '10' }),
      bad({ contact_type: 'customer', name: 'A', credit_limit: '-1' }),
      bad({ contact_type: 'customer', name: 'A', credit_limit: '10.0001' }),
      bad({ contact_type: 'customer', name: 'A', currency: 'USD', credit_limit: '10.005' }),
    ]);
    const locs = results.map((r) => [r.status, r.body.detail?.[0]?.loc?.join('.')]);

    expect(locs).toEqual([
      [422, 'body.national_id'],
      [422, 'body.postal_code'],
      [422, 'body.governorate'],
      [422, 'body.tax_number'],
      [422, 'body.email'],
      [422, 'body.phone'],
      [422, 'body.contact_type'],
      [422, 'body.name'],
      [422, 'body'],
      [422, 'body.credit_limit'],
      [422, 'body.credit_limit'],
      [422, 'body.credit_limit'],
    ]);
    expect(results[11]!.body.detail[0].msg).toMatch(/USD amounts have at most 2 decimal places/);
    expect(await storedContacts(org.id)).toEqual([]);
    expect(await storedSearchKeys(org.id)).toEqual([]);
  });

  it('refuses a second contact with the same tax number (409) and frees a number once changed', async () => {
    const { org, as, create } = await setup();
    const first = await create({ contact_type: 'supplier', name: 'First', tax_number: '1234567' });
    const second = await create({ contact_type: 'customer', name: 'Second', tax_number: '7654321' });

    const duplicate = await call('POST', base(org.id), { ...as('member'), json: { contact_type: 'customer', name: 'Copy', tax_number: '1234567' } });
    const takeOver = await call('PUT', `${base(org.id)}/${second.id}`, { ...as('member'), json: { tax_number: '1234567', name: 'Renamed' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('A contact with tax number 1234567 already exists');
    expect(takeOver.status).toBe(409);
    // Nothing of the refused calls was written.
    expect((await storedContacts(org.id)).map((c) => c.name).sort()).toEqual(['First', 'Second']);
    expect((await call('GET', `${base(org.id)}/${second.id}`, as('viewer'))).body).toMatchObject({ name: 'Second', tax_number: '7654321', version: 1 });
    expect((await call('GET', base(org.id), { ...as('viewer'), query: { search: 'renamed' } })).body.count).toBe(0);

    const moved = await call('PUT', `${base(org.id)}/${first.id}`, { ...as('member'), json: { tax_number: '1111111' } });
    const reuse = await call('PUT', `${base(org.id)}/${second.id}`, { ...as('member'), json: { tax_number: '1234567' } });
    expect(moved.status).toBe(200);
    expect(reuse.status).toBe(200);
    expect((await ContactTaxNumber.get({ organization_id: org.id, tax_number: '1234567' }).go()).data?.contact_id).toBe(second.id);
    expect((await ContactTaxNumber.get({ organization_id: org.id, tax_number: '7654321' }).go()).data).toBeNull();

    // Another organization may have a contact with the same number.
    const other = await createUser();
    const otherOrg = await createOrganization(other.user.id);
    expect((await call('POST', base(otherOrg.id), { token: other.token, org: otherOrg.id, json: { contact_type: 'customer', name: 'Elsewhere', tax_number: '1234567' } })).status).toBe(201);
  });

  it('updates fields, clears them with null or an empty string, and checks the version', async () => {
    const { org, as, create } = await setup();
    const contact = await create({ contact_type: 'customer', name: 'Basma', email: 'b@example.jo', city: 'Irbid', credit_limit: 1500 });

    const updated = await call('PUT', `${base(org.id)}/${contact.id}`, {
      ...as('member'),
      json: { contact_type: 'both', email: null, city: '', phone: '0791234567', version: 1 },
    });
    const stale = await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('member'), json: { name: 'Old', version: 1 } });
    const empty = await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('member'), json: {} });
    const toUsd = await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('member'), json: { currency: 'USD' } });

    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ contact_type: 'both', email: null, city: null, phone: '0791234567', credit_limit: '1500.000', version: 2 });
    expect(stale.status).toBe(409);
    expect(empty.status).toBe(422);
    expect(toUsd.body).toMatchObject({ currency: 'USD', credit_limit: '1500.00', version: 3 });
    const [stored] = await storedContacts(org.id);
    expect(stored).toMatchObject({ credit_limit: 150000, currency: 'USD' });
    expect(stored!.email).toBeUndefined();
    expect(stored!.city).toBeUndefined();

    // A limit finer than the new currency must be restated.
    await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('member'), json: { currency: 'JOD', credit_limit: '10.005' } });
    const refused = await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('member'), json: { currency: 'USD' } });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(['body', 'credit_limit']);
    expect((await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('member'), json: { currency: 'USD', credit_limit: '10.01' } })).body.credit_limit).toBe('10.01');
  });

  it('lists by name with type filters, customers and suppliers including both, and paging', async () => {
    const { org, as, create } = await setup();
    await create({ contact_type: 'customer', name: 'delta' });
    await create({ contact_type: 'supplier', name: 'Alpha' });
    await create({ contact_type: 'both', name: 'charlie' });
    await create({ contact_type: 'customer', name: 'Bravo' });
    await create({ contact_type: 'supplier', name: 'Echo', is_active: false });

    const all = await call('GET', `${base(org.id)}/`, as('viewer'));
    const withInactive = await call('GET', base(org.id), { ...as('viewer'), query: { include_inactive: true } });
    const customersOnly = await call('GET', base(org.id), { ...as('viewer'), query: { contact_type: 'customer' } });
    const customers = await call('GET', `${base(org.id)}/customers/`, as('viewer'));
    const suppliers = await call('GET', `${base(org.id)}/suppliers`, { ...as('viewer'), query: { include_inactive: 'true' } });
    const page = await call('GET', base(org.id), { ...as('viewer'), query: { skip: 1, limit: 2 } });
    const options = await call('GET', `${base(org.id)}/list`, { ...as('viewer'), query: { contact_type: 'supplier' } });

    expect(names(all)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
    expect(all.body.count).toBe(4);
    expect(names(withInactive)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'Echo']);
    expect(names(customersOnly)).toEqual(['Bravo', 'delta']);
    expect(names(customers)).toEqual(['Bravo', 'charlie', 'delta']);
    expect(names(suppliers)).toEqual(['Alpha', 'charlie', 'Echo']);
    expect(page.body).toMatchObject({ count: 4 });
    expect(names(page)).toEqual(['Bravo', 'charlie']);
    expect(options.body.count).toBe(1);
    expect(Object.keys(options.body.data[0]).sort()).toEqual(['contact_type', 'currency', 'email', 'id', 'is_active', 'name', 'name_ar', 'phone', 'tax_number']);
    expect((await call('GET', base(org.id), { ...as('viewer'), query: { limit: 1001 } })).status).toBe(422);
    expect((await call('GET', base(org.id), { ...as('viewer'), query: { contact_type: 'partner' } })).status).toBe(422);
  });

  it('searches name, word, Arabic name, e-mail, phone and tax number prefixes, ignoring case', async () => {
    const { org, as, create } = await setup();
    const noor = await create({ contact_type: 'customer', name: 'Al Noor Trading', name_ar: 'شركة النور', email: 'sales@noor.jo', phone: '+962 79 555 1234', tax_number: '12345678' });
    await create({ contact_type: 'supplier', name: 'Nour Bakery', email: 'info@bakery.jo', phone: '06 555 0000' });
    await create({ contact_type: 'both', name: 'Zain Supplies', email: 'noor@zain.jo' });
    const search = async (text: string, query: Record<string, string | number> = {}) => {
      const res = await call('GET', base(org.id), { ...as('viewer'), query: { search: text, ...query } });
      expect(res.status).toBe(200);
      return res.body as { data: { name: string }[]; count: number };
    };

    expect(names({ body: await search('AL NO') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('trad') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('noo') })).toEqual(['Al Noor Trading', 'Zain Supplies']);
    expect(names({ body: await search('نور') })).toEqual([]);
    expect(names({ body: await search('النُّور') })).toEqual(['Al Noor Trading']);
    // أ and ا are one letter to search, as are marked and unmarked forms.
    expect(names({ body: await search('أل') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('Sales@') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('0795') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('+962 7') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('0655') })).toEqual(['Nour Bakery']);
    expect(names({ body: await search('1234') })).toEqual(['Al Noor Trading']);
    expect(names({ body: await search('n') })).toEqual(['Al Noor Trading', 'Nour Bakery', 'Zain Supplies']);
    expect(await search('n', { skip: 1, limit: 1 })).toMatchObject({ count: 3, data: [{ name: 'Nour Bakery' }] });
    expect(names({ body: await search('n', { contact_type: 'supplier' }) })).toEqual(['Nour Bakery']);
    const suppliers = await call('GET', `${base(org.id)}/suppliers`, { ...as('viewer'), query: { search: 'n' } });
    expect(names(suppliers)).toEqual(['Nour Bakery', 'Zain Supplies']);

    // Renaming moves the terms; deactivating hides it unless asked for.
    await call('PUT', `${base(org.id)}/${noor.id}`, { ...as('member'), json: { name: 'Sunrise Trading', is_active: false } });
    expect((await search('al no', { include_inactive: 'true' })).count).toBe(0);
    expect((await search('sunrise')).count).toBe(0);
    expect(names({ body: await search('sunrise', { include_inactive: 'true' }) })).toEqual(['Sunrise Trading']);
    expect(names({ body: await search('trad', { include_inactive: 'true' }) })).toEqual(['Sunrise Trading']);
  });

  it('lets viewers read but not write, members create and edit, and only admins delete', async () => {
    const { org, as, create } = await setup();
    const contact = await create({ contact_type: 'customer', name: 'Guarded' });

    const viewerCreate = await call('POST', base(org.id), { ...as('viewer'), json: { contact_type: 'customer', name: 'Nope' } });
    const viewerUpdate = await call('PUT', `${base(org.id)}/${contact.id}`, { ...as('viewer'), json: { name: 'Nope' } });
    const viewerDelete = await call('DELETE', `${base(org.id)}/${contact.id}`, as('viewer'));
    const memberDelete = await call('DELETE', `${base(org.id)}/${contact.id}`, as('member'));
    const noToken = await call('GET', base(org.id));

    expect([viewerCreate.status, viewerUpdate.status, viewerDelete.status, memberDelete.status]).toEqual([403, 403, 403, 403]);
    expect(noToken.status).toBe(401);
    expect((await storedContacts(org.id)).map((c) => [c.name, c.version])).toEqual([['Guarded', 1]]);
  });

  it('deletes a contact with its tax-number guard and search keys (admin)', async () => {
    const { org, as, create } = await setup();
    const contact = await create({ contact_type: 'customer', name: 'Short Lived', tax_number: '2222222', email: 'x@y.jo' });
    const keep = await create({ contact_type: 'customer', name: 'Keeper' });

    const deleted = await call('DELETE', `${base(org.id)}/${contact.id}`, as('admin'));
    const again = await call('DELETE', `${base(org.id)}/${contact.id}`, as('admin'));

    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Contact deleted successfully' });
    expect(again.status).toBe(404);
    expect((await call('GET', `${base(org.id)}/${contact.id}`, as('viewer'))).status).toBe(404);
    expect((await storedContacts(org.id)).map((c) => c.id)).toEqual([keep.id]);
    expect((await storedSearchKeys(org.id)).every((k) => k.contact_id === keep.id)).toBe(true);
    expect((await ContactTaxNumber.get({ organization_id: org.id, tax_number: '2222222' }).go()).data).toBeNull();
    // The number is free again.
    expect((await call('POST', base(org.id), { ...as('member'), json: { contact_type: 'customer', name: 'New', tax_number: '2222222' } })).status).toBe(201);
  });

  it('deactivates instead of deleting a contact that something refers to', async () => {
    const { org, as, create } = await setup();
    const contact = await create({ contact_type: 'customer', name: 'Referenced' });
    const check = { what: 'invoices', isReferenced: async (_org: string, id: string) => id === contact.id };
    contactReferenceChecks.push(check);
    try {
      const res = await call('DELETE', `${base(org.id)}/${contact.id}`, as('admin'));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Contact is used by invoices; it was deactivated instead of deleted');
    } finally {
      contactReferenceChecks.splice(contactReferenceChecks.indexOf(check), 1);
    }
    const stored = await call('GET', `${base(org.id)}/${contact.id}`, as('viewer'));
    expect(stored.body).toMatchObject({ is_active: false, version: 2 });
    expect((await call('GET', base(org.id), { ...as('viewer'), query: { search: 'refer' } })).body.count).toBe(0);
  });

  it("answers 404 for another organization's contact and for organizations the caller is not in", async () => {
    const { org, as } = await setup();
    const other = await createUser();
    const otherOrg = await createOrganization(other.user.id);
    const foreign = (await call('POST', base(otherOrg.id), { token: other.token, org: otherOrg.id, json: { contact_type: 'customer', name: 'Theirs', tax_number: '3333333' } })).body;

    expect((await call('GET', `${base(org.id)}/${foreign.id}`, as('owner'))).status).toBe(404);
    expect((await call('PUT', `${base(org.id)}/${foreign.id}`, { ...as('owner'), json: { name: 'Mine' } })).status).toBe(404);
    expect((await call('DELETE', `${base(org.id)}/${foreign.id}`, as('owner'))).status).toBe(404);
    expect((await call('GET', base(otherOrg.id), { token: as('owner').token })).status).toBe(404);
    expect((await call('GET', base(org.id), { ...as('owner'), query: { search: 'theirs' } })).body.count).toBe(0);
    expect((await call('GET', `${base(otherOrg.id)}/${foreign.id}`, { token: other.token })).body.name).toBe('Theirs');
    // The same tax number is free in our organization.
    expect((await call('POST', base(org.id), { ...as('member'), json: { contact_type: 'customer', name: 'Ours', tax_number: '3333333' } })).status).toBe(201);
  });

  it('serves the same contacts under the accounting/ prefix', async () => {
    const { org, as } = await setup();
    const created = await call('POST', `${accountingBase(org.id)}/`, { ...as('member'), json: { contact_type: 'both', name: 'Prefixed', tax_number: '4444444' } });
    const duplicate = await call('POST', accountingBase(org.id), { ...as('member'), json: { contact_type: 'customer', name: 'Copy', tax_number: '4444444' } });
    const plain = await call('GET', `${base(org.id)}/${created.body.id}`, as('viewer'));
    const prefixed = await call('GET', `${accountingBase(org.id)}/${created.body.id}`, as('viewer'));
    const updated = await call('PUT', `${accountingBase(org.id)}/${created.body.id}`, { ...as('member'), json: { city: 'Zarqa' } });

    expect(created.status).toBe(201);
    expect(duplicate.status).toBe(409);
    expect(prefixed.body).toEqual(plain.body);
    expect(updated.body.city).toBe('Zarqa');
    for (const path of ['', '/list', '/customers', '/suppliers']) {
      const a = await call('GET', `${base(org.id)}${path}`, as('viewer'));
      const b = await call('GET', `${accountingBase(org.id)}${path}`, as('viewer'));
      expect(b.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(b.body.count).toBe(1);
    }
    expect((await call('POST', accountingBase(org.id), { ...as('viewer'), json: { contact_type: 'customer', name: 'x' } })).status).toBe(403);
    expect((await call('DELETE', `${accountingBase(org.id)}/${created.body.id}`, as('admin'))).status).toBe(200);
    expect((await call('GET', `${base(org.id)}/${created.body.id}`, as('viewer'))).status).toBe(404);
  });
});
