import { describe, expect, it } from 'vitest';
import { decodeStatement, parseStatement, parseStatementAmount, parseStatementDate } from './statement.js';

const JOD = { currency: 'JOD' };

describe('statement amounts', () => {
  it.each([
    ['12.500', 12_500],
    ['-3.5', -3_500],
    ['+7', 7_000],
    ['1,234.500', 1_234_500],
    ['1,234,567.125', 1_234_567_125],
    ['(12.500)', -12_500],
    ['12.500-', -12_500],
    ['12.5 DR', -12_500],
    ['12.5 CR', 12_500],
    ['JOD 5.000', 5_000],
    ['5.000 د.أ', 5_000],
    ['1.234,50', 1_234_500],
    ['12,5', 12_500],
    ['١٬٢٣٤٫٥٠٠', 1_234_500],
    ['−٣٫٥', -3_500],
    ['۱۲۰', 120_000],
    ['\u00a01 000.000\u00a0', 1_000_000],
  ])('reads %s', (text, minor) => {
    expect(parseStatementAmount(text, 'JOD')).toBe(minor);
  });

  it('reads blanks as nothing and refuses what is not an amount of the currency', () => {
    expect(parseStatementAmount('  ', 'JOD')).toBeNull();
    expect(() => parseStatementAmount('12.3456', 'JOD')).toThrow(/at most 3 decimal places/);
    expect(() => parseStatementAmount('twelve', 'JOD')).toThrow('"twelve" is not an amount');
    expect(() => parseStatementAmount('1,23,4', 'JOD')).toThrow(/not an amount/);
  });
});

describe('statement dates', () => {
  it('reads ISO, day-first and named-month dates, with or without a time', () => {
    expect(parseStatementDate('2025-06-01')).toBe('2025-06-01');
    expect(parseStatementDate('01/06/2025')).toBe('2025-06-01');
    expect(parseStatementDate('1.6.2025')).toBe('2025-06-01');
    expect(parseStatementDate('٠١/٠٦/٢٠٢٥')).toBe('2025-06-01');
    expect(parseStatementDate('01-Jun-2025')).toBe('2025-06-01');
    expect(parseStatementDate('2025-06-01 14:22:05')).toBe('2025-06-01');
    expect(parseStatementDate('06/01/2025', 'MM/DD/YYYY')).toBe('2025-06-01');
  });

  it('refuses dates that do not exist or do not fit the format asked for', () => {
    expect(parseStatementDate('2025-02-30')).toBeNull();
    expect(parseStatementDate('31/06/2025')).toBeNull();
    expect(parseStatementDate('13/13/2025')).toBeNull();
    expect(parseStatementDate('2025-06-01', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('yesterday')).toBeNull();
  });
});

describe('statements', () => {
  it('reads the date, description, amount layout with a header', () => {
    const csv = 'Date,Description,Reference,Amount\r\n2025-06-01,"Transfer from Al Noor, invoice 7",TRF-1,250.000\r\n2025-06-02,Bank charges,,-3.500\r\n';
    const parsed = parseStatement(csv, JOD);
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows).toEqual([
      { row: 2, date: '2025-06-01', description: 'Transfer from Al Noor, invoice 7', reference: 'TRF-1', amount: 250_000 },
      { row: 3, date: '2025-06-02', description: 'Bank charges', reference: '', amount: -3_500 },
    ]);
    expect(parsed.layout).toMatchObject({ has_header: true, delimiter: ',', labels: { date: 'Date', description: 'Description', reference: 'Reference', amount: 'Amount' } });
  });

  it('reads debit and credit columns as money out and in, semicolon-delimited, with a running balance ignored', () => {
    const csv = 'Value Date;Narrative;Debit;Credit;Balance\n01/06/2025;Cheque 1001;"1,200.000";;8,800.000\n03/06/2025;Deposit;;500.250;9,300.250\n';
    const parsed = parseStatement(csv, JOD);
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows.map((r) => [r.date, r.description, r.amount])).toEqual([
      ['2025-06-01', 'Cheque 1001', -1_200_000],
      ['2025-06-03', 'Deposit', 500_250],
    ]);
    expect(parsed.layout).toMatchObject({ delimiter: ';', labels: { debit: 'Debit', credit: 'Credit' } });
  });

  it('reads Arabic headers and Arabic-Indic digits', () => {
    const csv = '\ufeffالتاريخ,البيان,مدين,دائن\n٠١/٠٦/٢٠٢٥,عمولة بنكية,٣٫٥٠٠,\n٠٢/٠٦/٢٠٢٥,حوالة واردة,,١٬٢٥٠٫٠٠٠\n';
    const parsed = parseStatement(csv, JOD);
    expect(parsed.issues).toEqual([]);
    expect(parsed.rows.map((r) => [r.date, r.description, r.amount])).toEqual([
      ['2025-06-01', 'عمولة بنكية', -3_500],
      ['2025-06-02', 'حوالة واردة', 1_250_000],
    ]);
  });

  it('reads headerless statements of three (amount) or four (debit, credit) columns', () => {
    expect(parseStatement('2025-06-01,Fee,-1.000\n2025-06-02,Refund,2\n', JOD).rows.map((r) => r.amount)).toEqual([-1_000, 2_000]);
    expect(parseStatement('2025-06-01,Fee,1.000,\n2025-06-02,Refund,,2\n', JOD).rows.map((r) => r.amount)).toEqual([-1_000, 2_000]);
    expect(parseStatement('2025-06-01,Fee,x,y,1\n', JOD).issues[0]!.msg).toMatch(/Could not tell which of the 5 columns/);
  });

  it('follows a column mapping by header name or by column number', () => {
    const csv = 'Posted,Ref,Memo text,Movement\n2025-06-01,R1,Rent,-500\n';
    const byName = parseStatement(csv, { ...JOD, mapping: { date: 'posted', description: 'Memo text', reference: 'REF', amount: 'Movement' } });
    expect(byName.rows).toEqual([{ row: 2, date: '2025-06-01', description: 'Rent', reference: 'R1', amount: -500_000 }]);
    const byNumber = parseStatement('2025-06-01,R1,Rent,-500\n', { ...JOD, mapping: { date: 1, reference: 2, description: 3, amount: 4 } });
    expect(byNumber.rows).toEqual([{ row: 1, date: '2025-06-01', description: 'Rent', reference: 'R1', amount: -500_000 }]);
    const unknown = parseStatement(csv, { ...JOD, mapping: { date: 'Posted', amount: 'Amount' } });
    expect(unknown.issues).toEqual([expect.objectContaining({ loc: ['body', 'mapping', 'amount'], msg: expect.stringContaining('No column is headed "Amount"') })]);
  });

  it('lists every bad row by its line in the file and keeps quoted line breaks inside a row', () => {
    const csv = 'Date,Description,Amount\n2025-06-01,"Two\nlines",1\n2025-02-30,Bad date,1\n2025-06-03,No amount,\n2025-06-04,Zero,0\n2025-06-05,Words,abc\n2025-06-06,Fine,2\n';
    const parsed = parseStatement(csv, JOD);
    expect(parsed.issues.map((i) => i.loc)).toEqual([
      ['body', 'rows', 4, 'date'],
      ['body', 'rows', 5, 'amount'],
      ['body', 'rows', 6, 'amount'],
      ['body', 'rows', 7, 'amount'],
    ]);
    expect(parsed.issues[0]!.msg).toBe('Row 4: "2025-02-30" is not a date (YYYY-MM-DD or DD/MM/YYYY)');
    expect(parsed.rows.map((r) => r.row)).toEqual([2, 8]);
    expect(parsed.rows[0]!.description).toBe('Two lines');
  });

  it('refuses a row with both a debit and a credit, an open quote, and more rows than allowed', () => {
    expect(parseStatement('Date,Description,Debit,Credit\n2025-06-01,x,1,2\n', JOD).issues[0]!.msg).toBe('Row 2: both a debit and a credit; a row moves money one way');
    expect(parseStatement('Date,Description,Amount\n2025-06-01,"open,1\n', JOD).issues[0]!.msg).toMatch(/Row 2: a quoted value is never closed/);
    const many = `Date,Description,Amount\n${'2025-06-01,x,1\n'.repeat(6)}`;
    expect(parseStatement(many, { ...JOD, maxRows: 5 }).issues[0]!.msg).toBe('The statement has 6 rows; import at most 5 at a time');
  });

  it('decodes UTF-8 (byte-order mark dropped) and falls back to the Arabic Windows code page', () => {
    expect(decodeStatement(Buffer.from('\ufeffDate,البيان', 'utf8'))).toBe('Date,البيان');
    // "رسوم" in Windows-1256.
    expect(decodeStatement(Buffer.from([0xd1, 0xd3, 0xe6, 0xe3]))).toBe('رسوم');
  });
});
