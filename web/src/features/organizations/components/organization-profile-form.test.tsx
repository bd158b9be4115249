import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCALE_BARCODES } from '@daftar/shared/barcodes';
import { changeLanguage } from '../../../lib/i18n';
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
  pos_receiptless_returns: 'admins',
  scale_barcodes: { prefixes: DEFAULT_SCALE_BARCODES.prefixes.map((p) => ({ ...p })), item_digits: 5 },
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

describe('organization settings: inventory (issue #14)', () => {
  const session = () => signedInSession({ organizationId: 'org-1', role: 'owner', user: { email: 'rana@example.jo', full_name: 'Rana Haddad' } });

  it('shows the stored choices and sends only the inventory settings that changed', async () => {
    const { requests } = mockFetch({
      ...session(),
      'PUT /api/v1/organizations/org-1': () => ({ json: { ...organization, inventory_valuation_method: 'average', allow_negative_stock: false, version: 4 } }),
    });
    render(organization);
    const user = userEvent.setup();

    const fifo = await screen.findByRole('radio', { name: /FIFO \(first in, first out\)/ });
    const average = screen.getByRole('radio', { name: /Moving average/ });
    const negative = screen.getByRole('switch', { name: 'Allow sales when stock records show none' });
    expect(fifo.getAttribute('aria-checked')).toBe('true');
    expect(average.getAttribute('aria-checked')).toBe('false');
    expect(negative.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Each sale is costed at the average price of everything on hand, updated with every purchase.')).toBeTruthy();

    await user.click(average);
    await user.click(negative);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({ inventory_valuation_method: 'average', allow_negative_stock: false, version: 3 });
  });

  it('shows the refusal under the valuation method when stock has already moved (409)', async () => {
    const detail = 'The valuation method cannot be changed once stock has moved: the cost layers already recorded were made under the current method';
    mockFetch({
      ...session(),
      'PUT /api/v1/organizations/org-1': () => ({ status: 409, json: { detail } }),
    });
    render(organization);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: /Moving average/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const group = screen.getByRole('radiogroup', { name: 'Valuation method' });
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe(detail);
  });

  it('leaves the valuation method alone when a 409 is about another change', async () => {
    mockFetch({
      ...session(),
      'PUT /api/v1/organizations/org-1': () => ({ status: 409, json: { detail: 'An organization with this name already exists' } }),
    });
    render(organization);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Organization name/ }), ' Two');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText('An organization with this name already exists');
    expect(screen.getByRole('radiogroup', { name: 'Valuation method' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLanguage('ar');
    try {
      mockFetch(session());
      render(organization);

      expect(await screen.findByRole('radiogroup', { name: 'طريقة تقييم المخزون' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: /المتوسط المتحرك/ })).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'السماح بالبيع عندما لا تُظهر سجلات المخزون أي كمية' })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('organization settings: scale labels (issue 14)', () => {
  const session = () => signedInSession({ organizationId: 'org-1', role: 'owner', user: { email: 'rana@example.jo', full_name: 'Rana Haddad' } });
  const layout = { prefixes: [{ prefix: '21', value: 'weight' as const }, { prefix: '28', value: 'price' as const }], item_digits: 5 };

  it('shows the layout with a live example per prefix and sends the edited layout', async () => {
    const { requests } = mockFetch({
      ...session(),
      'PUT /api/v1/organizations/org-1': (request) => ({ json: { ...organization, scale_barcodes: JSON.parse(request.body!).scale_barcodes, version: 4 } }),
    });
    render({ ...organization, scale_barcodes: layout });
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Scale labels' });
    expect(within(table).getAllByTestId('scale-prefix-row')).toHaveLength(2);
    expect((screen.getByRole('textbox', { name: 'Prefix 1' }) as HTMLInputElement).value).toBe('21');
    expect((screen.getByRole('combobox', { name: 'What labels with prefix 2 carry' }) as HTMLSelectElement).value).toBe('price');
    expect(within(table).getByText('2112345012506')).toBeTruthy();
    expect(within(table).getByText(/product barcode 2112345, weight 1\.250 kg/)).toBeTruthy();
    expect(within(table).getByText(/product barcode 2812345, price 1\.250 JOD/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a prefix' }));
    const third = screen.getByRole('textbox', { name: 'Prefix 3' });
    await user.type(third, '02');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What labels with prefix 3 carry' }), 'price');
    expect(within(table).getByText(/product barcode 0212345, price 1\.250 JOD/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove prefix 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({
      scale_barcodes: { prefixes: [{ prefix: '28', value: 'price' }, { prefix: '02', value: 'price' }], item_digits: 5 },
      version: 3,
    });
  });

  it('shows the layout\'s errors at the prefix they are about, and sends nothing', async () => {
    const { requests } = mockFetch(session());
    render({ ...organization, scale_barcodes: layout });
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Item code digits' }), '6');
    await user.clear(screen.getByRole('textbox', { name: 'Prefix 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Prefix 2' }), '2');
    // No example for a prefix that does not fit: 21 with 6-digit item codes would make 14 digits.
    expect(screen.getAllByText('—')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const first = screen.getByRole('textbox', { name: 'Prefix 1' });
    await waitFor(() => expect(first.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe(
      'With 6-digit item codes a prefix has 1 digit: prefix, item code, 5 value digits and the check digit make 13',
    );
    expect(screen.getByRole('textbox', { name: 'Prefix 2' }).getAttribute('aria-invalid')).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('sends nothing about the layout when it is left as stored', async () => {
    const { requests } = mockFetch({ ...session(), 'PUT /api/v1/organizations/org-1': () => ({ json: { ...organization, city: 'Irbid', version: 4 } }) });
    render(organization);
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /^City/ }), 'Irbid');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({ city: 'Irbid', version: 3 });
  });

  it('reads in Arabic, right to left, with the refusals in Arabic', async () => {
    await changeLanguage('ar');
    try {
      mockFetch(session());
      render({ ...organization, scale_barcodes: layout });
      const user = userEvent.setup();

      const table = await screen.findByRole('table', { name: 'ملصقات الميزان' });
      expect(within(table).getByRole('columnheader', { name: 'البادئة' })).toBeTruthy();
      expect(within(table).getByText(/باركود الصنف 2112345، الوزن 1\.250 كغ/)).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'ما تحمله الملصقات ذات البادئة 2' })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');

      await user.clear(screen.getByRole('textbox', { name: 'البادئة 2' }));
      await user.type(screen.getByRole('textbox', { name: 'البادئة 2' }), '21');
      await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
      const second = screen.getByRole('textbox', { name: 'البادئة 2' });
      await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe('هذه البادئة مذكورة مرتين');
    } finally {
      await changeLanguage('en');
    }
  });
});
