import type { Role } from '@daftar/shared';
import type { InvoicePublic } from '@daftar/shared/schemas/invoices';
import { signedInSession } from '../../../testing/session';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  return signedInSession({
    organizationId: ORG,
    role,
    user: { email: 'rana@example.jo', full_name: 'Rana Haddad' },
  });
}

export const customers = [
  { id: 'c-1', name: 'Petra Stores', contact_type: 'customer', is_active: true, payment_terms_days: 30, name_ar: null, email: null, phone: null, tax_number: null, currency: 'JOD' },
  { id: 'c-2', name: 'Zarqa Foods', contact_type: 'both', is_active: true, payment_terms_days: null, name_ar: null, email: null, phone: null, tax_number: null, currency: 'JOD' },
];

export const taxes = [
  { id: 'tax-16', code: 'S16', name: 'General sales tax 16%', name_ar: 'ضريبة المبيعات العامة 16%', rate: '16', tax_category: 'standard', jofotara_category: 'S', special_tax_type: null, special_tax_amount: null, is_default: true, is_active: true },
  { id: 'tax-ex', code: 'EX', name: 'Exempt', name_ar: 'معفى', rate: '0', tax_category: 'exempt', jofotara_category: 'Z', special_tax_type: null, special_tax_amount: null, is_default: false, is_active: true },
];

export function invoice(overrides: Partial<InvoicePublic> = {}): InvoicePublic {
  return {
    id: 'inv-1',
    organization_id: ORG,
    number: 'INV-000001',
    status: 'confirmed',
    contact_id: 'c-1',
    issue_date: '2025-03-01',
    due_date: '2025-03-31',
    currency: 'JOD',
    reference: null,
    notes: null,
    price_includes_tax: false,
    lines: [
      { id: 'l-1', product_id: null, description: 'Pens', quantity: '3', unit_price: '0.335', discount: null, tax_id: 'tax-16', tax_category: 'standard', tax_rate: '16', special_tax_id: null, subtotal: '1.005', discount_amount: '0.000', net: '1.005', special_tax: '0.000', tax: '0.161', gross: '1.166', promotion_discount: '0.000' },
      { id: 'l-2', product_id: null, description: 'Training course', quantity: '1', unit_price: '10.000', discount: null, tax_id: null, tax_category: 'exempt', tax_rate: '0', special_tax_id: null, subtotal: '10.000', discount_amount: '0.000', net: '10.000', special_tax: '0.000', tax: '0.000', gross: '10.000', promotion_discount: '0.000' },
    ],
    subtotal: '11.005',
    discount_total: '0.000',
    net_total: '11.005',
    special_tax_total: '0.000',
    tax_total: '0.161',
    gross_total: '11.166',
    amount_paid: '0.000',
    amount_credited: '0.000',
    balance_due: '11.166',
    journal_entry_id: 'je-1',
    sent_at: null,
    promotion_ids: [], promotions: [], loyalty_points_earned: 0, loyalty_points_taken_back: 0, loyalty: null,
    confirmed_at: '2025-03-01T10:00:00Z',
    // The signed-in user of `session` (u1), whose drafts are theirs to delete.
    created_by: 'u1',
    version: 2,
    created_at: '2025-03-01T09:00:00Z',
    updated_at: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

export { prepareScreens } from '../../../testing/session';
