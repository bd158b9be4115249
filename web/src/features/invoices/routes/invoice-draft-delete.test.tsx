/**
 * Delete on a draft invoice follows the server's rule (shared/src/drafts.ts): the member who created
 * it or an admin. A member may still edit anyone's draft, so only Delete disappears.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@daftar/shared';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, customers, invoice, prepareScreens, session, taxes } from '../testing/fixtures';
import { InvoiceRoute } from './invoice';

beforeAll(() => prepareScreens());
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sales/invoices', element: <Screen name="invoices" /> },
  { path: '/sales/invoices/:invoiceId', element: <InvoiceRoute /> },
];

/** Opens a draft created by `createdBy` as the signed-in user u1 with `role`; resolves once the actions show. */
async function openDraft(role: Role, createdBy: string | null) {
  const doc = invoice({ status: 'draft', number: null, journal_entry_id: null, confirmed_at: null, created_by: createdBy });
  mockFetch({
    ...session(role),
    [`GET ${API}/invoices/${doc.id}`]: () => ({ json: doc }),
    [`GET ${API}/contacts/${doc.contact_id}`]: () => ({ json: customers[0] }),
    [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
  });
  renderRoutes(routes, `/sales/invoices/${doc.id}`);
  await screen.findByRole('button', { name: 'Duplicate' });
}

const deleteButton = () => screen.queryByRole('button', { name: 'Delete' });

describe('deleting a draft invoice', { timeout: 30_000 }, () => {
  it('is not offered to a member on a colleague’s draft, which they may still edit', async () => {
    await openDraft('member', 'u2');
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(deleteButton()).toBeNull();
  });

  it('is offered to the member who created the draft', async () => {
    await openDraft('member', 'u1');
    expect(deleteButton()).toBeTruthy();
  });

  it('is offered to an admin on anyone’s draft', async () => {
    await openDraft('admin', 'u2');
    expect(deleteButton()).toBeTruthy();
  });

  it('is not offered to a member on a draft that names no creator', async () => {
    await openDraft('member', null);
    expect(deleteButton()).toBeNull();
  });
});
