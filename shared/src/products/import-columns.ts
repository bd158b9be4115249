/**
 * The catalogue's import and export columns (GitHub issue 14): one column per field a shop fills
 * in a spreadsheet, with its English and Arabic header, how a header as typed is recognized, how a
 * row's cells become a `productCreate` input, and the row's problems as { row, column, message }.
 *
 * The same list writes the template and the export (functions/src/products/export.ts), reads an
 * upload (functions/src/products/import/) and shows the mapping preview in the wizard, so what is
 * exported imports again unchanged.
 *
 * Cells are text as the file holds it. An empty cell is absent: the schema's default applies to a
 * new product. Category and tax are given by name (the tax also by its rate, "16" or "16%"), and the
 * caller resolves them (`ImportLookups`): the server against the organization's records.
 */
import { ITEM_TYPES, UNITS_OF_MEASURE, productCreate, type ItemType, type ProductCreate } from '../schemas/products.js';
import { normalizeForSearch } from '../search.js';

export const IMPORT_FIELDS = [
  'sku',
  'name',
  'name_ar',
  'item_type',
  'category',
  'unit_of_measure',
  'sale_price',
  'price_includes_tax',
  'tax',
  'cost',
  'barcodes',
  'supplier_name',
  'is_tracked_inventory',
  'reorder_point',
  'is_active',
  'description',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export interface ImportColumn {
  field: ImportField;
  en: string;
  ar: string;
  /** Other headers people write for it (matched after normalization, like `en` and `ar`). */
  aliases: readonly string[];
  kind: 'text' | 'money' | 'number' | 'boolean';
}

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { field: 'sku', en: 'sku', ar: 'رمز الصنف', aliases: ['item code', 'code', 'الرمز', 'رمز المنتج'], kind: 'text' },
  { field: 'name', en: 'name', ar: 'الاسم', aliases: ['product name', 'name en', 'english name', 'اسم الصنف'], kind: 'text' },
  { field: 'name_ar', en: 'name_ar', ar: 'الاسم بالعربية', aliases: ['arabic name', 'name arabic', 'الاسم العربي'], kind: 'text' },
  { field: 'item_type', en: 'item_type', ar: 'النوع', aliases: ['type', 'نوع الصنف'], kind: 'text' },
  { field: 'category', en: 'category', ar: 'الفئة', aliases: ['category name', 'التصنيف', 'الصنف الرئيسي'], kind: 'text' },
  { field: 'unit_of_measure', en: 'unit_of_measure', ar: 'وحدة القياس', aliases: ['unit', 'uom', 'الوحدة'], kind: 'text' },
  { field: 'sale_price', en: 'sale_price', ar: 'سعر البيع', aliases: ['price', 'selling price', 'السعر'], kind: 'money' },
  { field: 'price_includes_tax', en: 'price_includes_tax', ar: 'السعر شامل الضريبة', aliases: ['includes tax', 'tax inclusive', 'شامل الضريبة'], kind: 'boolean' },
  { field: 'tax', en: 'tax', ar: 'الضريبة', aliases: ['tax rate', 'tax name', 'نسبة الضريبة'], kind: 'text' },
  { field: 'cost', en: 'cost', ar: 'التكلفة', aliases: ['cost price', 'purchase price', 'سعر الشراء', 'الكلفة'], kind: 'money' },
  { field: 'barcodes', en: 'barcodes', ar: 'الباركود', aliases: ['barcode', 'ean', 'الباركودات', 'رمز الباركود'], kind: 'text' },
  { field: 'supplier_name', en: 'supplier_name', ar: 'المورد', aliases: ['supplier', 'vendor', 'اسم المورد'], kind: 'text' },
  { field: 'is_tracked_inventory', en: 'is_tracked_inventory', ar: 'تتبع المخزون', aliases: ['track inventory', 'tracked', 'track stock', 'مخزون'], kind: 'boolean' },
  { field: 'reorder_point', en: 'reorder_point', ar: 'حد إعادة الطلب', aliases: ['reorder level', 'minimum stock', 'الحد الأدنى'], kind: 'number' },
  { field: 'is_active', en: 'is_active', ar: 'نشط', aliases: ['active', 'status', 'فعال', 'الحالة'], kind: 'boolean' },
  { field: 'description', en: 'description', ar: 'الوصف', aliases: ['notes', 'ملاحظات'], kind: 'text' },
];

export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['sku', 'name'];

/** The header of a field in a language (the template's and the export's). */
export const importHeader = (field: ImportField, language: 'en' | 'ar') => {
  const column = IMPORT_COLUMNS.find((c) => c.field === field)!;
  return language === 'ar' ? column.ar : column.en;
};

/**
 * A header as compared: case, spacing, `_` and `-`, punctuation, Arabic spelling variants and
 * diacritics ignored ("Sale Price", "sale_price" and "SALE-PRICE" are one header; so are «الاسم
 * بالعربيه» and «الاسم بالعربية»).
 */
export function normalizeHeader(text: string): string {
  return normalizeForSearch(text.replace(/[_\-.:/()*]+/g, ' '));
}

const HEADER_FIELDS: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_COLUMNS.flatMap((c) => [c.en, c.ar, ...c.aliases].map((h) => [normalizeHeader(h), c.field] as const)),
);

/** The field a header names, or null. */
export const fieldOfHeader = (header: string): ImportField | null => HEADER_FIELDS.get(normalizeHeader(header)) ?? null;

export interface HeaderMatch {
  /** Per column of the file: the field it fills, or null (unknown, empty or a repeated field). */
  fields: (ImportField | null)[];
  /** The header the user wrote for each recognized field (named in row errors). */
  headers: Partial<Record<ImportField, string>>;
  recognized: { index: number; header: string; field: ImportField }[];
  /** Headers that name no field; their columns are ignored. */
  unknown: { index: number; header: string }[];
  /** A second column for a field already recognized; ignored. */
  repeated: { index: number; header: string; field: ImportField }[];
  /** Required fields no header names. */
  missing: ImportField[];
}

export function matchHeaders(headers: readonly string[]): HeaderMatch {
  const match: HeaderMatch = { fields: [], headers: {}, recognized: [], unknown: [], repeated: [], missing: [] };
  headers.forEach((raw, index) => {
    const header = raw.trim();
    const field = header ? fieldOfHeader(header) : null;
    if (!field) {
      match.fields.push(null);
      if (header) match.unknown.push({ index, header });
    } else if (match.headers[field] !== undefined) {
      match.fields.push(null);
      match.repeated.push({ index, header, field });
    } else {
      match.fields.push(field);
      match.headers[field] = header;
      match.recognized.push({ index, header, field });
    }
  });
  match.missing = REQUIRED_IMPORT_FIELDS.filter((f) => match.headers[f] === undefined);
  return match;
}

/**
 * The index of the header row among the first rows: the first row naming at least two fields,
 * SKU or name among them. An export carries its title lines above it (reports' writers).
 */
export function findHeaderRow(rows: readonly (readonly string[])[], scan = 20): number {
  for (let i = 0; i < Math.min(rows.length, scan); i++) {
    const match = matchHeaders(rows[i]!);
    if (match.recognized.length >= 2 && (match.headers.sku !== undefined || match.headers.name !== undefined)) return i;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Cells → input

const YES = new Set(['yes', 'y', 'true', '1', 'نعم', 'صح', 'صحيح', 'x', '✓']);
const NO = new Set(['no', 'n', 'false', '0', 'لا', 'خطا']);

const ITEM_TYPE_WORDS: ReadonlyMap<string, ItemType> = new Map([
  ...ITEM_TYPES.map((t) => [t, t] as const),
  ['منتج', 'product'],
  ['سلعه', 'product'],
  ['خدمه', 'service'],
]);

const UNIT_WORDS: ReadonlyMap<string, (typeof UNITS_OF_MEASURE)[number]> = new Map([
  ...UNITS_OF_MEASURE.map((u) => [u, u] as const),
  ['pcs', 'piece'],
  ['pc', 'piece'],
  ['each', 'piece'],
  ['kilogram', 'kg'],
  ['g', 'gram'],
  ['liter', 'litre'],
  ['l', 'litre'],
  ['meter', 'metre'],
  ['m', 'metre'],
  ['قطعه', 'piece'],
  ['حبه', 'piece'],
  ['كغ', 'kg'],
  ['كيلو', 'kg'],
  ['كيلوغرام', 'kg'],
  ['غرام', 'gram'],
  ['لتر', 'litre'],
  ['مل', 'ml'],
  ['متر', 'metre'],
  ['صندوق', 'box'],
  ['علبه', 'pack'],
  ['عبوه', 'pack'],
  ['دزينه', 'dozen'],
  ['ساعه', 'hour'],
  ['يوم', 'day'],
  ['خدمه', 'service'],
]);

/** Barcodes in one cell: separated by `|` or the Arabic comma «،». */
export const splitBarcodes = (cell: string) =>
  cell
    .split(/[|،]/)
    .map((c) => c.trim())
    .filter(Boolean);

/** A decimal as typed in either script: Arabic-Indic digits, «٫» as the point, a spreadsheet's float noise rounded off. */
function decimalCell(cell: string): string {
  const text = normalizeForSearch(cell).replace(/٫/g, '.').replace(/٬/g, '');
  if (/^\d+\.\d{4,}$/.test(text)) {
    const rounded = Math.round(Number(text) * 1000) / 1000;
    if (Math.abs(rounded - Number(text)) < 1e-9) return String(rounded);
  }
  return text;
}

/** What a tax cell resolves to, or why it does not. */
export type Lookup = { id: string } | { error: string };

/**
 * Resolves category and tax cells. Without them (the wizard's preview) those cells are not
 * checked and the input leaves them out.
 */
export interface ImportLookups {
  category?: (name: string, itemType: ItemType) => Lookup;
  tax?: (text: string) => Lookup;
}

export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** productCreate's field → the import field whose cell it comes from. */
const FIELD_OF_INPUT: Record<string, ImportField> = { category_id: 'category', tax_id: 'tax' };

export interface ValidatedRow {
  /** The create input, when the row has no problems. */
  value: ProductCreate | null;
  /** The cells as handed to the schema (SKU and barcodes are checked against other rows even when the row has problems). */
  input: Record<string, unknown>;
  /** Import fields whose column the file has (filled or empty): an update touches only these. */
  present: ImportField[];
  /** Import fields whose cell is filled. */
  filled: ImportField[];
  errors: ImportRowError[];
}

/**
 * A row's cells as a productCreate input, validated by productCreate itself. Every issue names the
 * row (as numbered by the caller: the sheet's row number) and the column by the header the user
 * wrote.
 */
export function validateImportRow(row: number, cells: readonly string[], match: HeaderMatch, lookups: ImportLookups = {}): ValidatedRow {
  const errors: ImportRowError[] = [];
  const columnOf = (field: ImportField) => match.headers[field] ?? importHeader(field, 'en');
  const cell: Partial<Record<ImportField, string>> = {};
  match.fields.forEach((field, i) => {
    if (field) cell[field] = (cells[i] ?? '').trim();
  });
  const present = IMPORT_FIELDS.filter((f) => cell[f] !== undefined);
  const filled = present.filter((f) => cell[f] !== '');

  // An empty required cell goes in as typed, so the schema says what it lacks ("Name is required").
  const input: Record<string, unknown> = Object.fromEntries(REQUIRED_IMPORT_FIELDS.filter((f) => cell[f] === '').map((f) => [f, '']));
  for (const field of filled) {
    const text = cell[field]!;
    const column = IMPORT_COLUMNS.find((c) => c.field === field)!;
    switch (field) {
      case 'item_type':
        input.item_type = ITEM_TYPE_WORDS.get(normalizeHeader(text)) ?? text;
        break;
      case 'unit_of_measure':
        input.unit_of_measure = UNIT_WORDS.get(normalizeHeader(text)) ?? text;
        break;
      case 'barcodes':
        // Digits typed on an Arabic keyboard are the same barcode.
        input.barcodes = splitBarcodes(text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
        break;
      case 'category':
      case 'tax':
        break;
      default:
        if (column.kind === 'boolean') {
          const word = normalizeHeader(text);
          input[field] = YES.has(word) ? true : NO.has(word) ? false : text;
        } else if (column.kind === 'money' || column.kind === 'number') {
          input[field] = decimalCell(text);
        } else {
          input[field] = text;
        }
    }
  }

  const parsed = productCreate.safeParse(input);
  if (!parsed.success) {
    // One problem per field: the first the schema names (an empty SKU is not also "without #").
    const seen = new Set<unknown>();
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (seen.has(key)) continue;
      seen.add(key);
      const field = typeof key === 'string' ? (FIELD_OF_INPUT[key] ?? (key as ImportField)) : 'sku';
      const where = issue.path.length > 1 && field === 'barcodes' ? `${String((input.barcodes as string[])[issue.path[1] as number] ?? '')}: ` : '';
      errors.push({ row, column: columnOf(IMPORT_FIELDS.includes(field) ? field : 'sku'), message: `${where}${issue.message}` });
    }
  }

  // The item type the references must fit: the row's own, else the schema's default.
  const itemType: ItemType = parsed.success ? parsed.data.item_type : ITEM_TYPES.includes(input.item_type as ItemType) ? (input.item_type as ItemType) : 'product';
  const resolved: { category_id?: string; tax_id?: string } = {};
  if (cell.category && lookups.category) {
    const found = lookups.category(cell.category, itemType);
    if ('error' in found) errors.push({ row, column: columnOf('category'), message: found.error });
    else resolved.category_id = found.id;
  }
  if (cell.tax && lookups.tax) {
    const found = lookups.tax(cell.tax);
    if ('error' in found) errors.push({ row, column: columnOf('tax'), message: found.error });
    else resolved.tax_id = found.id;
  }
  return { value: parsed.success && !errors.length ? { ...parsed.data, ...resolved } : null, input, present, filled, errors };
}

/** A tax cell's rate, when it is one ("16", "16%", "16.000 %"): the number, else null. */
export function rateOfCell(text: string): number | null {
  const match = /^(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(normalizeForSearch(text).replace(/٪/g, '%').replace(/٫/g, '.'));
  return match ? Number(match[1]) : null;
}

/** A boolean as the export writes it, in the file's language. */
export const booleanCell = (value: boolean, language: 'en' | 'ar') => (language === 'ar' ? (value ? 'نعم' : 'لا') : value ? 'yes' : 'no');

/** An item type as the export writes it, in the file's language. */
export const itemTypeCell = (value: ItemType, language: 'en' | 'ar') => (language === 'ar' ? (value === 'product' ? 'منتج' : 'خدمة') : value);
