/** Contacts as a resource: create, change, delete, list and search. */
import { money } from '@daftar/shared';
import {
  buyerIdentification,
  buyerIdentificationIssue,
  type ContactCreate,
  type ContactOption,
  type ContactPublic,
  type ContactType,
  type ContactUpdate,
} from '@daftar/shared/schemas/contacts';
import { Contact, ContactSearchKey, ContactTaxNumber, type ContactRecord, type ContactSearchKeyRecord } from '../db/contact.js';
import { readById } from '../db/batch-get.js';
import { listPage } from '../db/paging.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { deleteItem, putItem, updateItem, postTransaction, type TransactItem } from '../db/transaction.js';
import { uuidv7 } from '../platform/ids.js';
import { nameKey, searchPrefixes, searchTerms } from './search.js';
import { assertUnreferenced, InUse, type ReferenceCheck } from '../db/references.js';
import { referencedBy } from '../db/reference.js';

// ---------------------------------------------------------------------------------------------
// Presentation

function creditLimitText(contact: ContactRecord): string | null {
  if (contact.credit_limit === undefined) return null;
  return money.formatMoney(money.fromMinorUnits(contact.credit_limit, contact.currency));
}

export function presentContact(contact: ContactRecord): ContactPublic {
  return {
    id: contact.id,
    organization_id: contact.organization_id,
    contact_type: contact.contact_type,
    name: contact.name,
    name_ar: contact.name_ar ?? null,
    email: contact.email ?? null,
    phone: contact.phone ?? null,
    tax_number: contact.tax_number ?? null,
    national_id: contact.national_id ?? null,
    personal_number: contact.personal_number ?? null,
    buyer_id_scheme: contact.buyer_id_scheme ?? null,
    buyer_identification: buyerIdentification(contact),
    governorate: (contact.governorate as ContactPublic['governorate']) ?? null,
    city: contact.city ?? null,
    address: contact.address ?? null,
    postal_code: contact.postal_code ?? null,
    payment_terms_days: contact.payment_terms_days ?? null,
    credit_limit: creditLimitText(contact),
    currency: contact.currency,
    is_active: contact.is_active,
    notes: contact.notes ?? null,
    version: contact.version,
    created_at: contact.created_at,
    updated_at: contact.updated_at,
  };
}

export function presentContactOption(contact: ContactRecord): ContactOption {
  const c = presentContact(contact);
  return {
    id: c.id,
    contact_type: c.contact_type,
    name: c.name,
    name_ar: c.name_ar,
    email: c.email,
    phone: c.phone,
    tax_number: c.tax_number,
    currency: c.currency,
    is_active: c.is_active,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getContact(organizationId: string, id: string): Promise<ContactRecord> {
  const { data } = await Contact.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Contact not found');
  return data;
}

export interface ContactFilter {
  skip: number;
  limit: number;
  search?: string;
  include_inactive: boolean;
  /** Contacts of any of these types; all types when absent. */
  types?: readonly ContactType[];
}

/**
 * A page of contacts by name. Without a search: one Query on the by-name index (type and activity
 * filtered server-side). With one: the matching search keys (one Query per prefix form), which
 * carry name, type and activity, so only the page's contacts are read (BatchGet).
 */
export async function listContacts<R>(organizationId: string, filter: ContactFilter, present: (contact: ContactRecord) => R) {
  const prefixes = filter.search ? searchPrefixes(filter.search) : [];
  if (!prefixes.length) {
    const base = Contact.query.byName({ organization_id: organizationId });
    const query =
      filter.types || !filter.include_inactive
        ? base.where((attr, op) => {
            const parts: string[] = [];
            if (filter.types) parts.push(`(${filter.types.map((t) => op.eq(attr.contact_type, t)).join(' OR ')})`);
            if (!filter.include_inactive) parts.push(op.eq(attr.is_active, true));
            return parts.join(' AND ');
          })
        : base;
    return listPage(query, { skip: filter.skip, limit: filter.limit, order: 'asc' }, present);
  }

  const matches = new Map<string, ContactSearchKeyRecord>();
  const pages = await Promise.all(
    prefixes.map((prefix) =>
      ContactSearchKey.query.byTerm({ organization_id: organizationId }).begins({ term: prefix }).go({ consistent: true, pages: 'all' }),
    ),
  );
  for (const key of pages.flatMap((p) => p.data)) {
    if (!filter.include_inactive && !key.is_active) continue;
    if (filter.types && !filter.types.includes(key.contact_type)) continue;
    matches.set(key.contact_id, key);
  }
  const ordered = [...matches.values()].sort((a, b) =>
    a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : a.contact_id < b.contact_id ? -1 : a.contact_id > b.contact_id ? 1 : 0,
  );
  const page = ordered.slice(filter.skip, filter.skip + filter.limit);
  const contacts = await getMany(organizationId, page.map((k) => k.contact_id));
  return { data: page.map((k) => contacts.get(k.contact_id)).filter((c): c is ContactRecord => !!c).map(present), count: ordered.length };
}

/** Contacts by id (BatchGet, unprocessed keys retried). */
const getMany = (organizationId: string, ids: string[]) =>
  readById<ContactRecord>((keys) => Contact.get(keys).go({ consistent: true }), organizationId, ids, { what: 'contacts' });

// ---------------------------------------------------------------------------------------------
// Writing

const changedMeanwhile = () => new Conflict('The contact was changed by someone else; reload and try again');
const duplicateTaxNumber = (taxNumber: string) => () => new Conflict(`A contact with tax number ${taxNumber} already exists`);

function parseAmount(value: string | number, currency: string, field: string): number {
  try {
    return money.parseMoney(value, currency).amount;
  } catch (error) {
    if (error instanceof money.MoneyError) throw new ValidationError([{ loc: ['body', field], msg: error.message, type: 'value_error' }]);
    throw error;
  }
}

/** The search keys to write and delete when a contact goes from `before` to `after`. */
function searchKeySteps(before: ContactRecord | null, after: ContactRecord | null): TransactItem[] {
  const oldTerms = before ? searchTerms(before) : [];
  const newTerms = after ? searchTerms(after) : [];
  const kept = new Set(newTerms);
  const steps: TransactItem[] = [];
  const organizationId = (after ?? before)!.organization_id;
  const contactId = (after ?? before)!.id;
  for (const term of oldTerms) {
    if (!kept.has(term)) steps.push(deleteItem(ContactSearchKey.delete({ organization_id: organizationId, term, contact_id: contactId }).params()));
  }
  if (after) {
    const sameListing = before && before.name_key === after.name_key && before.contact_type === after.contact_type && before.is_active === after.is_active;
    const existing = new Set(oldTerms);
    for (const term of newTerms) {
      if (sameListing && existing.has(term)) continue;
      steps.push(
        putItem(
          ContactSearchKey.put({
            organization_id: organizationId,
            term,
            contact_id: contactId,
            name_key: after.name_key,
            contact_type: after.contact_type,
            is_active: after.is_active,
          }).params(),
        ),
      );
    }
  }
  return steps;
}

const blank = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

export async function createContact(organizationId: string, input: ContactCreate): Promise<ContactRecord> {
  const currency = input.currency ?? (await organizationSettings(organizationId)).currency;
  const creditLimit = input.credit_limit == null ? undefined : parseAmount(input.credit_limit, currency, 'credit_limit');
  const now = new Date();
  const contact: ContactRecord = {
    organization_id: organizationId,
    id: uuidv7(now.getTime()),
    contact_type: input.contact_type,
    name: input.name,
    name_key: nameKey(input.name),
    name_ar: blank(input.name_ar),
    email: blank(input.email),
    phone: blank(input.phone),
    tax_number: blank(input.tax_number),
    national_id: blank(input.national_id),
    personal_number: blank(input.personal_number),
    buyer_id_scheme: blank(input.buyer_id_scheme),
    governorate: blank(input.governorate),
    city: blank(input.city),
    address: blank(input.address),
    postal_code: blank(input.postal_code),
    payment_terms_days: blank(input.payment_terms_days),
    credit_limit: creditLimit,
    currency,
    is_active: input.is_active,
    notes: blank(input.notes),
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const steps = [putItem(Contact.create(contact).params())];
  if (contact.tax_number) {
    steps.push(
      putItem(
        ContactTaxNumber.create({ organization_id: organizationId, tax_number: contact.tax_number, contact_id: contact.id }).params(),
        duplicateTaxNumber(contact.tax_number),
      ),
    );
  }
  await postTransaction([...steps, ...searchKeySteps(null, contact)]);
  return contact;
}

/** Optional attributes that an update may clear. */
const CLEARABLE = [
  'name_ar', 'email', 'phone', 'tax_number', 'national_id', 'personal_number', 'buyer_id_scheme', 'governorate',
  'city', 'address', 'postal_code', 'payment_terms_days', 'credit_limit', 'notes',
] as const satisfies readonly (keyof ContactRecord)[];

export async function updateContact(
  organizationId: string,
  id: string,
  input: ContactUpdate,
): Promise<{ before: ContactRecord; after: ContactRecord }> {
  const before = await getContact(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw changedMeanwhile();
  const pick = <K extends keyof ContactUpdate & keyof ContactRecord>(field: K) =>
    input[field] === undefined ? before[field] : blank(input[field]);

  const currency = input.currency === undefined ? before.currency : (input.currency ?? (await organizationSettings(organizationId)).currency);
  let creditLimit = before.credit_limit;
  if (input.credit_limit !== undefined) {
    creditLimit = input.credit_limit === null ? undefined : parseAmount(input.credit_limit, currency, 'credit_limit');
  } else if (creditLimit !== undefined && currency !== before.currency) {
    // The same limit in the new currency's units; a limit finer than the new currency needs restating.
    const text = money.formatMoney(money.fromMinorUnits(creditLimit, before.currency));
    try {
      creditLimit = money.parseMoney(text, currency).amount;
    } catch {
      throw new ValidationError([{ loc: ['body', 'credit_limit'], msg: `The credit limit ${text} does not fit ${currency}; give credit_limit with the currency`, type: 'value_error' }]);
    }
  }

  const name = input.name ?? before.name;
  const after: ContactRecord = {
    ...before,
    contact_type: input.contact_type ?? before.contact_type,
    name,
    name_key: nameKey(name),
    name_ar: pick('name_ar'),
    email: pick('email'),
    phone: pick('phone'),
    tax_number: pick('tax_number'),
    national_id: pick('national_id'),
    personal_number: pick('personal_number'),
    buyer_id_scheme: pick('buyer_id_scheme'),
    governorate: pick('governorate'),
    city: pick('city'),
    address: pick('address'),
    postal_code: pick('postal_code'),
    payment_terms_days: pick('payment_terms_days'),
    credit_limit: creditLimit,
    currency,
    is_active: input.is_active ?? before.is_active,
    notes: pick('notes'),
    version: before.version + 1,
    updated_at: new Date().toISOString(),
  };
  const schemeIssue = buyerIdentificationIssue(after);
  if (schemeIssue) throw new ValidationError([{ loc: ['body', schemeIssue.path], msg: schemeIssue.message, type: 'value_error' }]);

  await postTransaction([contactWrite(before, after), ...taxNumberSteps(before, after), ...searchKeySteps(before, after)]);
  return { before, after };
}

/** The conditional update of the contact item from `before` to `after`. */
function contactWrite(before: ContactRecord, after: ContactRecord): TransactItem {
  const { organization_id, id, created_at: _created, ...fields } = after;
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<ContactRecord>;
  const cleared = CLEARABLE.filter((f) => after[f] === undefined && before[f] !== undefined);
  let patch = Contact.patch({ organization_id, id }).set(set);
  if (cleared.length) patch = patch.remove(cleared) as typeof patch;
  return updateItem(patch.where((a, { eq }) => eq(a.version, before.version)).params(), changedMeanwhile);
}

function taxNumberSteps(before: ContactRecord, after: ContactRecord): TransactItem[] {
  if (before.tax_number === after.tax_number) return [];
  const steps: TransactItem[] = [];
  if (before.tax_number) {
    steps.push(
      deleteItem(
        ContactTaxNumber.delete({ organization_id: before.organization_id, tax_number: before.tax_number }).where((a, { eq }) => eq(a.contact_id, before.id)).params(),
        changedMeanwhile,
      ),
    );
  }
  if (after.tax_number) {
    steps.push(
      putItem(
        ContactTaxNumber.create({ organization_id: after.organization_id, tax_number: after.tax_number, contact_id: after.id }).params(),
        duplicateTaxNumber(after.tax_number),
      ),
    );
  }
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Deleting

/**
 * What may refer to a contact: invoices, bills, expenses and payments write reference items; each
 * module that stores a contact id (POS transactions, layaways, … when they come) adds its check
 * HERE, and not by registering at import time: every resource is its own Lambda, so a check living
 * only in another module's code would never run in this one.
 * Those modules must also put a ConditionCheck that the contact exists (and is active) into the
 * transaction that writes the reference, so a contact deleted between this check and the delete
 * cannot gain a dangling reference.
 */
export const contactReferenceChecks: ReferenceCheck[] = [referencedBy('contact', 'invoice', 'invoices'), referencedBy('contact', 'bill', 'bills'), referencedBy('contact', 'expense', 'expenses'), referencedBy('contact', 'payment', 'payments')];

/** Throws InUse when anything refers to the contact; a contact in use is kept, deactivated. */
export const assertContactDeletable = (organizationId: string, contactId: string) =>
  assertUnreferenced(contactReferenceChecks, 'contact', organizationId, contactId);

/**
 * Deletes the contact with its tax-number guard and search keys, or, when it is referenced,
 * deactivates it (history keeps pointing at it).
 */
export async function deleteContact(
  organizationId: string,
  id: string,
): Promise<{ contact: ContactRecord; outcome: 'deleted' } | { contact: ContactRecord; outcome: 'deactivated'; references: string[] }> {
  const contact = await getContact(organizationId, id);
  try {
    await assertContactDeletable(organizationId, id);
  } catch (error) {
    if (!(error instanceof InUse)) throw error;
    if (contact.is_active) {
      const after: ContactRecord = { ...contact, is_active: false, version: contact.version + 1, updated_at: new Date().toISOString() };
      await postTransaction([contactWrite(contact, after), ...searchKeySteps(contact, after)]);
      return { contact: after, outcome: 'deactivated', references: error.references };
    }
    return { contact, outcome: 'deactivated', references: error.references };
  }
  const steps = [
    deleteItem(Contact.delete({ organization_id: organizationId, id }).where((a, { eq }) => eq(a.version, contact.version)).params(), changedMeanwhile),
    ...searchKeySteps(contact, null),
  ];
  if (contact.tax_number) {
    steps.push(
      deleteItem(
        ContactTaxNumber.delete({ organization_id: organizationId, tax_number: contact.tax_number }).where((a, { eq }) => eq(a.contact_id, id)).params(),
        changedMeanwhile,
      ),
    );
  }
  await postTransaction(steps);
  return { contact, outcome: 'deleted' };
}
