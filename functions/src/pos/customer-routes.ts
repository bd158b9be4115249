/**
 * The till's customer routes (issue 15), a route group of the pos Lambda (pos/handler.ts).
 *
 *   GET  pos/customers/search?query&limit                    member  → posCustomerPublic[]
 *   POST pos/customers/quick-create                          member  → 201 posCustomerPublic
 *   GET  pos/customers/{customer_id}/purchase-history?limit  member  → the customer's receipts (posTransactionPublic), newest first
 *   GET  pos/customers/{customer_id}/account-balance         member  → posAccountBalance
 */
import * as z from 'zod';
import * as pos from '@daftar/shared/schemas/pos';
import { listOf } from '@daftar/shared/schemas/common';
import { defineRouteGroup, route } from '../http/api.js';
import { organizationSettings } from '../organizations/settings.js';
/** The customers' code (contacts, their statement) is loaded by the first customer route called. */
const customers = () => import('./customers.js');
import { presentTransaction } from './present.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const purchaseHistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const purchaseHistoryPublic = z.object({ customer_id: z.string(), data: z.array(pos.posTransactionPublic) });

export const routes = defineRouteGroup('pos', {
  [`GET ${ORG}/pos/customers/search`]: route({
    access: { org: 'member' },
    summary: 'Customers by the start of their name (Arabic spelling variants ignored), phone (07…, +962 7…, spaces ignored) or e-mail; active customers and contacts of type both',
    query: pos.posCustomerSearchQuery,
    response: listOf(pos.posCustomerPublic),
    handler: async ({ organizationId, query }) => (await customers()).searchCustomers(organizationId!, query.query, query.limit),
  }),

  [`POST ${ORG}/pos/customers/quick-create`]: route({
    access: { org: 'member' },
    summary: 'Add a customer at the counter: a name or a phone is enough (a phone alone is also the name)',
    body: pos.posCustomerQuickCreate,
    response: pos.posCustomerPublic,
    status: 201,
    handler: async (ctx) => {
      const { quickCreateCustomer, presentPosCustomer } = await customers();
      const contact = await quickCreateCustomer(ctx.organizationId!, ctx.body);
      ctx.audit({
        action: 'contact.created',
        entity_type: 'contact',
        entity_id: contact.id,
        narrative: { key: 'audit.contact.created', params: { name: contact.name, type: contact.contact_type } },
        changes: { name: contact.name, contact_type: contact.contact_type, phone: contact.phone ?? null, email: contact.email ?? null, source: 'pos' },
      });
      return presentPosCustomer(contact);
    },
  }),

  [`GET ${ORG}/pos/customers/{customer_id}/purchase-history`]: route({
    access: { org: 'member' },
    summary: "The customer's till receipts, newest first (limit)",
    query: purchaseHistoryQuery,
    response: purchaseHistoryPublic,
    handler: async ({ organizationId, params, query }) => {
      const { getCustomer, purchaseHistory } = await customers();
      const customer = await getCustomer(organizationId!, params.customer_id!);
      const [{ currency }, receipts] = await Promise.all([organizationSettings(organizationId!), purchaseHistory(organizationId!, customer.id, query.limit)]);
      return { customer_id: customer.id, data: receipts.map((r) => presentTransaction(r, currency)) };
    },
  }),

  [`GET ${ORG}/pos/customers/{customer_id}/account-balance`]: route({
    access: { org: 'member' },
    summary: 'What the customer owes (open invoices) and holds as store credit',
    response: pos.posAccountBalance,
    handler: async ({ organizationId, params }) => {
      const { accountBalance, getCustomer } = await customers();
      return accountBalance(organizationId!, await getCustomer(organizationId!, params.customer_id!));
    },
  }),
});
