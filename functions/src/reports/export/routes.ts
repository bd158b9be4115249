/**
 * The Financial Reports screen's catalogue and every export: the 13 cards, a card's preview (the
 * report table as JSON), a card's export, SPEC §7's five export routes and Bulk Export (a zip).
 * Reading reports is a viewer's right, so exporting them is too.
 */
import * as z from 'zod';
import {
  bulkExportBody,
  catalogueReportQuery,
  EXPORT_FORMATS,
  REPORT_CATALOGUE,
  reportCataloguePublic,
  reportDownloadPublic,
  reportTablePublic,
  type ExportableReportId,
  type ExportFormat,
} from '@daftar/shared/schemas/reportCatalogue';
import { route, type RouteContext, type RouteDefs } from '../../http/api.js';
import { ValidationError } from '../../platform/errors.js';
import { buildReportRequest, buildReportTable, organizationToday, reportDefinition } from '../catalogue.js';
import { bulkExportFileName, exportFileName } from './format.js';
import { contentTypeOf, deliverExport, renderReport } from './files.js';

const ORG = '/api/v1/organizations/{organization_id}';

/** A report's own parameters (category_type of the category report) pass through unvalidated here. */
const exportQuery = catalogueReportQuery;
type ExportQuery = z.output<typeof exportQuery>;

/**
 * The file itself is answered as an attachment (not JSON); the JSON answer, documented here, is
 * the presigned download of a file over the reply limit.
 */
const FILE_RESPONSE = reportDownloadPublic;

function exportFormatOf(value: string | undefined): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(value ?? '')) return value as ExportFormat;
  throw new ValidationError([{ loc: ['path', 'format'], msg: `Unknown export format ${value ?? ''}: use one of ${EXPORT_FORMATS.join(', ')}`, type: 'enum' }]);
}

/** One report as a file in the format the path names. */
async function exportReport(ctx: RouteContext<unknown, ExportQuery>, reportId: string) {
  const format = exportFormatOf(ctx.params.format);
  const definition = reportDefinition(reportId);
  const request = await buildReportRequest(ctx);
  const table = await buildReportTable(definition, request);
  const bytes = await renderReport(table, format, { timeZone: request.organization.timezone });
  const fileName = exportFileName(definition.id, request.organization.name, organizationToday(request.organization), format);
  return deliverExport(request.organization.id, { bytes, fileName, contentType: contentTypeOf(format) });
}

const fixedExport = (reportId: ExportableReportId, summary: string) =>
  route({
    access: { org: 'viewer' },
    summary,
    query: exportQuery,
    response: FILE_RESPONSE,
    handler: (ctx) => exportReport(ctx, reportId),
  });

export const exportRoutes = {
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
    handler: async (ctx) => {
      const definition = reportDefinition(ctx.params.report_id!);
      return buildReportTable(definition, await buildReportRequest(ctx));
    },
  }),

  [`GET ${ORG}/reports/catalogue/{report_id}/export/{format}`]: route({
    access: { org: 'viewer' },
    summary:
      'A report as a file: format pdf, excel (XLSX) or csv, named {report}-{organization name}-{date}; a file over the reply limit is answered as a presigned download (JSON)',
    query: exportQuery,
    response: FILE_RESPONSE,
    handler: (ctx) => exportReport(ctx, ctx.params.report_id!),
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
    handler: async (ctx) => {
      const body = ctx.body;
      const reportIds = [...new Set(body.report_ids)];
      const request = await buildReportRequest(ctx, body, 'body');
      const today = organizationToday(request.organization);
      const files: Record<string, Uint8Array> = {};
      // One after another: rendering is CPU-bound, and a Lambda has one or two cores.
      for (const reportId of reportIds) {
        const definition = reportDefinition(reportId);
        const table = await buildReportTable(definition, request);
        const bytes = await renderReport(table, body.format, { timeZone: request.organization.timezone });
        files[exportFileName(definition.id, request.organization.name, today, body.format)] = bytes;
      }
      // fflate is loaded with the first bulk export, not at every cold start (files.ts).
      const { zipSync } = await import('fflate');
      const archive = Buffer.from(zipSync(files, { level: 6 }));
      ctx.audit({
        action: 'reports.bulk_exported',
        entity_type: 'report',
        entity_id: null,
        narrative: {
          key: reportIds.length === 1 ? 'audit.report.exported_one' : 'audit.report.exported_many',
          params: { count: reportIds.length, format: body.format.toUpperCase(), from: request.period.from, to: request.period.to },
        },
        changes: { report_ids: reportIds, format: body.format, period: body.period, from: request.period.from, to: request.period.to },
      });
      return deliverExport(request.organization.id, { bytes: archive, fileName: bulkExportFileName(request.organization.name, today), contentType: 'application/zip' });
    },
  }),
} satisfies Partial<RouteDefs<'reports'>>;
