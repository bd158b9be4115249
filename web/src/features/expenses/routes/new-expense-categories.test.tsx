import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, expenseCategory, prepareScreens, readers, session } from '../testing/fixtures';
import { NewExpenseRoute } from './new-expense';

beforeAll(prepareScreens);
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [{ path: '/purchases/expenses/new', element: <NewExpenseRoute /> }];
const noActiveCategory = {
  [`GET ${API}/expense-categories`]: () => ({ json: { data: [expenseCategory({ is_active: false })], count: 1 } }),
};

describe('new expense without categories', { timeout: 30_000 }, () => {
  it('says why the category list is empty and links an administrator to where categories are managed', async () => {
    mockFetch({ ...session('admin'), ...readers, ...noActiveCategory });
    renderRoutes(routes, '/purchases/expenses/new');
    expect(await screen.findByText(/There are no expense categories yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage categories' }).getAttribute('href')).toBe('/purchases/expense-categories');
  });

  it('tells a member who cannot manage them whom to ask', async () => {
    mockFetch({ ...session('member'), ...readers, ...noActiveCategory });
    renderRoutes(routes, '/purchases/expenses/new');
    expect(await screen.findByText(/Ask an administrator of the organization to add expense categories/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage categories' })).toBeNull();
  });

  it('says nothing when there are categories', async () => {
    mockFetch({ ...session('admin'), ...readers });
    renderRoutes(routes, '/purchases/expenses/new');
    await screen.findByRole('option', { name: 'Fuel' });
    await waitFor(() => expect(screen.queryByText(/There are no expense categories yet/)).toBeNull());
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('admin'), ...readers, ...noActiveCategory });
    renderRoutes(routes, '/purchases/expenses/new');
    expect((await screen.findByRole('link', { name: 'إدارة الفئات' })).getAttribute('href')).toBe('/purchases/expense-categories');
  });
});
