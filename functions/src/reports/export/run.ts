/**
 * What the catalogue's preview and every export run (export/routes.ts holds only the routes'
 * definitions). The reports Lambda loads this on the first preview or export, with the catalogue
 * of report loaders, the file names and the CSV writer, rather than at every cold start.
 */
import type * as z from 'zod';
import { EXPORT_FORMATS, type bulkExportBody, type catalogueReportQuery, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import type { RouteContext } from '../../http/api.js';
import { ValidationError } from '../../platform/errors.js';
import { buildReportRequest, buildReportTable, organizationToday, reportDefinition } from '../catalogue.js';
import { bulkExportFileName, exportFileName } from './format.js';
import { contentTypeOf, deliverExport, renderReport } from './files.js';

export type ExportQuery = z.output<typeof catalogueReportQuery>;
type BulkExportBody = z.output<typeof bulkExportBody>;

function exportFormatOf(value: string | undefined): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(value ?? '')) return value as ExportFormat;
  throw new ValidationError([{ loc: ['path', 'format'], msg: `Unknown export format ${value ?? ''}: use one of ${EXPORT_FORMATS.join(', ')}`, type: 'enum' }]);
}

/** A report's table as JSON: the catalogue card's preview. */
export async function previewReport(ctx: RouteContext<unknown, ExportQuery>, reportId: string) {
  const definition = reportDefinition(reportId);
  return buildReportTable(definition, await buildReportRequest(ctx));
}

/** One report as a file in the format the path names. */
export async function exportReport(ctx: RouteContext<unknown, ExportQuery>, reportId: string) {
  const format = exportFormatOf(ctx.params.format);
  const definition = reportDefinition(reportId);
  const request = await buildReportRequest(ctx);
  const table = await buildReportTable(definition, request);
  const bytes = await renderReport(table, format, { timeZone: request.organization.timezone });
  const fileName = exportFileName(definition.id, request.organization.name, organizationToday(request.organization), format);
  return deliverExport(request.organization.id, { bytes, fileName, contentType: contentTypeOf(format) });
}

/** The chosen reports, each as a file in one format, in one zip archive. */
export async function bulkExport(ctx: RouteContext<BulkExportBody, unknown>) {
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
}
