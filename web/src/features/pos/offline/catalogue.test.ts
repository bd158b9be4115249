import { gtinCheckDigit, type ScaleBarcodeSettings } from '@daftar/shared/barcodes';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch } from '../../../testing/fetch-mock';
import { API, ORG, product, referenceReaders, session } from '../../products/testing/fixtures';
import { useCatalogue } from '../api/get-catalogue';
import { buildCatalogueIndex, lookupCode, searchCatalogue, toCatalogueItem, type CatalogueSnapshot } from './catalogue';
import { createMemoryStore, setPosStore } from './store';

const items = [
  product(),
  product({ id: 'prod-cake', sku: 'CAKE-1', name: 'Date cake', name_ar: 'كعكة تمر', barcodes: ['6250000000024'] }),
  product({ id: 'prod-arabic', sku: 'ARB-2', name: 'Arabic coffee', name_ar: 'قهوة عربي', barcodes: [] }),
  product({ id: 'prod-olives', sku: 'OLV', name: 'Olives by weight', name_ar: 'زيتون', barcodes: ['2212345'] }),
  product({ id: 'prod-nuts', sku: 'NUTS', name: 'Mixed nuts', name_ar: 'مكسرات', barcodes: ['2554321'] }),
].map(toCatalogueItem);
const index = buildCatalogueIndex(items);

const label = (body: string) => `${body}${gtinCheckDigit(body)}`;

describe('register catalogue', () => {
  it('finds by either name with Arabic spellings folded, by SKU and by barcode, every word typed', () => {
    // «كعكه» for «كعكة», «عربى» for «عربي».
    expect(searchCatalogue(index, 'كعكه').map((i) => i.id)).toEqual(['prod-cake']);
    expect(searchCatalogue(index, 'قهوة عربى').map((i) => i.id)).toEqual(['prod-arabic']);
    expect(searchCatalogue(index, 'DATE Cake').map((i) => i.id)).toEqual(['prod-cake']);
    expect(searchCatalogue(index, 'rice cake')).toEqual([]);
    expect(searchCatalogue(index, 'arb-2').map((i) => i.id)).toEqual(['prod-arabic']);
    expect(searchCatalogue(index, '625000000002').map((i) => i.id)).toEqual(['prod-cake']);
    expect(searchCatalogue(index, '', 2)).toHaveLength(2);
  });

  it('looks a scanned code up: barcode (Arabic-Indic digits too), SKU, weight and price scale labels', () => {
    expect(lookupCode(index, '6251234567890')).toMatchObject({ item: { id: 'prod-1' }, quantity: '1', unitPrice: null });
    expect(lookupCode(index, '٦٢٥٠٠٠٠٠٠٠٠٢٤')).toMatchObject({ item: { id: 'prod-cake' } });
    expect(lookupCode(index, 'cake-1')).toMatchObject({ item: { id: 'prod-cake' }, quantity: '1' });
    // 22 = weight in grams: 0.480 kg of olives.
    expect(lookupCode(index, label('221234500480'))).toMatchObject({ item: { id: 'prod-olives' }, quantity: '0.480', unitPrice: null });
    // 25 = price in fils: nuts priced 3.250 by the scale.
    expect(lookupCode(index, label('255432103250'))).toMatchObject({ item: { id: 'prod-nuts' }, quantity: '1', unitPrice: '3.250' });
    expect(lookupCode(index, '0000')).toBeNull();
  });

  it('builds the search keys of 10,000 products once and finds among them', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => toCatalogueItem(product({ id: `p-${i}`, sku: `SKU-${i}`, name: `Item ${i}`, name_ar: `صنف ${i}`, barcodes: [] })));
    const big = buildCatalogueIndex(many);
    expect(big.keys).toHaveLength(10_000);
    expect(searchCatalogue(big, 'صنف 9999').map((i) => i.id)).toEqual(['p-9999']);
    expect(searchCatalogue(big, 'sku-42', 5).map((i) => i.id)).toEqual(['p-42', 'p-420', 'p-421', 'p-422', 'p-423']);
  });
});

describe('register catalogue: the organization\'s scale-label layout (issue 14)', () => {
  /** A shop whose scales print the price on 02 labels and the weight on 21 labels, with five-digit item codes. */
  const layout: ScaleBarcodeSettings = { prefixes: [{ prefix: '02', value: 'price' }, { prefix: '21', value: 'weight' }], item_digits: 5 };
  const shop = [
    product({ id: 'prod-salad', sku: 'SALAD', name: 'Salad bar', barcodes: ['0212345'] }),
    product({ id: 'prod-olives', sku: 'OLV', name: 'Olives by weight', barcodes: ['2100042'] }),
    product({ id: 'prod-cheese', sku: 'CHEESE', name: 'Cheese', barcodes: ['2012345'] }),
  ];

  afterEach(() => {
    vi.unstubAllGlobals();
    setPosStore(null);
  });

  it('reads labels by the layout it is given, and by the default without one', () => {
    const custom = buildCatalogueIndex(shop.map(toCatalogueItem), layout);
    const usual = buildCatalogueIndex(shop.map(toCatalogueItem));
    const priced = label('021234503450');

    expect(lookupCode(custom, priced)).toMatchObject({ item: { id: 'prod-salad' }, quantity: '1', unitPrice: '3.450' });
    expect(lookupCode(custom, priced.slice(1))).toMatchObject({ item: { id: 'prod-salad' }, unitPrice: '3.450' }); // scanned as UPC-A
    expect(lookupCode(custom, label('210004200750'))).toMatchObject({ item: { id: 'prod-olives' }, quantity: '0.750', unitPrice: null });
    expect(lookupCode(custom, label('201234501250'))).toBeNull(); // 20 is not this shop's prefix
    expect(lookupCode(usual, priced)).toBeNull();
    expect(lookupCode(usual, label('201234501250'))).toMatchObject({ item: { id: 'prod-cheese' }, quantity: '1.250' });
  });

  it('keeps the layout with the device copy, so labels read the same offline', async () => {
    const store = createMemoryStore();
    setPosStore(store);
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: createQueryClient() }, children);
    const signedIn = session('member');
    mockFetch({
      ...signedIn,
      ...referenceReaders,
      'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Saleh Grocery', base_currency: 'JOD', scale_barcodes: layout }], count: 1 } }),
      [`GET ${API}/taxes/list`]: () => ({ json: { data: [], count: 0 } }),
      [`GET ${API}/products-services`]: () => ({ json: { data: shop, count: shop.length } }),
    });
    const online = renderHook(() => useCatalogue(ORG), { wrapper });
    await waitFor(() => expect(online.result.current.source).toBe('server'));
    expect(lookupCode(online.result.current.index!, label('021234503450'))).toMatchObject({ item: { id: 'prod-salad' }, unitPrice: '3.450' });
    await waitFor(async () => expect((await store.getMeta<CatalogueSnapshot>(`catalogue:${ORG}`))?.scale_barcodes).toEqual(layout));
    online.unmount();

    // The network is down: the device's copy is all there is.
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = renderHook(() => useCatalogue(ORG), { wrapper });
    await waitFor(() => expect(offline.result.current.source).toBe('device'));
    expect(lookupCode(offline.result.current.index!, label('210004200750'))).toMatchObject({ item: { id: 'prod-olives' }, quantity: '0.750' });
    expect(lookupCode(offline.result.current.index!, label('201234501250'))).toBeNull();
  });
});
