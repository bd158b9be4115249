/**
 * The catalogue's files — the import template, the export, the import and its job — a route group
 * of the products Lambda (products/handler.ts) of its own: a catalogue listing's cold start loads
 * none of the file readers and writers.
 */
import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import * as products from '@daftar/shared/schemas/products';
import { reportDownloadPublic } from '@daftar/shared/schemas/reportCatalogue';
import * as z from 'zod';
import { defineRouteGroup, route, validate } from '../http/api.js';
import { ValidationError } from '../platform/errors.js';
import { catalogueTemplate, exportCatalogue } from './export.js';
import { getImportJob, presentImportJob, startImport } from './import/jobs.js';
import { formatOf } from './import/sheet.js';

const ORG = '/api/v1/organizations/{organization_id}';

const templateQuery = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** The headers' language (the import reads either). */
  language: z.enum(['en', 'ar']).default('en'),
});

const templateRoute = route({
  access: { org: 'viewer' },
  summary: 'The import template: the header row of every import column (English or Arabic headers), as XLSX or CSV',
  query: templateQuery,
  handler: async ({ organizationId, query }) => catalogueTemplate(organizationId!, query.format, query.language),
});

const exportRoute = route({
  access: { org: 'viewer' },
  summary: "The catalogue as XLSX or CSV with the import's columns (it imports again unchanged), stored in the exports bucket: answered with a presigned download (15 minutes)",
  body: products.productExportRequest,
  response: reportDownloadPublic,
  handler: async ({ organizationId, body }) => exportCatalogue(organizationId!, body),
});

/** The import's form fields beside the file. */
const importFields = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
});

/** Room for the multipart framing around a file of the largest accepted size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const importRoute = route({
  access: { org: 'member' },
  summary:
    'Import products and services from a CSV or XLSX file (multipart: file, dry_run), English or Arabic headers; answered 202 with the job. ' +
    'Every row is validated first; a dry run stores the row errors (row, column, message) and writes nothing; a real run with any error writes nothing, ' +
    'else creates the rows whose SKU is new and updates the others (by SKU, or by barcode), in batches. A file without sku and name columns is a 422',
  bodyType: 'multipart',
  maxBodyBytes: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  response: products.productImportJobPublic,
  status: 202,
  handler: async (ctx) => {
    const fields = validate(importFields, ctx.body ?? {}, 'body');
    const file = ctx.files.find((f) => f.field === 'file') ?? (ctx.files.length === 1 ? ctx.files[0] : undefined);
    if (!file) throw new ValidationError([{ loc: ['body', 'file'], msg: 'Attach the CSV or XLSX file in the "file" field', type: 'missing' }]);
    if (!file.content.length) throw new ValidationError([{ loc: ['body', 'file'], msg: 'The file is empty', type: 'value_error' }]);
    const format = formatOf(file.filename, file.content);
    if (!format) throw new ValidationError([{ loc: ['body', 'file'], msg: `${file.filename} is not a CSV or XLSX file`, type: 'value_error' }]);
    const job = await startImport(ctx.organizationId!, { fileName: file.filename, format, bytes: file.content, dryRun: fields.dry_run }, ctx.actor());
    ctx.audit({
      action: job.dry_run ? 'product_import.dry_run' : 'product_import.started',
      entity_type: 'product_import',
      entity_id: job.id,
      narrative: { key: job.dry_run ? 'audit.product_import.dry_run' : 'audit.product_import.started', params: { file: job.file_name, rows: job.rows_total } },
      changes: { file_name: job.file_name, rows_total: job.rows_total, dry_run: job.dry_run },
    });
    return presentImportJob(job);
  },
});

const importJobRoute = route({
  access: { org: 'viewer' },
  summary: "An import's progress: state, rows done of rows total, created and updated counts, the header row as matched, and the row errors",
  response: products.productImportJobPublic,
  handler: async ({ organizationId, params }) => presentImportJob(await getImportJob(organizationId!, params.job_id!)),
});

export const routes = defineRouteGroup('products', {
  [`GET ${ORG}/products-services/template`]: templateRoute,
  [`POST ${ORG}/products-services/export`]: exportRoute,
  [`POST ${ORG}/products-services/import`]: importRoute,
  [`GET ${ORG}/products-services/import/{job_id}`]: importJobRoute,
});
