/**
 * Reading a bank statement exported as CSV: the delimiter, whether the first row is a header and
 * which column holds what (date, description, reference, and a signed amount or debit/credit
 * columns), then every row as a dated, signed amount in minor units. Every bad row is reported
 * (by its line number in the file), so the caller can refuse the whole statement at once.
 *
 * What banks and spreadsheets write and this reads: comma, semicolon, tab or pipe delimiters with
 * RFC 4180 quoting; a UTF-8 byte-order mark; dates as YYYY-MM-DD, day-first DD/MM/YYYY (Jordan's
 * usage; MM/DD/YYYY only when asked), 01-Jun-2025, optionally followed by a time; amounts with
 * thousands separators, Arabic-Indic digits and separators, a currency code or sign, negatives as
 * -1, 1-, (1) or "1 DR"; headers in English or Arabic.
 */
import { money } from '@daftar/shared';
import { isCalendarDate } from '@daftar/shared/schemas/common';
import { BANK_STATEMENT_MAX_ROWS } from '@daftar/shared/schemas/codes';
import { bankingLatinDigits, type BankStatementDateFormat, type BankStatementMapping } from '@daftar/shared/schemas/banking';
import type { ValidationIssue } from '../platform/errors.js';

export interface StatementRow {
  /** Line number in the file (1-based, the header included), as a spreadsheet shows it. */
  row: number;
  date: string;
  description: string;
  reference: string;
  /** Signed minor units: + money in, − money out. */
  amount: number;
}

export type ColumnRole = 'date' | 'description' | 'reference' | 'amount' | 'debit' | 'credit';

export interface StatementLayout {
  has_header: boolean;
  delimiter: string;
  /** Column index (0-based) of each role found. */
  columns: Partial<Record<ColumnRole, number>>;
  /** Header text (or "column N") of each role, for the answer. */
  labels: Partial<Record<ColumnRole, string>>;
}

export interface ParsedStatement {
  rows: StatementRow[];
  layout: StatementLayout | null;
  issues: ValidationIssue[];
}

export interface StatementOptions {
  currency: string;
  mapping?: BankStatementMapping | null;
  dateFormat?: BankStatementDateFormat;
  hasHeader?: boolean | null;
  maxRows?: number;
}

/** Most row problems listed in one answer; the rest are counted. */
const MAX_ISSUES = 200;

// ---------------------------------------------------------------------------------------------
// Text and records

/** Bytes of an uploaded file as text: UTF-8 (BOM dropped), else Windows-1256, the Arabic ANSI code page. */
export function decodeStatement(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1256').decode(content);
  }
}

interface CsvRecord {
  line: number;
  cells: string[];
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter that occurs most often outside quotes on the first non-blank line. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/).find((l) => l.trim().length > 0) ?? '';
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const char of firstLine) {
      if (char === '"') quoted = !quoted;
      else if (char === delimiter && !quoted) count++;
    }
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/** RFC 4180 records with the line each starts on; a quote left open is reported. */
export function readRecords(text: string, delimiter: string): { records: CsvRecord[]; unterminatedAt: number | null } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) return { records, unterminatedAt: recordLine };
  if (cell.length || cells.length) endRecord();
  return { records, unterminatedAt: null };
}

const isBlank = (record: CsvRecord) => record.cells.every((c) => c.trim() === '');

// ---------------------------------------------------------------------------------------------
// Headers

/** Lower case, Latin digits, Arabic letter variants folded, punctuation dropped. */
export function normalizeHeader(text: string): string {
  return bankingLatinDigits(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Header words of each role, normalized as `normalizeHeader` does. Order matters: first match wins. */
const HEADER_WORDS: Record<ColumnRole, string[]> = {
  date: [
    'date', 'transaction date', 'txn date', 'trans date', 'posting date', 'post date', 'booking date', 'value date', 'entry date',
    'تاريخ', 'التاريخ', 'تاريخ الحركه', 'تاريخ العمليه', 'تاريخ القيد', 'تاريخ الحركة', 'تاريخ الاستحقاق', 'تاريخ القيمه',
  ],
  description: [
    'description', 'details', 'transaction details', 'narrative', 'narration', 'particulars', 'memo', 'remarks', 'transaction description', 'payee', 'name',
    'البيان', 'بيان', 'الوصف', 'وصف', 'التفاصيل', 'تفاصيل', 'تفاصيل الحركه', 'الشرح', 'ملاحظات',
  ],
  reference: [
    'reference', 'ref', 'ref no', 'reference no', 'reference number', 'cheque no', 'cheque number', 'check no', 'check number', 'document no', 'doc no', 'transaction id',
    'المرجع', 'مرجع', 'رقم المرجع', 'رقم الشيك', 'رقم المستند', 'رقم الحركه', 'رقم العمليه',
  ],
  amount: ['amount', 'transaction amount', 'amount jod', 'value', 'net amount', 'المبلغ', 'مبلغ', 'القيمه', 'قيمه الحركه', 'مبلغ الحركه'],
  debit: ['debit', 'debits', 'debit amount', 'dr', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'out', 'مدين', 'المدين', 'سحب', 'مسحوبات', 'السحوبات', 'حركات مدينه'],
  credit: ['credit', 'credits', 'credit amount', 'cr', 'deposit', 'deposits', 'money in', 'paid in', 'in', 'دائن', 'الدائن', 'ايداع', 'ايداعات', 'الايداعات', 'حركات دائنه'],
};
/**
 * Built on first use: normalizing loads ICU's NFKC data and compiles the Unicode-property regex
 * (~10 ms), which every cold start of the bank-accounts Lambda would otherwise pay though only a
 * statement import reads headers.
 */
let headerRole: Map<string, ColumnRole> | undefined;
function headerRoles(): Map<string, ColumnRole> {
  if (headerRole) return headerRole;
  const roles = new Map<string, ColumnRole>();
  for (const [role, words] of Object.entries(HEADER_WORDS) as [ColumnRole, string[]][]) {
    for (const word of words) if (!roles.has(normalizeHeader(word))) roles.set(normalizeHeader(word), role);
  }
  return (headerRole = roles);
}

/** Roles recognized in a header row: the first column of each role wins. */
function rolesOfHeader(cells: string[]): Partial<Record<ColumnRole, number>> {
  const roles: Partial<Record<ColumnRole, number>> = {};
  const byHeader = headerRoles();
  cells.forEach((cell, index) => {
    const role = byHeader.get(normalizeHeader(cell));
    if (role && roles[role] === undefined) roles[role] = index;
  });
  return roles;
}

const looksLikeHeader = (roles: Partial<Record<ColumnRole, number>>) =>
  roles.date !== undefined && (roles.amount !== undefined || roles.debit !== undefined || roles.credit !== undefined);

// ---------------------------------------------------------------------------------------------
// Values

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A statement date as YYYY-MM-DD, or null when it is not one. */
export function parseStatementDate(text: string, format: BankStatementDateFormat = 'auto'): string | null {
  const value = bankingLatinDigits(text).trim().replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(am|pm|ص|م)?\s*(z|[+-]\d{2}:?\d{2})?$/i, '').trim();
  let result: string | null = null;
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  const named = /^(\d{1,2})[-\s/]([A-Za-z]{3,9})[-\s/,]+(\d{4})$/.exec(value);
  if (ymd && format !== 'DD/MM/YYYY' && format !== 'MM/DD/YYYY') {
    result = iso(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  } else if (dmy && format !== 'YYYY-MM-DD') {
    const [first, second] = [Number(dmy[1]), Number(dmy[2])];
    result = format === 'MM/DD/YYYY' ? iso(Number(dmy[3]), first, second) : iso(Number(dmy[3]), second, first);
  } else if (named && format === 'auto') {
    const month = MONTHS[named[2]!.toLowerCase()];
    if (month) result = iso(Number(named[3]), month, Number(named[1]));
  }
  return result && isCalendarDate(result) ? result : null;
}

const CURRENCY_MARKS = /(JOD|JD|USD|US\$|EUR|GBP|SAR|AED|د\.?\s?[اأ]\.?|دينار|\$|€|£)/giu;

/**
 * A statement amount in signed minor units. Blank → null. Throws a message for anything else that
 * is not an amount of the currency.
 */
export function parseStatementAmount(text: string, currency: string): number | null {
  let value = bankingLatinDigits(text)
    .replace(/[\u00a0\u2007\u202f\u2009\s]+/g, '')
    .replace(/\u2212/g, '-')
    .replace(CURRENCY_MARKS, '');
  if (value === '' || value === '-') return null;
  let negative = false;
  const suffix = /(DR|CR|مدين|دائن)$/i.exec(value);
  if (suffix) {
    negative = /^(dr|مدين)$/i.test(suffix[1]!);
    value = value.slice(0, -suffix[1]!.length);
  }
  if (/^\(.*\)$/.test(value)) {
    negative = !negative;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1);
  } else if (value.startsWith('+')) {
    value = value.slice(1);
  } else if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1);
  }
  if (!/^[\d.,']+$/.test(value)) throw new Error(`"${text.trim()}" is not an amount`);
  // Thousands separators: "1,234.500", "1.234,50", "1'234.50"; a lone comma before 1-2 digits, or
  // before 3 digits with no other separator but not in groups, is a decimal comma ("12,5").
  let plain: string;
  if (/^\d{1,3}([,']\d{3})+(\.\d+)?$/.test(value)) plain = value.replace(/[,']/g, '');
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(value)) plain = value.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(value)) plain = value.replace(',', '.');
  else if (/^\d+(\.\d+)?$/.test(value)) plain = value;
  else if (/^\.\d+$/.test(value)) plain = `0${value}`;
  else throw new Error(`"${text.trim()}" is not an amount`);
  try {
    const amount = money.parseMoney(plain, currency).amount;
    return negative ? -amount : amount;
  } catch (error) {
    if (error instanceof money.MoneyError) throw new Error(`"${text.trim()}": ${error.message}`);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The statement

const issueAt = (row: number, field: string, msg: string): ValidationIssue => ({
  loc: ['body', 'rows', row, field],
  msg: `Row ${row}: ${msg}`,
  type: 'row_invalid',
});
const fileIssue = (msg: string): ValidationIssue => ({ loc: ['body', 'csv'], msg, type: 'value_error' });

/** Resolves a mapping (header names or 1-based numbers) to column indexes. */
function mappedColumns(mapping: BankStatementMapping, header: string[] | null, width: number): { columns: Partial<Record<ColumnRole, number>>; issues: ValidationIssue[] } {
  const columns: Partial<Record<ColumnRole, number>> = {};
  const issues: ValidationIssue[] = [];
  for (const role of ['date', 'description', 'reference', 'amount', 'debit', 'credit'] as const) {
    const wanted = mapping[role];
    if (wanted === null || wanted === undefined) continue;
    let index: number;
    if (typeof wanted === 'number') {
      index = wanted - 1;
      if (index >= width) {
        issues.push({ loc: ['body', 'mapping', role], msg: `The statement has ${width} columns; there is no column ${wanted}`, type: 'value_error' });
        continue;
      }
    } else {
      const key = normalizeHeader(wanted);
      index = header ? header.findIndex((cell) => normalizeHeader(cell) === key) : -1;
      if (index < 0) {
        const known = header ? header.map((c) => `"${c.trim()}"`).join(', ') : 'none (the statement has no header row)';
        issues.push({ loc: ['body', 'mapping', role], msg: `No column is headed "${wanted}"; the headers are ${known}`, type: 'value_error' });
        continue;
      }
    }
    columns[role] = index;
  }
  return { columns, issues };
}

/** Reads a statement; `issues` lists every problem (a statement with any is not to be imported). */
export function parseStatement(text: string, options: StatementOptions): ParsedStatement {
  const maxRows = options.maxRows ?? BANK_STATEMENT_MAX_ROWS;
  const body = text.replace(/^\ufeff/, '');
  const delimiter = detectDelimiter(body);
  const { records: all, unterminatedAt } = readRecords(body, delimiter);
  if (unterminatedAt !== null) {
    return { rows: [], layout: null, issues: [issueAt(unterminatedAt, 'csv', 'a quoted value is never closed (a " is missing)')] };
  }
  const records = all.filter((r) => !isBlank(r));
  if (!records.length) return { rows: [], layout: null, issues: [fileIssue('The statement has no rows')] };

  const first = records[0]!;
  const headerRoles = rolesOfHeader(first.cells);
  const firstIsDate = first.cells.some((cell) => parseStatementDate(cell) !== null);
  const hasHeader = options.hasHeader ?? (looksLikeHeader(headerRoles) || (!!options.mapping && !firstIsDate && first.cells.some((c) => /\p{L}/u.test(c))));
  const header = hasHeader ? first.cells : null;
  const dataRecords = hasHeader ? records.slice(1) : records;
  const width = Math.max(...records.map((r) => r.cells.length));

  let columns: Partial<Record<ColumnRole, number>>;
  if (options.mapping) {
    const mapped = mappedColumns(options.mapping, header, width);
    if (mapped.issues.length) return { rows: [], layout: null, issues: mapped.issues };
    columns = mapped.columns;
  } else if (hasHeader) {
    columns = headerRoles;
    if (columns.amount !== undefined && (columns.debit !== undefined || columns.credit !== undefined)) {
      // Both kinds named: debit/credit columns are the statement's movements, "amount" often a balance.
      delete columns.amount;
    }
  } else if (width === 3) {
    columns = { date: 0, description: 1, amount: 2 };
  } else if (width === 4) {
    columns = { date: 0, description: 1, debit: 2, credit: 3 };
  } else {
    return {
      rows: [],
      layout: null,
      issues: [fileIssue(`Could not tell which of the ${width} columns hold the date and the amount: add a header row (Date, Description, Amount or Debit/Credit) or give a column mapping`)],
    };
  }
  if (columns.date === undefined || (columns.amount === undefined && columns.debit === undefined && columns.credit === undefined)) {
    const seen = header ? header.map((c) => `"${c.trim()}"`).join(', ') : `${width} unnamed columns`;
    return {
      rows: [],
      layout: null,
      issues: [fileIssue(`The statement needs a date column and an amount column (or debit and credit columns); found ${seen}. Give a column mapping to say which is which`)],
    };
  }
  const labels: Partial<Record<ColumnRole, string>> = {};
  for (const [role, index] of Object.entries(columns) as [ColumnRole, number][]) {
    labels[role] = header?.[index]?.trim() || `column ${index + 1}`;
  }
  const layout: StatementLayout = { has_header: hasHeader, delimiter: delimiter === '\t' ? 'tab' : delimiter, columns, labels };

  if (dataRecords.length > maxRows) {
    return { rows: [], layout, issues: [fileIssue(`The statement has ${dataRecords.length} rows; import at most ${maxRows} at a time`)] };
  }
  if (!dataRecords.length) return { rows: [], layout, issues: [fileIssue('The statement has a header but no rows')] };

  const rows: StatementRow[] = [];
  const issues: ValidationIssue[] = [];
  let problems = 0;
  const report = (issue: ValidationIssue) => {
    problems++;
    if (issues.length < MAX_ISSUES) issues.push(issue);
  };
  const cellOf = (record: CsvRecord, role: ColumnRole) => (columns[role] === undefined ? '' : (record.cells[columns[role]!] ?? '').trim());

  for (const record of dataRecords) {
    const rowIssues: ValidationIssue[] = [];
    const dateText = cellOf(record, 'date');
    const date = parseStatementDate(dateText, options.dateFormat ?? 'auto');
    if (!date) {
      const expected = options.dateFormat && options.dateFormat !== 'auto' ? options.dateFormat : 'YYYY-MM-DD or DD/MM/YYYY';
      rowIssues.push(issueAt(record.line, 'date', dateText ? `"${dateText}" is not a date (${expected})` : 'the date is missing'));
    }
    let amount: number | null = null;
    const read = (role: ColumnRole) => {
      try {
        return parseStatementAmount(cellOf(record, role), options.currency);
      } catch (error) {
        rowIssues.push(issueAt(record.line, role, (error as Error).message));
        return undefined;
      }
    };
    if (columns.amount !== undefined) {
      const value = read('amount');
      if (value === null) rowIssues.push(issueAt(record.line, 'amount', 'the amount is missing'));
      else if (value === 0) rowIssues.push(issueAt(record.line, 'amount', 'the amount is zero'));
      else if (value !== undefined) amount = value;
    } else {
      const debit = columns.debit !== undefined ? read('debit') : null;
      const credit = columns.credit !== undefined ? read('credit') : null;
      if (debit !== undefined && credit !== undefined) {
        // Banks print money out under debit: it lowers the customer's balance, whatever its sign.
        const out = debit ? Math.abs(debit) : 0;
        const inflow = credit ? Math.abs(credit) : 0;
        if (out && inflow) rowIssues.push(issueAt(record.line, 'amount', 'both a debit and a credit; a row moves money one way'));
        else if (!out && !inflow) rowIssues.push(issueAt(record.line, 'amount', 'neither a debit nor a credit'));
        else amount = inflow - out;
      }
    }
    const description = cellOf(record, 'description').replace(/\s+/g, ' ');
    // References are matched against the books' (cheque and transfer numbers), which use Latin digits.
    const reference = bankingLatinDigits(cellOf(record, 'reference'));
    if (description.length > 500) rowIssues.push(issueAt(record.line, 'description', 'the description is longer than 500 characters'));
    if (reference.length > 100) rowIssues.push(issueAt(record.line, 'reference', 'the reference is longer than 100 characters'));
    if (rowIssues.length) {
      for (const issue of rowIssues) report(issue);
      continue;
    }
    rows.push({ row: record.line, date: date!, description, reference, amount: amount! });
  }
  if (problems > issues.length) issues.push(fileIssue(`…and ${problems - issues.length} more problems`));
  return { rows, layout, issues };
}
