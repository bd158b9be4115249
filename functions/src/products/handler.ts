import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import * as products from '@daftar/shared/schemas/products';
import { reportDownloadPublic } from '@daftar/shared/schemas/reportCatalogue';
import * as z from 'zod';
import { createHandler, defineRoutes, route, validate } from '../http/api.js';
import { ValidationError } from '../platform/errors.js';
import { catalogueTemplate, exportCatalogue } from './export.js';
import { getImportJob, presentImportJob, startImport } from './import/jobs.js';
import { formatOf } from './import/sheet.js';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  presentProduct,
  presentProductOption,
  productCatalog,
  updateProduct,
} from './products.js';

const ORG = '/api/v1/organizations/{organization_id}';

const productList = schemas.listOf(products.productPublic);

/** The list query without what a route fixes itself (its path names it, or the route is about it). */
const listQuery = products.productListQuery;

const listRoute = route({
  access: { org: 'viewer' },
  summary:
    'Products and services in name order (filters: item_type, category_id, is_tracked_inventory, include_inactive, search in names, SKU and barcodes, supplier_name, min_price, max_price, has_image, has_barcode, stock_status, barcode)',
  query: products.productListQuery,
  response: productList,
  handler: async ({ organizationId, query }) => listProducts(organizationId!, query, presentProduct),
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'Products and services in short form, for pickers (same filters as the list)',
  query: products.productListQuery,
  response: schemas.listOf(products.productOption),
  handler: async ({ organizationId, query }) => listProducts(organizationId!, query, presentProductOption),
});

const catalogRoute = route({
  access: { org: 'viewer' },
  summary: 'The active catalogue grouped by category, for the till (uncategorized items last)',
  response: products.productCatalogPublic,
  handler: async ({ organizationId }) => productCatalog(organizationId!),
});

const typeRoute = (itemType: products.ItemType) =>
  route({
    access: { org: 'viewer' },
    summary: `${itemType === 'product' ? 'Products' : 'Services'} only (the list's other filters apply)`,
    query: listQuery.omit({ item_type: true }),
    response: productList,
    handler: async ({ organizationId, query }) => listProducts(organizationId!, { ...query, item_type: itemType }, presentProduct),
  });

const inventoryRoute = route({
  access: { org: 'viewer' },
  summary: 'Products whose stock is tracked (filter stock_status for low or out of stock)',
  query: listQuery.omit({ item_type: true, is_tracked_inventory: true }),
  response: productList,
  handler: async ({ organizationId, query }) =>
    listProducts(organizationId!, { ...query, item_type: 'product', is_tracked_inventory: true }, presentProduct),
});

const searchRoute = route({
  access: { org: 'viewer' },
  summary: 'Search Arabic and English names, SKUs and barcodes (Arabic spelling variants and diacritics ignored; every word must match)',
  query: listQuery.omit({ search: true }),
  response: productList,
  handler: async ({ organizationId, params, query }) => listProducts(organizationId!, { ...query, search: params.search_term! }, presentProduct),
});

const byCategoryRoute = route({
  access: { org: 'viewer' },
  summary: "One category's products or services in name order",
  query: listQuery.omit({ category_id: true }),
  response: productList,
  handler: async ({ organizationId, params, query }) => listProducts(organizationId!, { ...query, category_id: params.category_id! }, presentProduct),
});

const bySupplierRoute = route({
  access: { org: 'viewer' },
  summary: "One supplier's items (the supplier name as entered, ignoring case and Arabic spelling variants)",
  query: listQuery.omit({ supplier_name: true }),
  response: productList,
  handler: async ({ organizationId, params, query }) => listProducts(organizationId!, { ...query, supplier_name: params.supplier_name! }, presentProduct),
});

const createRoute = route({
  access: { org: 'member' },
  summary: 'Add a product or service (SKU and barcodes unique in the organization: 409 naming the other item; a wrong EAN/UPC check digit: 422)',
  body: products.productCreate,
  response: products.productPublic,
  status: 201,
  autoAudit: false,
  handler: async (ctx) => presentProduct(await createProduct(ctx.organizationId!, ctx.body, ctx.actor())),
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One product or service, with its image URL (15 minutes) and stock status',
  response: products.productPublic,
  handler: async ({ organizationId, params }) => presentProduct(await getProduct(organizationId!, params.product_service_id!)),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change a product or service (absent fields keep their value, null clears; barcodes and reorder_points replace the lists; version, when given, must match)',
  body: products.productUpdate,
  response: products.productPublic,
  autoAudit: false,
  handler: async (ctx) => {
    const { after } = await updateProduct(ctx.organizationId!, ctx.params.product_service_id!, ctx.body, ctx.actor());
    return presentProduct(after);
  },
});

const deleteRoute = route({
  access: { org: 'member' },
  summary: 'Delete a product or service with its SKU and barcodes (409 while stock is on hand); documents keep their own copy of their lines',
  response: schemas.message,
  autoAudit: false,
  handler: async (ctx) => {
    await deleteProduct(ctx.organizationId!, ctx.params.product_service_id!, ctx.actor());
    return { message: 'Product deleted successfully' };
  },
});

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

export const routes = defineRoutes('products', {
  [`GET ${ORG}/products-services`]: listRoute,
  [`POST ${ORG}/products-services`]: createRoute,
  [`GET ${ORG}/products-services/catalog`]: catalogRoute,
  [`GET ${ORG}/products-services/list`]: optionsRoute,
  [`GET ${ORG}/products-services/template`]: templateRoute,
  [`POST ${ORG}/products-services/export`]: exportRoute,
  [`POST ${ORG}/products-services/import`]: importRoute,
  [`GET ${ORG}/products-services/import/{job_id}`]: importJobRoute,
  [`GET ${ORG}/products-services/products`]: typeRoute('product'),
  [`GET ${ORG}/products-services/services`]: typeRoute('service'),
  [`GET ${ORG}/products-services/inventory`]: inventoryRoute,
  [`GET ${ORG}/products-services/search/{search_term}`]: searchRoute,
  [`GET ${ORG}/products-services/by-category/{category_id}`]: byCategoryRoute,
  [`GET ${ORG}/products-services/by-supplier/{supplier_name}`]: bySupplierRoute,
  [`GET ${ORG}/products-services/{product_service_id}`]: getRoute,
  [`PUT ${ORG}/products-services/{product_service_id}`]: updateRoute,
  [`DELETE ${ORG}/products-services/{product_service_id}`]: deleteRoute,
});

export const handler = createHandler(routes);
