import type { Role } from '@daftar/shared';
import type { JordanGstDefault, TaxPublic } from '@daftar/shared/schemas/taxes';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'rana@example.jo', full_name: 'Rana Haddad', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Amman Traders', base_currency: 'JOD' }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'rana@example.jo', full_name: 'Rana Haddad' }], count: 1 } }),
  };
}

export function tax(overrides: Partial<TaxPublic> & Pick<TaxPublic, 'id' | 'name'>): TaxPublic {
  return {
    organization_id: ORG,
    code: null,
    name_ar: null,
    description: null,
    rate: '16',
    tax_category: 'standard',
    jofotara_category: 'S',
    jofotara_supported: true,
    special_tax_type: null,
    special_tax_amount: null,
    sales_account_subtype: 'vat_output',
    purchase_account_subtype: 'vat_input',
    is_default: false,
    is_active: true,
    version: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export const vat16 = tax({ id: 'tax-16', code: 'JO_GST_16', name: 'General sales tax 16%', name_ar: 'ضريبة المبيعات العامة 16%', is_default: true });
export const vat4 = tax({ id: 'tax-4', code: 'JO_GST_4', name: 'General sales tax 4%', name_ar: 'ضريبة المبيعات العامة 4%', rate: '4' });
export const exempt = tax({ id: 'tax-ex', code: 'JO_GST_EXEMPT', name: 'Exempt', name_ar: 'معفى', rate: '0', tax_category: 'exempt', jofotara_category: 'Z' });
export const cigarettes = tax({
  id: 'tax-sp',
  code: 'SP_CIG',
  name: 'Special tax on cigarettes',
  name_ar: 'ضريبة خاصة على السجائر',
  rate: '0',
  tax_category: 'special',
  special_tax_type: 'fixed',
  special_tax_amount: '0.5',
  sales_account_subtype: 'special_tax_output',
});
export const oldRate = tax({ id: 'tax-6', name: 'Old 6%', rate: '6', jofotara_supported: false, is_active: false });

export const jordanGst = (setUp: boolean): JordanGstDefault => ({
  country: 'JO',
  currency: 'JOD',
  standard_rate: '16',
  return_period_months: 2,
  rates: [
    { code: 'JO_GST_16', rate: '16', tax_category: 'standard', jofotara_category: 'S', name: 'General sales tax 16% (standard)', name_ar: 'ضريبة المبيعات العامة 16% (النسبة العامة)', tax_id: 'tax-16' },
    { code: 'JO_GST_4', rate: '4', tax_category: 'standard', jofotara_category: 'S', name: 'General sales tax 4%', name_ar: 'ضريبة المبيعات العامة 4%', tax_id: setUp ? 'tax-4' : null },
    { code: 'JO_GST_EXEMPT', rate: '0', tax_category: 'exempt', jofotara_category: 'Z', name: 'Exempt', name_ar: 'معفى', tax_id: setUp ? 'tax-ex' : null },
  ],
  special_sales_tax: { name: 'Special sales tax', name_ar: 'ضريبة المبيعات الخاصة', jofotara_category: 'S', jofotara_tax_scheme: 'OTH' },
  is_set_up: setUp,
  gst_registration_number: setUp ? '12345678' : null,
});

/** Radix's scroll area (inside its Table) measures itself with ResizeObserver, which jsdom lacks. */
export function installResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
