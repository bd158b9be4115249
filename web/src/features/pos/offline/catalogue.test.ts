import { gtinCheckDigit } from '@daftar/shared/barcodes';
import { describe, expect, it } from 'vitest';
import { product } from '../../products/testing/fixtures';
import { buildCatalogueIndex, lookupCode, searchCatalogue, toCatalogueItem } from './catalogue';

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
