/**
 * A report table as CSV (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold a
 * comma, a quote or a line break), in UTF-8 with a byte order mark so that Excel opens Arabic text
 * as Arabic. The report's header lines come first, then its highlights, then one block per section
 * (title line, column headers, rows) with an empty line between blocks. Amounts are plain decimals
 * ("1234.500"), percents plain numbers ("12.5"), so a spreadsheet reads them as numbers.
 */
import { currencyName, decimalText, furniture, generatedAtText, isNumericKind, type CellValue, type ColumnKind, type ReportTable } from './format.js';

export interface CsvOptions {
  timeZone: string;
}

const BOM = '\uFEFF';

/** A field as RFC 4180 writes it. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe:
 * names and descriptions come from users, and a CSV must not carry formulas into Excel.
 */
function neutralized(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvValue(value: CellValue, kind: ColumnKind): string {
  if (value === null || value === undefined) return '';
  if (isNumericKind(kind)) {
    const decimal = decimalText(value);
    if (decimal !== null) return decimal;
  }
  return neutralized(String(value));
}

const line = (fields: string[]) => fields.map(csvField).join(',');

/** The CSV bytes of a report table. */
export function reportCsv(table: ReportTable, options: CsvOptions): Buffer {
  const lang = table.language;
  const lines: string[] = [
    line([neutralized(table.title)]),
    line([neutralized(table.organization_name)]),
    line([neutralized(table.period_label)]),
    line([`${furniture.generated[lang]}: ${generatedAtText(table.generated_at, options.timeZone)}`]),
    line([`${furniture.currency[lang]}: ${currencyName(table.currency, lang)} (${table.currency})`]),
  ];
  if (table.highlights.length) {
    lines.push('');
    for (const highlight of table.highlights) lines.push(line([neutralized(highlight.label), csvValue(highlight.value, highlight.kind)]));
  }
  for (const section of table.sections) {
    lines.push('');
    if (section.title) lines.push(line([neutralized(section.title)]));
    lines.push(line(section.columns.map((column) => neutralized(column.label))));
    if (!section.rows.length && section.empty_text) lines.push(line([neutralized(section.empty_text)]));
    for (const row of section.rows) lines.push(line(section.columns.map((column) => csvValue(row.cells[column.key], column.kind))));
  }
  if (table.notes.length) {
    lines.push('', line([furniture.notes[lang]]));
    for (const note of table.notes) lines.push(line([neutralized(note)]));
  }
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}
