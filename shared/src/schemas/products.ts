/**
 * The catalogue (GitHub issue 14): products and services a shop sells and buys, the same record
 * for the invoice line editor, the bill line editor and the till.
 *
 * Money is in major units as decimal strings (JOD has three decimals: "0.250" is 250 fils);
 * quantities are decimal strings with at most three decimals (grams of a kilogram, millilitres of a
 * litre), kept exact as integer thousandths on the server. A product's barcodes are unique within the
 * organization, and so is its SKU (case-insensitive): a duplicate is a 409 that names the product
 * that has it.
 */
import * as z from 'zod';
import { calendarDate, id, pagination, priceInput, quantityInput, queryBoolean } from './common.js';

export { priceInput, quantityInput } from './common.js';
import { IMPORT_JOB_STATES, ITEM_TYPES, STOCK_STATUSES, UNITS_OF_MEASURE, type ItemType, type UnitOfMeasure } from './codes.js';

export { IMPORT_JOB_STATES, ITEM_TYPES, STOCK_STATUSES, UNITS_OF_MEASURE } from './codes.js';
export type { ItemType, StockStatus, UnitOfMeasure } from './codes.js';


export const UNIT_CODES: Record<UnitOfMeasure, string> = {
  piece: 'PCE', kg: 'KGM', gram: 'GRM', litre: 'LTR', ml: 'MLT', metre: 'MTR', box: 'BX', pack: 'PK', dozen: 'DZN', hour: 'HUR', day: 'DAY', service: 'C62',
};


export const PRODUCT_MAX_BARCODES = 10;

/** Digits only (EAN-8, EAN-13, UPC-A, a scale code) or a shop's own code of letters, digits and `-`. */
export const barcodeInput = z
  .string()
  .trim()
  .min(4, 'A barcode has at least 4 characters')
  .max(48, 'A barcode has at most 48 characters')
  .regex(/^[0-9A-Za-z-]+$/, 'A barcode holds letters, digits and dashes only');

export const skuInput = z
  .string()
  .trim()
  .min(1, 'SKU is required')
  .max(64, 'A SKU has at most 64 characters')
  .regex(/^[^\s#]+(?: [^\s#]+)*$/, 'A SKU cannot contain # or double spaces');

export const reorderPointInput = z.strictObject({ location_id: id, quantity: quantityInput });

const productFields = {
  sku: skuInput,
  name: z.string().trim().min(1, 'Name is required').max(200),
  name_ar: z.string().trim().max(200).nullish(),
  item_type: z.enum(ITEM_TYPES).default('product'),
  /** A product or service category of this organization. */
  category_id: id.nullish(),
  unit_of_measure: z.enum(UNITS_OF_MEASURE).default('piece'),
  sale_price: priceInput.default('0'),
  /** Whether `sale_price` already includes the default tax (a shelf price does). */
  price_includes_tax: z.boolean().default(false),
  /** A general tax of this organization; null: the item is sold without tax (exempt). */
  tax_id: id.nullish(),
  /** What the item costs to buy (the last purchase price); tracked stock is valued at its own cost layers. */
  cost: priceInput.default('0'),
  barcodes: z.array(barcodeInput).max(PRODUCT_MAX_BARCODES, `At most ${PRODUCT_MAX_BARCODES} barcodes`).default([]),
  supplier_name: z.string().trim().max(200).nullish(),
  /** A file uploaded through file-uploads (an image) of this organization. */
  image_file_id: id.nullish(),
  description: z.string().trim().max(2000).nullish(),
  /** Whether stock of this product is counted and costed. Services are never tracked. */
  is_tracked_inventory: z.boolean().default(false),
  /** Reorder point when no location has its own. */
  reorder_point: quantityInput.nullish(),
  /** Reorder points per location (stores and warehouses keep different minimums). */
  reorder_points: z.array(reorderPointInput).max(50).default([]),
  is_active: z.boolean().default(true),
};

const barcodesDistinct = (v: { barcodes?: string[]; item_type?: ItemType; is_tracked_inventory?: boolean }, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  v.barcodes?.forEach((code, i) => {
    if (seen.has(code)) ctx.addIssue({ code: 'custom', path: ['barcodes', i], message: 'This barcode is listed twice' });
    seen.add(code);
  });
  if (v.item_type === 'service' && v.is_tracked_inventory) {
    ctx.addIssue({ code: 'custom', path: ['is_tracked_inventory'], message: 'A service has no stock to track' });
  }
};

export const productCreate = z.strictObject(productFields).superRefine(barcodesDistinct);
export type ProductCreate = z.output<typeof productCreate>;

/**
 * PUT: absent fields keep their value; null clears the nullable ones. `barcodes` and
 * `reorder_points`, when given, replace the lists. `version` is the one read (409 when it moved).
 * `is_tracked_inventory` cannot be switched off while stock is on hand.
 */
export const productUpdate = z
  .strictObject({
    sku: skuInput.optional(),
    name: productFields.name.optional(),
    name_ar: productFields.name_ar,
    item_type: z.enum(ITEM_TYPES).optional(),
    category_id: productFields.category_id,
    unit_of_measure: z.enum(UNITS_OF_MEASURE).optional(),
    sale_price: priceInput.optional(),
    price_includes_tax: z.boolean().optional(),
    tax_id: productFields.tax_id,
    cost: priceInput.optional(),
    barcodes: z.array(barcodeInput).max(PRODUCT_MAX_BARCODES, `At most ${PRODUCT_MAX_BARCODES} barcodes`).optional(),
    supplier_name: productFields.supplier_name,
    image_file_id: productFields.image_file_id,
    description: productFields.description,
    is_tracked_inventory: z.boolean().optional(),
    reorder_point: productFields.reorder_point,
    reorder_points: z.array(reorderPointInput).max(50).optional(),
    is_active: z.boolean().optional(),
    version: z.number().int().min(1).optional(),
  })
  .superRefine(barcodesDistinct)
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type ProductUpdate = z.output<typeof productUpdate>;

/**
 * GET products-services (and its catalog, list, products, services, inventory, by-category and
 * by-supplier forms). `search` matches the Arabic and English names, the SKU and the barcodes, with
 * Arabic normalized (shared/src/search.ts). Pages are `skip`/`limit` over the matching items, in
 * name order.
 */
export const productListQuery = pagination.extend({
  item_type: z.enum(ITEM_TYPES).optional(),
  category_id: id.optional(),
  is_tracked_inventory: queryBoolean.optional(),
  include_inactive: queryBoolean.default(false),
  search: z.string().trim().max(200).optional(),
  supplier_name: z.string().trim().max(200).optional(),
  min_price: priceInput.optional(),
  max_price: priceInput.optional(),
  has_image: queryBoolean.optional(),
  has_barcode: queryBoolean.optional(),
  stock_status: z.enum(STOCK_STATUSES).optional(),
  /** Exact barcode (the till's and the line editor's scanner field). */
  barcode: barcodeInput.optional(),
});
export type ProductListQuery = z.output<typeof productListQuery>;

/** POST products-services/export. */
export const productExportRequest = z.strictObject({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  item_type: z.enum(ITEM_TYPES).optional(),
  include_inactive: z.boolean().default(false),
  /** The headers' language (the import reads either). */
  language: z.enum(['en', 'ar']).default('en'),
});

export const reorderPointPublic = z.object({ location_id: z.string(), quantity: z.string() });

export const productPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  sku: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  item_type: z.enum(ITEM_TYPES),
  category_id: z.string().nullable(),
  unit_of_measure: z.enum(UNITS_OF_MEASURE),
  sale_price: z.string(),
  price_includes_tax: z.boolean(),
  tax_id: z.string().nullable(),
  cost: z.string(),
  barcodes: z.array(z.string()),
  supplier_name: z.string().nullable(),
  image_file_id: z.string().nullable(),
  /** A presigned read URL of the image (minutes), when there is one. */
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  is_tracked_inventory: z.boolean(),
  reorder_point: z.string().nullable(),
  reorder_points: z.array(reorderPointPublic),
  is_active: z.boolean(),
  /** On hand over every location (tracked products; "0" otherwise). */
  quantity_on_hand: z.string(),
  stock_status: z.enum(STOCK_STATUSES),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductPublic = z.infer<typeof productPublic>;

/**
 * GET inventory/products/by-barcode/{barcode}: one key read (the till scans). The barcode's key
 * item carries a copy of the product's selling fields, rewritten with every catalogue change; stock
 * figures change with every sale and are not copied (availability answers them).
 */
export const productSaleFields = productPublic.omit({ quantity_on_hand: true, stock_status: true, image_url: true });
export type ProductSaleFields = z.infer<typeof productSaleFields>;
export const barcodeLookupPublic = z.object({
  product: productSaleFields,
  barcode: z.string(),
  /** A scale label's weight (kg, three decimals) or price-derived quantity; null for a plain code. */
  quantity: z.string().nullable(),
  /** A scale label's price (JOD); null for a plain code or a weight label. */
  amount: z.string().nullable(),
});

export const importRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
/** A column of the uploaded file's header row and the field it fills (null: not recognized, ignored). */
export const importColumnPublic = z.object({ header: z.string(), field: z.string().nullable() });
export const productImportJobPublic = z.object({
  id: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  dry_run: z.boolean(),
  file_name: z.string(),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowError),
  /** All row errors found; `errors` lists the first ones (at most 1000). */
  errors_total: z.number().int(),
  columns: z.array(importColumnPublic),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ProductImportJobPublic = z.infer<typeof productImportJobPublic>;

/** A date a stock figure is asked for (valuation-report's as-of). */
export const asOfQuery = z.object({ as_of: calendarDate.optional() });

/** GET products-services/list: the short form for pickers (line editors, the till's search box). */
export const productOption = productPublic.pick({
  id: true,
  sku: true,
  name: true,
  name_ar: true,
  item_type: true,
  unit_of_measure: true,
  sale_price: true,
  price_includes_tax: true,
  tax_id: true,
  barcodes: true,
  is_active: true,
  stock_status: true,
});
export type ProductOption = z.infer<typeof productOption>;

/** GET products-services/catalog: the active items grouped by category (null: uncategorized, last), each group in name order. */
export const productCatalogPublic = z.object({
  data: z.array(z.object({ category_id: z.string().nullable(), items: z.array(productPublic) })),
  count: z.number().int(),
});
export type ProductCatalogPublic = z.infer<typeof productCatalogPublic>;
