import type { Role } from '@daftar/shared';
import type { CategoryPublic } from '@daftar/shared/schemas/categories';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'lina@example.jo', full_name: 'Lina Haddad', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Zarqa Motors', base_currency: 'JOD', fiscal_year_start_month: 1 }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'lina@example.jo', full_name: 'Lina Haddad' }], count: 1 } }),
  };
}

export function category(overrides: Partial<CategoryPublic> = {}): CategoryPublic {
  return {
    id: 'cat-1',
    organization_id: ORG,
    name: 'Vehicles',
    name_ar: 'مركبات',
    category_type: 'product',
    parent_id: null,
    description: null,
    account_id: null,
    color: '#48BB78',
    sort_order: 0,
    is_active: true,
    children_count: 0,
    version: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** Radix measures itself with ResizeObserver, which jsdom lacks; the shared machine is slow. */
export function prepareScreens() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
