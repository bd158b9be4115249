import type { CreateEntityItem, EntityIdentifiers, EntityItem, UpdateEntityItem } from 'electrodb';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { config } from '../platform/config.js';
import { Bill } from './bill.js';
import { documentEntity } from './document-entity.js';
import { Expense } from './expense.js';
import { Invoice } from './invoice.js';
import { InvoiceReturn } from './invoiceReturn.js';
import { Payment } from './payment.js';

/**
 * Since GitHub issue 11 the five document entities are built by documentEntity. What they store
 * must not change with that — no item is migrated — so each is compared here with what its
 * hand-written definition gave, captured from that definition (git 994762f) before the factory
 * existed and written out at the bottom of this file: its ElectroDB schema (model, attribute
 * definitions with their flags, indexes with their key fields and templates), the request
 * parameters of a create, a get, each listing's query and a change, and its TypeScript record
 * types. An entity changed on purpose changes its expected values here in the same commit.
 */

const ORG = 'org-1';
const ID = 'doc-1';
const AT = '2024-05-01T10:00:00.000Z';
const LINE = { id: 'l1', description: 'Widget', quantity: '2', unit_price: '5.000', net: 10000, tax: 1600, gross: 11600 };
const key = { organization_id: ORG, id: ID };

/** A record type written out member by member, as the compiler printed the hand-written entities' types. */
type Flat<T> = { [K in keyof T]: T[K] };

/** Request parameters with the test file's table name replaced by TABLE (the capture's). */
function params(operation: { params(): object }) {
  const { TableName, ...rest } = operation.params() as { TableName?: string };
  expect(TableName).toBe(config.tableName);
  return { ...rest, TableName: 'TABLE' };
}

/** The schema as written: ElectroDB copies every key's template into `facets`, left out here. */
const withoutFacets = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutFacets)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([name, v]) => (name === 'facets' ? [] : [[name, withoutFacets(v)]])))
      : value;

const TOTALS = { subtotal: 10000, discount_total: 0, net_total: 10000, tax_total: 1600, gross_total: 11600 };
const stamps = { created_by: 'u1', created_at: AT, updated_at: AT };
const expense = {
  ...key, user_id: 'u1', date: '2024-05-04', category_id: 'cat1', description: 'Taxi', currency: 'JOD', amount: 5000,
  net_amount: 4310, tax_amount: 690, tax_rate: '16', reimbursable: true, status: 'draft', created_at: AT, updated_at: AT,
} as const;

/** Per entity: the operations whose parameters are compared, by their name in `handWritten`. */
const cases = [
  {
    name: 'Invoice',
    entity: Invoice,
    expected: () => handWritten.invoice,
    operations: {
      create: () =>
        Invoice.create({
          ...key, status: 'draft', contact_id: 'c1', issue_date: '2024-05-01', due_date: '2024-05-31', currency: 'JOD',
          price_includes_tax: false, lines: [LINE], ...TOTALS, ...stamps,
        }),
      get: () => Invoice.get(key),
      byCreation: () => Invoice.query.byCreation({ organization_id: ORG }),
      byStatus: () => Invoice.query.byStatus({ organization_id: ORG, status: 'confirmed' }),
      patch: () =>
        Invoice.patch(key)
          .set({ status: 'confirmed', number: 'INV-000001', updated_at: AT })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, 1)),
    },
  },
  {
    name: 'Bill',
    entity: Bill,
    expected: () => handWritten.bill,
    operations: {
      create: () =>
        Bill.create({
          ...key, status: 'draft', supplier_reference: 'S-9', contact_id: 'c1', issue_date: '2024-05-01', currency: 'JOD',
          price_includes_tax: true, lines: [{ ...LINE, account_id: 'a1' }], ...TOTALS, ...stamps,
        }),
      get: () => Bill.get(key),
      byCreation: () => Bill.query.byCreation({ organization_id: ORG }),
      byStatus: () => Bill.query.byStatus({ organization_id: ORG, status: 'confirmed' }),
      patch: () => Bill.patch(key).set({ status: 'paid', amount_paid: 11600, updated_at: AT }).add({ version: 1 }),
    },
  },
  {
    name: 'InvoiceReturn',
    entity: InvoiceReturn,
    expected: () => handWritten.invoiceReturn,
    operations: {
      create: () =>
        InvoiceReturn.create({
          ...key, number: 'RET-000001', status: 'confirmed', invoice_id: 'inv1', invoice_number: 'INV-000001', contact_id: 'c1',
          issue_date: '2024-05-02', reason: 'damaged', currency: 'JOD', price_includes_tax: false, lines: [{ ...LINE, line_id: 'l1' }],
          ...TOTALS, special_tax_total: 0, applied_to_invoice: 11600, store_credit: 0, journal_entry_id: 'je1', ...stamps,
        }),
      get: () => InvoiceReturn.get(key),
      byCreation: () => InvoiceReturn.query.byCreation({ organization_id: ORG }),
      byInvoice: () => InvoiceReturn.query.byInvoice({ organization_id: ORG, invoice_id: 'inv1' }),
    },
  },
  {
    name: 'Payment',
    entity: Payment,
    expected: () => handWritten.payment,
    operations: {
      create: () =>
        Payment.create({
          ...key, number: 'PAY-000001', payment_type: 'received', payment_method: 'cash', status: 'posted', contact_id: 'c1',
          date: '2024-05-03', currency: 'JOD', amount: 11600, account_id: 'a1', reference: 'r',
          allocations: [{ document_type: 'invoice', document_id: 'inv1', amount: 11600 }], allocated_amount: 11600, journal_entry_id: 'je1',
          ...stamps,
        }),
      get: () => Payment.get(key),
      byCreation: () => Payment.query.byCreation({ organization_id: ORG }),
      byType: () => Payment.query.byType({ organization_id: ORG, payment_type: 'sent' }),
      patch: () =>
        Payment.patch(key)
          .set({ status: 'void', reversal_entry_id: 'je2', voided_at: AT, voided_by: 'u1', updated_at: AT })
          .add({ version: 1 }),
    },
  },
  {
    name: 'Expense',
    entity: Expense,
    expected: () => handWritten.expense,
    operations: {
      create: () => Expense.create(expense),
      get: () => Expense.get(key),
      byDate: () => Expense.query.byDate({ organization_id: ORG }).between({ date: '2024-01-01' }, { date: '2024-12-31' }),
      byUser: () => Expense.query.byUser({ organization_id: ORG, user_id: 'u1' }),
      put: () =>
        Expense.put({ ...expense, date: '2024-05-05', status: 'submitted', submitted_at: AT, version: 2 }).where(({ version }, { eq }) =>
          eq(version, 1),
        ),
    },
  },
];

describe.each(cases)('$name, built by documentEntity', ({ entity, expected, operations }) => {
  it('has the schema the hand-written entity had', () => {
    const { schema, ...writes } = expected();
    expect(withoutFacets(entity.schema)).toStrictEqual(schema);
    expect(Object.keys(operations).sort()).toEqual(Object.keys(writes).sort());
  });

  it.each(Object.entries(operations))('builds the same %s request', (name, operation) => {
    expect(params(operation())).toStrictEqual((expected() as Record<string, unknown>)[name]);
  });
});

describe('documentEntity types', () => {
  it('leaves the core attributes and the listings to the factory', () => {
    // Never called: the compiler checks these definitions.
    const kind = { entity: 'x', skPrefix: 'X', collection: 'XS', statuses: ['open'] } as const;
    const definitions = () => [
      // @ts-expect-error status comes from `statuses`
      documentEntity({ ...kind, attributes: { status: { type: 'string' } } }),
      // @ts-expect-error a listing narrowed by an attribute the document does not have
      documentEntity({ ...kind, gsi2: { name: 'byY', by: 'y' }, attributes: { x: { type: 'string' } } }),
      // @ts-expect-error a listing by date without a date
      documentEntity({ ...kind, gsi1: { name: 'byDate', order: 'date' }, attributes: { x: { type: 'string' } } }),
    ];
    expectTypeOf(definitions).toBeFunction();
  });

  it('Invoice keeps its record types', () => {
    expectTypeOf<Flat<EntityItem<typeof Invoice>>>().toEqualTypeOf<{
      number?: string | undefined; currency: string; price_includes_tax: boolean; lines: any; contact_id: string;
      issue_date: string; due_date?: string | undefined; reference?: string | undefined; notes?: string | undefined;
      version: number; status: 'draft' | 'confirmed' | 'sent' | 'partially_paid' | 'paid' | 'cancelled'; id: string;
      subtotal: number; organization_id: string; discount_total: number; net_total: number;
      special_tax_total?: number | undefined; tax_total: number; gross_total: number; amount_paid: number;
      amount_credited: number; journal_entry_id?: string | undefined; sent_at?: string | undefined;
      confirmed_at?: string | undefined; created_at: string; updated_at: string; created_by?: string | undefined;
      returned_quantities?: any; sent_to?: string | undefined; confirmed_by?: string | undefined;
      promotion_ids?: any; promotions?: any; loyalty?: any; loyalty_returned?: any;
    }>();
    expectTypeOf<Flat<CreateEntityItem<typeof Invoice>>>().toEqualTypeOf<{
      currency: string; price_includes_tax: boolean; lines: any; contact_id: string; issue_date: string;
      status: 'draft' | 'confirmed' | 'sent' | 'partially_paid' | 'paid' | 'cancelled'; id: string; subtotal: number;
      organization_id: string; discount_total: number; net_total: number; tax_total: number; gross_total: number;
      created_at: string; updated_at: string; number?: string | undefined; due_date?: string | undefined;
      reference?: string | undefined; notes?: string | undefined; special_tax_total?: number | undefined;
      journal_entry_id?: string | undefined; amount_paid?: number | undefined; amount_credited?: number | undefined;
      returned_quantities?: any; sent_at?: string | undefined; sent_to?: string | undefined;
      confirmed_at?: string | undefined; confirmed_by?: string | undefined; created_by?: string | undefined;
      version?: number | undefined; promotion_ids?: any; promotions?: any; loyalty?: any; loyalty_returned?: any;
    }>();
    expectTypeOf<Flat<UpdateEntityItem<typeof Invoice>>>().toEqualTypeOf<{
      number?: string | undefined; currency?: string | undefined; price_includes_tax?: boolean | undefined; lines?: any;
      contact_id?: string | undefined; issue_date?: string | undefined; due_date?: string | undefined;
      reference?: string | undefined; notes?: string | undefined; version?: number | undefined;
      status?: 'draft' | 'confirmed' | 'sent' | 'partially_paid' | 'paid' | 'cancelled' | undefined;
      subtotal?: number | undefined; discount_total?: number | undefined; net_total?: number | undefined;
      special_tax_total?: number | undefined; tax_total?: number | undefined; gross_total?: number | undefined;
      amount_paid?: number | undefined; amount_credited?: number | undefined; journal_entry_id?: string | undefined;
      sent_at?: string | undefined; confirmed_at?: string | undefined; updated_at?: string | undefined;
      created_by?: string | undefined; returned_quantities?: any; sent_to?: string | undefined;
      confirmed_by?: string | undefined; promotion_ids?: any; promotions?: any; loyalty?: any; loyalty_returned?: any;
    }>();
    expectTypeOf<Flat<EntityIdentifiers<typeof Invoice>>>().toEqualTypeOf<{ organization_id: string; id: string; }>();
    expectTypeOf<keyof typeof Invoice.query>().toEqualTypeOf<'byOrganization' | 'byCreation' | 'byStatus'>();
  });

  it('Bill keeps its record types', () => {
    expectTypeOf<Flat<EntityItem<typeof Bill>>>().toEqualTypeOf<{
      number?: string | undefined; currency: string; price_includes_tax: boolean; lines: any; contact_id: string;
      issue_date: string; due_date?: string | undefined; reference?: string | undefined; notes?: string | undefined;
      version: number; status: 'draft' | 'confirmed' | 'partially_paid' | 'paid' | 'cancelled'; id: string;
      subtotal: number; organization_id: string; discount_total: number; net_total: number; tax_total: number;
      gross_total: number; amount_paid: number; journal_entry_id?: string | undefined;
      confirmed_at?: string | undefined; created_at: string; updated_at: string; created_by?: string | undefined;
      supplier_reference?: string | undefined; confirmed_by?: string | undefined;
    }>();
    expectTypeOf<Flat<CreateEntityItem<typeof Bill>>>().toEqualTypeOf<{
      currency: string; price_includes_tax: boolean; lines: any; contact_id: string; issue_date: string;
      status: 'draft' | 'confirmed' | 'partially_paid' | 'paid' | 'cancelled'; id: string; subtotal: number;
      organization_id: string; discount_total: number; net_total: number; tax_total: number; gross_total: number;
      created_at: string; updated_at: string; number?: string | undefined; supplier_reference?: string | undefined;
      due_date?: string | undefined; reference?: string | undefined; notes?: string | undefined;
      amount_paid?: number | undefined; journal_entry_id?: string | undefined; confirmed_at?: string | undefined;
      confirmed_by?: string | undefined; created_by?: string | undefined; version?: number | undefined;
    }>();
    expectTypeOf<Flat<UpdateEntityItem<typeof Bill>>>().toEqualTypeOf<{
      number?: string | undefined; currency?: string | undefined; price_includes_tax?: boolean | undefined; lines?: any;
      contact_id?: string | undefined; issue_date?: string | undefined; due_date?: string | undefined;
      reference?: string | undefined; notes?: string | undefined; version?: number | undefined;
      status?: 'draft' | 'confirmed' | 'partially_paid' | 'paid' | 'cancelled' | undefined;
      subtotal?: number | undefined; discount_total?: number | undefined; net_total?: number | undefined;
      tax_total?: number | undefined; gross_total?: number | undefined; amount_paid?: number | undefined;
      journal_entry_id?: string | undefined; confirmed_at?: string | undefined; updated_at?: string | undefined;
      created_by?: string | undefined; supplier_reference?: string | undefined; confirmed_by?: string | undefined;
    }>();
    expectTypeOf<Flat<EntityIdentifiers<typeof Bill>>>().toEqualTypeOf<{ organization_id: string; id: string; }>();
    expectTypeOf<keyof typeof Bill.query>().toEqualTypeOf<'byOrganization' | 'byCreation' | 'byStatus'>();
  });

  it('InvoiceReturn keeps its record types', () => {
    expectTypeOf<Flat<EntityItem<typeof InvoiceReturn>>>().toEqualTypeOf<{
      number: string; currency: string; price_includes_tax: boolean; lines: any; contact_id: string; issue_date: string;
      version: number; status: 'confirmed'; id: string; subtotal: number; organization_id: string;
      discount_total: number; net_total: number; special_tax_total?: number | undefined; tax_total: number;
      gross_total: number; journal_entry_id: string; created_at: string; updated_at: string;
      created_by?: string | undefined; store_credit: number; invoice_id: string; reason: string;
      applied_to_invoice: number; invoice_number: string;
    }>();
    expectTypeOf<Flat<CreateEntityItem<typeof InvoiceReturn>>>().toEqualTypeOf<{
      number: string; currency: string; price_includes_tax: boolean; lines: any; contact_id: string; issue_date: string;
      status: 'confirmed'; id: string; subtotal: number; organization_id: string; discount_total: number;
      net_total: number; tax_total: number; gross_total: number; journal_entry_id: string; created_at: string;
      updated_at: string; store_credit: number; invoice_id: string; reason: string; applied_to_invoice: number;
      invoice_number: string; special_tax_total?: number | undefined; created_by?: string | undefined;
      version?: number | undefined;
    }>();
    expectTypeOf<Flat<UpdateEntityItem<typeof InvoiceReturn>>>().toEqualTypeOf<{
      number?: string | undefined; currency?: string | undefined; price_includes_tax?: boolean | undefined; lines?: any;
      contact_id?: string | undefined; issue_date?: string | undefined; version?: number | undefined;
      status?: 'confirmed' | undefined; subtotal?: number | undefined; discount_total?: number | undefined;
      net_total?: number | undefined; special_tax_total?: number | undefined; tax_total?: number | undefined;
      gross_total?: number | undefined; journal_entry_id?: string | undefined; updated_at?: string | undefined;
      created_by?: string | undefined; store_credit?: number | undefined; reason?: string | undefined;
      applied_to_invoice?: number | undefined; invoice_number?: string | undefined;
    }>();
    expectTypeOf<Flat<EntityIdentifiers<typeof InvoiceReturn>>>().toEqualTypeOf<{ organization_id: string; id: string; }>();
    expectTypeOf<keyof typeof InvoiceReturn.query>().toEqualTypeOf<'byOrganization' | 'byCreation' | 'byInvoice'>();
  });

  it('Payment keeps its record types', () => {
    expectTypeOf<Flat<EntityItem<typeof Payment>>>().toEqualTypeOf<{
      number: string; amount: number; currency: string; date: string; contact_id: string;
      reference?: string | undefined; notes?: string | undefined; version: number; status: 'void' | 'posted';
      id: string; organization_id: string; journal_entry_id: string; created_at: string; updated_at: string;
      created_by?: string | undefined; account_id: string; payment_type: 'sent' | 'received'; allocations: any;
      payment_method: 'cash' | 'bank_transfer' | 'cheque' | 'card' | 'cliq' | 'gift_card'; allocated_amount: number;
      gift_card_id?: string | undefined; reversal_entry_id?: string | undefined; voided_at?: string | undefined; voided_by?: string | undefined;
      cheque_due_date?: string | undefined;
    }>();
    expectTypeOf<Flat<CreateEntityItem<typeof Payment>>>().toEqualTypeOf<{
      number: string; amount: number; currency: string; date: string; contact_id: string; status: 'void' | 'posted';
      id: string; organization_id: string; journal_entry_id: string; created_at: string; updated_at: string;
      account_id: string; payment_type: 'sent' | 'received'; allocations: any;
      payment_method: 'cash' | 'bank_transfer' | 'cheque' | 'card' | 'cliq' | 'gift_card'; allocated_amount: number;
      gift_card_id?: string | undefined; reference?: string | undefined; notes?: string | undefined; reversal_entry_id?: string | undefined;
      voided_at?: string | undefined; voided_by?: string | undefined; created_by?: string | undefined;
      version?: number | undefined; cheque_due_date?: string | undefined;
    }>();
    expectTypeOf<Flat<UpdateEntityItem<typeof Payment>>>().toEqualTypeOf<{
      reference?: string | undefined; notes?: string | undefined; version?: number | undefined;
      status?: 'void' | 'posted' | undefined; updated_at?: string | undefined; created_by?: string | undefined;
      reversal_entry_id?: string | undefined; voided_at?: string | undefined; voided_by?: string | undefined;
    }>();
    expectTypeOf<Flat<EntityIdentifiers<typeof Payment>>>().toEqualTypeOf<{ organization_id: string; id: string; }>();
    expectTypeOf<keyof typeof Payment.query>().toEqualTypeOf<'byOrganization' | 'byCreation' | 'byType'>();
  });

  it('Expense keeps its record types', () => {
    expectTypeOf<Flat<EntityItem<typeof Expense>>>().toEqualTypeOf<{
      amount: number; currency: string; tax_rate: string; date: string; description: string;
      tax_id?: string | undefined; contact_id?: string | undefined; reference?: string | undefined;
      notes?: string | undefined; version: number; status: 'draft' | 'submitted' | 'approved' | 'rejected'; id: string;
      organization_id: string; journal_entry_id?: string | undefined; created_at: string; updated_at: string;
      user_id: string; category_id: string; paid_from_account_id?: string | undefined; reimbursable: boolean;
      file_id?: string | undefined; net_amount: number; tax_amount: number; rejection_reason?: string | undefined;
      submitted_at?: string | undefined; approved_at?: string | undefined; approved_by?: string | undefined;
      rejected_at?: string | undefined; rejected_by?: string | undefined;
    }>();
    expectTypeOf<Flat<CreateEntityItem<typeof Expense>>>().toEqualTypeOf<{
      amount: number; currency: string; tax_rate: string; date: string; description: string;
      status: 'draft' | 'submitted' | 'approved' | 'rejected'; id: string; organization_id: string; created_at: string;
      updated_at: string; user_id: string; category_id: string; net_amount: number; tax_amount: number;
      tax_id?: string | undefined; paid_from_account_id?: string | undefined; reimbursable?: boolean | undefined;
      contact_id?: string | undefined; file_id?: string | undefined; reference?: string | undefined;
      notes?: string | undefined; rejection_reason?: string | undefined; submitted_at?: string | undefined;
      approved_at?: string | undefined; approved_by?: string | undefined; rejected_at?: string | undefined;
      rejected_by?: string | undefined; journal_entry_id?: string | undefined; version?: number | undefined;
    }>();
    expectTypeOf<Flat<UpdateEntityItem<typeof Expense>>>().toEqualTypeOf<{
      amount?: number | undefined; currency?: string | undefined; tax_rate?: string | undefined;
      date?: string | undefined; description?: string | undefined; tax_id?: string | undefined;
      contact_id?: string | undefined; reference?: string | undefined; notes?: string | undefined;
      version?: number | undefined; status?: 'draft' | 'submitted' | 'approved' | 'rejected' | undefined;
      journal_entry_id?: string | undefined; updated_at?: string | undefined; category_id?: string | undefined;
      paid_from_account_id?: string | undefined; reimbursable?: boolean | undefined; file_id?: string | undefined;
      net_amount?: number | undefined; tax_amount?: number | undefined; rejection_reason?: string | undefined;
      submitted_at?: string | undefined; approved_at?: string | undefined; approved_by?: string | undefined;
      rejected_at?: string | undefined; rejected_by?: string | undefined;
    }>();
    expectTypeOf<Flat<EntityIdentifiers<typeof Expense>>>().toEqualTypeOf<{ organization_id: string; id: string; }>();
    expectTypeOf<keyof typeof Expense.query>().toEqualTypeOf<'byOrganization' | 'byDate' | 'byUser'>();
  });
});

/** What the hand-written entities gave (git 994762f), TableName TABLE; see the module comment. */
const handWritten = {
  invoice: {
    schema: {
      model: { entity: 'invoice', version: '1', service: 'daftar' },
      attributes: {
        organization_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        number: { type: 'string' },
        status: { type: ['draft', 'confirmed', 'sent', 'partially_paid', 'paid', 'cancelled'], required: true },
        contact_id: { type: 'string', required: true },
        issue_date: { type: 'string', required: true },
        due_date: { type: 'string' },
        currency: { type: 'string', required: true },
        reference: { type: 'string' },
        notes: { type: 'string' },
        price_includes_tax: { type: 'boolean', required: true },
        lines: { type: 'any', required: true },
        subtotal: { type: 'number', required: true },
        discount_total: { type: 'number', required: true },
        net_total: { type: 'number', required: true },
        special_tax_total: { type: 'number' },
        tax_total: { type: 'number', required: true },
        gross_total: { type: 'number', required: true },
        journal_entry_id: { type: 'string' },
        amount_paid: { type: 'number', required: true, default: 0 },
        amount_credited: { type: 'number', required: true, default: 0 },
        returned_quantities: { type: 'any' },
        promotion_ids: { type: 'any' },
        promotions: { type: 'any' },
        loyalty: { type: 'any' },
        loyalty_returned: { type: 'any' },
        sent_at: { type: 'string' },
        sent_to: { type: 'string' },
        confirmed_at: { type: 'string' },
        confirmed_by: { type: 'string' },
        created_by: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        created_at: { type: 'string', required: true, readOnly: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: {
        byOrganization: {
          pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
          sk: { field: 'sk', composite: ['id'], template: 'INVOICE#${id}', casing: 'none' },
        },
        byCreation: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'INVOICES#${organization_id}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['id'], template: 'INVOICE#${id}', casing: 'none' },
        },
        byStatus: {
          index: 'gsi2',
          pk: {
            field: 'gsi2pk',
            composite: ['organization_id', 'status'],
            template: 'INVOICES#${organization_id}#${status}',
            casing: 'none',
          },
          sk: { field: 'gsi2sk', composite: ['id'], template: 'INVOICE#${id}', casing: 'none' },
        },
      },
    },
    create: {
      Item: {
        organization_id: 'org-1',
        id: 'doc-1',
        status: 'draft',
        contact_id: 'c1',
        issue_date: '2024-05-01',
        due_date: '2024-05-31',
        currency: 'JOD',
        price_includes_tax: false,
        lines: [{ id: 'l1', description: 'Widget', quantity: '2', unit_price: '5.000', net: 10000, tax: 1600, gross: 11600 }],
        subtotal: 10000,
        discount_total: 0,
        net_total: 10000,
        tax_total: 1600,
        gross_total: 11600,
        amount_paid: 0,
        amount_credited: 0,
        created_by: 'u1',
        version: 1,
        created_at: '2024-05-01T10:00:00.000Z',
        updated_at: '2024-05-01T10:00:00.000Z',
        pk: 'ORG#org-1',
        sk: 'INVOICE#doc-1',
        gsi1pk: 'INVOICES#org-1',
        gsi1sk: 'INVOICE#doc-1',
        gsi2pk: 'INVOICES#org-1#draft',
        gsi2sk: 'INVOICE#doc-1',
        __edb_e__: 'invoice',
        __edb_v__: '1',
      },
      TableName: 'TABLE',
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    },
    get: { Key: { pk: 'ORG#org-1', sk: 'INVOICE#doc-1' }, TableName: 'TABLE' },
    byCreation: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk1': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': 'INVOICES#org-1', ':sk1': 'INVOICE#' },
      IndexName: 'gsi1',
    },
    byStatus: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk1': 'gsi2sk' },
      ExpressionAttributeValues: { ':pk': 'INVOICES#org-1#confirmed', ':sk1': 'INVOICE#' },
      IndexName: 'gsi2',
    },
    patch: {
      UpdateExpression: 'SET #status = :status_u0, #number = :number_u0, #updated_at = :updated_at_u0, #gsi2pk = :gsi2pk_u0, #organization_id = :organization_id_u0, #id = :id_u0, #__edb_e__ = :__edb_e___u0, #__edb_v__ = :__edb_v___u0 ADD #version :version_u0',
      ExpressionAttributeNames: {
        '#pk': 'pk',
        '#sk': 'sk',
        '#version': 'version',
        '#status': 'status',
        '#number': 'number',
        '#updated_at': 'updated_at',
        '#gsi2pk': 'gsi2pk',
        '#organization_id': 'organization_id',
        '#id': 'id',
        '#__edb_e__': '__edb_e__',
        '#__edb_v__': '__edb_v__',
      },
      ExpressionAttributeValues: {
        ':version0': 1,
        ':status_u0': 'confirmed',
        ':number_u0': 'INV-000001',
        ':updated_at_u0': '2024-05-01T10:00:00.000Z',
        ':version_u0': 1,
        ':gsi2pk_u0': 'INVOICES#org-1#confirmed',
        ':organization_id_u0': 'org-1',
        ':id_u0': 'doc-1',
        ':__edb_e___u0': 'invoice',
        ':__edb_v___u0': '1',
      },
      TableName: 'TABLE',
      Key: { pk: 'ORG#org-1', sk: 'INVOICE#doc-1' },
      ConditionExpression: 'attribute_exists(#pk) AND attribute_exists(#sk) AND #version = :version0',
    },
  },
  bill: {
    schema: {
      model: { entity: 'bill', version: '1', service: 'daftar' },
      attributes: {
        organization_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        number: { type: 'string' },
        supplier_reference: { type: 'string' },
        status: { type: ['draft', 'confirmed', 'partially_paid', 'paid', 'cancelled'], required: true },
        contact_id: { type: 'string', required: true },
        issue_date: { type: 'string', required: true },
        due_date: { type: 'string' },
        currency: { type: 'string', required: true },
        reference: { type: 'string' },
        notes: { type: 'string' },
        price_includes_tax: { type: 'boolean', required: true },
        lines: { type: 'any', required: true },
        subtotal: { type: 'number', required: true },
        discount_total: { type: 'number', required: true },
        net_total: { type: 'number', required: true },
        tax_total: { type: 'number', required: true },
        gross_total: { type: 'number', required: true },
        amount_paid: { type: 'number', required: true, default: 0 },
        journal_entry_id: { type: 'string' },
        confirmed_at: { type: 'string' },
        confirmed_by: { type: 'string' },
        created_by: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        created_at: { type: 'string', required: true, readOnly: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: {
        byOrganization: {
          pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
          sk: { field: 'sk', composite: ['id'], template: 'BILL#${id}', casing: 'none' },
        },
        byCreation: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'BILLS#${organization_id}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['id'], template: 'BILL#${id}', casing: 'none' },
        },
        byStatus: {
          index: 'gsi2',
          pk: {
            field: 'gsi2pk',
            composite: ['organization_id', 'status'],
            template: 'BILLS#${organization_id}#${status}',
            casing: 'none',
          },
          sk: { field: 'gsi2sk', composite: ['id'], template: 'BILL#${id}', casing: 'none' },
        },
      },
    },
    create: {
      Item: {
        organization_id: 'org-1',
        id: 'doc-1',
        supplier_reference: 'S-9',
        status: 'draft',
        contact_id: 'c1',
        issue_date: '2024-05-01',
        currency: 'JOD',
        price_includes_tax: true,
        lines: [
          {
            id: 'l1',
            description: 'Widget',
            quantity: '2',
            unit_price: '5.000',
            net: 10000,
            tax: 1600,
            gross: 11600,
            account_id: 'a1',
          },
        ],
        subtotal: 10000,
        discount_total: 0,
        net_total: 10000,
        tax_total: 1600,
        gross_total: 11600,
        amount_paid: 0,
        created_by: 'u1',
        version: 1,
        created_at: '2024-05-01T10:00:00.000Z',
        updated_at: '2024-05-01T10:00:00.000Z',
        pk: 'ORG#org-1',
        sk: 'BILL#doc-1',
        gsi1pk: 'BILLS#org-1',
        gsi1sk: 'BILL#doc-1',
        gsi2pk: 'BILLS#org-1#draft',
        gsi2sk: 'BILL#doc-1',
        __edb_e__: 'bill',
        __edb_v__: '1',
      },
      TableName: 'TABLE',
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    },
    get: { Key: { pk: 'ORG#org-1', sk: 'BILL#doc-1' }, TableName: 'TABLE' },
    byCreation: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk1': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': 'BILLS#org-1', ':sk1': 'BILL#' },
      IndexName: 'gsi1',
    },
    byStatus: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk1': 'gsi2sk' },
      ExpressionAttributeValues: { ':pk': 'BILLS#org-1#confirmed', ':sk1': 'BILL#' },
      IndexName: 'gsi2',
    },
    patch: {
      UpdateExpression: 'SET #status = :status_u0, #amount_paid = :amount_paid_u0, #updated_at = :updated_at_u0, #gsi2pk = :gsi2pk_u0, #organization_id = :organization_id_u0, #id = :id_u0, #__edb_e__ = :__edb_e___u0, #__edb_v__ = :__edb_v___u0 ADD #version :version_u0',
      ExpressionAttributeNames: {
        '#pk': 'pk',
        '#sk': 'sk',
        '#status': 'status',
        '#amount_paid': 'amount_paid',
        '#updated_at': 'updated_at',
        '#version': 'version',
        '#gsi2pk': 'gsi2pk',
        '#organization_id': 'organization_id',
        '#id': 'id',
        '#__edb_e__': '__edb_e__',
        '#__edb_v__': '__edb_v__',
      },
      ExpressionAttributeValues: {
        ':status_u0': 'paid',
        ':amount_paid_u0': 11600,
        ':updated_at_u0': '2024-05-01T10:00:00.000Z',
        ':version_u0': 1,
        ':gsi2pk_u0': 'BILLS#org-1#paid',
        ':organization_id_u0': 'org-1',
        ':id_u0': 'doc-1',
        ':__edb_e___u0': 'bill',
        ':__edb_v___u0': '1',
      },
      TableName: 'TABLE',
      Key: { pk: 'ORG#org-1', sk: 'BILL#doc-1' },
      ConditionExpression: 'attribute_exists(#pk) AND attribute_exists(#sk)',
    },
  },
  invoiceReturn: {
    schema: {
      model: { entity: 'invoice_return', version: '1', service: 'daftar' },
      attributes: {
        organization_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        number: { type: 'string', required: true },
        status: { type: ['confirmed'], required: true },
        invoice_id: { type: 'string', required: true, readOnly: true },
        invoice_number: { type: 'string', required: true },
        contact_id: { type: 'string', required: true },
        issue_date: { type: 'string', required: true },
        reason: { type: 'string', required: true },
        currency: { type: 'string', required: true },
        price_includes_tax: { type: 'boolean', required: true },
        lines: { type: 'any', required: true },
        subtotal: { type: 'number', required: true },
        discount_total: { type: 'number', required: true },
        net_total: { type: 'number', required: true },
        special_tax_total: { type: 'number' },
        tax_total: { type: 'number', required: true },
        gross_total: { type: 'number', required: true },
        applied_to_invoice: { type: 'number', required: true },
        store_credit: { type: 'number', required: true },
        journal_entry_id: { type: 'string', required: true },
        created_by: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        created_at: { type: 'string', required: true, readOnly: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: {
        byOrganization: {
          pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
          sk: { field: 'sk', composite: ['id'], template: 'INVRETURN#${id}', casing: 'none' },
        },
        byCreation: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'INVRETURNS#${organization_id}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['id'], template: 'INVRETURN#${id}', casing: 'none' },
        },
        byInvoice: {
          index: 'gsi2',
          pk: {
            field: 'gsi2pk',
            composite: ['organization_id', 'invoice_id'],
            template: 'INVRETURNS#${organization_id}#${invoice_id}',
            casing: 'none',
          },
          sk: { field: 'gsi2sk', composite: ['id'], template: 'INVRETURN#${id}', casing: 'none' },
        },
      },
    },
    create: {
      Item: {
        organization_id: 'org-1',
        id: 'doc-1',
        number: 'RET-000001',
        status: 'confirmed',
        invoice_id: 'inv1',
        invoice_number: 'INV-000001',
        contact_id: 'c1',
        issue_date: '2024-05-02',
        reason: 'damaged',
        currency: 'JOD',
        price_includes_tax: false,
        lines: [
          {
            id: 'l1',
            description: 'Widget',
            quantity: '2',
            unit_price: '5.000',
            net: 10000,
            tax: 1600,
            gross: 11600,
            line_id: 'l1',
          },
        ],
        subtotal: 10000,
        discount_total: 0,
        net_total: 10000,
        special_tax_total: 0,
        tax_total: 1600,
        gross_total: 11600,
        applied_to_invoice: 11600,
        store_credit: 0,
        journal_entry_id: 'je1',
        created_by: 'u1',
        version: 1,
        created_at: '2024-05-01T10:00:00.000Z',
        updated_at: '2024-05-01T10:00:00.000Z',
        pk: 'ORG#org-1',
        sk: 'INVRETURN#doc-1',
        gsi1pk: 'INVRETURNS#org-1',
        gsi1sk: 'INVRETURN#doc-1',
        gsi2pk: 'INVRETURNS#org-1#inv1',
        gsi2sk: 'INVRETURN#doc-1',
        __edb_e__: 'invoice_return',
        __edb_v__: '1',
      },
      TableName: 'TABLE',
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    },
    get: { Key: { pk: 'ORG#org-1', sk: 'INVRETURN#doc-1' }, TableName: 'TABLE' },
    byCreation: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk1': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': 'INVRETURNS#org-1', ':sk1': 'INVRETURN#' },
      IndexName: 'gsi1',
    },
    byInvoice: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk1': 'gsi2sk' },
      ExpressionAttributeValues: { ':pk': 'INVRETURNS#org-1#inv1', ':sk1': 'INVRETURN#' },
      IndexName: 'gsi2',
    },
  },
  payment: {
    schema: {
      model: { entity: 'payment', version: '1', service: 'daftar' },
      attributes: {
        organization_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        number: { type: 'string', required: true, readOnly: true },
        payment_type: { type: ['received', 'sent'], required: true, readOnly: true },
        payment_method: { type: ['cash', 'bank_transfer', 'cheque', 'card', 'cliq', 'gift_card'], required: true, readOnly: true },
        gift_card_id: { type: 'string', readOnly: true },
        status: { type: ['posted', 'void'], required: true },
        contact_id: { type: 'string', required: true, readOnly: true },
        date: { type: 'string', required: true, readOnly: true },
        currency: { type: 'string', required: true, readOnly: true },
        amount: { type: 'number', required: true, readOnly: true },
        account_id: { type: 'string', required: true, readOnly: true },
        reference: { type: 'string' },
        // Added since (issue 17): a post-dated cheque's own date.
        cheque_due_date: { type: 'string', readOnly: true },
        notes: { type: 'string' },
        allocations: { type: 'any', required: true, readOnly: true },
        allocated_amount: { type: 'number', required: true, readOnly: true },
        journal_entry_id: { type: 'string', required: true, readOnly: true },
        reversal_entry_id: { type: 'string' },
        voided_at: { type: 'string' },
        voided_by: { type: 'string' },
        created_by: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        created_at: { type: 'string', required: true, readOnly: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: {
        byOrganization: {
          pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
          sk: { field: 'sk', composite: ['id'], template: 'PAYMENT#${id}', casing: 'none' },
        },
        byCreation: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'PAYMENTS#${organization_id}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['id'], template: 'PAYMENT#${id}', casing: 'none' },
        },
        byType: {
          index: 'gsi2',
          pk: {
            field: 'gsi2pk',
            composite: ['organization_id', 'payment_type'],
            template: 'PAYMENTS#${organization_id}#${payment_type}',
            casing: 'none',
          },
          sk: { field: 'gsi2sk', composite: ['id'], template: 'PAYMENT#${id}', casing: 'none' },
        },
      },
    },
    create: {
      Item: {
        organization_id: 'org-1',
        id: 'doc-1',
        number: 'PAY-000001',
        payment_type: 'received',
        payment_method: 'cash',
        status: 'posted',
        contact_id: 'c1',
        date: '2024-05-03',
        currency: 'JOD',
        amount: 11600,
        account_id: 'a1',
        reference: 'r',
        allocations: [{ document_type: 'invoice', document_id: 'inv1', amount: 11600 }],
        allocated_amount: 11600,
        journal_entry_id: 'je1',
        created_by: 'u1',
        version: 1,
        created_at: '2024-05-01T10:00:00.000Z',
        updated_at: '2024-05-01T10:00:00.000Z',
        pk: 'ORG#org-1',
        sk: 'PAYMENT#doc-1',
        gsi1pk: 'PAYMENTS#org-1',
        gsi1sk: 'PAYMENT#doc-1',
        gsi2pk: 'PAYMENTS#org-1#received',
        gsi2sk: 'PAYMENT#doc-1',
        __edb_e__: 'payment',
        __edb_v__: '1',
      },
      TableName: 'TABLE',
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    },
    get: { Key: { pk: 'ORG#org-1', sk: 'PAYMENT#doc-1' }, TableName: 'TABLE' },
    byCreation: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk1': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': 'PAYMENTS#org-1', ':sk1': 'PAYMENT#' },
      IndexName: 'gsi1',
    },
    byType: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk1': 'gsi2sk' },
      ExpressionAttributeValues: { ':pk': 'PAYMENTS#org-1#sent', ':sk1': 'PAYMENT#' },
      IndexName: 'gsi2',
    },
    patch: {
      UpdateExpression: 'SET #status = :status_u0, #reversal_entry_id = :reversal_entry_id_u0, #voided_at = :voided_at_u0, #voided_by = :voided_by_u0, #updated_at = :updated_at_u0, #organization_id = :organization_id_u0, #id = :id_u0, #__edb_e__ = :__edb_e___u0, #__edb_v__ = :__edb_v___u0 ADD #version :version_u0',
      ExpressionAttributeNames: {
        '#pk': 'pk',
        '#sk': 'sk',
        '#status': 'status',
        '#reversal_entry_id': 'reversal_entry_id',
        '#voided_at': 'voided_at',
        '#voided_by': 'voided_by',
        '#updated_at': 'updated_at',
        '#version': 'version',
        '#organization_id': 'organization_id',
        '#id': 'id',
        '#__edb_e__': '__edb_e__',
        '#__edb_v__': '__edb_v__',
      },
      ExpressionAttributeValues: {
        ':status_u0': 'void',
        ':reversal_entry_id_u0': 'je2',
        ':voided_at_u0': '2024-05-01T10:00:00.000Z',
        ':voided_by_u0': 'u1',
        ':updated_at_u0': '2024-05-01T10:00:00.000Z',
        ':version_u0': 1,
        ':organization_id_u0': 'org-1',
        ':id_u0': 'doc-1',
        ':__edb_e___u0': 'payment',
        ':__edb_v___u0': '1',
      },
      TableName: 'TABLE',
      Key: { pk: 'ORG#org-1', sk: 'PAYMENT#doc-1' },
      ConditionExpression: 'attribute_exists(#pk) AND attribute_exists(#sk)',
    },
  },
  expense: {
    schema: {
      model: { entity: 'expense', version: '1', service: 'daftar' },
      attributes: {
        organization_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        date: { type: 'string', required: true },
        category_id: { type: 'string', required: true },
        description: { type: 'string', required: true },
        currency: { type: 'string', required: true },
        amount: { type: 'number', required: true },
        net_amount: { type: 'number', required: true },
        tax_amount: { type: 'number', required: true },
        tax_id: { type: 'string' },
        tax_rate: { type: 'string', required: true },
        paid_from_account_id: { type: 'string' },
        reimbursable: { type: 'boolean', required: true, default: false },
        contact_id: { type: 'string' },
        file_id: { type: 'string' },
        reference: { type: 'string' },
        notes: { type: 'string' },
        status: { type: ['draft', 'submitted', 'approved', 'rejected'], required: true },
        rejection_reason: { type: 'string' },
        submitted_at: { type: 'string' },
        approved_at: { type: 'string' },
        approved_by: { type: 'string' },
        rejected_at: { type: 'string' },
        rejected_by: { type: 'string' },
        journal_entry_id: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        created_at: { type: 'string', required: true, readOnly: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: {
        byOrganization: {
          pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
          sk: { field: 'sk', composite: ['id'], template: 'EXPENSE#${id}', casing: 'none' },
        },
        byDate: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'EXPENSES#${organization_id}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['date', 'id'], template: 'DATE#${date}#${id}', casing: 'none' },
        },
        byUser: {
          index: 'gsi2',
          pk: {
            field: 'gsi2pk',
            composite: ['organization_id', 'user_id'],
            template: 'EXPENSES#${organization_id}#USER#${user_id}',
            casing: 'none',
          },
          sk: { field: 'gsi2sk', composite: ['date', 'id'], template: 'DATE#${date}#${id}', casing: 'none' },
        },
      },
    },
    create: {
      Item: {
        organization_id: 'org-1',
        id: 'doc-1',
        user_id: 'u1',
        date: '2024-05-04',
        category_id: 'cat1',
        description: 'Taxi',
        currency: 'JOD',
        amount: 5000,
        net_amount: 4310,
        tax_amount: 690,
        tax_rate: '16',
        reimbursable: true,
        status: 'draft',
        version: 1,
        created_at: '2024-05-01T10:00:00.000Z',
        updated_at: '2024-05-01T10:00:00.000Z',
        pk: 'ORG#org-1',
        sk: 'EXPENSE#doc-1',
        gsi1pk: 'EXPENSES#org-1',
        gsi1sk: 'DATE#2024-05-04#doc-1',
        gsi2pk: 'EXPENSES#org-1#USER#u1',
        gsi2sk: 'DATE#2024-05-04#doc-1',
        __edb_e__: 'expense',
        __edb_v__: '1',
      },
      TableName: 'TABLE',
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    },
    get: { Key: { pk: 'ORG#org-1', sk: 'EXPENSE#doc-1' }, TableName: 'TABLE' },
    byDate: {
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk1': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': 'EXPENSES#org-1', ':sk1': 'DATE#2024-01-01', ':sk2': 'DATE#2024-12-31' },
      KeyConditionExpression: '#pk = :pk and #sk1 BETWEEN :sk1 AND :sk2',
      IndexName: 'gsi1',
    },
    byUser: {
      KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
      TableName: 'TABLE',
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk1': 'gsi2sk' },
      ExpressionAttributeValues: { ':pk': 'EXPENSES#org-1#USER#u1', ':sk1': 'DATE#' },
      IndexName: 'gsi2',
    },
    put: {
      Item: {
        organization_id: 'org-1',
        id: 'doc-1',
        user_id: 'u1',
        date: '2024-05-05',
        category_id: 'cat1',
        description: 'Taxi',
        currency: 'JOD',
        amount: 5000,
        net_amount: 4310,
        tax_amount: 690,
        tax_rate: '16',
        reimbursable: true,
        status: 'submitted',
        submitted_at: '2024-05-01T10:00:00.000Z',
        version: 2,
        created_at: '2024-05-01T10:00:00.000Z',
        updated_at: '2024-05-01T10:00:00.000Z',
        pk: 'ORG#org-1',
        sk: 'EXPENSE#doc-1',
        gsi1pk: 'EXPENSES#org-1',
        gsi1sk: 'DATE#2024-05-05#doc-1',
        gsi2pk: 'EXPENSES#org-1#USER#u1',
        gsi2sk: 'DATE#2024-05-05#doc-1',
        __edb_e__: 'expense',
        __edb_v__: '1',
      },
      TableName: 'TABLE',
      ConditionExpression: '#version = :version0',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version0': 1 },
    },
  },
};
