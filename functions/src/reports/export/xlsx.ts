/**
 * A report table as an Office Open XML workbook (ECMA-376, SpreadsheetML), zipped with fflate:
 * one worksheet with the report's header, its highlights, then each section stacked (title, column
 * headers, rows), as the PDF prints it.
 *
 * Amounts, counts and percents are written as numbers, so a spreadsheet adds them up: amounts with
 * the currency's number format (`#,##0.000` for JOD), percents as fractions with a percent format
 * (12.5 → 0.125 shown "12.5%"), dates as date serials shown yyyy-mm-dd. Texts go to the shared
 * strings table. An Arabic report's sheet is shown right to left (sheetView rightToLeft).
 */
import { strToU8, zipSync } from 'fflate';
import { currencyDecimals, currencyName, decimalText, displayCell, furniture, generatedAtText, isNumericKind, labelColumnIndex, type ColumnKind, type ReportTable } from './format.js';

export interface XlsxOptions {
  timeZone: string;
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
export const escapeXml = (text: string) =>
  text.replace(XML_INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** "A", "B", … "Z", "AA" for a zero-based column index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Moves the decimal point of a decimal string two places left, exactly: "12.5" → "0.125". */
export function percentFraction(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.') as [string, string?];
  const digits = whole.padStart(3, '0');
  const integer = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
  const decimals = `${digits.slice(-2)}${fraction}`.replace(/0+$/, '');
  const value = decimals ? `${integer}.${decimals}` : integer;
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
}

/** Days since 1899-12-30, the serial Excel shows as a date. */
export function dateSerial(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? null : Math.round((time - Date.UTC(1899, 11, 30)) / 86_400_000);
}

// ---------------------------------------------------------------------------------------------
// Styles

const FONT = { regular: 0, bold: 1, title: 2, muted: 3 } as const;
const FILL = { none: 0, header: 2 } as const;
const BORDER = { none: 0, top: 1, total: 2, bottom: 3 } as const;
const NUMFMT = { general: 0, money: 164, percent: 165, date: 166 } as const;

interface CellStyle {
  numFmt: number;
  font: number;
  fill: number;
  border: number;
  indent: number;
  horizontal?: 'left' | 'right' | 'center';
}

/** The distinct cell formats a sheet uses, numbered in the order first asked for (0 = default). */
class StyleSheet {
  private readonly keys = new Map<string, number>();
  private readonly styles: CellStyle[] = [];

  constructor(private readonly moneyFormat: string) {
    this.id({ numFmt: NUMFMT.general, font: FONT.regular, fill: FILL.none, border: BORDER.none, indent: 0 });
  }

  id(style: CellStyle): number {
    const key = JSON.stringify(style);
    let id = this.keys.get(key);
    if (id === undefined) {
      id = this.styles.length;
      this.styles.push(style);
      this.keys.set(key, id);
    }
    return id;
  }

  xml(): string {
    const color = '<color auto="1"/>';
    const xfs = this.styles
      .map((s) => {
        const applies = [
          s.numFmt ? ' applyNumberFormat="1"' : '',
          s.font ? ' applyFont="1"' : '',
          s.fill ? ' applyFill="1"' : '',
          s.border ? ' applyBorder="1"' : '',
        ].join('');
        const alignment = s.indent || s.horizontal ? `<alignment${s.horizontal ? ` horizontal="${s.horizontal}"` : ''}${s.indent ? ` indent="${s.indent}"` : ''}/>` : '';
        const open = `<xf numFmtId="${s.numFmt}" fontId="${s.font}" fillId="${s.fill}" borderId="${s.border}" xfId="0"${applies}${alignment ? ' applyAlignment="1"' : ''}`;
        return alignment ? `${open}>${alignment}</xf>` : `${open}/>`;
      })
      .join('');
    return (
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
      `<numFmts count="3"><numFmt numFmtId="${NUMFMT.money}" formatCode="${escapeXml(this.moneyFormat)}"/>` +
      `<numFmt numFmtId="${NUMFMT.percent}" formatCode="0.0#%"/><numFmt numFmtId="${NUMFMT.date}" formatCode="yyyy\\-mm\\-dd"/></numFmts>` +
      '<fonts count="4">' +
      '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="14"/><color rgb="FF1E3A8A"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><sz val="10"/><color rgb="FF6B7280"/><name val="Calibri"/><family val="2"/></font>' +
      '</fonts>' +
      '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
      '<fill><patternFill patternType="solid"><fgColor rgb="FFF3F4F6"/><bgColor indexed="64"/></patternFill></fill></fills>' +
      '<borders count="4">' +
      '<border><left/><right/><top/><bottom/><diagonal/></border>' +
      `<border><left/><right/><top style="thin">${color}</top><bottom/><diagonal/></border>` +
      `<border><left/><right/><top style="thin">${color}</top><bottom style="double">${color}</bottom><diagonal/></border>` +
      `<border><left/><right/><top/><bottom style="thin">${color}</bottom><diagonal/></border>` +
      '</borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${this.styles.length}">${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

/** The money format of a currency: grouped thousands and the currency's decimals. */
export const moneyFormatCode = (currency: string) => {
  const decimals = currencyDecimals(currency);
  return decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
};

// ---------------------------------------------------------------------------------------------
// The sheet

class SharedStrings {
  private readonly index = new Map<string, number>();
  readonly list: string[] = [];
  count = 0;

  id(text: string): number {
    this.count++;
    let id = this.index.get(text);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(text);
      this.index.set(text, id);
    }
    return id;
  }

  xml(): string {
    const items = this.list
      .map((s) => (/^\s|\s$/.test(s) || s.includes('\n') ? `<si><t xml:space="preserve">${escapeXml(s)}</t></si>` : `<si><t>${escapeXml(s)}</t></si>`))
      .join('');
    return `${XML_HEAD}<sst xmlns="${NS_MAIN}" count="${this.count}" uniqueCount="${this.list.length}">${items}</sst>`;
  }
}

interface SheetCell {
  xml: string;
  /** Characters it shows, for the column's width. */
  shown: number;
}

class SheetBuilder {
  private readonly rows: string[] = [];
  private readonly widths: number[] = [];
  private maxColumn = 0;
  readonly strings = new SharedStrings();
  readonly styles: StyleSheet;

  constructor(currency: string) {
    this.styles = new StyleSheet(moneyFormatCode(currency));
  }

  get rowNumber() {
    return this.rows.length + 1;
  }

  text(column: number, text: string, style: Partial<CellStyle> = {}, countWidth = true): SheetCell {
    const s = this.style(style);
    const ref = `${columnLetters(column)}${this.rowNumber}`;
    return { xml: `<c r="${ref}" t="s"${s ? ` s="${s}"` : ''}><v>${this.strings.id(text)}</v></c>`, shown: countWidth ? text.length + (style.indent ?? 0) * 2 : 0 };
  }

  /** A value of a kind: a number when it reads as one, else its text. */
  value(column: number, value: string | number | null | undefined, kind: ColumnKind, style: Partial<CellStyle> = {}): SheetCell | null {
    const ref = `${columnLetters(column)}${this.rowNumber}`;
    if (value === null || value === undefined || value === '') {
      // Borders of a total row run under empty cells too.
      const s = this.style(style);
      return s ? { xml: `<c r="${ref}" s="${s}"/>`, shown: 0 } : null;
    }
    const decimal = decimalText(value);
    const numeric = (v: string, numFmt: number) => {
      const s = this.style({ ...style, numFmt, horizontal: undefined });
      return { xml: `<c r="${ref}"${s ? ` s="${s}"` : ''}><v>${v}</v></c>`, shown: displayCell(value, kind).length };
    };
    if (kind === 'money' && decimal !== null) return numeric(decimal, NUMFMT.money);
    if (kind === 'number' && decimal !== null) return numeric(decimal, NUMFMT.general);
    if (kind === 'percent' && decimal !== null) return numeric(percentFraction(decimal), NUMFMT.percent);
    if (kind === 'date') {
      const serial = dateSerial(String(value));
      if (serial !== null) return { ...numeric(String(serial), NUMFMT.date), shown: 10 };
    }
    return this.text(column, String(value), isNumericKind(kind) ? { ...style, horizontal: 'right' } : style);
  }

  private style(style: Partial<CellStyle>): number {
    return this.styles.id({
      numFmt: style.numFmt ?? NUMFMT.general,
      font: style.font ?? FONT.regular,
      fill: style.fill ?? FILL.none,
      border: style.border ?? BORDER.none,
      indent: style.indent ?? 0,
      ...(style.horizontal ? { horizontal: style.horizontal } : {}),
    });
  }

  row(cells: (SheetCell | null)[], height?: number): void {
    const present = cells.map((cell, i) => [cell, i] as const).filter((pair): pair is readonly [SheetCell, number] => pair[0] !== null);
    present.forEach(([cell, i]) => {
      this.widths[i] = Math.max(this.widths[i] ?? 0, cell.shown);
      this.maxColumn = Math.max(this.maxColumn, i + 1);
    });
    const attributes = height ? ` ht="${height}" customHeight="1"` : '';
    this.rows.push(`<row r="${this.rowNumber}"${attributes}>${present.map(([cell]) => cell.xml).join('')}</row>`);
  }

  blank(): void {
    this.rows.push(`<row r="${this.rowNumber}"/>`);
  }

  sheetXml(rightToLeft: boolean): string {
    const columns = Math.max(this.maxColumn, 1);
    const cols = Array.from({ length: columns }, (_, i) => {
      const width = Math.min(Math.max((this.widths[i] ?? 0) + 2, 10), 70);
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    }).join('');
    const view = `<sheetView workbookViewId="0"${rightToLeft ? ' rightToLeft="1"' : ''}/>`;
    return (
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' +
      `<dimension ref="A1:${columnLetters(columns - 1)}${Math.max(this.rows.length, 1)}"/>` +
      `<sheetViews>${view}</sheetViews>` +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      `<cols>${cols}</cols>` +
      `<sheetData>${this.rows.join('')}</sheetData>` +
      '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
      '<pageSetup paperSize="9" orientation="portrait" fitToWidth="1" fitToHeight="0"/>' +
      '</worksheet>'
    );
  }
}

/** A worksheet name: at most 31 characters, none of []:*?/\, not starting or ending with '. */
export function sheetName(title: string): string {
  const cleaned = title.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '');
  return (cleaned.slice(0, 31).trim() || 'Report');
}

function fillSheet(sheet: SheetBuilder, table: ReportTable, options: XlsxOptions): void {
  const lang = table.language;
  sheet.row([sheet.text(0, table.title, { font: FONT.title }, false)], 22);
  sheet.row([sheet.text(0, table.organization_name, { font: FONT.bold }, false)]);
  sheet.row([sheet.text(0, table.period_label, {}, false)]);
  sheet.row([sheet.text(0, `${furniture.generated[lang]}: ${generatedAtText(table.generated_at, options.timeZone)}`, { font: FONT.muted }, false)]);
  sheet.row([sheet.text(0, `${furniture.currency[lang]}: ${currencyName(table.currency, lang)} (${table.currency})`, { font: FONT.muted }, false)]);
  sheet.blank();

  if (table.highlights.length) {
    for (const highlight of table.highlights) {
      sheet.row([sheet.text(0, highlight.label, { font: FONT.bold }), sheet.value(1, highlight.value, highlight.kind, { font: FONT.bold })]);
    }
    sheet.blank();
  }

  for (const section of table.sections) {
    const labelColumn = labelColumnIndex(section);
    if (section.title) sheet.row([sheet.text(0, section.title, { font: FONT.title }, false)], 20);
    sheet.row(
      section.columns.map((column, i) =>
        sheet.text(i, column.label, { font: FONT.bold, fill: FILL.header, border: BORDER.bottom, ...(isNumericKind(column.kind) ? { horizontal: 'right' as const } : {}) }),
      ),
    );
    if (!section.rows.length && section.empty_text) sheet.row([sheet.text(0, section.empty_text, { font: FONT.muted }, false)]);
    for (const row of section.rows) {
      const strong = row.style !== 'normal';
      const border = row.style === 'total' ? BORDER.total : row.style === 'subtotal' ? BORDER.top : BORDER.none;
      sheet.row(
        section.columns.map((column, i) =>
          sheet.value(i, row.cells[column.key], column.kind, {
            font: strong ? FONT.bold : FONT.regular,
            border,
            indent: i === labelColumn ? row.indent : 0,
          }),
        ),
      );
    }
    sheet.blank();
  }

  if (table.notes.length) {
    sheet.row([sheet.text(0, furniture.notes[lang], { font: FONT.bold }, false)]);
    for (const note of table.notes) sheet.row([sheet.text(0, note, { font: FONT.muted }, false)]);
  }
}

/** The XLSX bytes of a report table. */
export function reportXlsx(table: ReportTable, options: XlsxOptions): Buffer {
  const sheet = new SheetBuilder(table.currency);
  fillSheet(sheet, table, options);
  const name = sheetName(table.title);
  const created = new Date(table.generated_at);
  const createdIso = Number.isNaN(created.getTime()) ? new Date().toISOString() : created.toISOString();
  const files: Record<string, string> = {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
      '</Relationships>',
    'docProps/core.xml':
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
      `<dc:title>${escapeXml(table.title)}</dc:title><dc:creator>${escapeXml(table.organization_name)}</dc:creator>` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${createdIso.replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>` +
      '</cp:coreProperties>',
    'docProps/app.xml':
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Daftar</Application></Properties>`,
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<bookViews><workbookView/></bookViews>' +
      `<sheets><sheet name="${escapeXml(name)}" sheetId="1" r:id="rId1"/></sheets>` +
      '</workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
      '</Relationships>',
    'xl/worksheets/sheet1.xml': sheet.sheetXml(table.language === 'ar'),
    'xl/styles.xml': sheet.styles.xml(),
    'xl/sharedStrings.xml': sheet.strings.xml(),
  };
  const entries = Object.fromEntries(Object.entries(files).map(([path, xml]) => [path, strToU8(xml)]));
  return Buffer.from(zipSync(entries, { level: 6, mtime: createdIso }));
}
