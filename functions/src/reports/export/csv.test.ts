import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, reportCsv } from './csv.js';
import { sampleTable, SAMPLE_ORGANIZATION } from './test-tables.js';

const records = (bytes: Buffer): string[][] => parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false });

describe('report CSV', () => {
  it('is UTF-8 with a byte order mark and CRLF lines, and parses as RFC 4180', () => {
    // Act
    const bytes = reportCsv(sampleTable('en'), { timeZone: 'Asia/Amman' });

    // Assess
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/"[^"]*"/g, '').split('\n').every((line) => line === '' || line.endsWith('\r'))).toBe(true);
    const rows = records(bytes);
    expect(rows[0]).toEqual(['Profit & Loss Statement']);
    // A comma and quotes in the organization's name survive the round trip.
    expect(rows[1]).toEqual([SAMPLE_ORGANIZATION]);
    expect(rows[2]).toEqual(['1–30 Jun 2026']);
    expect(rows[3]).toEqual(['Generated: 2026-07-01 12:30']);
    expect(rows[4]).toEqual(['Amounts in: Jordanian dinar (JOD)']);
  });

  it('writes one block per section: title, column headers, rows with plain decimals', () => {
    // Act
    const rows = records(reportCsv(sampleTable('en'), { timeZone: 'Asia/Amman' }));

    // Assess
    expect(rows).toContainEqual(['Total income', '1234567.500']);
    expect(rows).toContainEqual(['Net margin', '12.5']);
    const income = rows.findIndex((r) => r[0] === 'Income' && r.length === 1);
    expect(rows[income + 1]).toEqual(['Account', 'Date', 'Entries', 'Share of income', 'Amount']);
    expect(rows[income + 2]).toEqual(['Sales', '', '', '', '']);
    expect(rows[income + 3]).toEqual(['Local sales, cash', '2026-06-15', '1204', '87.5', '1080246.500']);
    expect(rows[income + 4]).toEqual(['Other income "misc"', '2026-06-30', '3', '12.5', '154321.000']);
    expect(rows[income + 6]).toEqual(['Net income', '', '', '-0.75', '11.166']);
    expect(rows[income + 7]).toEqual(['']);
    const expenses = rows.findIndex((r) => r[0] === 'Expenses');
    expect(rows[expenses + 2]).toEqual(['Salaries and wages', '-2500.250']);
    // A text that a spreadsheet would run as a formula is written as text.
    expect(rows[expenses + 3]).toEqual([`'=HYPERLINK("x")`, '']);
    const cost = rows.findIndex((r) => r[0] === 'Cost of sales');
    expect(rows[cost + 2]).toEqual(['No cost of sales in this period']);
    const notes = rows.findIndex((r) => r[0] === 'Notes');
    expect(rows[notes + 1]).toEqual(['Figures from the ledger, line one\nline two.']);
  });

  it('keeps Arabic labels as written', () => {
    // Act
    const bytes = reportCsv(sampleTable('ar'), { timeZone: 'Asia/Amman' });

    // Assess
    const rows = records(bytes);
    expect(rows[0]).toEqual(['قائمة الدخل']);
    expect(rows).toContainEqual(['صافي الربح', '11.166']);
    expect(rows).toContainEqual(['العملة: دينار أردني (JOD)']);
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toContain('مبيعات محلية، نقدية');
  });

  it('quotes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});
