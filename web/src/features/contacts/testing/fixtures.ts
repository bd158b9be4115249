import type { Role } from '@daftar/shared';
import type { ContactPublic } from '@daftar/shared/schemas/contacts';
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

export function contact(overrides: Partial<ContactPublic> & Pick<ContactPublic, 'id' | 'name'>): ContactPublic {
  return {
    organization_id: ORG,
    contact_type: 'customer',
    name_ar: null,
    email: null,
    phone: null,
    tax_number: null,
    national_id: null,
    personal_number: null,
    buyer_id_scheme: null,
    buyer_identification: null,
    governorate: null,
    city: null,
    address: null,
    postal_code: null,
    payment_terms_days: null,
    credit_limit: null,
    currency: 'JOD',
    is_active: true,
    notes: null,
    version: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export const petra = contact({
  id: 'c-1',
  name: 'Petra Stores',
  name_ar: 'متاجر البتراء',
  email: 'accounts@petra.jo',
  phone: '+962 6 555 0101',
  tax_number: '12345678',
  buyer_identification: { scheme: 'TN', id: '12345678' },
  governorate: 'JO-AM',
  city: 'Amman',
  address: 'Wasfi Al-Tal St. 12',
  postal_code: '11118',
  payment_terms_days: 30,
  credit_limit: '1500.000',
  version: 4,
});
export const zarqa = contact({ id: 'c-2', name: 'Zarqa Foods', contact_type: 'both', governorate: 'JO-AZ', national_id: '9851012345', buyer_identification: { scheme: 'NIN', id: '9851012345' } });
export const closed = contact({ id: 'c-3', name: 'Old Client', is_active: false });

/** Radix's scroll area (inside its Table) measures itself with ResizeObserver, which jsdom lacks. */
export function installResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
