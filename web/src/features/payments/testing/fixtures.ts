import type { Role } from '@daftar/shared';
import type { InvoicePublic } from '@daftar/shared/schemas/invoices';
import type { PaymentPublic } from '@daftar/shared/schemas/payments';
import { signedInSession } from '../../../testing/session';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  return signedInSession({
    organizationId: ORG,
    role,
    user: { email: 'lina@example.jo', full_name: 'Lina Saleh' },
  });
}

const contact = (id: string, name: string, contact_type: 'customer' | 'supplier' | 'both') => ({
  id, name, contact_type, is_active: true, payment_terms_days: null, name_ar: null, email: null, phone: null, tax_number: null, currency: 'JOD',
});

export const customers = [contact('c-1', 'Petra Stores', 'customer'), contact('c-2', 'Zarqa Foods', 'both')];
export const suppliers = [contact('s-1', 'Aqaba Paper Co.', 'supplier'), contact('c-2', 'Zarqa Foods', 'both')];
export const contactNames = [...customers, suppliers[0]!];

const account = (id: string, code: string, name: string, subtype: string, name_ar: string | null = null) => ({
  id, organization_id: ORG, code, name, name_ar, description: null, type: 'asset', subtype, parent_id: null,
  normal_balance: 'debit', is_active: true, is_system: true, currency: 'JOD', balance: '0.000', version: 1, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
});

export const assetAccounts = [
  account('a-1110', '1110', 'Cash on hand', 'cash', 'الصندوق'),
  account('a-1120', '1120', 'Bank', 'bank', 'البنك'),
  account('a-1140', '1140', 'Cheques under collection', 'cheques_receivable', 'شيكات برسم التحصيل'),
  account('a-1200', '1200', 'Accounts receivable', 'receivable', 'الذمم المدينة'),
];

export function invoice(overrides: Partial<InvoicePublic> = {}): InvoicePublic {
  return {
    id: 'inv-1', organization_id: ORG, number: 'INV-000001', status: 'confirmed', contact_id: 'c-1', issue_date: '2025-03-01', due_date: '2025-03-31',
    currency: 'JOD', reference: null, notes: null, price_includes_tax: false, lines: [], subtotal: '10.000', discount_total: '0.000', net_total: '10.000',
    special_tax_total: '0.000', tax_total: '1.600', gross_total: '11.600', amount_paid: '0.000', amount_credited: '0.000', balance_due: '11.600', journal_entry_id: 'je-1', sent_at: null,
    promotion_ids: [], promotions: [], loyalty_points_earned: 0, loyalty_points_taken_back: 0, loyalty: null,
    confirmed_at: '2025-03-01T10:00:00Z', created_by: null, version: 2, created_at: '2025-03-01T09:00:00Z', updated_at: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

/** Petra Stores owes three invoices (listed newest first, as the API lists them); Zarqa Foods one. */
export const openInvoices = {
  confirmed: [
    invoice({ id: 'inv-3', number: 'INV-000003', issue_date: '2025-04-10', due_date: '2025-05-10', gross_total: '8.000', balance_due: '8.000' }),
    invoice({ id: 'inv-1', number: 'INV-000001', issue_date: '2025-03-01', due_date: '2025-03-31', gross_total: '11.600', balance_due: '11.600' }),
    invoice({ id: 'inv-9', number: 'INV-000009', contact_id: 'c-2', issue_date: '2025-01-05', gross_total: '50.000', balance_due: '50.000' }),
  ],
  sent: [],
  partially_paid: [
    invoice({ id: 'inv-2', number: 'INV-000002', status: 'partially_paid', issue_date: '2025-03-20', due_date: '2025-04-19', gross_total: '20.000', amount_paid: '5.000', balance_due: '15.000' }),
  ],
} as const;

/** The three invoice reads of the allocation table, answered by status. */
export const invoiceReaders = {
  [`GET ${API}/invoices`]: (request: { url: string }) => {
    const status = new URL(request.url, 'http://localhost').searchParams.get('status') as keyof typeof openInvoices | null;
    const data = status ? openInvoices[status] : [];
    return { json: { data, count: data.length } };
  },
};

export function payment(overrides: Partial<PaymentPublic> = {}): PaymentPublic {
  return {
    id: 'pay-1', organization_id: ORG, number: 'PAY-000007', payment_type: 'received', payment_method: 'cliq', status: 'posted', contact_id: 'c-1',
    date: '2025-04-12', currency: 'JOD', amount: '30.000', allocated_amount: '26.600', unallocated_amount: '3.400', account_id: 'a-1120',
    reference: 'CLIQ-5521', notes: null,
    allocations: [
      { invoice_id: 'inv-1', bill_id: null, amount: '11.600' },
      { invoice_id: 'inv-2', bill_id: null, amount: '15.000' },
    ],
    journal_entry_id: 'je-20', reversal_entry_id: null, voided_at: null, version: 1, created_at: '2025-04-12T09:00:00Z', updated_at: '2025-04-12T09:00:00Z',
    ...overrides,
  };
}

export const journalEntry = (id: string, lines: { code: string; name: string; debit: string; credit: string }[]) => ({
  id, organization_id: ORG, number: 20, entry_number: 'JE-000020', date: '2025-04-12', memo: 'Payment received from Petra Stores', reference: 'CLIQ-5521',
  status: 'posted', source_type: 'payment', source_id: 'pay-1', currency: 'JOD',
  lines: lines.map((l, index) => ({ line_no: index + 1, account_id: `a-${l.code}`, account_code: l.code, account_name: l.name, debit: l.debit, credit: l.credit, description: null, contact_id: null, tax_id: null })),
  total_debit: '30.000', total_credit: '30.000', reverses_entry_id: null, reversed_by_entry_id: null, created_by: 'u1', posted_by: 'u1', posted_at: '2025-04-12T09:00:00Z',
  version: 1, created_at: '2025-04-12T09:00:00Z', updated_at: '2025-04-12T09:00:00Z',
});

export { prepareScreens } from '../../../testing/session';
