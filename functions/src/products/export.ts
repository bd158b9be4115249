/**
 * The catalogue as a spreadsheet (GitHub issue 14): the import template and the export, both with
 * the import's own columns (shared/src/products/import-columns.ts), so an exported file imports
 * again unchanged. They are written by the reports' CSV and XLSX writers (a report table of one
 * section, the title lines above its header row, which the import skips) and the export is handed
 * over like a large report: stored in the exports bucket and answered with a presigned download.
 * The writers and the S3 client are loaded by the first file, not by the products Lambda's cold
 * start.
 */
import { IMPORT_COLUMNS, booleanCell, importHeader, itemTypeCell, type ImportField } from '@daftar/shared/products/import-columns';
import { todayInZone } from '@daftar/shared/reportPeriods';
import type { ItemType } from '@daftar/shared/schemas/products';
import { Category } from '../db/category.js';
import type { ProductRecord } from '../db/product.js';
import { Tax } from '../db/tax.js';
import { Organization } from '../db/organization.js';
import { NotFound } from '../platform/errors.js';
import { nowIso } from '../platform/ids.js';
import type { ReportTable } from '../reports/export/format.js';
import { allProducts, fromMilli } from './products.js';

async function getOrganization(id: string) {
  const { data } = await Organization.get({ id }).go();
  if (!data) throw new NotFound('Organization not found');
  return data;
}

const files = () => import('../reports/export/files.js');
const delivery = () => import('../reports/export/delivery.js');
const naming = () => import('../reports/export/format.js');

export type CatalogueFormat = 'xlsx' | 'csv';
type Language = 'en' | 'ar';

const TITLES = {
  template: { en: 'Products and services — import template', ar: 'المنتجات والخدمات — نموذج الاستيراد' },
  export: { en: 'Products and services', ar: 'المنتجات والخدمات' },
  hint: {
    en: 'One row per product or service under the header row; sku and name are required. Barcodes separated by |',
    ar: 'صف لكل منتج أو خدمة تحت صف العناوين؛ رمز الصنف والاسم مطلوبان. افصل الباركودات بـ |',
  },
} as const;

const kindOf = (kind: (typeof IMPORT_COLUMNS)[number]['kind']) => (kind === 'money' ? 'money' : kind === 'number' ? 'number' : 'text');

/** A report table of the import's columns, which the reports' writers turn into a file. */
function catalogueTable(title: string, organization: { name: string; base_currency: string }, language: Language, rows: Record<ImportField, string | null>[]): ReportTable {
  return {
    // Only the writers read this table, and they do not read the id.
    report_id: 'products-services' as ReportTable['report_id'],
    title,
    organization_name: organization.name,
    currency: organization.base_currency,
    language,
    period_label: TITLES.hint[language],
    from: null,
    to: null,
    generated_at: nowIso(),
    highlights: [],
    sections: [
      {
        columns: IMPORT_COLUMNS.map((c) => ({ key: c.field, label: importHeader(c.field, language), kind: kindOf(c.kind) })),
        rows: rows.map((cells) => ({ cells, style: 'normal' as const, indent: 0 })),
      },
    ],
    notes: [],
  };
}

const CONTENT_TYPES: Record<CatalogueFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

async function render(table: ReportTable, format: CatalogueFormat, timeZone: string): Promise<Buffer> {
  return (await files()).renderReport(table, format === 'xlsx' ? 'excel' : 'csv', { timeZone });
}

async function fileName(slug: string, organization: { name: string; timezone: string }, format: CatalogueFormat) {
  return `${slug}-${(await naming()).fileNamePart(organization.name)}-${todayInZone(organization.timezone)}.${format}`;
}

/** GET products-services/template: the header row alone, answered as the file. */
export async function catalogueTemplate(organizationId: string, format: CatalogueFormat, language: Language) {
  const organization = await getOrganization(organizationId);
  const bytes = await render(catalogueTable(TITLES.template[language], organization, language, []), format, organization.timezone);
  return (await files()).deliverExport(organizationId, { bytes, fileName: await fileName('products-import-template', organization, format), contentType: CONTENT_TYPES[format] });
}

/** A product as a row of the import's columns (category and tax by name). */
function productRow(p: ProductRecord, language: Language, categories: Map<string, string>, taxes: Map<string, string>): Record<ImportField, string | null> {
  return {
    sku: p.sku,
    name: p.name,
    name_ar: p.name_ar ?? null,
    item_type: itemTypeCell(p.item_type, language),
    category: p.category_id ? (categories.get(p.category_id) ?? null) : null,
    unit_of_measure: p.unit_of_measure,
    sale_price: fromMilli(p.sale_price_fils),
    price_includes_tax: booleanCell(p.price_includes_tax, language),
    tax: p.tax_id ? (taxes.get(p.tax_id) ?? null) : null,
    cost: fromMilli(p.cost_fils),
    barcodes: (p.barcodes ?? []).join('|') || null,
    supplier_name: p.supplier_name ?? null,
    is_tracked_inventory: booleanCell(p.is_tracked_inventory, language),
    reorder_point: p.reorder_point_milli === undefined ? null : fromMilli(p.reorder_point_milli),
    is_active: booleanCell(p.is_active, language),
    description: p.description ?? null,
  };
}

export interface CatalogueExportRequest {
  format: CatalogueFormat;
  item_type?: ItemType;
  include_inactive: boolean;
  language: Language;
}

/** POST products-services/export: the catalogue in name order, stored in the exports bucket; answers its presigned download. */
export async function exportCatalogue(organizationId: string, request: CatalogueExportRequest) {
  const [organization, products, categories, taxes] = await Promise.all([
    getOrganization(organizationId),
    allProducts(organizationId, { include_inactive: request.include_inactive, item_type: request.item_type }),
    Category.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    Tax.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
  ]);
  // The name the import looks the category and the tax up by; a tax's name is unique enough, and its rate is not.
  const categoryNames = new Map(categories.data.map((c) => [c.id, request.language === 'ar' ? (c.name_ar ?? c.name) : c.name]));
  const taxNames = new Map(taxes.data.map((t) => [t.id, request.language === 'ar' ? (t.name_ar ?? t.name) : t.name]));
  const rows = products.map((p) => productRow(p, request.language, categoryNames, taxNames));
  const table = catalogueTable(TITLES.export[request.language], organization, request.language, rows);
  const bytes = await render(table, request.format, organization.timezone);
  return (await delivery()).storeExport(organizationId, { bytes, fileName: await fileName('products-services', organization, request.format), contentType: CONTENT_TYPES[request.format] });
}
