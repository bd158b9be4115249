/**
 * Delete on a draft bill follows the server's rule (shared/src/drafts.ts): the member who created it
 * or an admin. A member may still edit anyone's draft, so only Delete disappears.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@daftar/shared';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, assetAccounts, bill, expenseAccounts, prepareScreens, session, suppliers, taxes } from '../testing/fixtures';
import { BillRoute } from './bill';

beforeAll(() => prepareScreens());
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/purchases/bills', element: <Screen name="bills" /> },
  { path: '/purchases/bills/:billId', element: <BillRoute /> },
];

/** Opens a draft created by `createdBy` as the signed-in user u1 with `role`; resolves once the actions show. */
async function openDraft(role: Role, createdBy: string | null) {
  const doc = bill({ status: 'draft', number: null, journal_entry_id: null, confirmed_at: null, created_by: createdBy });
  mockFetch({
    ...session(role),
    [`GET ${API}/bills/${doc.id}`]: () => ({ json: doc }),
    [`GET ${API}/contacts/${doc.contact_id}`]: () => ({ json: suppliers[0] }),
    [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
    [`GET ${API}/accounts`]: (request: { url: string }) => {
      const data = new URL(request.url, 'http://localhost').searchParams.get('type') === 'expense' ? expenseAccounts : assetAccounts;
      return { json: { data, count: data.length } };
    },
  });
  renderRoutes(routes, `/purchases/bills/${doc.id}`);
  await screen.findByRole('link', { name: 'Edit' });
}

const deleteButton = () => screen.queryByRole('button', { name: 'Delete' });

describe('deleting a draft bill', { timeout: 30_000 }, () => {
  it('is not offered to a member on a colleague’s draft, which they may still edit', async () => {
    await openDraft('member', 'u2');
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
});
