import type { Role } from '@daftar/shared';
import type { BillPublic } from '@daftar/shared/schemas/bills';
import { signedInSession } from '../../../testing/session';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  return signedInSession({
    organizationId: ORG,
    role,
    user: { email: 'omar@example.jo', full_name: 'Omar Khalil' },
  });
}

export const suppliers = [
  { id: 's-1', name: 'Aqaba Paper Co.', contact_type: 'supplier', is_active: true, payment_terms_days: 45, name_ar: null, email: null, phone: null, tax_number: null, currency: 'JOD' },
  { id: 's-2', name: 'Irbid Office Supply', contact_type: 'both', is_active: true, payment_terms_days: null, name_ar: null, email: null, phone: null, tax_number: null, currency: 'JOD' },
];

export const taxes = [
  { id: 'tax-16', code: 'S16', name: 'General sales tax 16%', name_ar: 'ضريبة المبيعات العامة 16%', rate: '16', tax_category: 'standard', jofotara_category: 'S', special_tax_type: null, special_tax_amount: null, is_default: true, is_active: true },
];

const account = (id: string, code: string, name: string, type: 'expense' | 'asset', subtype: string, is_active = true) => ({
  id, organization_id: ORG, code, name, name_ar: null, description: null, type, subtype, parent_id: null,
  normal_balance: 'debit', is_active, is_system: false, currency: 'JOD', balance: '0.000', version: 1, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
});

export const expenseAccounts = [account('a-5300', '5300', 'Rent', 'expense', 'rent'), account('a-5400', '5400', 'Office supplies', 'expense', 'office_supplies')];
export const assetAccounts = [account('a-1510', '1510', 'Furniture', 'asset', 'fixed_asset'), account('a-1120', '1120', 'Bank', 'asset', 'bank')];

export function bill(overrides: Partial<BillPublic> = {}): BillPublic {
  return {
    id: 'bill-1',
    organization_id: ORG,
    number: 'BILL-000001',
    supplier_reference: 'AQ-5531',
    status: 'confirmed',
    contact_id: 's-1',
    issue_date: '2025-02-01',
    due_date: '2025-03-01',
    currency: 'JOD',
    reference: null,
    notes: null,
    price_includes_tax: false,
    lines: [
      { id: 'bl-1', product_id: null, description: 'Printer paper', quantity: '10', unit_price: '4.500', discount: null, tax_id: 'tax-16', account_id: 'a-5400', tax_category: 'standard', tax_rate: '16', special_tax_id: null, subtotal: '45.000', discount_amount: '0.000', net: '45.000', special_tax: '0.000', tax: '7.200', gross: '52.200' },
    ],
    subtotal: '45.000',
    discount_total: '0.000',
    net_total: '45.000',
    tax_total: '7.200',
    gross_total: '52.200',
    amount_paid: '0.000',
    balance_due: '52.200',
    journal_entry_id: 'je-5',
    confirmed_at: '2025-02-01T10:00:00Z',
    // The signed-in user of `session` (u1), whose drafts are theirs to delete.
    created_by: 'u1',
    version: 2,
    created_at: '2025-02-01T09:00:00Z',
    updated_at: '2025-02-01T10:00:00Z',
    ...overrides,
  };
}

export { prepareScreens } from '../../../testing/session';
