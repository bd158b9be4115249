/**
 * Delete on a draft journal entry follows the server's rule (shared/src/drafts.ts): the member who
 * created it or an admin.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@daftar/shared';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, entry, installResizeObserver, readers, session } from '../testing/fixtures';
import { JournalEntryRoute } from './entry';

beforeAll(() => installResizeObserver());
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/journal', element: <Screen name="journal" /> },
  { path: '/accounting/journal/:entryId', element: <JournalEntryRoute /> },
];

/** Opens a draft created by `createdBy` as the signed-in user u1 with `role`; resolves once the page has read who is asking. */
async function openDraft(role: Role, createdBy: string | null) {
  const draft = entry({ id: 'je-3', status: 'draft', number: null, entry_number: null, posted_by: null, posted_at: null, created_by: createdBy });
  mockFetch({ ...session(role), ...readers, [`GET ${API}/journal-entries/je-3`]: () => ({ json: draft }) });
  const view = renderRoutes(routes, '/accounting/journal/je-3');
  await screen.findByRole('heading', { name: 'Draft journal entry', level: 1 });
  // A member has no other action on a colleague's draft to wait for: wait until the user and the
  // member list are read, after which the actions are shown.
  await waitFor(() => {
    expect(view.queryClient.isFetching()).toBe(0);
    expect(view.queryClient.getQueryData(['users', 'me'])).toBeTruthy();
  });
}

const deleteButton = () => screen.queryByRole('button', { name: 'Delete draft' });

describe('deleting a draft journal entry', () => {
  it('is not offered to a member on a colleague’s draft', async () => {
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
