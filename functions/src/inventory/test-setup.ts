/**
 * One tracked product in a shop with a supplier and a customer, and the dated documents that move
 * its stock through the real routes: what the back-dating tests (count-kept, recost) work with.
 */
import { expect } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { billsSetup, trialRows } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { StockLevel } from '../db/stockLevel.js';

export async function oneProductShop(item: { sku: string; name: string }, method: 'fifo' | 'average' = 'fifo') {
  const s = await billsSetup();
  const { org, as, account, supplier } = s;
  const O = `/api/v1/organizations/${org.id}`;
  if (method === 'average') expect((await call('PUT', O, { ...as('admin'), json: { inventory_valuation_method: 'average' } })).status).toBe(200);
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Hotel Petra' }));
  const created = await call('POST', `${O}/products-services`, { ...as('member'), json: { ...item, sale_price: '0.500', is_tracked_inventory: true } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const product = created.body as { id: string };
  /** Confirms a document of one line of the product, dated `date`; answers its id. */
  const confirmed = async (path: 'bills' | 'invoices', json: Record<string, unknown>) => {
    const draft = await call('POST', `${O}/${path}/with-line-items`, { ...as('member'), json });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = (draft.body as { id: string }).id;
    const done = await call('POST', `${O}/${path}/${id}/confirm`, as('admin'));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return id;
  };
  const bill = (date: string, quantity: string, unitPrice: string) =>
    confirmed('bills', { contact_id: supplier.id, issue_date: date, lines: [{ product_id: product.id, description: item.name, quantity, unit_price: unitPrice, account_id: account('1400') }] });
  const invoice = (date: string, quantity: string) =>
    confirmed('invoices', { contact_id: customer.id, issue_date: date, lines: [{ product_id: product.id, description: item.name, quantity, unit_price: '0.500' }] });
  const level = async () => (await StockLevel.get({ organization_id: org.id, product_id: product.id, location_id: 'main' }).go()).data!;
  /** The valuation report's total. */
  const valuation = async () => ((await call('GET', `${O}/inventory/valuation-report`, as('viewer'))).body as { total_value: string }).total_value;
  /** An account's balance in the trial balance as [debit, credit]. */
  const balance = async (code: string) => {
    const { rows, balanced } = await trialRows(org.id, s.users.admin.token);
    expect(balanced).toBe(true);
    const row = rows.find((r) => r[0] === code);
    return row ? [row[1], row[2]] : ['0.000', '0.000'];
  };
  return { ...s, O, product, bill, invoice, level, valuation, balance };
}
