import * as schemas from '@daftar/shared/schemas/index';
import * as contacts from '@daftar/shared/schemas/contacts';
import { alsoUnderAccounting } from '../http/accounting-paths.js';
import { createHandler, defineRoutes, route } from '../http/api.js';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  presentContact,
  presentContactOption,
  updateContact,
} from './contacts.js';
import { contactStatement } from './statement.js';

const ORG = '/api/v1/organizations/{organization_id}';

const contactList = schemas.listOf(contacts.contactPublic);

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Contacts by name (filters: contact_type, search by name/e-mail/phone/tax number prefix, include_inactive)',
  query: contacts.contactListQuery,
  response: contactList,
  handler: async ({ organizationId, query }) =>
    listContacts(organizationId!, { ...query, types: query.contact_type ? [query.contact_type] : undefined }, presentContact),
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'Contacts in short form for pickers (same filters as the list)',
  query: contacts.contactListQuery,
  response: schemas.listOf(contacts.contactOption),
  handler: async ({ organizationId, query }) =>
    listContacts(organizationId!, { ...query, types: query.contact_type ? [query.contact_type] : undefined }, presentContactOption),
});

const roleListRoute = (role: 'customers' | 'suppliers') =>
  route({
    access: { org: 'viewer' },
    summary: `${role === 'customers' ? 'Customers' : 'Suppliers'} by name, contacts of type both included (search, include_inactive)`,
    query: contacts.contactRoleListQuery,
    response: contactList,
    handler: async ({ organizationId, query }) =>
      listContacts(organizationId!, { ...query, types: role === 'customers' ? contacts.CUSTOMER_TYPES : contacts.SUPPLIER_TYPES }, presentContact),
  });

const createRoute = route({
  access: { org: 'member' },
  summary: 'Add a customer or supplier (tax number unique in the organization: 409)',
  body: contacts.contactCreate,
  response: contacts.contactPublic,
  status: 201,
  handler: async (ctx) => {
    const contact = await createContact(ctx.organizationId!, ctx.body);
    ctx.audit({
      action: 'contact.created',
      entity_type: 'contact',
      entity_id: contact.id,
      narrative: { key: 'audit.contact.created', params: { name: contact.name, ...(contact.name_ar ? { name_ar: contact.name_ar } : {}), type: contact.contact_type } },
      changes: { name: contact.name, contact_type: contact.contact_type, tax_number: contact.tax_number ?? null, email: contact.email ?? null },
    });
    return presentContact(contact);
  },
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One contact',
  response: contacts.contactPublic,
  handler: async ({ organizationId, params }) => presentContact(await getContact(organizationId!, params.contact_id!)),
});

const statementRoute = route({
  access: { org: 'viewer' },
  summary:
    "A customer's or supplier's account: balance (outstanding, overdue, store credit or advances), their invoices or bills with what is due, and a statement over a period (start_date, end_date; role for a contact of type both) with a running balance",
  query: contacts.contactStatementQuery,
  response: contacts.contactStatement,
  handler: async ({ organizationId, params, query }) => contactStatement(organizationId!, await getContact(organizationId!, params.contact_id!), query),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change a contact (null or an empty string clears a field; version, when given, must match)',
  body: contacts.contactUpdate,
  response: contacts.contactPublic,
  handler: async (ctx) => {
    const { before, after } = await updateContact(ctx.organizationId!, ctx.params.contact_id!, ctx.body);
    const before_ = presentContact(before);
    const after_ = presentContact(after);
    const fields = (Object.keys(ctx.body) as (keyof contacts.ContactUpdate)[]).filter(
      (f): f is Exclude<keyof contacts.ContactUpdate, 'version'> => f !== 'version' && ctx.body[f] !== undefined,
    );
    ctx.audit({
      action: before.is_active === after.is_active ? 'contact.updated' : after.is_active ? 'contact.activated' : 'contact.deactivated',
      entity_type: 'contact',
      entity_id: after.id,
      narrative: { key: 'audit.contact.updated', params: { name: after.name, ...(after.name_ar ? { name_ar: after.name_ar } : {}), fields: fields.join(', ') } },
      changes: Object.fromEntries(fields.map((f) => [f, { from: before_[f], to: after_[f] }])),
    });
    return after_;
  },
});

const deleteRoute = route({
  access: { org: 'admin' },
  summary: 'Delete a contact; a contact that documents refer to is deactivated instead',
  response: schemas.message,
  handler: async (ctx) => {
    const result = await deleteContact(ctx.organizationId!, ctx.params.contact_id!);
    const { contact } = result;
    if (result.outcome === 'deactivated') {
      ctx.audit({
        action: 'contact.deactivated',
        entity_type: 'contact',
        entity_id: contact.id,
        narrative: { key: 'audit.contact.deactivated', params: { name: contact.name, ...(contact.name_ar ? { name_ar: contact.name_ar } : {}), references: result.references.join(', ') } },
        changes: { is_active: { from: true, to: false } },
      });
      return { message: `Contact is used by ${result.references.join(', ')}; it was deactivated instead of deleted` };
    }
    ctx.audit({
      action: 'contact.deleted',
      entity_type: 'contact',
      entity_id: contact.id,
      narrative: { key: 'audit.contact.deleted', params: { name: contact.name, ...(contact.name_ar ? { name_ar: contact.name_ar } : {}) } },
      changes: { name: contact.name, contact_type: contact.contact_type, tax_number: contact.tax_number ?? null },
    });
    return { message: 'Contact deleted successfully' };
  },
});

/** The accounting-prefixed paths are the same routes (SPEC §7 "duplicated … identical routes"). */
export const routes = defineRoutes('contacts', {
  ...alsoUnderAccounting({
    [`GET ${ORG}/contacts`]: listRoute,
    [`POST ${ORG}/contacts`]: createRoute,
    [`GET ${ORG}/contacts/list`]: optionsRoute,
    [`GET ${ORG}/contacts/customers`]: roleListRoute('customers'),
    [`GET ${ORG}/contacts/suppliers`]: roleListRoute('suppliers'),
    [`GET ${ORG}/contacts/{contact_id}`]: getRoute,
    [`GET ${ORG}/contacts/{contact_id}/statement`]: statementRoute,
    [`PUT ${ORG}/contacts/{contact_id}`]: updateRoute,
    [`DELETE ${ORG}/contacts/{contact_id}`]: deleteRoute,
  }),
});

export const handler = createHandler(routes);
