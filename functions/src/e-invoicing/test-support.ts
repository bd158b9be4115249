/**
 * Test support for JoFotara submissions (not used by production code): a Lambda handler serving
 * the submission routes through the real request pipeline (the lead wires the same route objects
 * into the invoices Lambda), an organization set up for e-invoicing with customers and the Jordan
 * taxes, confirmed invoices made through the invoice routes, and SQS-shaped events for the
 * consumer.
 */
import { randomUUID } from 'node:crypto';
import { ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { expect } from 'vitest';
import { jofotara } from '@daftar/shared';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { lambdaContext, toApiGatewayEvent } from '../../../infra/local/apigw.js';
import { call, type CallOptions, type CallResult } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Organization } from '../db/organization.js';
import { Tax } from '../db/tax.js';
import { createHandler } from '../http/api.js';
import { config } from '../platform/config.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { routes as settingsRoutes } from './handler.js';
import { updateSettings } from './settings.js';
import { jofotaraInvoiceRoutes, jofotaraReturnRoutes } from './submission-routes.js';

export const DEVICE = { clientId: 'c8a6f3e2-daftar-device-0001', secretKey: 'S3cr3t-K3y-for-the-simulator-0001' };

const handler = createHandler({ resource: 'e-invoicing', defs: { ...settingsRoutes.defs, ...jofotaraInvoiceRoutes, ...jofotaraReturnRoutes } });

/** Calls a submission route (or an e-invoicing settings route) through the API Gateway v2 adapter. */
export async function callJofotara<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'user-agent': 'vitest' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.org) headers['x-organization-id'] = opts.org;
  let body: Buffer | undefined;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  }
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const url = qs.size ? `${path}?${qs}` : path;
  const event = toApiGatewayEvent({ method, url, headers, body, sourceIp: '127.0.0.1' }, `${method} ${path}`, {});
  const result = await handler(event, lambdaContext('invoices'));
  const text = result.body ?? '';
  const contentType = String(result.headers?.['content-type'] ?? '');
  return {
    status: result.statusCode ?? 200,
    body: (contentType.includes('json') && text ? JSON.parse(text) : text) as T,
    headers: Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
    raw: Buffer.from(text),
  };
}

async function addTax(organizationId: string, name: string, rate: string, category: 'standard' | 'zero_rated' | 'exempt') {
  const now = nowIso();
  const { data } = await Tax.create({
    organization_id: organizationId,
    id: uuidv7(),
    name,
    rate,
    tax_category: category,
    jofotara_category: category === 'standard' ? 'S' : category === 'exempt' ? 'Z' : 'O',
    sales_account_subtype: 'vat_output',
    created_at: now,
    updated_at: now,
  }).go();
  return data;
}

export interface EinvoicingOrganizationOptions {
  track?: jofotara.JoFotaraTrack;
  /** false: no e-invoicing settings at all. */
  configured?: boolean;
  /** The JoFotara device; the simulator must know it. */
  device?: { clientId: string; secretKey: string };
}

/**
 * An organization with every role, complete e-invoicing settings on `track`, two customers (a
 * business with a tax number and governorate; a consumer with a national ID), a walk-in contact
 * with no identification, and GST 16%, 10%, zero-rated and exempt taxes.
 */
export async function einvoicingOrganization(options: EinvoicingOrganizationOptions = {}) {
  const { org, users } = await organizationWithRoles();
  await Organization.patch({ id: org.id }).set({ legal_name: 'شركة دفتر للتجارة', tax_number: '12345678' }).go();
  if (options.configured !== false) {
    const device = options.device ?? DEVICE;
    await updateSettings(
      org.id,
      {
        seller_tin: '12345678',
        registered_name_ar: 'شركة دفتر للتجارة',
        registered_name_en: 'Daftar Trading Co.',
        income_source_sequence: '9932895',
        taxpayer_track: options.track ?? 'general_sales',
        client_id: device.clientId,
        secret_key: device.secretKey,
      },
      users.owner.user.id,
    );
  }
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const business = await createContact(
    org.id,
    contactCreate.parse({ contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء', tax_number: '87654321', governorate: 'JO-AQ', postal_code: '77110', phone: '+962 3 201 5555' }),
  );
  const consumer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Rania Haddad', national_id: '9861012345' }));
  const walkIn = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Cash customer' }));
  const taxes = {
    gst16: await addTax(org.id, 'GST 16%', '16', 'standard'),
    gst10: await addTax(org.id, 'GST 10%', '10', 'standard'),
    zeroRated: await addTax(org.id, 'Zero-rated', '0', 'zero_rated'),
    exempt: await addTax(org.id, 'Exempt', '0', 'exempt'),
  };

  /** Mixed rates, a discount and three-decimal quantities and prices. */
  const mixedLines = () => [
    { description: 'Laptop stand', quantity: '2', unit_price: '24.500', discount: { type: 'amount', amount: '4.000' }, tax_id: taxes.gst16.id },
    { description: 'كتاب مدرسي', quantity: '3', unit_price: '7.125', tax_id: taxes.zeroRated.id },
    { description: 'Mineral water 330ml', quantity: '1.5', unit_price: '0.335', discount: { type: 'percent', percent: '10' }, tax_id: taxes.gst10.id },
    { description: 'Bread', quantity: '4', unit_price: '0.250', tax_id: taxes.exempt.id },
  ];
  /** No sales tax at all: what an income-track taxpayer sells. */
  const untaxedLines = () => [
    { description: 'Consulting hour', quantity: '3', unit_price: '40.000', discount: { type: 'amount', amount: '5.000' } },
    { description: 'Travel', quantity: '1', unit_price: '12.750' },
  ];

  const createDraft = async (json: Record<string, unknown>) => {
    const res = await call('POST', `/api/v1/organizations/${org.id}/invoices/with-line-items`, { ...as('member'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; number: string | null; gross_total: string };
  };
  const createConfirmed = async (overrides: Record<string, unknown> = {}) => {
    const draft = await createDraft({ contact_id: business.id, issue_date: '2025-06-15', due_date: '2025-07-15', lines: mixedLines(), ...overrides });
    const res = await call('POST', `/api/v1/organizations/${org.id}/invoices/${draft.id}/confirm`, as('admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; number: string; gross_total: string; lines: { id: string; quantity: string }[] };
  };
  const paths = {
    submit: (invoiceId: string) => `/api/v1/organizations/${org.id}/invoices/${invoiceId}/jofotara/submit`,
    preview: (invoiceId: string) => `/api/v1/organizations/${org.id}/invoices/${invoiceId}/jofotara/preview`,
    state: (invoiceId: string) => `/api/v1/organizations/${org.id}/invoices/${invoiceId}/jofotara`,
    submitReturn: (returnId: string) => `/api/v1/organizations/${org.id}/invoices/return/invoices/${returnId}/jofotara/submit`,
    previewReturn: (returnId: string) => `/api/v1/organizations/${org.id}/invoices/return/invoices/${returnId}/jofotara/preview`,
    returnState: (returnId: string) => `/api/v1/organizations/${org.id}/invoices/return/invoices/${returnId}/jofotara`,
  };
  return { org, users, as, contacts: { business, consumer, walkIn }, taxes, mixedLines, untaxedLines, createDraft, createConfirmed, paths };
}

let sqs: SQSClient | undefined;
const queueClient = () => (sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false }));

/**
 * Takes every message now on the test file's einvoice queue and answers the bodies of those of
 * `organizationId` (the queue is shared by the file's tests; taken messages stay in flight for the
 * queue's visibility timeout).
 */
export async function drainEinvoiceQueue(organizationId: string): Promise<Record<string, unknown>[]> {
  const out: Message[] = [];
  for (let round = 0; round < 5; round++) {
    const { Messages = [] } = await queueClient().send(
      new ReceiveMessageCommand({ QueueUrl: config.einvoiceQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: round === 0 ? 1 : 0, MessageSystemAttributeNames: ['All'] }),
    );
    if (!Messages.length) break;
    out.push(...Messages);
  }
  return out.map((m) => JSON.parse(m.Body!) as Record<string, unknown>).filter((body) => body.organization_id === organizationId);
}

/** One SQS record as Lambda hands it to the consumer. */
export function sqsRecord(body: unknown, receiveCount = 1, messageId: string = randomUUID()): SQSRecord {
  return {
    messageId,
    receiptHandle: `receipt-${messageId}-${receiveCount}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: '000000000000',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:daftar-einvoice-submissions',
    awsRegion: 'us-east-1',
  };
}

export const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
