import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, installResizeObserver, petra, session, zarqa } from '../testing/fixtures';
import { ContactRoute } from './contact';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/contacts');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/contacts/:contactId', element: <ContactRoute /> },
  { path: '/sales/customers', element: <Screen name="customers" /> },
  { path: '/purchases/suppliers', element: <Screen name="suppliers" /> },
];

type Answer = (r: RecordedRequest) => { status?: number; json?: unknown };
function api(role: 'admin' | 'member' | 'viewer', extra: Record<string, Answer> = {}) {
  return mockFetch({
    ...session(role),
    [`GET ${API}/contacts/c-1`]: () => ({ json: petra }),
    [`GET ${API}/contacts/c-2`]: () => ({ json: zarqa }),
    ...extra,
  });
}

describe('contact page', () => {
  it("shows the contact's identifiers, what e-invoices carry, address and terms", async () => {
    api('viewer');
    renderRoutes(routes, '/contacts/c-1');
    expect(await screen.findByRole('heading', { name: 'Petra Stores', level: 1 })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('متاجر البتراء');
    expect(text).toMatch(/On e-invoicesTax number \(TN\): 12345678/);
    expect(text).toMatch(/GovernorateAmman/);
    expect(text).toMatch(/Payment terms \(days\)30 days/);
    expect(text).toMatch(/Credit limitJOD\s1,500\.000/);
    expect(screen.getByRole('link', { name: '← Customers' }).getAttribute('href')).toBe('/sales/customers');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets a member edit with the stored version, but not delete', async () => {
    const { requests } = api('member', {
      [`PUT ${API}/contacts/c-1`]: (r) => ({ json: { ...petra, ...JSON.parse(r.body!), version: 5 } }),
    });
    renderRoutes(routes, '/contacts/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Petra Stores' });
    expect((within(dialog).getByLabelText('Tax number (TIN)') as HTMLInputElement).value).toBe('12345678');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '+962 6 555 0199');
    await user.clear(within(dialog).getByLabelText('Credit limit'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Petra Stores was saved.')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'PUT')!.body!);
    expect(body).toMatchObject({ version: 4, phone: '+962 6 555 0199', credit_limit: null, tax_number: '12345678', governorate: 'JO-AM', payment_terms_days: 30, is_active: true });
  });

  it("lets an admin delete, and shows the API's message when the contact is deactivated instead", async () => {
    api('admin', {
      [`DELETE ${API}/contacts/c-1`]: () => ({ json: { message: 'Contact is used by invoices; it was deactivated instead of deleted' } }),
    });
    const view = renderRoutes(routes, '/contacts/c-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Petra Stores?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact is used by invoices; it was deactivated instead of deleted')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/contacts/c-1');
  });

  it('goes back to the suppliers list after deleting an unused supplier-side contact', async () => {
    api('admin', {
      [`GET ${API}/contacts/c-9`]: () => ({ json: { ...zarqa, id: 'c-9', contact_type: 'supplier' } }),
      [`DELETE ${API}/contacts/c-9`]: () => ({ json: { message: 'Contact deleted successfully' } }),
    });
    const view = renderRoutes(routes, '/contacts/c-9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('screen:suppliers')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/purchases/suppliers');
    expect(screen.getByText('Zarqa Foods was deleted.')).toBeTruthy();
  });
});
