/**
 * The catalogue (GitHub issue 14): products and services, their SKUs and barcodes, search.
 *
 * Every write is one transaction holding the product, its unique keys (db/productKey.ts: the SKU
 * and each barcode, put on condition that they are absent, so a duplicate cancels everything and
 * is answered 409 naming the product that has it), the deletions of keys no longer used, the
 * reference items to its category and image, and its audit record — so a refused write leaves
 * nothing behind, not even an audit line.
 *
 * Lists are Queries on the name-ordered indexes (all items, or one category's) with every other
 * filter as a FilterExpression, paged with skip/limit over the matching items (db/paging.ts).
 */
import {
  type ItemType,
  type ProductCreate,
  type ProductListQuery,
  type ProductOption,
  type ProductPublic,
  type ProductSaleFields,
  type ProductUpdate,
} from '@daftar/shared/schemas/products';
import { barcodeProblem, parseScaleBarcode, restrictedCirculationCode, SCALE_PRODUCT_CODE_DIGITS } from '@daftar/shared/barcodes';
import { normalizeForSearch, searchText, searchWords } from '@daftar/shared/search';
import { overallReorderPointMilli, stockStatusOf } from '@daftar/shared/stock-status';
import { auditRecordPut, type AuditActor, type AuditEntry } from '../db/auditLog.js';
import { Category, type CategoryRecord } from '../db/category.js';
import { FileUpload, type FileUploadItem } from '../db/fileUpload.js';
import { listPage, takeAll } from '../db/paging.js';
import { NO_CATEGORY, Product, type ProductRecord } from '../db/product.js';
import { ProductKey, skuKey, type ProductKeyKind } from '../db/productKey.js';
import { referenceChanges, type EntityRef } from '../db/reference.js';
import { Tax } from '../db/tax.js';
import { conditionCheck, deleteItem, postTransaction, putItem, updateItem, type TransactItem } from '../db/transaction.js';
import { readItem } from '../db/get-together.js';
import { downloadUrl } from '../file-uploads/files.js';
import { organizationSettings } from '../organizations/settings.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { nowIso, uuidv7 } from '../platform/ids.js';

// ---------------------------------------------------------------------------------------------
// Figures: decimal text ↔ integer thousandths (fils of a dinar, grams of a kilogram)

/** "1.25" → 1250. The schemas allow at most 12 integer digits, well inside a safe integer. */
export function toMilli(decimal: string): number {
  const [whole, fraction = ''] = decimal.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

/** 1250 → "1.250". */
export function fromMilli(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Presentation

/** The selling fields (what the till and the line editors copy), also stored on each barcode key. */
export function presentSaleFields(p: ProductRecord): ProductSaleFields {
  return {
    id: p.id,
    organization_id: p.organization_id,
    sku: p.sku,
    name: p.name,
    name_ar: p.name_ar ?? null,
    item_type: p.item_type,
    category_id: p.category_id ?? null,
    unit_of_measure: p.unit_of_measure,
    sale_price: fromMilli(p.sale_price_fils),
    price_includes_tax: p.price_includes_tax,
    tax_id: p.tax_id ?? null,
    cost: fromMilli(p.cost_fils),
    barcodes: p.barcodes ?? [],
    supplier_name: p.supplier_name ?? null,
    image_file_id: p.image_file_id ?? null,
    description: p.description ?? null,
    is_tracked_inventory: p.is_tracked_inventory,
    reorder_point: p.reorder_point_milli === undefined ? null : fromMilli(p.reorder_point_milli),
    reorder_points: (p.reorder_points ?? []).map((r) => ({ location_id: r.location_id, quantity: fromMilli(r.quantity_milli) })),
    is_active: p.is_active,
    version: p.version,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** A presigned read URL of the product's image (15 minutes); signing is local, no file is read. */
async function imageUrlOf(p: ProductRecord): Promise<string | null> {
  if (!p.image_file_id || !p.image_s3_key) return null;
  const file = { s3_key: p.image_s3_key, filename: p.image_filename ?? 'image', content_type: p.image_content_type ?? 'application/octet-stream' } as FileUploadItem;
  return (await downloadUrl(file)).url;
}

export async function presentProduct(p: ProductRecord): Promise<ProductPublic> {
  return {
    ...presentSaleFields(p),
    image_url: await imageUrlOf(p),
    quantity_on_hand: fromMilli(p.is_tracked_inventory ? (p.on_hand_milli ?? 0) : 0),
    stock_status: p.stock_status,
  };
}

export function presentProductOption(p: ProductRecord): ProductOption {
  const s = presentSaleFields(p);
  return {
    id: s.id,
    sku: s.sku,
    name: s.name,
    name_ar: s.name_ar,
    item_type: s.item_type,
    unit_of_measure: s.unit_of_measure,
    sale_price: s.sale_price,
    price_includes_tax: s.price_includes_tax,
    tax_id: s.tax_id,
    barcodes: s.barcodes,
    is_active: s.is_active,
    stock_status: p.stock_status,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getProduct(organizationId: string, id: string): Promise<ProductRecord> {
  const { data } = await Product.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Product or service not found');
  return data;
}

/** The product whose SKU this is (case-insensitive), or null: two GetItems (the key, the product). */
export async function productBySku(organizationId: string, sku: string): Promise<ProductRecord | null> {
  const { data: key } = await ProductKey.get({ organization_id: organizationId, kind: 'SKU', value: skuKey(sku) }).go({ consistent: true });
  if (!key) return null;
  const { data } = await Product.get({ organization_id: organizationId, id: key.product_id }).go({ consistent: true });
  return data;
}

export interface BarcodeLookup {
  product: ProductSaleFields;
  barcode: string;
  quantity: string | null;
  amount: string | null;
}

/**
 * What the till gets for a scanned code: one read of the barcode key, which carries the product's
 * selling fields. A code that may be a scale label (shared/src/barcodes.ts: a valid EAN-13 in the
 * 2… or 02… ranges, or a UPC-A starting with 2) is read in ONE BatchGetItem with the organization
 * (its `scale_barcodes` layout, unless this call already read it) and the keys under both the full
 * code and its first 7 digits — prefix and item code make 7 digits under any layout, so the key can
 * be read before the layout is known. The full code wins, since a shop may give a plain item an
 * in-store code in the same range; else, when the organization's layout reads the code as a label,
 * the product under its prefix and item code comes with the label's weight or price. Null when no
 * product carries the code.
 */
export async function lookupBarcode(organizationId: string, code: string): Promise<BarcodeLookup | null> {
  const key = (value: string) => ({ organization_id: organizationId, kind: 'BARCODE' as const, value });
  const label = restrictedCirculationCode(code);
  if (!label) {
    const { data } = await ProductKey.get(key(code)).go();
    return data?.product ? { product: data.product as ProductSaleFields, barcode: code, quantity: null, amount: null } : null;
  }
  // Asked in the same turn, the three reads go as one BatchGetItem (db/get-together.ts).
  const [settings, exact, byItem] = await Promise.all([
    organizationSettings(organizationId),
    readItem(ProductKey, key(code)),
    readItem(ProductKey, key(label.slice(0, SCALE_PRODUCT_CODE_DIGITS))),
  ]);
  if (exact?.product) return { product: exact.product as ProductSaleFields, barcode: code, quantity: null, amount: null };
  const scale = parseScaleBarcode(code, settings.scaleBarcodes);
  return scale && byItem?.product ? { product: byItem.product as ProductSaleFields, barcode: code, quantity: scale.quantity, amount: scale.amount } : null;
}

/** What a list is narrowed by: the list query's filters; `supplier_name` is an exact (normalized) match. */
export type ProductFilter = Omit<ProductListQuery, 'skip' | 'limit'>;

type ProductWhere = Parameters<ReturnType<typeof Product.query.byName>['where']>[0];

/** The FilterExpression of a list (everything but the category, which picks the index); null: none. */
function filterOf(filter: ProductFilter): ProductWhere | null {
  const words = filter.search ? searchWords(filter.search) : [];
  const supplier = filter.supplier_name ? normalizeForSearch(filter.supplier_name) : '';
  const parts: ((a: Parameters<ProductWhere>[0], op: Parameters<ProductWhere>[1]) => string)[] = [];
  if (!filter.include_inactive) parts.push((a, op) => op.eq(a.is_active, true));
  if (filter.item_type) parts.push((a, op) => op.eq(a.item_type, filter.item_type!));
  if (filter.is_tracked_inventory !== undefined) parts.push((a, op) => op.eq(a.is_tracked_inventory, filter.is_tracked_inventory!));
  if (supplier) parts.push((a, op) => op.eq(a.supplier_key, supplier));
  if (filter.min_price !== undefined) parts.push((a, op) => op.gte(a.sale_price_fils, toMilli(filter.min_price!)));
  if (filter.max_price !== undefined) parts.push((a, op) => op.lte(a.sale_price_fils, toMilli(filter.max_price!)));
  if (filter.has_image !== undefined) parts.push((a, op) => (filter.has_image ? op.exists(a.image_file_id) : op.notExists(a.image_file_id)));
  if (filter.has_barcode !== undefined) parts.push((a, op) => (filter.has_barcode ? op.exists(a.barcodes) : op.notExists(a.barcodes)));
  if (filter.stock_status) parts.push((a, op) => op.eq(a.stock_status, filter.stock_status!));
  if (filter.barcode) parts.push((a, op) => op.contains(a.barcodes, filter.barcode! as never));
  for (const word of words) parts.push((a, op) => op.contains(a.search_text, word));
  if (!parts.length) return null;
  return (a, op) => parts.map((p) => p(a, op)).join(' AND ');
}

/** One Query: the category's index when the filter names one, else the whole catalogue's; both in name order. */
function productQuery(organizationId: string, filter: ProductFilter) {
  const base = filter.category_id
    ? Product.query.byCategory({ organization_id: organizationId, category_key: filter.category_id })
    : Product.query.byName({ organization_id: organizationId });
  const where = filterOf(filter);
  return where ? base.where(where) : base;
}

/** A `{data, count}` page of the matching items in name order. */
export async function listProducts<R>(organizationId: string, query: ProductListQuery, present: (p: ProductRecord) => R | Promise<R>) {
  const { skip, limit, ...filter } = query;
  const page = await listPage(productQuery(organizationId, filter), { skip, limit, order: 'asc' }, (p) => p);
  return { data: await Promise.all(page.data.map(present)), count: page.count };
}

/** Every matching item in name order (bounded by the catalogue's size: the till's catalogue, exports). */
export async function allProducts(organizationId: string, filter: ProductFilter): Promise<ProductRecord[]> {
  return takeAll(productQuery(organizationId, filter), 'asc');
}

/** The active catalogue grouped by category, each group in name order, uncategorized items last. */
export async function productCatalog(organizationId: string) {
  const items = await allProducts(organizationId, { include_inactive: false });
  const groups = new Map<string | null, ProductRecord[]>();
  for (const p of items) {
    const key = p.category_id ?? null;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const ordered = [...groups].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : 0));
  return {
    data: await Promise.all(ordered.map(async ([category_id, list]) => ({ category_id, items: await Promise.all(list.map(presentProduct)) }))),
    count: items.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Checks

const issue = (field: (string | number)[], msg: string) => new ValidationError([{ loc: ['body', ...field], msg, type: 'value_error' }]);

function checkBarcodes(barcodes: readonly string[]) {
  const problems = barcodes.flatMap((code, i) => {
    const problem = barcodeProblem(code);
    return problem ? [{ loc: ['body', 'barcodes', i], msg: problem, type: 'value_error' }] : [];
  });
  if (problems.length) throw new ValidationError(problems);
}

interface Image {
  image_file_id: string;
  image_s3_key: string;
  image_content_type: string;
  image_filename: string;
}

/**
 * The category, tax and image a product names, read together and checked: the category is an
 * active product or service category matching `item_type`, the tax an active general tax
 * (standard, zero-rated or exempt: special taxes are added per line), the image an image file.
 */
async function checkReferences(
  organizationId: string,
  want: { item_type: ItemType; category_id?: string; tax_id?: string; image_file_id?: string },
): Promise<{ image?: Image }> {
  const [category, tax, file] = await Promise.all([
    want.category_id ? Category.get({ organization_id: organizationId, id: want.category_id }).go({ consistent: true }) : null,
    want.tax_id ? Tax.get({ organization_id: organizationId, id: want.tax_id }).go({ consistent: true }) : null,
    want.image_file_id ? FileUpload.get({ organization_id: organizationId, id: want.image_file_id }).go({ consistent: true }) : null,
  ]);
  if (want.category_id) {
    const c = category?.data;
    if (!c) throw issue(['category_id'], 'Category not found');
    if (c.category_type !== want.item_type) {
      throw issue(['category_id'], `"${c.name}" is a ${c.category_type} category; a ${want.item_type} needs a ${want.item_type} category`);
    }
    if (!c.is_active) throw issue(['category_id'], `Category "${c.name}" is inactive`);
  }
  if (want.tax_id) {
    const t = tax?.data;
    if (!t) throw issue(['tax_id'], 'Tax not found');
    if (t.tax_category === 'special') throw issue(['tax_id'], `"${t.name}" is a special tax; the default tax of an item is a general one`);
    if (!t.is_active) throw issue(['tax_id'], `Tax "${t.name}" is inactive`);
  }
  if (want.image_file_id) {
    const f = file?.data;
    if (!f) throw issue(['image_file_id'], 'File not found');
    if (!f.content_type.startsWith('image/')) throw issue(['image_file_id'], `"${f.filename}" is not an image`);
    return { image: { image_file_id: f.id, image_s3_key: f.s3_key, image_content_type: f.content_type, image_filename: f.filename } };
  }
  return {};
}

/** The category read by `checkReferences` must still exist with the item's type and be active when the product is written. */
const categoryStillValid = (organizationId: string, categoryId: string, type: ItemType) =>
  conditionCheck(
    Category.delete({ organization_id: organizationId, id: categoryId })
      .where((a, { eq }) => `${eq(a.category_type, type as CategoryRecord['category_type'])} AND ${eq(a.is_active, true)}`)
      .params(),
    () => new Conflict('The category was changed or deleted meanwhile; reload and try again'),
  );

// ---------------------------------------------------------------------------------------------
// Keys

/** A key the transaction found taken: answered with the product that has it once the transaction is cancelled. */
class KeyTaken extends Conflict {
  constructor(
    readonly keyKind: ProductKeyKind,
    readonly value: string,
    readonly shown: string,
  ) {
    super(`${keyKind === 'SKU' ? 'SKU' : 'Barcode'} ${shown} is already used`);
  }
}

/** The 409 naming the product holding a taken key (read after the cancelled transaction). */
async function keyTakenConflict(organizationId: string, taken: KeyTaken): Promise<Conflict> {
  const what = taken.keyKind === 'SKU' ? 'SKU' : 'Barcode';
  const { data: key } = await ProductKey.get({ organization_id: organizationId, kind: taken.keyKind, value: taken.value }).go({ consistent: true });
  const other = key ? (await Product.get({ organization_id: organizationId, id: key.product_id }).go({ consistent: true })).data : null;
  return new Conflict(other ? `${what} ${taken.shown} is already used by ${other.name} (${other.sku})` : `${what} ${taken.shown} was taken meanwhile; try again`);
}

async function posting(organizationId: string, items: TransactItem[]) {
  try {
    await postTransaction(items);
  } catch (err) {
    if (err instanceof KeyTaken) throw await keyTakenConflict(organizationId, err);
    throw err;
  }
}

const keyOf = (organizationId: string, kind: ProductKeyKind, value: string) => ({ organization_id: organizationId, kind, value });

const claimSku = (p: ProductRecord) =>
  putItem(ProductKey.create({ ...keyOf(p.organization_id, 'SKU', skuKey(p.sku)), product_id: p.id }).params(), () => new KeyTaken('SKU', skuKey(p.sku), p.sku));

const claimBarcode = (p: ProductRecord, code: string) =>
  putItem(
    ProductKey.create({ ...keyOf(p.organization_id, 'BARCODE', code), product_id: p.id, product: presentSaleFields(p) }).params(),
    () => new KeyTaken('BARCODE', code, code),
  );

const keyChangedMeanwhile = () => new Conflict('The product was changed meanwhile; reload and try again');

/** Rewrites a kept barcode's copy of the selling fields (it must still be this product's). */
const refreshBarcode = (p: ProductRecord, code: string) =>
  putItem(
    ProductKey.put({ ...keyOf(p.organization_id, 'BARCODE', code), product_id: p.id, product: presentSaleFields(p) })
      .where((a, { eq }) => eq(a.product_id, p.id))
      .params(),
    keyChangedMeanwhile,
  );

const releaseKey = (p: ProductRecord, kind: ProductKeyKind, value: string) =>
  deleteItem(ProductKey.delete(keyOf(p.organization_id, kind, value)).where((a, { eq }) => eq(a.product_id, p.id)).params(), keyChangedMeanwhile);

// ---------------------------------------------------------------------------------------------
// Writing

const blank = <T>(value: T | null | undefined): T | undefined => (value === null || value === '' ? undefined : value);

const self = (p: Pick<ProductRecord, 'id'>): EntityRef => ({ type: 'product_service', id: p.id });
const refsOf = (p: Pick<ProductRecord, 'category_id' | 'image_file_id'>): EntityRef[] => [
  ...(p.category_id ? [{ type: 'category', id: p.category_id }] : []),
  ...(p.image_file_id ? [{ type: 'file', id: p.image_file_id }] : []),
];

const auditItem = (actor: AuditActor, entry: AuditEntry) => putItem(auditRecordPut(actor, entry));

const notTrackable = () => issue(['is_tracked_inventory'], 'A service has no stock to track');

/** The derived attributes: keys of the indexes, search text, stock status from the figures. */
function withDerived(p: Omit<ProductRecord, 'name_key' | 'category_key' | 'supplier_key' | 'search_text' | 'stock_status'>): ProductRecord {
  return {
    ...p,
    name_key: normalizeForSearch(p.name).slice(0, 200) || '-',
    category_key: p.category_id ?? NO_CATEGORY,
    supplier_key: p.supplier_name ? normalizeForSearch(p.supplier_name) : undefined,
    search_text: searchText([p.name, p.name_ar, p.sku, ...(p.barcodes ?? [])]),
    stock_status: stockStatusOf(p.on_hand_milli ?? 0, overallReorderPointMilli(p.reorder_point_milli, p.reorder_points), p.is_tracked_inventory),
  };
}

const reorderPointsOf = (points: ProductCreate['reorder_points']) => points.map((r) => ({ location_id: r.location_id, quantity_milli: toMilli(r.quantity) }));

export async function createProduct(organizationId: string, input: ProductCreate, actor: AuditActor): Promise<ProductRecord> {
  if (input.item_type === 'service' && input.is_tracked_inventory) throw notTrackable();
  checkBarcodes(input.barcodes);
  const categoryId = blank(input.category_id);
  const { image } = await checkReferences(organizationId, {
    item_type: input.item_type,
    category_id: categoryId,
    tax_id: blank(input.tax_id),
    image_file_id: blank(input.image_file_id),
  });
  const now = nowIso();
  const product = withDerived({
    organization_id: organizationId,
    id: uuidv7(),
    sku: input.sku,
    name: input.name,
    name_ar: blank(input.name_ar),
    item_type: input.item_type,
    category_id: categoryId,
    unit_of_measure: input.unit_of_measure,
    sale_price_fils: toMilli(input.sale_price),
    price_includes_tax: input.price_includes_tax,
    tax_id: blank(input.tax_id),
    cost_fils: toMilli(input.cost),
    barcodes: input.barcodes.length ? input.barcodes : undefined,
    supplier_name: blank(input.supplier_name),
    ...image,
    description: blank(input.description),
    is_tracked_inventory: input.is_tracked_inventory,
    reorder_point_milli: input.reorder_point ? toMilli(input.reorder_point) : undefined,
    reorder_points: reorderPointsOf(input.reorder_points),
    is_active: input.is_active,
    on_hand_milli: 0,
    version: 1,
    created_at: now,
    updated_at: now,
  });
  const steps: TransactItem[] = [
    putItem(Product.create(product).params()),
    claimSku(product),
    ...(product.barcodes ?? []).map((code) => claimBarcode(product, code)),
    ...referenceChanges(organizationId, self(product), [], refsOf(product)),
    auditItem(actor, {
      action: 'product.created',
      entity_type: 'product_service',
      entity_id: product.id,
      narrative: { key: 'audit.product.created', params: { name: product.name, sku: product.sku, type: product.item_type } },
      changes: { sku: product.sku, name: product.name, item_type: product.item_type, sale_price: fromMilli(product.sale_price_fils), barcodes: product.barcodes ?? [] },
    }),
  ];
  if (categoryId) steps.push(categoryStillValid(organizationId, categoryId, product.item_type));
  await posting(organizationId, steps);
  return product;
}

/** Attributes a product may lack; an update that empties one removes it. */
const CLEARABLE = [
  'name_ar',
  'category_id',
  'tax_id',
  'barcodes',
  'supplier_name',
  'supplier_key',
  'image_file_id',
  'image_s3_key',
  'image_content_type',
  'image_filename',
  'description',
  'reorder_point_milli',
] as const satisfies readonly (keyof ProductRecord)[];

/** Attributes the inventory code owns, never written by a catalogue update (stock_status only when recomputed). */
const STOCK_OWNED = ['on_hand_milli', 'stock_status'] as const;

export async function updateProduct(organizationId: string, id: string, input: ProductUpdate, actor: AuditActor) {
  const before = await getProduct(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw keyChangedMeanwhile();
  const optional = <K extends 'name_ar' | 'tax_id' | 'supplier_name' | 'description'>(field: K) =>
    input[field] === undefined ? before[field] : blank(input[field]);

  const itemType = input.item_type ?? before.item_type;
  const tracked = input.is_tracked_inventory ?? before.is_tracked_inventory;
  if (itemType === 'service' && tracked) throw notTrackable();
  if (before.is_tracked_inventory && !tracked && (before.on_hand_milli ?? 0) !== 0) {
    throw new Conflict(`"${before.name}" has ${fromMilli(before.on_hand_milli ?? 0)} on hand; set the stock to zero first`);
  }
  const barcodes = input.barcodes ?? before.barcodes ?? [];
  if (input.barcodes) checkBarcodes(input.barcodes);
  const categoryId = input.category_id === undefined ? before.category_id : blank(input.category_id);
  const taxId = optional('tax_id');
  const imageId = input.image_file_id === undefined ? before.image_file_id : blank(input.image_file_id);
  const { image } = await checkReferences(organizationId, {
    item_type: itemType,
    // An unchanged category is checked again when the type changes (a product category cannot hold a service).
    category_id: categoryId !== before.category_id || itemType !== before.item_type ? categoryId : undefined,
    tax_id: taxId !== before.tax_id ? taxId : undefined,
    image_file_id: imageId !== before.image_file_id ? imageId : undefined,
  });
  const keptImage = imageId && imageId === before.image_file_id
    ? { image_file_id: before.image_file_id, image_s3_key: before.image_s3_key, image_content_type: before.image_content_type, image_filename: before.image_filename }
    : {};

  const after = withDerived({
    ...before,
    sku: input.sku ?? before.sku,
    name: input.name ?? before.name,
    name_ar: optional('name_ar'),
    item_type: itemType,
    category_id: categoryId,
    unit_of_measure: input.unit_of_measure ?? before.unit_of_measure,
    sale_price_fils: input.sale_price === undefined ? before.sale_price_fils : toMilli(input.sale_price),
    price_includes_tax: input.price_includes_tax ?? before.price_includes_tax,
    tax_id: taxId,
    cost_fils: input.cost === undefined ? before.cost_fils : toMilli(input.cost),
    barcodes: barcodes.length ? barcodes : undefined,
    supplier_name: optional('supplier_name'),
    image_file_id: undefined,
    image_s3_key: undefined,
    image_content_type: undefined,
    image_filename: undefined,
    ...keptImage,
    ...image,
    description: optional('description'),
    is_tracked_inventory: tracked,
    reorder_point_milli:
      input.reorder_point === undefined ? before.reorder_point_milli : input.reorder_point === null ? undefined : toMilli(input.reorder_point),
    reorder_points: input.reorder_points ? reorderPointsOf(input.reorder_points) : before.reorder_points,
    is_active: input.is_active ?? before.is_active,
    version: before.version + 1,
    updated_at: nowIso(),
  });

  // The stock status is rewritten only when its inputs here changed, and then on condition that
  // the stock it was computed from has not moved meanwhile.
  const restatus = after.stock_status !== before.stock_status;
  const { organization_id, id: _id, created_at: _created, ...fields } = after;
  const set = Object.fromEntries(
    Object.entries(fields).filter(([k, v]) => v !== undefined && !(STOCK_OWNED as readonly string[]).includes(k)),
  ) as Partial<ProductRecord>;
  if (restatus) set.stock_status = after.stock_status;
  const cleared = CLEARABLE.filter((f) => after[f] === undefined && before[f] !== undefined);
  let patch = Product.patch({ organization_id, id }).set(set);
  if (cleared.length) patch = patch.remove([...cleared]) as typeof patch;
  const productWrite = updateItem(
    patch
      .where((a, { eq }) => (restatus ? `${eq(a.version, before.version)} AND ${eq(a.on_hand_milli, before.on_hand_milli ?? 0)}` : eq(a.version, before.version)))
      .params(),
    keyChangedMeanwhile,
  );

  const steps: TransactItem[] = [productWrite];
  if (skuKey(after.sku) !== skuKey(before.sku)) steps.push(claimSku(after), releaseKey(before, 'SKU', skuKey(before.sku)));
  const had = new Set(before.barcodes ?? []);
  const has = new Set(after.barcodes ?? []);
  for (const code of has) steps.push(had.has(code) ? refreshBarcode(after, code) : claimBarcode(after, code));
  for (const code of had) if (!has.has(code)) steps.push(releaseKey(before, 'BARCODE', code));
  if (after.category_id && (after.category_id !== before.category_id || after.item_type !== before.item_type)) {
    steps.push(categoryStillValid(organizationId, after.category_id, after.item_type));
  }
  steps.push(...referenceChanges(organizationId, self(before), refsOf(before), refsOf(after)));

  const was = presentSaleFields(before);
  const now = presentSaleFields(after);
  const changed = (Object.keys(now) as (keyof ProductSaleFields)[]).filter(
    (f) => !['version', 'updated_at'].includes(f) && JSON.stringify(was[f]) !== JSON.stringify(now[f]),
  );
  steps.push(
    auditItem(actor, {
      action: before.is_active === after.is_active ? 'product.updated' : after.is_active ? 'product.activated' : 'product.deactivated',
      entity_type: 'product_service',
      entity_id: id,
      narrative: { key: 'audit.product.updated', params: { name: after.name, sku: after.sku, fields: changed.join(', ') } },
      changes: Object.fromEntries(changed.map((f) => [f, { from: was[f], to: now[f] }])),
    }),
  );
  await posting(organizationId, steps);
  return { before, after };
}

/**
 * Deletes a product with its keys. One with stock on hand is refused (409): its stock must be
 * counted out first. Documents keep their own copy of each line, so deleting does not change them.
 */
export async function deleteProduct(organizationId: string, id: string, actor: AuditActor): Promise<ProductRecord> {
  const product = await getProduct(organizationId, id);
  if ((product.on_hand_milli ?? 0) !== 0) {
    throw new Conflict(`"${product.name}" has ${fromMilli(product.on_hand_milli ?? 0)} on hand; set the stock to zero first`);
  }
  const steps: TransactItem[] = [
    deleteItem(
      Product.delete({ organization_id: organizationId, id })
        .where((a, { eq }) => `${eq(a.version, product.version)} AND ${eq(a.on_hand_milli, 0)}`)
        .params(),
      () => new Conflict('The product was changed or its stock moved meanwhile; reload and try again'),
    ),
    releaseKey(product, 'SKU', skuKey(product.sku)),
    ...(product.barcodes ?? []).map((code) => releaseKey(product, 'BARCODE', code)),
    ...referenceChanges(organizationId, self(product), refsOf(product), []),
    auditItem(actor, {
      action: 'product.deleted',
      entity_type: 'product_service',
      entity_id: id,
      narrative: { key: 'audit.product.deleted', params: { name: product.name, sku: product.sku } },
      changes: { sku: product.sku, name: product.name, item_type: product.item_type },
    }),
  ];
  await posting(organizationId, steps);
  return product;
}
