import { DEFAULT_SCALE_BARCODES, parseScaleBarcode, type ScaleBarcodeSettings } from '@daftar/shared/barcodes';
import type { ProductPublic } from '@daftar/shared/schemas/products';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { normalizeForSearch, searchText, searchWords } from '@daftar/shared/search';

/** What the register keeps of a product: what it shows, finds and sells it by. */
export type CatalogueItem = Pick<
  ProductPublic,
  'id' | 'sku' | 'name' | 'name_ar' | 'category_id' | 'sale_price' | 'price_includes_tax' | 'tax_id' | 'barcodes' | 'image_url' | 'unit_of_measure' | 'item_type'
>;

export interface CatalogueCategory {
  id: string;
  name: string;
  name_ar: string | null;
}

/** The catalogue as this device last read it (IndexedDB), so the register opens at once and offline. */
export interface CatalogueSnapshot {
  items: CatalogueItem[];
  categories: CatalogueCategory[];
  taxes: TaxOption[];
  /**
   * How the shop's scales print labels (the organization's `scale_barcodes`), kept with the
   * catalogue so a label scans offline as it does online. Absent in a copy saved before the
   * setting existed: the default layout, until the next refresh.
   */
  scale_barcodes?: ScaleBarcodeSettings;
  fetched_at: string;
}

export const toCatalogueItem = (p: ProductPublic): CatalogueItem => ({
  id: p.id,
  sku: p.sku,
  name: p.name,
  name_ar: p.name_ar,
  category_id: p.category_id,
  sale_price: p.sale_price,
  price_includes_tax: p.price_includes_tax,
  tax_id: p.tax_id,
  barcodes: p.barcodes,
  image_url: p.image_url,
  unit_of_measure: p.unit_of_measure,
  item_type: p.item_type,
});

/** A code as scanned or typed: Arabic-Indic digits made Latin, case and spaces dropped. */
export const normalizeCode = (code: string) => normalizeForSearch(code).replace(/\s+/g, '');

/**
 * The catalogue ready for the till: every item's search text normalised once, and maps from
 * barcode and SKU. Searching then only normalises what the cashier typed.
 */
export interface CatalogueIndex {
  items: readonly CatalogueItem[];
  keys: readonly string[];
  byId: ReadonlyMap<string, CatalogueItem>;
  byCode: ReadonlyMap<string, CatalogueItem>;
  bySku: ReadonlyMap<string, CatalogueItem>;
  /** The organization's scale-label layout (shared/src/barcodes.ts). */
  scaleBarcodes: ScaleBarcodeSettings;
}

export function buildCatalogueIndex(items: readonly CatalogueItem[], scaleBarcodes: ScaleBarcodeSettings = DEFAULT_SCALE_BARCODES): CatalogueIndex {
  const keys: string[] = [];
  const byId = new Map<string, CatalogueItem>();
  const byCode = new Map<string, CatalogueItem>();
  const bySku = new Map<string, CatalogueItem>();
  for (const item of items) {
    keys.push(searchText([item.name, item.name_ar, item.sku, ...item.barcodes]));
    byId.set(item.id, item);
    for (const code of item.barcodes) byCode.set(normalizeCode(code), item);
    bySku.set(normalizeCode(item.sku), item);
  }
  return { items, keys, byId, byCode, bySku, scaleBarcodes };
}

/** Items whose names, SKU or barcodes hold every word typed, in catalogue order, at most `limit`. */
export function searchCatalogue(index: CatalogueIndex, term: string, limit = 60): CatalogueItem[] {
  const words = searchWords(term);
  if (!words.length) return index.items.slice(0, limit);
  const found: CatalogueItem[] = [];
  for (let i = 0; i < index.keys.length && found.length < limit; i++) {
    const key = index.keys[i]!;
    if (words.every((word) => key.includes(word))) found.push(index.items[i]!);
  }
  return found;
}

export interface ScanMatch {
  item: CatalogueItem;
  /** A weight label's kilograms; "1" otherwise. */
  quantity: string;
  /** A price label's amount, which is the line's price as the scale priced it. */
  unitPrice: string | null;
}

/** A scanned or typed code: a barcode, a scale label (`@daftar/shared/barcodes`, by the organization's layout) or a SKU. */
export function lookupCode(index: CatalogueIndex, raw: string): ScanMatch | null {
  const code = normalizeCode(raw);
  if (!code) return null;
  const exact = index.byCode.get(code);
  if (exact) return { item: exact, quantity: '1', unitPrice: null };
  const label = parseScaleBarcode(code, index.scaleBarcodes);
  if (label) {
    const item = index.byCode.get(label.productCode);
    if (item) return { item, quantity: label.quantity ?? '1', unitPrice: label.amount };
  }
  const bySku = index.bySku.get(code);
  return bySku ? { item: bySku, quantity: '1', unitPrice: null } : null;
}
