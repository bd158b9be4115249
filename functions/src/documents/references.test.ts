import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { invoiceCreate } from '@daftar/shared/schemas/invoices';
import { call } from '../../test/client.js';
import { billsSetup } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { Contact } from '../db/contact.js';
import { Reference } from '../db/reference.js';
import { createInvoice, deleteInvoice } from '../invoices/invoices.js';

/** What refers to a record, as [source_type, source_id]. */
const referencesTo = async (orgId: string, type: string, id: string) =>
  (await Reference.query.byTarget({ organization_id: orgId, target_type: type, target_id: id }).go({ pages: 'all' })).data.map((r) => [r.source_type, r.source_id]);

describe('document references', () => {
  it('deactivates instead of deleting a customer that an invoice refers to; a deleted draft lets it go', async () => {
    // prepare
    const { org, as, gst16 } = await billsSetup();
    const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Al Noor Trading' }));
    const passerby = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Passer-by' }));
    const line = { description: 'Water', quantity: '3', unit_price: '0.335', tax_id: gst16.id };
    const invoice = await createInvoice(org.id, invoiceCreate.parse({ contact_id: customer.id, issue_date: '2025-06-15', lines: [line] }), null);
    const passing = await createInvoice(org.id, invoiceCreate.parse({ contact_id: passerby.id, issue_date: '2025-06-15', lines: [line] }), null);
    await deleteInvoice(org.id, passing.id, { actorId: null, role: 'admin' });
    // act
    const usedCustomer = await call('DELETE', `/api/v1/organizations/${org.id}/contacts/${customer.id}`, as('admin'));
    const freedCustomer = await call('DELETE', `/api/v1/organizations/${org.id}/contacts/${passerby.id}`, as('admin'));
    // assess
    expect(await referencesTo(org.id, 'contact', customer.id)).toEqual([['invoice', invoice.id]]);
    expect(await referencesTo(org.id, 'tax', gst16.id)).toEqual([['invoice', invoice.id]]);
    expect(usedCustomer.status).toBe(200);
    expect(usedCustomer.body.message).toBe('Contact is used by invoices; it was deactivated instead of deleted');
    expect((await Contact.get({ organization_id: org.id, id: customer.id }).go()).data).toMatchObject({ is_active: false });
    expect(freedCustomer.body.message).toBe('Contact deleted successfully');
    expect((await Contact.get({ organization_id: org.id, id: passerby.id }).go()).data).toBeNull();
  });

  it('moves a draft bill’s references when its supplier and taxes change, keeps them once confirmed, and removes them with the draft', async () => {
    // prepare
    const { org, as, base, supplier, gst16, createDraft, rentAndSupplies, account } = await billsSetup();
    const other = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Zarqa Utilities' }));
    const draft = await createDraft();
    const kept = await createDraft();
    const untaxed = [{ description: 'Water bill', quantity: '1', unit_price: '20', account_id: account('6300') }];
    // act
    const moved = await call('PUT', `${base}/${draft.id}/with-line-items`, { ...as('member'), json: { ...rentAndSupplies({ contact_id: other.id, lines: untaxed }), version: 1 } });
    const afterMove = { supplier: await referencesTo(org.id, 'contact', supplier.id), other: await referencesTo(org.id, 'contact', other.id), tax: await referencesTo(org.id, 'tax', gst16.id) };
    await call('POST', `${base}/${kept.id}/confirm`, as('admin'));
    const deleted = await call('DELETE', `${base}/${draft.id}`, as('member'));
    const taxDelete = await call('DELETE', `/api/v1/organizations/${org.id}/taxes/${gst16.id}`, as('admin'));
    const otherDelete = await call('DELETE', `/api/v1/organizations/${org.id}/contacts/${other.id}`, as('admin'));
    const supplierDelete = await call('DELETE', `/api/v1/organizations/${org.id}/contacts/${supplier.id}`, as('admin'));
    // assess
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(afterMove).toEqual({ supplier: [['bill', kept.id]], other: [['bill', draft.id]], tax: [['bill', kept.id]] });
    expect(deleted.status).toBe(200);
    expect(await referencesTo(org.id, 'contact', other.id)).toEqual([]);
    expect(otherDelete.body.message).toBe('Contact deleted successfully');
    expect(taxDelete.body.message).toBe('Tax is used by bills; it was deactivated instead of deleted');
    expect(supplierDelete.body.message).toBe('Contact is used by bills; it was deactivated instead of deleted');
    expect(await referencesTo(org.id, 'contact', supplier.id)).toEqual([['bill', kept.id]]);
  });

  it('refuses a draft naming a deactivated tax or supplier (422) and writes no reference', async () => {
    // prepare
    const { org, as, base, supplier, gst16, rentAndSupplies } = await billsSetup();
    const deactivated = await call('PUT', `/api/v1/organizations/${org.id}/taxes/${gst16.id}`, { ...as('admin'), json: { is_active: false } });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    // act
    const byTax = await call('POST', `${base}/with-line-items`, { ...as('member'), json: rentAndSupplies() });
    await Contact.patch({ organization_id: org.id, id: supplier.id }).set({ is_active: false }).go();
    const bySupplier = await call('POST', `${base}/with-line-items`, { ...as('member'), json: rentAndSupplies() });
    // assess
    expect(byTax.status).toBe(422);
    expect(byTax.body.detail[0]).toMatchObject({ loc: ['body', 'lines', 0, 'tax_id'], msg: 'GST 16% is inactive' });
    expect(bySupplier.status).toBe(422);
    expect(bySupplier.body.detail[0]).toMatchObject({ loc: ['body', 'contact_id'], msg: 'Amman Office Supplies is inactive' });
    expect(await referencesTo(org.id, 'contact', supplier.id)).toEqual([]);
    expect(await referencesTo(org.id, 'tax', gst16.id)).toEqual([]);
  });
});
