/**
 * Issue #14's import figure: a catalogue import of 10,000 rows, its time and its peak memory, in
 * the API bench's session (same emulators, same functions environment).
 *
 * The file goes up through the route (`POST …/products-services/import`, multipart, as the import
 * wizard sends it), and the job it starts is run by the queue consumer's own function
 * (`runImportJob`, what `products/import/consumer.ts` calls for the message) in a process of its
 * own (bench/import-job.ts), as the queue's Lambda would run it: its peak resident memory is what
 * Lambda reports as "Max Memory Used", and the bench's own memory is not in it. The process's
 * peak before the job (the runtime and the loaded code) is reported beside it. Each size runs twice: a dry run
 * (every row checked, nothing written) and the import. A job of 1,000 rows is timed the same way,
 * so the per-row time at 10,000 ÷ at 1,000 tells whether the job stays linear as files grow.
 * BENCH_IMPORT_ROWS shrinks the large file for a smoke run of the bench itself.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gtinCheckDigit } from '@daftar/shared/barcodes';
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { ratio, round, timeMs } from './stats.js';
import { ok } from './http.js';
import { multipartFile } from '../functions/test/multipart.js';

type Call = (method: string, url: string, init?: { token?: string; json?: unknown; raw?: { body: Buffer; contentType: string } }) => Promise<HttpResponseLike>;

export interface ImportRun {
  rows: number;
  file_kib: number;
  /** The upload: the route reads the file, stores it and queues the job. */
  upload_ms: number;
  /** The job alone (validating every row, then writing), start to `completed` / `validated`. */
  job_s: number;
  rows_per_s: number;
  /** The job's process: peak resident memory once its code was loaded, and at the end of the job. */
  rss_before_job_mib: number;
  peak_rss_mib: number;
  created: number;
  errors: number;
}

export interface CatalogueImportBenchResult {
  small: { dry_run: ImportRun; import: ImportRun };
  large: { dry_run: ImportRun; import: ImportRun };
  /** Time per row of the large import ÷ of the small one (1 = linear). */
  per_row_ratio_large_to_small: number | null;
}

const ean = (first12: string) => first12 + gtinCheckDigit(first12);

/** A CSV as a shop's spreadsheet would export it: English headers, Arabic names, a barcode per row. */
function catalogueCsv(rows: number, skuPrefix: string, barcodePrefix: string): Buffer {
  const lines = ['sku,name,name_ar,sale_price,barcodes'];
  for (let i = 0; i < rows; i++) lines.push(`${skuPrefix}-${String(i).padStart(5, '0')},Item ${i},صنف ${i},${(i % 97) + 0.25},${ean(`${barcodePrefix}${String(i).padStart(12 - barcodePrefix.length, '0')}`)}`);
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}


const mib = (bytes: number) => round(bytes / 2 ** 20, 1)!;

/** Runs the job as the queue's Lambda would, in a fresh process with the bench's environment (bench/import-job.ts). */
function jobInItsOwnProcess(organizationId: string, jobId: string): Promise<{ ms: number; state: string | null; max_rss_before_kib: number; max_rss_kib: number }> {
  const script = fileURLToPath(new URL('./import-job.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, organizationId, jobId], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`the import job's process ended ${code}: ${(err || out).slice(-500)}`));
      else resolve(JSON.parse(line));
    });
  });
}

export async function measureCatalogueImport(opts: { call: Call; token: string; log: (line: string) => void }): Promise<CatalogueImportBenchResult> {
  const { call, token, log } = opts;

  const run = async (orgId: string, file: Buffer, rows: number, dryRun: boolean): Promise<ImportRun> => {
    const path = `/api/v1/organizations/${orgId}/products-services/import`;
    const upload = await timeMs(async () => ok(await call('POST', path, { token, raw: multipartFile(file, 'catalogue.csv', { fields: { dry_run: String(dryRun) }, contentType: 'text/csv' }) }), 'import upload'));
    const jobId = (upload.value as { id: string }).id;
    const job = await jobInItsOwnProcess(orgId, jobId);
    const answered = ok(await call('GET', `${path}/${jobId}`, { token }), 'import job') as { state: string; created: number; errors: unknown[]; rows_done: number };
    const expected = dryRun ? 'validated' : 'completed';
    if (answered.state !== expected || answered.rows_done !== rows) throw new Error(`the ${rows}-row ${dryRun ? 'dry run' : 'import'} ended ${answered.state} at row ${answered.rows_done}`);
    return {
      rows,
      file_kib: round(file.length / 1024, 0)!,
      upload_ms: round(upload.ms)!,
      job_s: round(job.ms / 1000, 2)!,
      rows_per_s: Math.round(rows / (job.ms / 1000)),
      rss_before_job_mib: mib(job.max_rss_before_kib * 1024),
      peak_rss_mib: mib(job.max_rss_kib * 1024),
      created: answered.created,
      errors: answered.errors.length,
    };
  };

  const size = async (rows: number, label: string, barcodePrefix: string) => {
    const org = ok(await call('POST', '/api/v1/organizations', { token, json: { name: `Bench Import ${label}` } }), 'create organization') as { id: string };
    const file = catalogueCsv(rows, label.toUpperCase(), barcodePrefix);
    const dry = await run(org.id, file, rows, true);
    const imported = await run(org.id, file, rows, false);
    if (imported.created !== rows || imported.errors) throw new Error(`the ${rows}-row import created ${imported.created} with ${imported.errors} errors`);
    log(`catalogue import ${rows} rows (${imported.file_kib} KiB): dry run ${dry.job_s} s (peak RSS ${dry.peak_rss_mib} MiB), import ${imported.job_s} s = ${imported.rows_per_s} rows/s (upload ${imported.upload_ms} ms), peak RSS ${imported.peak_rss_mib} MiB (${imported.rss_before_job_mib} MiB before the job)`);
    return { dry_run: dry, import: imported };
  };
  const small = await size(1_000, 'imps', '6258');
  const large = await size(Number(process.env.BENCH_IMPORT_ROWS ?? 10_000), 'impl', '6259');
  const perRow = (r: ImportRun) => r.job_s / r.rows;
  const result = { small, large, per_row_ratio_large_to_small: ratio(perRow(large.import), perRow(small.import)) };
  log(`catalogue import: time per row at ${large.import.rows} ÷ at ${small.import.rows} rows → ${result.per_row_ratio_large_to_small}`);
  return result;
}
