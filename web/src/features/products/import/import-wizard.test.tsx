import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductImportJobPublic } from '@daftar/shared/schemas/products';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, prepareScreens, session } from '../testing/fixtures';
import { ImportProductsRoute } from './import-wizard';

beforeAll(() => prepareScreens());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: '/products/import', element: <ImportProductsRoute /> },
  { path: '/products', element: <Screen name="catalogue" /> },
];

const job = (overrides: Partial<ProductImportJobPublic> = {}): ProductImportJobPublic => ({
  id: 'job-1',
  state: 'validating',
  dry_run: true,
  file_name: 'أصناف.csv',
  rows_total: 3,
  rows_done: 0,
  created: 0,
  updated: 0,
  errors: [],
  errors_total: 0,
  columns: [
    { header: 'رمز الصنف', field: 'sku' },
    { header: 'الاسم', field: 'name' },
    { header: 'سعر البيع', field: 'sale_price' },
    { header: 'Colour', field: null },
  ],
  created_at: '2026-11-26T10:00:00Z',
  finished_at: null,
  ...overrides,
});

const file = () => new File(['رمز الصنف,الاسم,سعر البيع,Colour\r\nA-1,Tea,1,red\r\n'], 'أصناف.csv', { type: 'text/csv' });

/** The form fields of each import upload, in order. */
const uploads = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/products-services/import') && init?.method === 'POST')
    .map(([, init]) => init!.body as FormData);

describe('catalogue import wizard', { timeout: 30_000 }, () => {
  it('checks the file, shows the columns it recognized and ignored, and lists each row problem without importing', async () => {
    // prepare
    let polls = 0;
    const { fetchMock } = mockFetch({
      ...session('member'),
      [`POST ${API}/products-services/import`]: () => ({ status: 202, json: job() }),
      [`GET ${API}/products-services/import/job-1`]: () => {
        polls += 1;
        return {
          json:
            polls === 1
              ? job({ rows_done: 1 })
              : job({
                  state: 'validated',
                  rows_done: 3,
                  errors: [
                    { row: 3, column: 'سعر البيع', message: 'Enter an amount such as 1.250 (at most three decimals)' },
                    { row: 4, column: 'رمز الصنف', message: 'SKU A-1 is also on row 2' },
                  ],
                  errors_total: 2,
                }),
        };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/products/import');

    // act
    await user.upload(await screen.findByLabelText(/CSV or Excel/), file());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));

    // assess
    await screen.findByRole('heading', { name: 'Columns found' }, { timeout: 5000 });
    // Radix puts a table's label on its scroll wrapper: the first table is the mapping, the second the problems.
    const [mapping, problems] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];
    expect(within(mapping).getByRole('row', { name: /رمز الصنف SKU/ })).toBeTruthy();
    expect(within(mapping).getByRole('row', { name: /سعر البيع Sale price/ })).toBeTruthy();
    expect(screen.getByText('Colour')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Problems (2)' })).toBeTruthy();
    expect(within(problems).getByRole('row', { name: /3 سعر البيع Enter an amount/ })).toBeTruthy();
    expect(within(problems).getByRole('row', { name: /4 رمز الصنف SKU A-1 is also on row 2/ })).toBeTruthy();
    // Isolated, so that in the Arabic layout an English message is not reordered around its Arabic words.
    expect(within(problems).getByText('SKU A-1 is also on row 2').getAttribute('dir')).toBe('auto');
    expect(screen.getByText(/Nothing was saved/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 3 rows' }) as HTMLButtonElement).disabled).toBe(true);
    const sent = uploads(fetchMock);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('dry_run')).toBe('true');
    expect((sent[0]!.get('file') as File).name).toBe('أصناف.csv');
  });

  it('imports a clean file with progress, then sums up what was added, updated and left unchanged', async () => {
    // prepare
    let importPolls = 0;
    let posts = 0;
    const { fetchMock } = mockFetch({
      ...session('member'),
      [`POST ${API}/products-services/import`]: () => {
        posts += 1;
        return { status: 202, json: posts === 1 ? job() : job({ id: 'job-2', dry_run: false }) };
      },
      [`GET ${API}/products-services/import/job-1`]: () => ({ json: job({ state: 'validated', rows_done: 3 }) }),
      [`GET ${API}/products-services/import/job-2`]: () => {
        importPolls += 1;
        return { json: importPolls === 1 ? job({ id: 'job-2', dry_run: false, state: 'importing', rows_done: 1 }) : job({ id: 'job-2', dry_run: false, state: 'completed', rows_done: 3, created: 1, updated: 1, finished_at: '2026-11-26T10:01:00Z' }) };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/products/import');

    // act
    await user.upload(await screen.findByLabelText(/CSV or Excel/), file());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByText(/All 3 rows are ready to import/);
    await user.click(screen.getByRole('button', { name: 'Import 3 rows' }));

    // assess
    expect(await screen.findByText('Importing… 1 of 3 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('The import is complete.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Added: 1')).toBeTruthy();
    expect(screen.getByText('Updated: 1')).toBeTruthy();
    expect(screen.getByText('Unchanged: 1')).toBeTruthy();
    expect(uploads(fetchMock).map((form) => form.get('dry_run'))).toEqual(['true', 'false']);
    await user.click(screen.getAllByRole('link', { name: 'Back to the catalogue' }).at(-1)!);
    expect(await screen.findByText('screen:catalogue')).toBeTruthy();
  });

  it('downloads the template and the export in the chosen format, and lets a viewer do only that', async () => {
    // prepare
    const { requests } = mockFetch({
      ...session('viewer'),
      [`GET ${API}/products-services/template`]: () => ({ text: 'sku,name\r\n' }),
      [`POST ${API}/products-services/export`]: () => ({ json: { download_url: 'https://exports.example/products.csv', file_name: 'products-services-Saleh Grocery-2026-11-26.csv', content_type: 'text/csv', size_bytes: 10, expires_at: '2026-11-26T10:15:00Z' } }),
      'GET https://exports.example/products.csv': () => ({ text: 'sku,name\r\nA-1,Tea\r\n' }),
    });
    vi.stubGlobal('URL', class extends URL {
      static override createObjectURL = vi.fn(() => 'blob:file');
      static override revokeObjectURL = vi.fn();
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/products/import');

    // act
    await user.click(await screen.findByRole('button', { name: 'Download template (Excel)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));

    // assess
    const template = requests.find((r) => r.url.includes('/template'))!;
    expect(new URL(template.url, 'http://x').searchParams.get('format')).toBe('xlsx');
    const exported = requests.find((r) => r.url.endsWith('/export'))!;
    expect(JSON.parse(exported.body!)).toEqual({ format: 'csv', language: 'en', include_inactive: true });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('products-import-template.xlsx');
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('products-services-Saleh Grocery-2026-11-26.csv');
    // A viewer reads the catalogue out but cannot import into it.
    expect(screen.queryByRole('button', { name: 'Check the file' })).toBeNull();
    expect(screen.getByText('Only members can add or change products.')).toBeTruthy();
  });
});
