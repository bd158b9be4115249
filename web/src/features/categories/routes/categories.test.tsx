import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, category, prepareScreens, session } from '../testing/fixtures';
import { CategoriesRoute } from './categories';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/categories');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/accounting/categories', element: <CategoriesRoute /> }];

const vehicles = category({ id: 'cat-veh', name: 'Vehicles', name_ar: 'مركبات', children_count: 2 });
const parts = category({ id: 'cat-parts', name: 'Spare parts', name_ar: null, color: null });
const trucks = category({ id: 'cat-trucks', name: 'Trucks', name_ar: 'شاحنات', parent_id: 'cat-veh' });
const vans = category({ id: 'cat-vans', name: 'Vans', name_ar: null, parent_id: 'cat-veh', is_active: false });

const readers = {
  [`GET ${API}/categories/root`]: () => ({ json: { data: [vehicles, parts], count: 2 } }),
  [`GET ${API}/categories/cat-veh/children`]: () => ({ json: { data: [trucks, vans], count: 2 } }),
  [`GET ${API}/categories/list`]: () => ({ json: { data: [vehicles, parts, trucks], count: 3 } }),
  [`GET ${API}/accounts`]: () => ({ json: { data: [], count: 0 } }),
};

describe('categories tree', { timeout: 30_000 }, () => {
  it('opens a category to its sub-categories and closes it again', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/accounting/categories');
    const tree = await screen.findByRole('list', { name: 'Products' });
    expect(within(tree).getByText('Vehicles')).toBeTruthy();
    expect(within(tree).getByText('Spare parts')).toBeTruthy();
    expect(requests.some((r) => r.url.includes('/children'))).toBe(false);
    expect(new URL(requests.find((r) => r.url.includes('/categories/root'))!.url, 'http://x').searchParams.get('category_type')).toBe('product');

    const user = userEvent.setup();
    const expand = screen.getByRole('button', { name: 'Show sub-categories of Vehicles' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    const children = await screen.findByRole('list', { name: 'Sub-categories of Vehicles' });
    expect(within(children).getByText('Trucks')).toBeTruthy();
    expect(within(children).getByText('Inactive')).toBeTruthy();
    const collapse = screen.getByRole('button', { name: 'Hide sub-categories of Vehicles' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');

    await user.click(collapse);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Sub-categories of Vehicles' })).toBeNull());
    // Spare parts has no sub-categories: nothing to open.
    expect(screen.queryByRole('button', { name: 'Show sub-categories of Spare parts' })).toBeNull();
  });

  it('shows clearly why a category with sub-categories cannot be deleted', async () => {
    const detail = '"Vehicles" has 2 sub-categories; move or delete them first';
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`DELETE ${API}/categories/cat-veh`]: () => ({ status: 409, json: { detail } }),
    });
    renderRoutes(routes, '/accounting/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Vehicles' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Vehicles cannot be deleted');
    expect(alert.textContent).toContain(detail);
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    // Still listed: nothing was removed.
    expect(screen.getByText('Vehicles')).toBeTruthy();
  });

  it('offers members no delete and viewers no change at all', async () => {
    mockFetch({ ...session('member'), ...readers });
    const view = renderRoutes(routes, '/accounting/categories');
    await screen.findByRole('button', { name: 'Edit Vehicles' });
    expect(screen.queryByRole('button', { name: 'Delete Vehicles' })).toBeNull();
    view.unmount();

    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/accounting/categories');
    await screen.findByText('Vehicles');
    expect(screen.queryByRole('button', { name: 'Edit Vehicles' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New category' })).toBeNull();
  });

  it('creates a sub-category under the parent chosen from the same type', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/categories`]: () => ({ status: 201, json: category({ id: 'cat-new', name: 'Buses', parent_id: 'cat-veh' }) }),
    });
    renderRoutes(routes, '/accounting/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Buses');
    await within(dialog).findByRole('option', { name: '— Trucks' });
    await user.selectOptions(within(dialog).getByLabelText('Parent category'), 'Vehicles');
    await user.click(within(dialog).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toMatchObject({ name: 'Buses', category_type: 'product', parent_id: 'cat-veh' });
  });
});
