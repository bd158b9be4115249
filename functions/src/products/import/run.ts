/**
 * Running a catalogue import job (the `productImport` consumer's work).
 *
 * Every delivery first validates every row against the organization as it is now: productCreate
 * through the shared column set (shared/src/products/import-columns.ts), barcode check digits,
 * categories and taxes by name (or rate), SKUs and barcodes repeated inside the file, and barcodes
 * another product already carries. The organization's categories, taxes, keys and products are
 * read once per delivery (Queries, not a read per row).
 *
 * A dry run stops there: the errors are stored, nothing is written. A real run with any error is
 * `failed` with the errors and nothing written. Otherwise the rows are written in batches, in file
 * order: a row whose SKU (or, for a new SKU, whose first known barcode) names a product updates
 * that product with the fields its columns carry, and only when one differs; any other row creates
 * a product. Each product is written by createProduct or updateProduct, in its own transaction with
 * its keys and audit record, so no product is ever half-written. Running the same file again finds
 * nothing to change.
 *
 * `rows_done` is saved after each batch. A delivery that runs short of time queues the job again
 * and stops; the next delivery validates again and carries on after `rows_done` (rows written
 * before are then found unchanged, so a repeated batch is harmless).
 */
import { barcodeProblem } from '@daftar/shared/barcodes';
import { IMPORT_COLUMNS, rateOfCell, validateImportRow, type ImportField, type ImportLookups, type ImportRowError } from '@daftar/shared/products/import-columns';
import type { ItemType, ProductCreate, ProductUpdate } from '@daftar/shared/schemas/products';
import { normalizeForSearch } from '@daftar/shared/search';
import type { AuditActor } from '../../db/auditLog.js';
import { Category } from '../../db/category.js';
import { MAX_STORED_ERRORS, ProductImportJob, type ProductImportJobRecord } from '../../db/productImportJob.js';
import { ProductKey, skuKey } from '../../db/productKey.js';
import type { ProductRecord } from '../../db/product.js';
import { Tax } from '../../db/tax.js';
import { DomainError, ValidationError } from '../../platform/errors.js';
import { nowIso } from '../../platform/ids.js';
import { logger } from '../../platform/logger.js';
import { allProducts, createProduct, fromMilli, presentSaleFields, toMilli, updateProduct } from '../products.js';
import { enqueueImport, readImportFile } from './jobs.js';
import { importSheet } from './sheet.js';

/** Rows written between two saves of the job's progress. */
export const IMPORT_BATCH_ROWS = 100;
/** Rows of a batch written at the same time. */
const WRITE_CONCURRENCY = 8;

interface PlannedRow {
  row: number;
  /** The product the row updates; absent: it creates one. */
  target?: ProductRecord;
  value: ProductCreate;
  present: ImportField[];
  filled: ImportField[];
}

interface Organization {
  lookups: ImportLookups;
  skuOwner: Map<string, string>;
  barcodeOwner: Map<string, string>;
  products: Map<string, ProductRecord>;
}

/** The organization's categories, taxes, keys and products, read once. */
async function organizationOf(organizationId: string): Promise<Organization> {
  const [categories, taxes, keys, products] = await Promise.all([
    Category.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    Tax.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    ProductKey.query.byValue({ organization_id: organizationId }).go({ pages: 'all' }),
    allProducts(organizationId, { include_inactive: true }),
  ]);
  const byName = new Map<string, typeof categories.data>();
  for (const c of categories.data) {
    for (const name of [c.name, c.name_ar]) {
      if (!name) continue;
      const key = normalizeForSearch(name);
      byName.set(key, [...(byName.get(key) ?? []), c]);
    }
  }
  const generalTaxes = taxes.data.filter((t) => t.tax_category !== 'special' && t.is_active);
  const lookups: ImportLookups = {
    category: (name: string, itemType: ItemType) => {
      const named = byName.get(normalizeForSearch(name)) ?? [];
      const fit = named.filter((c) => c.category_type === itemType && c.is_active);
      if (fit.length === 1) return { id: fit[0]!.id };
      if (fit.length > 1) return { error: `${fit.length} ${itemType} categories are called "${name}"; rename one of them` };
      if (named.some((c) => c.category_type === itemType)) return { error: `Category "${name}" is inactive` };
      return { error: named.length ? `"${name}" is not a ${itemType} category` : `No ${itemType} category is called "${name}"` };
    },
    tax: (text: string) => {
      const key = normalizeForSearch(text);
      const named = generalTaxes.filter((t) => [t.name, t.name_ar, t.code].some((n) => n && normalizeForSearch(n) === key));
      if (named.length === 1) return { id: named[0]!.id };
      const rate = rateOfCell(text);
      const rated = rate === null ? [] : generalTaxes.filter((t) => Number(t.rate) === rate);
      if (rated.length === 1) return { id: rated[0]!.id };
      const preferred = rated.filter((t) => t.is_default);
      if (preferred.length === 1) return { id: preferred[0]!.id };
      if (rated.length > 1 || named.length > 1) return { error: `Several taxes match "${text}"; write the tax's name` };
      return { error: `No active tax is called or has the rate "${text}"` };
    },
  };
  const skuOwner = new Map<string, string>();
  const barcodeOwner = new Map<string, string>();
  for (const k of keys.data) (k.kind === 'SKU' ? skuOwner : barcodeOwner).set(k.value, k.product_id);
  return { lookups, skuOwner, barcodeOwner, products: new Map(products.map((p) => [p.id, p])) };
}

const headerOf = (job: ProductImportJobRecord, field: ImportField) =>
  (job.columns as { header: string; field: string | null }[]).find((c) => c.field === field)?.header ?? IMPORT_COLUMNS.find((c) => c.field === field)!.en;

/** Every row checked; the rows that can be written, and the problems of the others. */
async function plan(job: ProductImportJobRecord, org: Organization) {
  const { match, rows } = await importSheet(await readImportFile(job), job.format);
  const errors: ImportRowError[] = [];
  /** Per data row, in file order: the row to write (null: it has errors), and its errors. */
  const planned: (PlannedRow | null)[] = [];
  const rowErrorsOf: ImportRowError[][] = [];
  const skuRow = new Map<string, number>();
  const barcodeRow = new Map<string, number>();
  const column = (field: ImportField) => headerOf(job, field);
  const productName = (id: string) => {
    const p = org.products.get(id);
    return p ? `${p.name} (${p.sku})` : 'another product';
  };
  const skuAt = match.fields.indexOf('sku');
  const typeAt = match.fields.indexOf('item_type');
  for (const sheetRow of rows) {
    // A row that updates a product without giving a type keeps the product's: its category must fit that type.
    const typed = typeAt >= 0 && (sheetRow.cells[typeAt] ?? '').trim() !== '';
    const keptType = typed ? undefined : org.products.get(org.skuOwner.get(skuKey((sheetRow.cells[skuAt] ?? '').trim())) ?? '')?.item_type;
    const lookups: ImportLookups = keptType ? { ...org.lookups, category: (name) => org.lookups.category!(name, keptType) } : org.lookups;
    const checked = validateImportRow(sheetRow.row, sheetRow.cells, match, lookups);
    const rowErrors = [...checked.errors];
    const value = checked.value;
    // SKU and barcodes as typed, so that a row with other problems is checked against the rest too.
    const sku = value?.sku ?? (typeof checked.input.sku === 'string' ? checked.input.sku.trim() : '');
    const barcodes = value?.barcodes ?? (Array.isArray(checked.input.barcodes) ? (checked.input.barcodes as string[]) : []);
    const key = skuKey(sku);
    if (sku) {
      const earlier = skuRow.get(key);
      if (earlier !== undefined) rowErrors.push({ row: sheetRow.row, column: column('sku'), message: `SKU ${sku} is also on row ${earlier}` });
      else skuRow.set(key, sheetRow.row);
    }
    const targetId = (sku ? org.skuOwner.get(key) : undefined) ?? barcodes.map((b) => org.barcodeOwner.get(b)).find(Boolean);
    for (const code of barcodes) {
      const problem = barcodeProblem(code);
      if (problem) rowErrors.push({ row: sheetRow.row, column: column('barcodes'), message: problem });
      const before = barcodeRow.get(code);
      if (before !== undefined) rowErrors.push({ row: sheetRow.row, column: column('barcodes'), message: `Barcode ${code} is also on row ${before}` });
      else barcodeRow.set(code, sheetRow.row);
      const owner = org.barcodeOwner.get(code);
      if (owner && owner !== targetId) rowErrors.push({ row: sheetRow.row, column: column('barcodes'), message: `Barcode ${code} is already used by ${productName(owner)}` });
    }
    const target = targetId ? org.products.get(targetId) : undefined;
    if (value && target && checked.present.includes('is_tracked_inventory') && target.is_tracked_inventory && !value.is_tracked_inventory && (target.on_hand_milli ?? 0) !== 0) {
      rowErrors.push({
        row: sheetRow.row,
        column: column('is_tracked_inventory'),
        message: `"${target.name}" has ${fromMilli(target.on_hand_milli ?? 0)} on hand; its stock stays tracked until it is zero`,
      });
    }
    planned.push(value && !rowErrors.length ? { row: sheetRow.row, target, value, present: checked.present, filled: checked.filled } : null);
    errors.push(...rowErrors);
    rowErrorsOf.push(rowErrors);
  }
  return { planned, errors, rowErrorsOf, rowsTotal: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** productCreate's fields an import field fills. */
const INPUT_FIELD: Partial<Record<ImportField, keyof ProductCreate>> = { category: 'category_id', tax: 'tax_id' };
const NULLABLE = new Set<keyof ProductCreate>(['name_ar', 'category_id', 'tax_id', 'supplier_name', 'description', 'reorder_point']);
const DECIMAL = new Set<keyof ProductCreate>(['sale_price', 'cost', 'reorder_point']);

/**
 * The update a row makes to its product: the fields its columns carry that differ from the
 * product's (an empty cell clears a nullable field and the barcodes, and leaves the others as they
 * are). Empty: nothing to change.
 */
export function changesOf(product: ProductRecord, row: Pick<PlannedRow, 'value' | 'present' | 'filled'>): Partial<ProductUpdate> {
  const current = presentSaleFields(product) as unknown as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const field of row.present) {
    const key = INPUT_FIELD[field] ?? (field as keyof ProductCreate);
    let wanted: unknown;
    if (row.filled.includes(field)) wanted = row.value[key];
    else if (NULLABLE.has(key)) wanted = null;
    else if (key === 'barcodes') wanted = [];
    else continue;
    const same = DECIMAL.has(key)
      ? (wanted === null || wanted === undefined ? null : fromMilli(toMilli(String(wanted)))) === current[key]
      : JSON.stringify(wanted ?? null) === JSON.stringify(current[key] ?? null);
    if (!same) changes[key] = wanted;
  }
  return changes as Partial<ProductUpdate>;
}

type Written = 'created' | 'updated' | 'unchanged';

async function writeRow(organizationId: string, row: PlannedRow, actor: AuditActor): Promise<Written> {
  if (!row.target) {
    await createProduct(organizationId, row.value, actor);
    return 'created';
  }
  const changes = changesOf(row.target, row);
  if (!Object.keys(changes).length) return 'unchanged';
  await updateProduct(organizationId, row.target.id, { ...changes, version: row.target.version } as ProductUpdate, actor);
  return 'updated';
}

/** A write refused (a key taken meanwhile, a category deleted meanwhile): the row's error. */
function writeError(row: number, job: ProductImportJobRecord, error: unknown): ImportRowError {
  if (error instanceof ValidationError) {
    const issue = error.issues[0]!;
    const field = String(issue.loc[1] ?? 'sku');
    const importField = (Object.entries(INPUT_FIELD).find(([, k]) => k === field)?.[0] ?? field) as ImportField;
    return { row, column: headerOf(job, importField), message: issue.msg };
  }
  return { row, column: headerOf(job, 'sku'), message: error instanceof DomainError ? error.message : 'The row could not be written; import the file again' };
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

const stored = (errors: ImportRowError[]) => ({ errors: errors.slice(0, MAX_STORED_ERRORS), errors_total: errors.length });

export interface RunOptions {
  /** Milliseconds left before the delivery must stop (the Lambda's remaining time); none: no limit. */
  remainingMs?: () => number;
}

/** Time kept back to save progress and queue the rest. */
const HAND_ON_MARGIN_MS = 30_000;

/** Carries a job as far as it goes in this delivery. Answers the job as it was left. */
export async function runImportJob(organizationId: string, jobId: string, options: RunOptions = {}): Promise<ProductImportJobRecord | null> {
  const { data: job } = await ProductImportJob.get({ organization_id: organizationId, id: jobId }).go({ consistent: true });
  if (!job) {
    logger.error('product import: no such job', { organization_id: organizationId, job_id: jobId });
    return null;
  }
  if (job.state !== 'validating' && job.state !== 'importing') return job;
  const save = async (set: Partial<ProductImportJobRecord>) => {
    const { data } = await ProductImportJob.patch({ organization_id: organizationId, id: jobId }).set({ ...set, updated_at: nowIso() }).go({ response: 'all_new' });
    return data as ProductImportJobRecord;
  };

  let checked: Awaited<ReturnType<typeof plan>>;
  try {
    checked = await plan(job, await organizationOf(organizationId));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The stored file no longer reads (it did when the job started): nothing more to try.
    return save({ state: 'failed', finished_at: nowIso(), ...stored(error.issues.map((i) => ({ row: 0, column: '', message: i.msg }))) });
  }

  if (job.state === 'validating') {
    if (job.dry_run) return save({ state: 'validated', rows_done: checked.rowsTotal, finished_at: nowIso(), ...stored(checked.errors) });
    if (checked.errors.length) return save({ state: 'failed', rows_done: 0, finished_at: nowIso(), ...stored(checked.errors) });
    Object.assign(job, await save({ state: 'importing', rows_done: 0, ...stored([]) }));
  }

  // Rows still to write that turned bad since the job was validated (a product changed meanwhile) are skipped and reported.
  const writeErrors: ImportRowError[] = [...((job.errors as ImportRowError[] | undefined) ?? []), ...checked.rowErrorsOf.slice(job.rows_done).flat()];
  let { rows_done: done, created, updated } = job;
  const actor = job.actor as AuditActor;
  while (done < checked.planned.length) {
    const batch = checked.planned.slice(done, done + IMPORT_BATCH_ROWS);
    const outcomes = await inBatches(batch, WRITE_CONCURRENCY, async (row) => {
      if (!row) return 'skipped' as const;
      try {
        return await writeRow(organizationId, row, actor);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        writeErrors.push(writeError(row.row, job, error));
        return 'skipped' as const;
      }
    });
    done += batch.length;
    created += outcomes.filter((o) => o === 'created').length;
    updated += outcomes.filter((o) => o === 'updated').length;
    const finished = done >= checked.planned.length;
    const saved = await save({
      rows_done: done,
      created,
      updated,
      ...stored(dedupe(writeErrors)),
      ...(finished ? { state: 'completed' as const, finished_at: nowIso() } : {}),
    });
    if (finished) return saved;
    if (options.remainingMs && options.remainingMs() < HAND_ON_MARGIN_MS) {
      await enqueueImport({ organization_id: organizationId, job_id: jobId });
      logger.info('product import: handed on to the next delivery', { organization_id: organizationId, job_id: jobId, rows_done: done });
      return saved;
    }
  }
  return save({ state: 'completed', finished_at: nowIso() });
}

const dedupe = (errors: ImportRowError[]) => {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.row}\u0000${e.column}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
