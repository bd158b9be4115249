/**
 * An uploaded catalogue file as rows of cell texts: CSV through the bank statement importer's
 * reader (UTF-8 or Windows-1256, the delimiter detected, RFC 4180 quoting), XLSX through
 * xlsx-reader.ts, which is loaded by the first XLSX file only so that no other route's cold start
 * reads it. Then the header row is found and matched (shared/src/products/import-columns.ts).
 */
import { findHeaderRow, matchHeaders, type HeaderMatch } from '@daftar/shared/products/import-columns';
import { decodeStatement, detectDelimiter, readRecords } from '../../bank-accounts/statement.js';
import { ValidationError } from '../../platform/errors.js';

export interface SheetRow {
  /** The row's number as a spreadsheet shows it (1 = the first line). */
  row: number;
  cells: string[];
}

export type ImportFormat = 'csv' | 'xlsx';

/** Most data rows one import takes. */
export const MAX_IMPORT_ROWS = 20_000;

const fileIssue = (msg: string) => new ValidationError([{ loc: ['body', 'file'], msg, type: 'value_error' }]);

/** The format of an upload, by its name's extension, else its content (an XLSX is a zip: "PK"). */
export function formatOf(fileName: string, bytes: Buffer): ImportFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  if (extension) return null;
  return bytes.subarray(0, 2).toString('latin1') === 'PK' ? 'xlsx' : 'csv';
}

export async function readSheet(bytes: Buffer, format: ImportFormat): Promise<SheetRow[]> {
  if (format === 'xlsx') {
    const { readXlsx, UnreadableWorkbook } = await import('./xlsx-reader.js');
    try {
      return readXlsx(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (err) {
      if (err instanceof UnreadableWorkbook) throw fileIssue(err.message);
      throw err;
    }
  }
  const text = decodeStatement(bytes);
  const { records, unterminatedAt } = readRecords(text, detectDelimiter(text));
  if (unterminatedAt !== null) throw fileIssue(`Row ${unterminatedAt}: a quoted value is never closed (a " is missing)`);
  return records.map((r, i) => ({ row: i + 1, cells: r.cells })).filter((r) => r.cells.some((c) => c.trim() !== ''));
}

export interface ImportSheet {
  match: HeaderMatch;
  header: SheetRow;
  rows: SheetRow[];
}

/** The header row (the first naming SKU or name and another field) and the data rows below it; a file without one is a 422. */
export async function importSheet(bytes: Buffer, format: ImportFormat): Promise<ImportSheet> {
  const all = await readSheet(bytes, format);
  const at = findHeaderRow(all.map((r) => r.cells));
  if (at < 0) {
    throw fileIssue('No header row found: the first rows must include the columns sku (رمز الصنف) and name (الاسم); download the template for the full list');
  }
  const header = all[at]!;
  const match = matchHeaders(header.cells);
  if (match.missing.length) throw fileIssue(`The header row (row ${header.row}) has no column ${match.missing.join(' or ')}`);
  const rows = all.slice(at + 1);
  if (!rows.length) throw fileIssue('The file has a header row but no products under it');
  if (rows.length > MAX_IMPORT_ROWS) throw fileIssue(`The file has ${rows.length} rows; one import takes at most ${MAX_IMPORT_ROWS}`);
  return { match, header, rows };
}
