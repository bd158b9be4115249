/**
 * Customers at the counter (issue 15): find one by name, phone or e-mail while the queue waits,
 * add one with only a name or a phone, see what they bought and what they owe or hold.
 *
 * A till's customer IS a contact (of type customer or both): no second address book. Searching and
 * creating go through contacts/contacts.ts, so the search keys, the validation and the tax-number
 * guard are the contacts' own.
 */
import { tillStanding } from '../loyalty/members.js';
import { contactCreate, CUSTOMER_TYPES } from '@daftar/shared/schemas/contacts';
import type { z } from 'zod';
import type { posAccountBalance, posCustomerPublic, posCustomerQuickCreate } from '@daftar/shared/schemas/pos';
import { validate } from '../http/api.js';
import { Contact, type ContactRecord } from '../db/contact.js';
import { PosTransaction, type PosTransactionRecord } from '../db/posTransaction.js';
import { StoreCredit } from '../db/storeCredit.js';
import { contactStatement } from '../contacts/statement.js';
import { createContact, listContacts } from '../contacts/contacts.js';
import { formatAmount } from '../ledger/present.js';
import { organizationSettings } from '../organizations/settings.js';
import { NotFound } from '../platform/errors.js';

export type PosCustomer = z.infer<typeof posCustomerPublic>;

export const presentPosCustomer = (contact: ContactRecord): PosCustomer => ({
  id: contact.id,
  name: contact.name,
  phone: contact.phone ?? null,
  email: contact.email ?? null,
});

/**
 * Active customers whose name (or a word of it, or the Arabic name), e-mail or phone starts with
 * `query` — Arabic spelling variants and diacritics ignored, phones in any of the forms people type
 * (0791234567, +962 79 123 4567, 00962…: contacts/search.ts `phoneForms`/`searchPrefixes`).
 *
 * Cost: the contacts' search keys (ContactSearchKey) are the name index: one Query per prefix form
 * (the text, and its digits when it looks like a phone: at most two), `begins_with` on the
 * normalised term, reading only the matching keys (each ~150 bytes, they carry type and activity,
 * so suppliers and inactive contacts are dropped without reading them), then one BatchGet of at
 * most `limit` contacts. A one-letter query reads every key starting with that letter — a few
 * hundred small items for a shop with thousands of customers — which is why the register asks
 * from the second character.
 */
export function searchCustomers(organizationId: string, query: string, limit: number): Promise<{ data: PosCustomer[]; count: number }> {
  return listContacts(organizationId, { search: query, skip: 0, limit, include_inactive: false, types: CUSTOMER_TYPES }, presentPosCustomer);
}

/**
 * A customer from the counter: a name, or a phone alone (the phone is then the name, so the
 * contact list shows something the cashier can recognise). Validated and written by the contacts'
 * own schema and create function; a bad phone or e-mail is the contacts' 422.
 */
export async function quickCreateCustomer(organizationId: string, input: z.output<typeof posCustomerQuickCreate>): Promise<ContactRecord> {
  const phone = input.phone?.trim() || null;
  const name = input.name?.trim() || phone!;
  const body = validate(contactCreate, { contact_type: 'customer', name, phone, email: input.email?.trim() || null }, 'body');
  return createContact(organizationId, body);
}

/** The contact when it is a customer of the organization (customer or both); 404 otherwise. */
export async function getCustomer(organizationId: string, customerId: string): Promise<ContactRecord> {
  const { data } = await Contact.get({ organization_id: organizationId, id: customerId }).go({ consistent: true });
  if (!data || !CUSTOMER_TYPES.includes(data.contact_type)) throw new NotFound('Customer not found');
  return data;
}

/**
 * The customer's receipts, newest first: one Query of PosTransaction gsi2 (`byCustomer`, keyed by
 * the customer's id, sorted by when the sale happened), read backwards and stopped at `limit`.
 */
export async function purchaseHistory(organizationId: string, customerId: string, limit: number): Promise<PosTransactionRecord[]> {
  const { data } = await PosTransaction.query
    .byCustomer({ organization_id: organizationId, customer_key: customerId })
    .go({ order: 'desc', count: limit, pages: 'all' });
  return data;
}

/**
 * What the customer owes and holds.
 *
 * Receivable: the ledger's receivable postings carry no contact, so there is no per-customer
 * balance to read (contacts/statement.ts). It is the customer's account as the contacts' statement
 * reads it from the documents: what their open invoices still have due (`outstanding`). Till
 * sales put on account are NOT in it: they post to the receivable account with the contact on the
 * journal line but leave no document the statement reads, and no payment is ever allocated to a
 * receipt, so summing their on-account tenders would never come down when the customer pays. They
 * need a per-customer figure kept where they post (an item changed by ADD in the sale's and the
 * payment's transactions) before this can count them.
 *
 * Store credit: the StoreCredit balance item (one GetItem); 0 when the customer never had any.
 */
export async function accountBalance(organizationId: string, customer: ContactRecord): Promise<z.infer<typeof posAccountBalance>> {
  const [{ currency }, statement, credit, loyalty] = await Promise.all([
    organizationSettings(organizationId),
    contactStatement(organizationId, customer, { role: 'customer' }),
    StoreCredit.get({ organization_id: organizationId, customer_id: customer.id }).go({ consistent: true }),
    // The customer's points and their program's terms: the register computes earning and redemption with them.
    tillStanding(organizationId, customer.id),
  ]);
  return {
    customer_id: customer.id,
    receivable: statement.balance.outstanding,
    store_credit: formatAmount(credit.data?.balance ?? 0, currency),
    loyalty,
  };
}

