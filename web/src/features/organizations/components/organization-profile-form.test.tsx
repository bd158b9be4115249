import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organization } from '../../../lib/organizations';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { prepareScreens, signedInSession } from '../../../testing/session';
import { OrganizationProfileForm } from './organization-profile-form';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const organization: Organization = {
  id: 'org-1',
  name: 'Nour Bakery',
  name_ar: null,
  legal_name: null,
  tax_number: null,
  income_source_sequence: null,
  gst_registration_number: null,
  taxpayer_track: null,
  commercial_registration: null,
  phone: null,
  email: null,
  address: null,
  city: null,
  governorate: null,
  postal_code: null,
  base_currency: 'JOD',
  fiscal_year_start_month: 1,
  timezone: 'Asia/Amman',
  description: null,
  inventory_valuation_method: 'fifo',
  allow_negative_stock: true,
  owner_id: 'u1',
  member_count: 1,
  version: 3,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  role: 'owner',
};

const render = (org: Organization) =>
  renderRoutes([{ path: '/settings/organization', element: <OrganizationProfileForm organization={org} canEdit /> }], '/settings/organization');

describe('organization settings: the Arabic business name (issue #12)', () => {
  it('sends only the Arabic name when it is the one change', async () => {
    const { requests } = mockFetch({
      ...signedInSession({ organizationId: 'org-1', role: 'owner', user: { email: 'rana@example.jo', full_name: 'Rana Haddad' } }),
      'PUT /api/v1/organizations/org-1': () => ({ json: { ...organization, name_ar: 'مخبز النور', version: 4 } }),
    });
    render(organization);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Business name in Arabic' }), 'مخبز النور');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({ name_ar: 'مخبز النور', version: 3 });
  });

  it('clears a stored Arabic name with null when the field is emptied', async () => {
    const stored = { ...organization, name_ar: 'مخبز النور' };
    const { requests } = mockFetch({
      ...signedInSession({ organizationId: 'org-1', role: 'owner', user: { email: 'rana@example.jo', full_name: 'Rana Haddad' } }),
      'PUT /api/v1/organizations/org-1': () => ({ json: { ...organization, version: 4 } }),
    });
    render(stored);
    const user = userEvent.setup();

    const field = await screen.findByRole('textbox', { name: 'Business name in Arabic' });
    expect((field as HTMLInputElement).value).toBe('مخبز النور');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({ name_ar: null, version: 3 });
  });
});
