import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@daftar/shared/reportPeriods';
import { EXPORTABLE_REPORT_IDS, REPORT_CATALOGUE, reportDownloadPublic, reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { invoicingOrganization, pdfText } from '../invoices/test-helpers.js';
import { reportDefinitions } from './catalogue.js';

const reportsPath = (orgId: string) => `/api/v1/organizations/${orgId}/reports`;
/** The worked example invoice is dated 2025-06-15: net 11.005, tax 0.161, gross 11.166. */
const JUNE_2025 = { period: 'custom', custom_start: '2025-06-01', custom_end: '2025-06-30' } as const;
const csvRows = (bytes: Buffer): string[][] => parse(bytes, { bom: true, relax_column_count: true });
const dispositionName = (header: string | undefined) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header ?? '')![1]!);

let books: Awaited<ReturnType<typeof invoicingOrganization>>;
let today: string;

beforeAll(async () => {
  books = await invoicingOrganization();
  await books.createConfirmed();
  today = todayInZone('Asia/Amman');
});

afterEach(() => {
  delete process.env.REPORT_EXPORT_INLINE_LIMIT_BYTES;
});

describe('report catalogue', () => {
  it('has exactly one definition for every exportable report', () => {
    const ids = reportDefinitions.map((definition) => definition.id);
    for (const id of EXPORTABLE_REPORT_IDS) expect(ids.filter((known) => known === id), id).toHaveLength(1);
    expect(ids).toHaveLength(EXPORTABLE_REPORT_IDS.length);
  });

  it('lists the 13 reports of the Financial Reports screen to a viewer', async () => {
    // Act
    const res = await call('GET', `${reportsPath(books.org.id)}/catalogue`, books.as('viewer'));

    // Assess
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(13);
    expect(res.body.data).toEqual(REPORT_CATALOGUE.map((entry) => ({ ...entry })));
    expect(res.body.data[0]).toEqual({ id: 'profit-loss', title: 'Profit & Loss Statement', category: 'financial', popular: true, new: false });
  });

  it('previews a report as its table, in the language asked for', async () => {
    // Act
    const english = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, { ...books.as('viewer'), query: JUNE_2025 });
    const arabic = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, { ...books.as('viewer'), query: { ...JUNE_2025, lang: 'ar' } });
    const byHeader = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, {
      ...books.as('viewer'),
      query: JUNE_2025,
      headers: { 'accept-language': 'ar-JO,ar;q=0.9,en;q=0.5' },
    });

    // Assess
    expect(english.status, JSON.stringify(english.body)).toBe(200);
    const table = reportTablePublic.parse(english.body);
    expect(table).toMatchObject({ report_id: 'profit-loss', language: 'en', currency: 'JOD', organization_name: books.org.name, from: '2025-06-01', to: '2025-06-30' });
    const cells = table.sections.flatMap((s) => s.rows.map((r) => r.cells));
    expect(cells.some((c) => c.amount === '11.005')).toBe(true);
    expect(arabic.body.language).toBe('ar');
    expect(arabic.body.title).toMatch(/[\u0600-\u06ff]/);
    expect(byHeader.body.language).toBe('ar');
  });

  it('answers 404 for a report that does not exist and 422 for a period that does not resolve', async () => {
    // Act
    const unknown = await call('GET', `${reportsPath(books.org.id)}/catalogue/balance-sheets`, books.as('viewer'));
    const unknownExport = await call('GET', `${reportsPath(books.org.id)}/catalogue/balance-sheets/export/pdf`, books.as('viewer'));
    const missingDates = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, { ...books.as('viewer'), query: { period: 'custom' } });
    const backwards = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, {
      ...books.as('viewer'),
      query: { period: 'custom', custom_start: '2025-06-30', custom_end: '2025-06-01' },
    });
    const badPeriod = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, { ...books.as('viewer'), query: { period: 'fortnight' } });
    const badAsOf = await call('GET', `${reportsPath(books.org.id)}/catalogue/balance-sheet`, { ...books.as('viewer'), query: { as_of_date: '2025-02-30' } });

    // Assess
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('balance-sheets');
    expect(unknownExport.status).toBe(404);
    expect(missingDates.status).toBe(422);
    expect(missingDates.body.detail[0].msg).toContain('custom_start');
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail[0].msg).toContain('on or before');
    expect(badPeriod.status).toBe(422);
    expect(badAsOf.status).toBe(422);
    expect(badAsOf.body.detail[0].loc).toEqual(['query', 'as_of_date']);
  });
});

describe('report exports', () => {
  it('exports a PDF with the title and the figures, named after the report, organization and today', async () => {
    // Act
    const res = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss/export/pdf`, { ...books.as('viewer'), query: JUNE_2025 });

    // Assess
    expect(res.status, res.raw.toString()).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(dispositionName(res.headers['content-disposition'])).toBe(`profit-loss-${books.org.name}-${today}.pdf`);
    expect(res.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { items } = await pdfText(res.raw);
    expect(items).toContain('Profit & Loss Statement');
    expect(items).toContain(books.org.name);
    expect(items).toContain('11.005');
  });

  it('exports an Arabic PDF whose text reads in logical order', async () => {
    // Act
    const res = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss/export/pdf`, { ...books.as('viewer'), query: { ...JUNE_2025, lang: 'ar' } });
    const preview = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss`, { ...books.as('viewer'), query: { ...JUNE_2025, lang: 'ar' } });

    // Assess
    expect(res.status).toBe(200);
    const { items } = await pdfText(res.raw);
    expect(items).toContain(preview.body.title);
    const netIncome = preview.body.highlights.at(-1).label as string;
    expect(netIncome).toMatch(/[\u0600-\u06ff]/);
    expect(items).toContain(netIncome);
    expect(items).toContain('11.005');
    expect(items.some((item) => item.startsWith('صفحة 1 من'))).toBe(true);
  });

  it('exports XLSX with amounts as numbers in the currency format', async () => {
    // Act
    const res = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss/export/excel`, { ...books.as('viewer'), query: JUNE_2025 });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(dispositionName(res.headers['content-disposition'])).toBe(`profit-loss-${books.org.name}-${today}.xlsx`);
    const files = unzipSync(new Uint8Array(res.raw));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const styles = strFromU8(files['xl/styles.xml']!);
    const cell = /<c r="[A-Z]+\d+" s="(\d+)"><v>11\.005<\/v><\/c>/.exec(sheet);
    expect(cell, sheet).not.toBeNull();
    const formats = [...styles.match(/<cellXfs[^>]*>(.*)<\/cellXfs>/s)![1]!.matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/gs)].map((m) => m[0]);
    expect(formats[Number(cell![1])]).toContain('numFmtId="164"');
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="#,##0.000"/>');
  });

  it('exports CSV with a byte order mark, parseable, amounts as plain decimals', async () => {
    // Act
    const res = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss/export/csv`, { ...books.as('viewer'), query: JUNE_2025 });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(res.raw);
    expect(rows[0]).toEqual(['Profit & Loss Statement']);
    expect(rows.some((r) => r.at(-1) === '11.005')).toBe(true);
  });

  it('answers the five export routes of SPEC §7 under their file names', async () => {
    const base = reportsPath(books.org.id);
    const cases = [
      { path: `${base}/cash-flow-statement/export/pdf`, query: JUNE_2025, name: `cash-flow-statement-${books.org.name}-${today}.pdf` },
      { path: `${base}/cash-flow-statement/export/excel`, query: JUNE_2025, name: `cash-flow-statement-${books.org.name}-${today}.xlsx` },
      { path: `${base}/cash-flow-statement/export/csv`, query: JUNE_2025, name: `cash-flow-statement-${books.org.name}-${today}.csv` },
      { path: `${base}/cash-flow/categories/export/csv`, query: { ...JUNE_2025, category_type: 'income' }, name: `cash-flow-categories-${books.org.name}-${today}.csv` },
      { path: `${base}/receivables-analysis/export/csv`, query: { as_of_date: '2025-06-30' }, name: `receivables-analysis-${books.org.name}-${today}.csv` },
      { path: `${base}/payables-analysis/export/csv`, query: { as_of_date: '2025-06-30' }, name: `payables-analysis-${books.org.name}-${today}.csv` },
      { path: `${base}/working-capital/export/csv`, query: { as_of_date: '2025-06-30' }, name: `working-capital-${books.org.name}-${today}.csv` },
    ];
    for (const { path, query, name } of cases) {
      // Act
      const res = await call('GET', path, { ...books.as('viewer'), query });

      // Assess
      expect(res.status, `${path}: ${res.raw.toString()}`).toBe(200);
      expect(dispositionName(res.headers['content-disposition'])).toBe(name);
    }
    const receivables = csvRows((await call('GET', `${base}/receivables-analysis/export/csv`, { ...books.as('viewer'), query: { as_of_date: '2025-06-30' } })).raw);
    expect(receivables.some((r) => r.includes('11.166'))).toBe(true);
    const statement = await call('GET', `${base}/cash-flow-statement/export/pdf`, { ...books.as('viewer'), query: JUNE_2025 });
    expect((await pdfText(statement.raw)).text).toContain(books.org.name);
  });

  it('refuses an unknown format with 422 naming pdf, excel and csv', async () => {
    // Act
    const catalogue = await call('GET', `${reportsPath(books.org.id)}/catalogue/profit-loss/export/docx`, books.as('viewer'));
    const statement = await call('GET', `${reportsPath(books.org.id)}/cash-flow-statement/export/xlsx`, books.as('viewer'));

    // Assess
    for (const res of [catalogue, statement]) {
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['path', 'format']);
      expect(res.body.detail[0].msg).toContain('pdf, excel, csv');
    }
  });

  it('hands a file over the reply limit over as a presigned download of the same bytes', async () => {
    // Prepare
    const inline = await call('GET', `${reportsPath(books.org.id)}/catalogue/trial-balance/export/csv`, { ...books.as('viewer'), query: { as_of_date: '2025-06-30' } });
    process.env.REPORT_EXPORT_INLINE_LIMIT_BYTES = '64';

    // Act
    const res = await call('GET', `${reportsPath(books.org.id)}/catalogue/trial-balance/export/csv`, { ...books.as('viewer'), query: { as_of_date: '2025-06-30' } });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const download = reportDownloadPublic.parse(res.body);
    expect(download.file_name).toBe(`trial-balance-${books.org.name}-${today}.csv`);
    expect(download.content_type).toBe('text/csv; charset=utf-8');
    expect(new URL(download.download_url).pathname).toContain(`/${books.org.id}/exports/`);
    const expiresIn = Date.parse(download.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const fetched = await fetch(download.download_url);
    expect(fetched.status).toBe(200);
    const bytes = Buffer.from(await fetched.arrayBuffer());
    expect(bytes.length).toBe(download.size_bytes);
    expect(fetched.headers.get('content-disposition')).toContain(encodeURIComponent(download.file_name));
    // The same file as the inline answer, but for the minute it was generated in.
    const withoutGenerated = (rows: string[][]) => rows.filter((r) => !r[0]?.startsWith('Generated'));
    expect(withoutGenerated(csvRows(bytes))).toEqual(withoutGenerated(csvRows(inline.raw)));
  });
});

describe('every report', () => {
  it('previews and exports in every format and both languages', async () => {
    for (const id of EXPORTABLE_REPORT_IDS) {
      const path = `${reportsPath(books.org.id)}/catalogue/${id}`;
      const query = { ...JUNE_2025, as_of_date: '2025-06-30' };
      // Act
      const preview = await call('GET', path, { ...books.as('viewer'), query });
      const pdf = await call('GET', `${path}/export/pdf`, { ...books.as('viewer'), query: { ...query, lang: 'ar' } });
      const excel = await call('GET', `${path}/export/excel`, { ...books.as('viewer'), query });
      const csv = await call('GET', `${path}/export/csv`, { ...books.as('viewer'), query: { ...query, lang: 'ar' } });

      // Assess
      expect(preview.status, `${id}: ${JSON.stringify(preview.body)}`).toBe(200);
      const table = reportTablePublic.parse(preview.body);
      expect(table.report_id).toBe(id);
      expect(pdf.status, `${id} pdf: ${pdf.raw.toString().slice(0, 300)}`).toBe(200);
      expect((await pdfText(pdf.raw)).items).toContain(books.org.name);
      expect(excel.status, `${id} excel`).toBe(200);
      expect(strFromU8(unzipSync(new Uint8Array(excel.raw))['xl/sharedStrings.xml']!)).toContain(table.title.replace(/&/g, '&amp;'));
      expect(csv.status, `${id} csv`).toBe(200);
      expect(csvRows(csv.raw)[1]).toEqual([books.org.name]);
    }
  });
});

describe('bulk export', () => {
  it('zips the chosen reports, one file each and nothing else', async () => {
    // Act
    const res = await call('POST', `${reportsPath(books.org.id)}/bulk-export`, {
      ...books.as('viewer'),
      json: { report_ids: ['profit-loss', 'balance-sheet', 'cash-flow', 'profit-loss'], format: 'csv', ...JUNE_2025 },
    });

    // Assess
    expect(res.status, res.raw.toString()).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(dispositionName(res.headers['content-disposition'])).toBe(`reports-${books.org.name}-${today}.zip`);
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files).sort()).toEqual(
      [`balance-sheet-${books.org.name}-${today}.csv`, `cash-flow-statement-${books.org.name}-${today}.csv`, `profit-loss-${books.org.name}-${today}.csv`].sort(),
    );
    const profitLoss = Buffer.from(files[`profit-loss-${books.org.name}-${today}.csv`]!);
    expect([...profitLoss.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvRows(profitLoss).some((r) => r.at(-1) === '11.005')).toBe(true);
  });

  it('zips PDFs too, and hands a large archive over as a presigned download', async () => {
    // Prepare
    process.env.REPORT_EXPORT_INLINE_LIMIT_BYTES = '1024';

    // Act
    const res = await call('POST', `${reportsPath(books.org.id)}/bulk-export`, { ...books.as('viewer'), json: { report_ids: ['trial-balance', 'balance-sheet'], format: 'pdf', lang: 'ar' } });

    // Assess
    expect(res.status).toBe(200);
    const download = reportDownloadPublic.parse(res.body);
    expect(download.file_name).toBe(`reports-${books.org.name}-${today}.zip`);
    const files = unzipSync(new Uint8Array(await (await fetch(download.download_url)).arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(2);
    for (const bytes of Object.values(files)) expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses an empty choice, an unknown report or format, and unknown fields', async () => {
    const bad = [
      { report_ids: [], format: 'csv' },
      { report_ids: ['profit-and-loss'], format: 'csv' },
      { report_ids: ['profit-loss'], format: 'docx' },
      { report_ids: ['profit-loss'], format: 'csv', sheets: 2 },
      { report_ids: ['profit-loss'], format: 'csv', period: 'custom', custom_start: '2025-07-01', custom_end: '2025-06-01' },
    ];
    for (const json of bad) {
      const res = await call('POST', `${reportsPath(books.org.id)}/bulk-export`, { ...books.as('viewer'), json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
  });
});

describe('report access', () => {
  it('lets every member read and export, refuses strangers and anonymous callers', async () => {
    // Prepare
    const other = await organizationWithRoles();
    const path = `${reportsPath(books.org.id)}/catalogue/trial-balance/export/csv`;

    // Act
    const roles = await Promise.all((['viewer', 'member', 'admin', 'owner'] as const).map((role) => call('GET', path, books.as(role))));
    const stranger = await call('GET', path, { token: other.users.owner.token });
    const strangerBulk = await call('POST', `${reportsPath(books.org.id)}/bulk-export`, { token: other.users.owner.token, json: { report_ids: ['profit-loss'], format: 'csv' } });
    const strangerCatalogue = await call('GET', `${reportsPath(books.org.id)}/catalogue`, { token: other.users.viewer.token });
    const anonymous = await call('GET', path);

    // Assess
    expect(roles.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(stranger.status).toBe(404);
    expect(strangerBulk.status).toBe(404);
    expect(strangerCatalogue.status).toBe(404);
    expect(anonymous.status).toBe(401);
  });
});
