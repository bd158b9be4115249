/**
 * Every report the screens preview and export, by id: the statements, the analyses and the tax
 * reports each contribute their definitions, and this registry is the one place that knows them
 * all. `buildReportRequest` turns a catalogue or export call into the `ReportRequest` a
 * definition builds its table from (request.ts resolves it, as for every reports route).
 * Importing this module loads every report: only the lazily loaded implementation.ts (through
 * export/run.ts) may import it, never a routes file (issue #13).
 */
import { todayInZone } from '@daftar/shared/reportPeriods';
import { EXPORTABLE_REPORT_IDS, reportTablePublic, type ExportableReportId } from '@daftar/shared/schemas/reportCatalogue';
import type { RouteContext } from '../http/api.js';
import { NotFound } from '../platform/errors.js';
import { analysisReports } from './analyses/tables.js';
import type { ReportDefinition, ReportOrganization, ReportRequest } from './definition.js';
import type { ReportTable } from './export/format.js';
import { reportRequest, type InputSource, type ReportInput } from './request.js';
import { statementReports } from './statements/tables.js';
import { taxReports } from './tax/tables.js';

export const reportDefinitions: readonly ReportDefinition[] = [...statementReports, ...analysisReports, ...taxReports];

export const reportRegistry: ReadonlyMap<ExportableReportId, ReportDefinition> = new Map(reportDefinitions.map((definition) => [definition.id, definition]));

const isExportableId = (id: string): id is ExportableReportId => (EXPORTABLE_REPORT_IDS as readonly string[]).includes(id);

/** The definition of a report id from a path; an id no report has answers 404. */
export function reportDefinition(reportId: string): ReportDefinition {
  const definition = isExportableId(reportId) ? reportRegistry.get(reportId) : undefined;
  if (!definition) throw new NotFound(`Report ${reportId} not found; the reports are ${EXPORTABLE_REPORT_IDS.join(', ')}`);
  return definition;
}

/**
 * The request a report is built from, for the catalogue and export routes: `input` is the
 * validated query (or, for bulk export, the body, `source` naming it in errors); the report's own
 * extra parameters are the call's query string as given.
 */
export function buildReportRequest(
  ctx: RouteContext<unknown, unknown>,
  input: ReportInput = (ctx.query ?? {}) as ReportInput,
  source: InputSource = 'query',
  now = new Date(),
): Promise<ReportRequest> {
  return reportRequest(ctx.organizationId!, input, ctx.headers['accept-language'], { source, query: { ...(ctx.event.queryStringParameters ?? {}) }, now });
}

/** A report's table for a request, with the table model's defaults applied. */
export async function buildReportTable(definition: ReportDefinition, request: ReportRequest): Promise<ReportTable> {
  return reportTablePublic.parse(await definition.build(request));
}

/** Today in the organization's zone: the date in export file names. */
export const organizationToday = (organization: ReportOrganization, now = new Date()) => todayInZone(organization.timezone, now);
