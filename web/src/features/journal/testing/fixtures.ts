import type { Role } from '@daftar/shared';
import type { AccountPublic, JournalEntryPublic } from '@daftar/shared/schemas/accounting';
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

const ledgerAccount = (id: string, code: string, name: string, name_ar: string, type: AccountPublic['type'], extra: Partial<AccountPublic> = {}): AccountPublic => ({
  id,
  organization_id: ORG,
  code,
  name,
  name_ar,
  description: null,
  type,
  subtype: 'other_current_asset',
  parent_id: null,
  normal_balance: type === 'asset' || type === 'expense' ? 'debit' : 'credit',
  is_active: true,
  is_system: false,
  currency: 'JOD',
  balance: '0.000',
  version: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...extra,
});

export const accounts = [
  ledgerAccount('acc-1110', '1110', 'Cash on hand', 'الصندوق', 'asset'),
  ledgerAccount('acc-1120', '1120', 'Bank', 'البنك', 'asset'),
  ledgerAccount('acc-3100', '3100', 'Capital', 'رأس المال', 'equity'),
  ledgerAccount('acc-6200', '6200', 'Rent', 'الإيجار', 'expense'),
  ledgerAccount('acc-6999', '6999', 'Old expenses', 'مصاريف قديمة', 'expense', { is_active: false }),
];

export const contacts = [
  { id: 'c-1', name: 'Petra Stores', name_ar: 'متاجر البتراء', contact_type: 'customer', is_active: true, email: null, phone: null, tax_number: null, currency: 'JOD' },
  { id: 'c-2', name: 'Landlord Co', name_ar: null, contact_type: 'supplier', is_active: true, email: null, phone: null, tax_number: null, currency: 'JOD' },
];

export function entry(overrides: Partial<JournalEntryPublic> = {}): JournalEntryPublic {
  return {
    id: 'je-1',
    organization_id: ORG,
    number: 1,
    entry_number: 'JE-000001',
    date: '2025-03-05',
    memo: 'Owner capital',
    memo_narrative: null,
    reference: 'DEP-1',
    status: 'posted',
    source_type: 'manual',
    source_id: 'je-1',
    currency: 'JOD',
    lines: [
      { line_no: 1, account_id: 'acc-1120', account_code: '1120', account_name: 'Bank', account_name_ar: 'النقد لدى البنوك', debit: '1000.000', credit: '0.000', description: 'Deposit', narrative: null, contact_id: null, tax_id: null },
      { line_no: 2, account_id: 'acc-3100', account_code: '3100', account_name: 'Capital', account_name_ar: 'رأس المال', debit: '0.000', credit: '1000.000', description: null, narrative: null, contact_id: 'c-1', tax_id: null },
    ],
    total_debit: '1000.000',
    total_credit: '1000.000',
    reverses_entry_id: null,
    reversed_by_entry_id: null,
    created_by: 'u1',
    posted_by: 'u1',
    posted_at: '2025-03-05T10:00:00Z',
    version: 2,
    created_at: '2025-03-05T09:00:00Z',
    updated_at: '2025-03-05T10:00:00Z',
    ...overrides,
  };
}

export const readers = {
  [`GET ${API}/accounts`]: () => ({ json: { data: accounts, count: accounts.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: contacts, count: contacts.length } }),
};

export { installResizeObserver } from '../../../testing/session';
