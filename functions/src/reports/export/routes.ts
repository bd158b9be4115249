/**
 * The Financial Reports screen's catalogue and every export: the 13 cards, a card's preview (the
 * report table as JSON), a card's export, SPEC §7's five export routes and Bulk Export (a zip).
 * Reading reports is a viewer's right, so exporting them is too. The routes are data here; what
 * they run (run.ts) is loaded by the first preview or export, not at the Lambda's cold start.
 */
import {
  bulkExportBody,
  catalogueReportQuery,
  REPORT_CATALOGUE,
  reportCataloguePublic,
  reportDownloadPublic,
  reportTablePublic,
  type ExportableReportId,
} from '@daftar/shared/schemas/reportCatalogue';
import { defineRouteGroup, route } from '../../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** A report's own parameters (category_type of the category report) pass through unvalidated here. */
const exportQuery = catalogueReportQuery;

/**
 * The file itself is answered as an attachment (not JSON); the JSON answer, documented here, is
 * the presigned download of a file over the reply limit.
 */
const FILE_RESPONSE = reportDownloadPublic;

const run = () => import('../implementation.js');

const fixedExport = (reportId: ExportableReportId, summary: string) =>
  route({
    access: { org: 'viewer' },
    summary,
    query: exportQuery,
    response: FILE_RESPONSE,
    handler: async (ctx) => (await run()).exportReport(ctx, reportId),
  });

export const routes = defineRouteGroup('reports', {
  [`GET ${ORG}/reports/catalogue`]: route({
    access: { org: 'viewer' },
    summary: 'The Financial Reports screen\'s 13 reports: id, title, category (financial, tax, business, compliance), Popular and New badges',
    response: reportCataloguePublic,
    handler: async () => ({ data: REPORT_CATALOGUE.map((entry) => ({ ...entry })), count: REPORT_CATALOGUE.length }),
  }),

  [`GET ${ORG}/reports/catalogue/{report_id}`]: route({
    access: { org: 'viewer' },
    summary:
      'A report as the table every format shows (title, highlights, sections of columns and rows, notes) for a period or balance date, labels in the language asked for (lang, else Accept-Language)',
    query: exportQuery,
    response: reportTablePublic,
    handler: async (ctx) => (await run()).previewReport(ctx, ctx.params.report_id!),
  }),

  [`GET ${ORG}/reports/catalogue/{report_id}/export/{format}`]: route({
    access: { org: 'viewer' },
    summary:
      'A report as a file: format pdf, excel (XLSX) or csv, named {report}-{organization name}-{date}; a file over the reply limit is answered as a presigned download (JSON)',
    query: exportQuery,
    response: FILE_RESPONSE,
    handler: async (ctx) => (await run()).exportReport(ctx, ctx.params.report_id!),
  }),

  [`GET ${ORG}/reports/cash-flow-statement/export/{format}`]: fixedExport(
    'cash-flow',
    'The cash flow statement as a file (pdf, excel, csv) named cash-flow-statement-{organization name}-{date}',
  ),
  [`GET ${ORG}/reports/cash-flow/categories/export/{format}`]: fixedExport(
    'cash-flow-categories',
    'The cash flow by category report (category_type all, income, expense) as a file (pdf, excel, csv)',
  ),
  [`GET ${ORG}/reports/receivables-analysis/export/{format}`]: fixedExport('receivables-analysis', 'The receivables analysis (as_of_date) as a file (pdf, excel, csv)'),
  [`GET ${ORG}/reports/payables-analysis/export/{format}`]: fixedExport('payables-analysis', 'The payables analysis (as_of_date) as a file (pdf, excel, csv)'),
  [`GET ${ORG}/reports/working-capital/export/{format}`]: fixedExport('working-capital', 'The working capital report (as_of_date) as a file (pdf, excel, csv)'),

  [`POST ${ORG}/reports/bulk-export`]: route({
    access: { org: 'viewer' },
    summary: 'The chosen catalogue reports, each as a file in one format, in one zip archive (a presigned download when over the reply limit)',
    body: bulkExportBody,
    response: FILE_RESPONSE,
    handler: async (ctx) => (await run()).bulkExport(ctx),
  }),
});
