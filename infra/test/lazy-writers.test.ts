import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '@daftar/functions/routes';
import { initialFiles, LAMBDA_MAIN_FILE } from '../lib/lambda-bundle.js';
import { removeSynthesizedOutputs, resourcesOf, synthesize } from './synthesize.js';

/** Issue #13: what an invoices or reports cold start reads, at most 1 MB; the file writers apart. */
const MAX_INITIAL_BYTES = 1_000_000;

/** The opening of brotli's 454 KiB dictionary (base64): present if the WOFF2 stand-in stopped applying. */
const BROTLI_DICTIONARY_MARKER = (createRequire(import.meta.url)('brotli/dec/dictionary.bin.js') as string).slice(0, 48);

const lambdaEnvironment = {
  PATH: process.env.PATH, AWS_REGION: 'me-central-1', LOG_LEVEL: 'error', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  TABLE_NAME: 'daftar', JWT_SECRET_ID: 'jwt', UPLOADS_BUCKET: 'uploads', EXPORTS_BUCKET: 'exports',
  EINVOICE_QUEUE_URL: 'https://sqs.me-central-1.amazonaws.com/1/einvoice', FORECAST_QUEUE_URL: 'https://sqs.me-central-1.amazonaws.com/1/forecast',
  APP_URL: 'https://app.daftar.jo',
};

const bundleDirs: Record<string, string> = {};

afterAll(removeSynthesizedOutputs);

beforeAll(() => {
  // Bundled by CDK's own synthesis (DaftarFunction's local bundling), as a deployment is.
  const { resourceTemplates, assembly } = synthesize({ routeTable: { invoices: routeTable.invoices, reports: routeTable.reports }, schedules: {}, consumers: {} }, { bundle: true });
  for (const name of ['invoices', 'reports']) {
    const [, fn] = resourcesOf([resourceTemplates[name]!], 'AWS::Lambda::Function')[0]!;
    expect(fn.Properties.Handler).toBe('index.handler');
    bundleDirs[name] = join(assembly.directory, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
  }
}, 240_000);

const scripts = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.mjs'));
const bytesOf = (dir: string, files: string[]) => files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
const pdfkitFiles = (dir: string) => scripts(dir).filter((f) => readFileSync(join(dir, f), 'utf8').includes('PDFKit'));

describe.each(['invoices', 'reports'])('the %s Lambda bundle', (name) => {
  it('reads at most 1 MB at a cold start, without the PDF writer, and writes it beside index.mjs', () => {
    const dir = bundleDirs[name]!;
    const initial = initialFiles(dir);
    expect(initial[0]).toBe(LAMBDA_MAIN_FILE);
    expect(statSync(join(dir, LAMBDA_MAIN_FILE)).size).toBeLessThanOrEqual(MAX_INITIAL_BYTES);
    expect(bytesOf(dir, initial)).toBeLessThanOrEqual(MAX_INITIAL_BYTES);

    // pdfkit (its producer string) is in a chunk of its own that no cold-start file imports.
    const pdf = pdfkitFiles(dir);
    expect(pdf).toHaveLength(1);
    expect(initial).not.toContain(pdf[0]);
    // So are the S3 and SQS clients (export files, e-invoice XML and queue) and the SES client
    // (sending invoices), named by their service identifiers.
    const initialCode = initial.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    for (const service of ['AmazonS3', 'AmazonSQS', 'SimpleEmailService_v2']) expect(initialCode).not.toContain(service);
    expect(scripts(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes('AmazonS3'))).toBe(true);
  });

  it('is UTF-8 with no escaped Arabic and no brotli dictionary', () => {
    const dir = bundleDirs[name]!;
    const code = scripts(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
    expect(code.some((c) => /[\u0600-\u06ff]/.test(c))).toBe(true);
    for (const c of code) {
      // An escaped Arabic word (two letters in a row); single escapes are regex ranges in the sources.
      expect(c).not.toMatch(/(?:\\u06[0-9a-f]{2}){2}/i);
      expect(c).not.toContain(BROTLI_DICTIONARY_MARKER);
      // The createRequire banner heads every chunk: CommonJS code in any of them may call require.
      expect(c.startsWith("import { createRequire as __daftarCreateRequire } from 'node:module';")).toBe(true);
    }
  });
});

describe('the invoices Lambda bundle, imported as Lambda does', () => {
  it('loads the PDF writer on first use and prints an Arabic and English PDF with the fonts beside the bundle', () => {
    const dir = bundleDirs.invoices!;
    const printed = {
      title: { en: 'Tax invoice', ar: 'فاتورة ضريبية' },
      reference: 'INV-0001',
      draft: false,
      facts: [{ label: { en: 'Invoice number', ar: 'رقم الفاتورة' }, value: 'INV-0001' }],
      seller: { heading: { en: 'Seller', ar: 'البائع' }, names: ['Al Nour Bakery LLC', 'مخبز النور الحديث'], facts: [], details: ['Amman'] },
      buyer: { heading: { en: 'Buyer', ar: 'المشتري' }, names: ['Customer'], facts: [], details: [] },
      currency: { code: 'JOD', en: 'Jordanian dinar', ar: 'دينار أردني' },
      lines: [{ description: 'خبز', quantity: '2', unitPrice: '0.500', discount: '0.000', net: '1.000', taxRate: '16%', tax: '0.160', gross: '1.160' }],
      taxRows: [{ label: { en: 'Standard 16%', ar: 'عادي ١٦٪' }, taxable: '1.000', tax: '0.160' }],
      totals: [{ label: { en: 'Total incl. tax', ar: 'الإجمالي شامل الضريبة' }, value: '1.160 JOD', strong: true }],
      remarks: [],
      qr: 'AQ1EYWZ0YXI=',
      metadata: { title: 'Tax invoice INV-0001', author: 'Al Nour Bakery LLC', subject: 'test' },
    };
    const script = `
const bundle = await import(${JSON.stringify(pathToFileURL(join(dir, LAMBDA_MAIN_FILE)).href)});
const { renderDocumentPdf } = await bundle.printing();
const pdf = await renderDocumentPdf(${JSON.stringify(printed)});
process.stdout.write('\\nPDF ' + JSON.stringify({ head: pdf.subarray(0, 5).toString('latin1'), tail: pdf.subarray(-6).toString('latin1').trim(), bytes: pdf.length, fonts: (pdf.toString('latin1').match(/\\/FontFile2/g) ?? []).length }));`;
    const output = execFileSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], { env: lambdaEnvironment, encoding: 'utf8' });
    const result = JSON.parse(output.slice(output.lastIndexOf('PDF ') + 'PDF '.length)) as { head: string; tail: string; bytes: number; fonts: number };
    expect(result.head).toBe('%PDF-');
    expect(result.tail).toBe('%%EOF');
    // Both weights embedded from fonts/ beside the chunks.
    expect(result.fonts).toBe(2);
    expect(result.bytes).toBeGreaterThan(10_000);
  });
});
