import { ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import ExcelJS from 'exceljs';
import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@daftar/shared/barcodes';
import { call } from '../../../test/client.js';
import { organizationWithRoles } from '../../../test/fixtures.js';
import { multipartFile } from '../../../test/multipart.js';
import { AuditLog } from '../../db/auditLog.js';
import { Product } from '../../db/product.js';
import { ProductKey } from '../../db/productKey.js';
import { config } from '../../platform/config.js';
import { handler as consumer } from './consumer.js';
import { readXlsx } from './xlsx-reader.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/products-services`;
const ean = (first12: string) => first12 + gtinCheckDigit(first12);

const multipart = (content: Buffer, filename: string, fields: Record<string, string> = {}) => multipartFile(content, filename, { fields });

const csv = (rows: string[][]) => Buffer.from(`\ufeff${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n')}\r\n`, 'utf8');

let sqs: SQSClient | undefined;
const waiting = new Map<string, Message>();

/** The queued message of a job (the file's queue is shared by its tests), as the Lambda event source hands it over. */
async function messageOf(jobId: string): Promise<SQSRecord> {
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  for (let round = 0; round < 10 && !waiting.has(jobId); round++) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: config.productImportQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }));
    for (const m of Messages) waiting.set((JSON.parse(m.Body!) as { job_id: string }).job_id, m);
  }
  const message = waiting.get(jobId);
  expect(message, `a queued message for job ${jobId}`).toBeDefined();
  waiting.delete(jobId);
  return {
    messageId: message!.MessageId!,
    receiptHandle: message!.ReceiptHandle!,
    body: message!.Body!,
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: '0', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:0:daftar-product-imports',
    awsRegion: 'local',
  };
}

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const post = async (path: string, json: Record<string, unknown>, role: keyof typeof users = 'admin') => {
    const res = await call('POST', `/api/v1/organizations/${org.id}/${path}`, { ...as(role), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; name: string };
  };
  /** Uploads a file and runs the job it starts through the consumer, as the queue would. */
  const importFile = async (content: Buffer, filename: string, dryRun: boolean) => {
    const started = await call('POST', `${base(org.id)}/import`, { ...as('member'), raw: multipart(content, filename, { dry_run: String(dryRun) }) });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const result = await consumer({ Records: [await messageOf(started.body.id)] });
    expect(result.batchItemFailures).toEqual([]);
    const job = await call('GET', `${base(org.id)}/import/${started.body.id}`, as('viewer'));
    expect(job.status).toBe(200);
    return { started: started.body, job: job.body };
  };
  const products = async () => (await Product.query.byOrganization({ organization_id: org.id }).go({ consistent: true, pages: 'all' })).data;
  return { org, as, post, importFile, products };
}

const ARABIC_HEADER = ['رمز الصنف', 'الاسم', 'الاسم بالعربية', 'النوع', 'الفئة', 'سعر البيع', 'الضريبة', 'الباركود', 'تتبع المخزون', 'ملاحظة'];

describe('catalogue import', () => {
  it('checks every row in a dry run and names the row and the column (Arabic headers) without writing anything', async () => {
    // prepare
    const s = await setup();
    await s.post('categories', { name: 'Bakery', name_ar: 'مخبوزات', category_type: 'product' });
    await s.post('taxes', { name: 'Sales tax', name_ar: 'ضريبة المبيعات', rate: '16' });
    const taken = await call('POST', base(s.org.id), { ...s.as('member'), json: { sku: 'OLD-1', name: 'Old stock', barcodes: [ean('625100000009')] } });
    const other = await call('POST', base(s.org.id), { ...s.as('member'), json: { sku: 'OLD-2', name: 'Other stock' } });
    const before = await s.products();
    const file = csv([
      ARABIC_HEADER,
      ['BRD-1', 'Bread', 'خبز', 'منتج', 'مخبوزات', '0.350', '16%', ean('625100000001'), 'نعم', 'x'],
      ['BRD-1', 'Bread again', '', '', '', '0.4', '', '', '', ''],
      ['SRV-1', 'Repair', '', 'خدمة', 'مخبوزات', 'abc', 'VAT 99', '', 'نعم', ''],
      ['', 'No code', '', '', 'Toys', '1', '', '', '', ''],
      ['CK-1', 'Cake', '', '', '', '2', 'ضريبه المبيعات', '6251000000010', '', ''],
      ['OLD-2', 'Other stock', '', '', '', '1', '', ean('625100000009'), '', ''],
    ]);

    // act
    const { started, job } = await s.importFile(file, 'أصناف.csv', true);

    // assess
    expect([taken.status, other.status]).toEqual([201, 201]);
    expect(started).toMatchObject({ state: 'validating', dry_run: true, file_name: 'أصناف.csv', rows_total: 6 });
    expect(job).toMatchObject({ state: 'validated', dry_run: true, rows_total: 6, rows_done: 6, created: 0, updated: 0 });
    expect(job.columns).toContainEqual({ header: 'ملاحظة', field: null });
    expect(job.columns).toContainEqual({ header: 'رمز الصنف', field: 'sku' });
    expect(job.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'رمز الصنف', message: 'SKU BRD-1 is also on row 2' },
        { row: 4, column: 'سعر البيع', message: 'Enter an amount such as 1.250 (at most three decimals)' },
        { row: 4, column: 'الفئة', message: '"مخبوزات" is not a service category' },
        { row: 4, column: 'الضريبة', message: 'No active tax is called or has the rate "VAT 99"' },
        { row: 5, column: 'رمز الصنف', message: 'SKU is required' },
        { row: 5, column: 'الفئة', message: 'No product category is called "Toys"' },
        { row: 7, column: 'الباركود', message: `Barcode ${ean('625100000009')} is already used by Old stock (OLD-1)` },
        { row: 6, column: 'الباركود', message: 'The check digit of barcode 6251000000010 is wrong' },
      ]),
    );
    // Row 2 and row 6's tax (by its Arabic name, spelled loosely) are fine.
    expect(job.errors.filter((e: { row: number }) => e.row === 2)).toEqual([]);
    expect(job.errors.filter((e: { column: string; row: number }) => e.row === 6 && e.column === 'الضريبة')).toEqual([]);
    expect(job.errors_total).toBe(job.errors.length);
    expect(await s.products()).toEqual(before);
  });

  it('refuses a file it cannot import with a 422 naming the problem, and starts no job', async () => {
    // prepare
    const s = await setup();
    const upload = (content: Buffer, name: string) => call('POST', `${base(s.org.id)}/import`, { ...s.as('member'), raw: multipart(content, name, { dry_run: 'true' }) });

    // act
    const noHeader = await upload(csv([['price', 'colour'], ['1', 'red']]), 'x.csv');
    const noRows = await upload(csv([['sku', 'name']]), 'x.csv');
    const notSheet = await upload(Buffer.from('%PDF-1.7'), 'x.pdf');
    const notZip = await upload(Buffer.from('not a zip'), 'x.xlsx');
    const viewer = await call('POST', `${base(s.org.id)}/import`, { ...s.as('viewer'), raw: multipart(csv([['sku', 'name'], ['A', 'B']]), 'x.csv') });

    // assess
    expect(noHeader.status).toBe(422);
    expect(JSON.stringify(noHeader.body)).toContain('No header row found');
    expect(noRows.status).toBe(422);
    expect(JSON.stringify(noRows.body)).toContain('no products under it');
    expect(notSheet.status).toBe(422);
    expect(JSON.stringify(notSheet.body)).toContain('x.pdf is not a CSV or XLSX file');
    expect(notZip.status).toBe(422);
    expect(JSON.stringify(notZip.body)).toContain('not an XLSX workbook');
    expect(viewer.status).toBe(403);
  });

  it('creates the new SKUs, updates the known ones, changes nothing on a re-run, and writes nothing when a row is bad', async () => {
    // prepare
    const s = await setup();
    await s.post('categories', { name: 'Drinks', category_type: 'product' });
    const existing = await call('POST', base(s.org.id), { ...s.as('member'), json: { sku: 'tea-1', name: 'Tea', sale_price: '1', barcodes: [ean('625100000101')] } });
    const header = ['SKU', 'Name', 'Category', 'Sale price', 'Barcodes', 'Is active'];
    const first = csv([
      header,
      ['TEA-1', 'Green tea', 'Drinks', '1.250', ean('625100000101'), 'yes'],
      ['COF-1', 'Coffee', 'drinks', '2.5', `${ean('625100000102')}|${ean('625100000103')}`, 'yes'],
      ['JUI-1', 'Juice', '', '0.75', '', 'no'],
    ]);
    // A new SKU carrying Coffee's barcode is Coffee renamed (matched by barcode).
    const second = csv([header, ['COF-2', 'Coffee', 'Drinks', '2.5', `${ean('625100000102')}|${ean('625100000103')}`, 'yes']]);
    const bad = csv([header, ['NEW-1', 'New', '', '1', '', ''], ['NEW-2', 'Broken', 'Nowhere', '1', '', '']]);

    // act
    const run1 = await s.importFile(first, 'catalogue.csv', false);
    const afterRun1 = await s.products();
    const rerun = await s.importFile(first, 'catalogue.csv', false);
    const afterRerun = await s.products();
    const run2 = await s.importFile(second, 'rename.csv', false);
    const refused = await s.importFile(bad, 'bad.csv', false);
    const afterRefused = await s.products();
    const audits = await AuditLog.query.byOrganization({ organization_id: s.org.id }).go({ pages: 'all' });

    // assess
    expect(existing.status).toBe(201);
    expect(run1.job).toMatchObject({ state: 'completed', rows_total: 3, rows_done: 3, created: 2, updated: 1, errors: [] });
    expect(run1.job.finished_at).not.toBeNull();
    const bySku = Object.fromEntries(afterRun1.map((p) => [p.sku, p]));
    expect(Object.keys(bySku).sort()).toEqual(['COF-1', 'JUI-1', 'TEA-1']);
    expect(bySku['TEA-1']).toMatchObject({ id: existing.body.id, name: 'Green tea', sale_price_fils: 1250, version: 2 });
    expect(bySku['COF-1']).toMatchObject({ sale_price_fils: 2500, barcodes: [ean('625100000102'), ean('625100000103')], is_active: true });
    expect(bySku['COF-1']!.category_id).toBeDefined();
    expect(bySku['JUI-1']).toMatchObject({ is_active: false, sale_price_fils: 750 });
    expect(bySku['JUI-1']!.category_id).toBeUndefined();

    expect(rerun.job).toMatchObject({ state: 'completed', rows_done: 3, created: 0, updated: 0, errors: [] });
    expect(afterRerun).toEqual(afterRun1);

    expect(run2.job).toMatchObject({ state: 'completed', created: 0, updated: 1 });
    const coffee = (await s.products()).find((p) => p.id === bySku['COF-1']!.id)!;
    expect(coffee.sku).toBe('COF-2');
    const keys = (await ProductKey.query.byValue({ organization_id: s.org.id }).go({ consistent: true, pages: 'all' })).data;
    expect(keys.filter((k) => k.kind === 'SKU').map((k) => k.value).sort()).toEqual(['cof-2', 'jui-1', 'tea-1']);

    expect(refused.job).toMatchObject({ state: 'failed', created: 0, updated: 0, errors: [{ row: 3, column: 'Category', message: 'No product category is called "Nowhere"' }] });
    expect(afterRefused.filter((p) => p.sku.startsWith('NEW'))).toEqual([]);
    expect(audits.data.map((a) => a.action)).toEqual(expect.arrayContaining(['product_import.started', 'product.created', 'product.updated']));
  });

  it('hands a long import on to the next delivery when time runs short, and carries on where it stopped', async () => {
    // prepare
    const s = await setup();
    const file = csv([['sku', 'name'], ...Array.from({ length: 250 }, (_, i) => [`P-${i}`, `Part ${i}`])]);
    const started = await call('POST', `${base(s.org.id)}/import`, { ...s.as('member'), raw: multipart(file, 'parts.csv') });
    const shortOfTime = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 1_000 } as unknown as Parameters<typeof consumer>[1];

    // act
    const first = await consumer({ Records: [await messageOf(started.body.id)] }, shortOfTime);
    const halfway = (await call('GET', `${base(s.org.id)}/import/${started.body.id}`, s.as('viewer'))).body;
    const second = await consumer({ Records: [await messageOf(started.body.id)] }, shortOfTime);
    const third = await consumer({ Records: [await messageOf(started.body.id)] });
    const done = (await call('GET', `${base(s.org.id)}/import/${started.body.id}`, s.as('viewer'))).body;

    // assess
    expect([first, second, third]).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(halfway).toMatchObject({ state: 'importing', rows_done: 100, created: 100 });
    expect(done).toMatchObject({ state: 'completed', rows_total: 250, rows_done: 250, created: 250, updated: 0, errors: [] });
    expect(await s.products()).toHaveLength(250);
  });

  it('imports 10,000 rows in one job', async () => {
    // prepare
    const s = await setup();
    const rows = Array.from({ length: 10_000 }, (_, i) => [`SKU-${String(i).padStart(5, '0')}`, `Item ${i}`, `صنف ${i}`, (i % 97) + '.250', ean(`6259${String(i).padStart(8, '0')}`)]);
    const file = csv([['sku', 'name', 'name_ar', 'sale_price', 'barcodes'], ...rows]);
    let peakRss = process.memoryUsage().rss;
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const startRss = process.memoryUsage().rss;
    const started = Date.now();

    // act
    const { job } = await s.importFile(file, 'big.csv', false).finally(() => clearInterval(sampler));
    const seconds = (Date.now() - started) / 1000;
    const stored = await s.products();

    // assess
    console.log(
      `10,000-row import: ${seconds.toFixed(1)} s, file ${(file.length / 1024).toFixed(0)} KiB, ` +
        `peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB (start ${(startRss / 2 ** 20).toFixed(0)} MiB), peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(job).toMatchObject({ state: 'completed', rows_total: 10_000, rows_done: 10_000, created: 10_000, updated: 0, errors: [] });
    expect(stored).toHaveLength(10_000);
    expect(stored.find((p) => p.sku === 'SKU-09999')).toMatchObject({ name: 'Item 9999', name_ar: 'صنف 9999', sale_price_fils: (9999 % 97) * 1000 + 250 });

    // The same file again: every row found unchanged, nothing written.
    const againStarted = Date.now();
    const { job: again } = await s.importFile(file, 'big.csv', false);
    console.log(`10,000-row re-import (nothing to change): ${((Date.now() - againStarted) / 1000).toFixed(1)} s`);
    expect(again).toMatchObject({ state: 'completed', rows_done: 10_000, created: 0, updated: 0, errors: [] });
    expect((await s.products()).map((p) => p.version).every((v) => v === 1)).toBe(true);
  }, 600_000);
});

describe('catalogue template and export', () => {
  it('writes the template from the import columns, in English or Arabic, as CSV or XLSX', async () => {
    // prepare
    const s = await setup();

    // act
    const csvTemplate = await call('GET', `${base(s.org.id)}/template`, { ...s.as('viewer'), query: { format: 'csv' } });
    const xlsxTemplate = await call('GET', `${base(s.org.id)}/template`, { ...s.as('viewer'), query: { format: 'xlsx', language: 'ar' } });

    // assess
    expect(csvTemplate.status).toBe(200);
    expect(csvTemplate.headers['content-type']).toContain('text/csv');
    const lines = csvTemplate.raw.toString('utf8').split('\r\n');
    expect(lines).toContain('sku,name,name_ar,item_type,category,unit_of_measure,sale_price,price_includes_tax,tax,cost,barcodes,supplier_name,is_tracked_inventory,reorder_point,is_active,description');
    expect(xlsxTemplate.status).toBe(200);
    expect(xlsxTemplate.headers['content-disposition']).toContain('products-import-template');
    const sheet = readXlsx(new Uint8Array(xlsxTemplate.raw));
    expect(sheet.at(-1)!.cells.slice(0, 3)).toEqual(['رمز الصنف', 'الاسم', 'الاسم بالعربية']);
  });

  it('exports the catalogue to the exports bucket as XLSX or CSV, and the export imports again unchanged', async () => {
    // prepare
    const s = await setup();
    const category = await s.post('categories', { name: 'Bakery', name_ar: 'مخبوزات', category_type: 'product' });
    const tax = await s.post('taxes', { name: 'Sales tax', name_ar: 'ضريبة المبيعات', rate: '16' });
    for (const json of [
      { sku: 'BRD-1', name: 'Bread', name_ar: 'خبز', category_id: category.id, tax_id: tax.id, sale_price: '0.350', barcodes: [ean('625100000201'), ean('625100000202')], is_tracked_inventory: true, reorder_point: '5' },
      { sku: 'SRV-1', name: 'Delivery, city', item_type: 'service', unit_of_measure: 'service', sale_price: '2', is_active: false },
    ]) {
      expect((await call('POST', base(s.org.id), { ...s.as('member'), json })).status).toBe(201);
    }
    const before = await s.products();

    // act
    const xlsx = await call('POST', `${base(s.org.id)}/export`, { ...s.as('viewer'), json: { format: 'xlsx', include_inactive: true, language: 'ar' } });
    const csvExport = await call('POST', `${base(s.org.id)}/export`, { ...s.as('viewer'), json: { format: 'csv' } });
    const xlsxBytes = Buffer.from(await (await fetch(xlsx.body.download_url)).arrayBuffer());
    const csvText = await (await fetch(csvExport.body.download_url)).text();
    const reimported = await s.importFile(xlsxBytes, xlsx.body.file_name, false);

    // assess
    expect(xlsx.status).toBe(200);
    expect(xlsx.body).toMatchObject({ content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size_bytes: xlsxBytes.length });
    expect(xlsx.body.file_name).toMatch(/^products-services-.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxBytes as unknown as ExcelJS.Buffer);
    const values = [...workbook.worksheets[0]!.getSheetValues()].map((r) => (Array.isArray(r) ? Array.from(r.slice(1), (v) => (v === undefined || v === null ? '' : String(v))) : []));
    const headerAt = values.findIndex((r) => r[0] === 'رمز الصنف');
    expect(values[headerAt + 1]!.slice(0, 11)).toEqual(['BRD-1', 'Bread', 'خبز', 'منتج', 'مخبوزات', 'piece', '0.35', 'لا', 'ضريبة المبيعات', '0', `${ean('625100000201')}|${ean('625100000202')}`]);
    expect(values[headerAt + 2]!.slice(0, 4)).toEqual(['SRV-1', 'Delivery, city', '', 'خدمة']);

    expect(csvExport.status).toBe(200);
    expect(csvText).toContain('BRD-1,Bread,خبز,product,Bakery,piece,0.350,no,Sales tax,0.000');
    // Inactive items stay out unless asked for.
    expect(csvText).not.toContain('SRV-1');

    expect(reimported.job).toMatchObject({ state: 'completed', rows_total: 2, created: 0, updated: 0, errors: [] });
    expect(await s.products()).toEqual(before);
  });
});
