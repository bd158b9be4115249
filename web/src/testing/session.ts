import type { Role } from '@daftar/shared';
import { STORAGE_KEYS } from '../lib/storage';

export interface SessionUser {
  email: string;
  full_name: string;
}

export interface SessionOptions {
  organizationId: string;
  role: Role;
  /** The signed-in person (always user u1). */
  user: SessionUser;
  /** The organization as the organizations list returns it (id added here). */
  organization?: { name: string; base_currency?: string; [field: string]: unknown };
  /** Colleagues listed after u1 in the member list, as the members endpoint returns them. */
  colleagues?: readonly Record<string, unknown>[];
  /** Fields every member row carries besides user_id, role, email and full_name. */
  memberFields?: Record<string, unknown>;
}

/**
 * A signed-in member of an organization with `role`: stores the token and the chosen organization,
 * and returns the answers every screen of the shell reads first (me, organizations, members).
 */
export function signedInSession({ organizationId, role, user, organization = { name: 'Amman Traders' }, colleagues = [], memberFields = {} }: SessionOptions) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, organizationId);
  const members = [{ user_id: 'u1', ...memberFields, role, email: user.email, full_name: user.full_name }, ...colleagues];
  return {
    'GET /api/v1/users/me': () => ({
      json: { id: 'u1', email: user.email, full_name: user.full_name, is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' },
    }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: organizationId, base_currency: 'JOD', ...organization }], count: 1 } }),
    [`GET /api/v1/organizations/${organizationId}/members`]: () => ({ json: { data: members, count: members.length } }),
  };
}

/** Radix's scroll area (inside its Table) measures itself with ResizeObserver, which jsdom lacks. */
export function installResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Document screens: ResizeObserver (finds already wait for what they look for: testing/setup.ts). */
export function prepareScreens() {
  installResizeObserver();
}
