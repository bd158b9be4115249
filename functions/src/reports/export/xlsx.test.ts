import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { longTable, sampleTable, SAMPLE_ORGANIZATION } from './test-tables.js';
import { columnLetters, dateSerial, percentFraction, reportXlsx, sheetName } from './xlsx.js';

const parts = (bytes: Buffer) => Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, strFromU8(data)]));

/** The cellXfs entries of styles.xml, in order (a cell's `s` indexes them). */
const cellFormats = (styles: string) => [...styles.match(/<cellXfs[^>]*>(.*)<\/cellXfs>/s)![1]!.matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/gs)].map((m) => m[0]);

async function openWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // exceljs's typings predate Buffer's generic parameter.
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

describe('report XLSX', () => {
  it('is an Office Open XML package with a worksheet, styles and shared strings', async () => {
    // Act
    const files = parts(reportXlsx(sampleTable('en'), { timeZone: 'Asia/Amman' }));

    // Assess
    expect(Object.keys(files).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'docProps/app.xml',
        'docProps/core.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/sharedStrings.xml',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(files['xl/workbook.xml']).toContain('<sheet name="Profit &amp; Loss Statement" sheetId="1" r:id="rId1"/>');
    expect(files['xl/sharedStrings.xml']).toContain(`<t>${SAMPLE_ORGANIZATION.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</t>`);
    expect(files['xl/worksheets/sheet1.xml']).not.toContain('rightToLeft');
    // Every part is well-formed XML (xmllint parses it).
    for (const [fileName, contents] of Object.entries(files)) {
      const result = await validateXML({ xml: { fileName, contents }, normalization: 'c14n' });
      expect(result.errors, fileName).toEqual([]);
    }
  });

  it('writes amounts as numbers in the currency format, percents as fractions, dates as serials', () => {
    // Act
    const files = parts(reportXlsx(sampleTable('en'), { timeZone: 'Asia/Amman' }));

    // Assess
    const sheet = files['xl/worksheets/sheet1.xml']!;
    const styles = files['xl/styles.xml']!;
    const formats = cellFormats(styles);
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="#,##0.000"/>');
    const money = /<c r="E\d+" s="(\d+)"><v>11\.166<\/v><\/c>/.exec(sheet);
    expect(money, sheet).not.toBeNull();
    expect(formats[Number(money![1])]).toContain('numFmtId="164"');
    expect(sheet).toMatch(/<c r="E\d+" s="\d+"><v>1080246\.500<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="B\d+" s="\d+"><v>-2500\.250<\/v><\/c>/);
    const percent = /<c r="D\d+" s="(\d+)"><v>0\.875<\/v><\/c>/.exec(sheet);
    expect(percent).not.toBeNull();
    expect(formats[Number(percent![1])]).toContain('numFmtId="165"');
    expect(sheet).toMatch(/<c r="D\d+" s="\d+"><v>-0\.0075<\/v><\/c>/);
    // 2026-06-15 is day 46188 counted from 1899-12-30.
    const date = /<c r="B\d+" s="(\d+)"><v>46188<\/v><\/c>/.exec(sheet);
    expect(date).not.toBeNull();
    expect(formats[Number(date![1])]).toContain('numFmtId="166"');
    expect(sheet).toMatch(/<c r="C\d+"><v>1204<\/v><\/c>/);
  });

  it('opens in a spreadsheet reader: numbers, formats, bold headers and totals, column widths', async () => {
    // Act
    const workbook = await openWorkbook(reportXlsx(sampleTable('en'), { timeZone: 'Asia/Amman' }));

    // Assess
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Profit & Loss Statement');
    expect(sheet.getCell('A1').value).toBe('Profit & Loss Statement');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe(SAMPLE_ORGANIZATION);
    const rows: { label: unknown; row: ExcelJS.Row }[] = [];
    sheet.eachRow((row) => rows.push({ label: row.getCell(1).value, row }));
    // The last row of a label: "Net income" is a highlight above and the total row of the table.
    const row = (label: string) => rows.filter((r) => r.label === label).pop()!.row;
    const header = rows.filter((r) => r.label === 'Account')[0]!.row;
    expect(header.getCell(5).value).toBe('Amount');
    expect(header.getCell(5).font?.bold).toBe(true);
    const sales = row('Local sales, cash');
    expect(sales.getCell(5).value).toBe(1080246.5);
    expect(sales.getCell(5).numFmt).toBe('#,##0.000');
    expect(sales.getCell(4).value).toBe(0.875);
    expect(sales.getCell(4).numFmt).toBe('0.0#%');
    expect(sales.getCell(2).value).toEqual(new Date('2026-06-15T00:00:00Z'));
    expect(sales.getCell(1).alignment?.indent).toBe(1);
    const total = row('Net income');
    expect(total.getCell(5).value).toBe(11.166);
    expect(total.getCell(5).font?.bold).toBe(true);
    expect(total.getCell(5).border?.bottom?.style).toBe('double');
    const highlight = rows.find((r) => r.label === 'Net income')!.row;
    expect(highlight.getCell(2).value).toBe(11.166);
    expect(row('Total income').getCell(2).value).toBe(1234567.5);
    expect(highlight.getCell(2).numFmt).toBe('#,##0.000');
    expect(rows.map((r) => r.label)).toContain('No cost of sales in this period');
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Other income "misc"'.length);
    expect(sheet.getColumn(5).width).toBeGreaterThan(10);
  });

  it('shows an Arabic report right to left, labels in Arabic', async () => {
    // Act
    const bytes = reportXlsx(sampleTable('ar'), { timeZone: 'Asia/Amman' });

    // Assess
    expect(parts(bytes)['xl/worksheets/sheet1.xml']).toContain('<sheetView workbookViewId="0" rightToLeft="1"/>');
    const sheet = (await openWorkbook(bytes)).worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.name).toBe('قائمة الدخل');
    expect(sheet.getCell('A1').value).toBe('قائمة الدخل');
    const values: unknown[] = [];
    sheet.eachRow((row) => values.push(row.getCell(1).value));
    expect(values).toContain('صافي الربح');
  });

  it('takes the decimals of the currency for the money format', () => {
    expect(parts(reportXlsx(sampleTable('en', 'USD'), { timeZone: 'Asia/Amman' }))['xl/styles.xml']).toContain('formatCode="#,##0.00"');
    expect(parts(reportXlsx(sampleTable('en', 'JPY'), { timeZone: 'Asia/Amman' }))['xl/styles.xml']).toContain('formatCode="#,##0"');
  });

  it('holds a long table in one sheet', async () => {
    const sheet = (await openWorkbook(reportXlsx(longTable(500), { timeZone: 'Asia/Amman' }))).worksheets[0]!;
    const amounts: unknown[] = [];
    sheet.eachRow((row) => amounts.push(row.getCell(3).value));
    expect(amounts).toContain(5000.125);
    expect(amounts.filter((v) => typeof v === 'number')).toHaveLength(500);
  });
});

describe('XLSX helpers', () => {
  it('names columns, moves percents exactly and counts date serials', () => {
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
    expect(['12.5', '100', '0.3', '-0.75', '7', '0', '-0', '12.30'].map(percentFraction)).toEqual(['0.125', '1', '0.003', '-0.0075', '0.07', '0', '0', '0.123']);
    expect(dateSerial('1900-03-01')).toBe(61);
    expect(dateSerial('2026-06-15')).toBe(46188);
    expect(dateSerial('15/06/2026')).toBeNull();
    expect(sheetName('Tax: Q1 [2026] / summary?')).toBe('Tax Q1 2026 summary');
    expect(sheetName('A very long report title that goes on and on')).toHaveLength(31);
  });
});
