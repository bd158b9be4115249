/**
 * The `audit-trail` catalogue report: the organization's audit records of the period, newest
 * first — when (on the organization's clock), who, what action, on which record, and the
 * summary. The period's days are the organization's calendar days, turned into an id range of
 * the log (ids are UUIDv7, so time order is key order: one Query, as the audit-logs resource
 * reads it). A busy period is cut at AUDIT_TRAIL_MAX_ROWS, with a note saying how many there were.
 */
import { addCalendarDays } from '@daftar/shared/reportPeriods';
import { AuditLog, type AuditLogItem } from '../../db/auditLog.js';
import { countMatching, takeRange } from '../../db/paging.js';
import { idFloor } from '../../audit-logs/days.js';
import { tr, type ReportDefinition, type ReportLanguage, type ReportRequest } from '../definition.js';
import { frame, localDateTime, rangeLabel, startOfDayIn, type TaxReportTable } from './common.js';

/** Enough for a month of a busy office; a PDF of more is not read, the audit-logs screen pages the rest. */
export const AUDIT_TRAIL_MAX_ROWS = 1000;

const who = (lang: ReportLanguage, item: AuditLogItem) =>
  item.user_email ?? (item.api_key_id ? tr(lang, `API key ${item.api_key_id}`, `مفتاح API ${item.api_key_id}`) : tr(lang, 'System', 'النظام'));

export async function buildAuditTrail(request: ReportRequest, maxRows = AUDIT_TRAIL_MAX_ROWS): Promise<TaxReportTable> {
  const { language: lang, organization, period } = request;
  const start = startOfDayIn(period.from, organization.timezone);
  const end = startOfDayIn(addCalendarDays(period.to, 1), organization.timezone);
  // `between` is inclusive; the first id minted at `end` starts with idFloor(end) and sorts after it.
  const query = AuditLog.query.byOrganization({ organization_id: organization.id }).between({ id: idFloor(start) }, { id: idFloor(end) });
  const read = await takeRange(query, 0, maxRows + 1, 'desc');
  const truncated = read.length > maxRows;
  const items = truncated ? read.slice(0, maxRows) : read;
  const total = truncated ? await countMatching(query) : items.length;

  const table = frame(request, 'audit-trail', tr(lang, 'Audit Trail', 'سجل التدقيق'), {
    period_label: rangeLabel(lang, period.from, period.to),
    from: period.from,
    to: period.to,
  });
  table.highlights.push({ label: tr(lang, 'Entries', 'عدد السجلات'), value: String(total), kind: 'number' });
  table.sections.push({
    title: tr(lang, 'Activity, newest first', 'النشاط، الأحدث أولاً'),
    columns: [
      { key: 'time', label: tr(lang, 'Date and time', 'التاريخ والوقت'), kind: 'text' },
      { key: 'user', label: tr(lang, 'User', 'المستخدم'), kind: 'text' },
      { key: 'action', label: tr(lang, 'Action', 'الإجراء'), kind: 'text' },
      { key: 'entity', label: tr(lang, 'Record', 'السجل'), kind: 'text' },
      { key: 'entity_id', label: tr(lang, 'Record id', 'معرّف السجل'), kind: 'text' },
      { key: 'summary', label: tr(lang, 'Summary', 'الملخص'), kind: 'text' },
    ],
    rows: items.map((item) => ({
      cells: {
        time: localDateTime(item.created_at, organization.timezone),
        user: who(lang, item),
        action: item.action,
        entity: item.entity_type,
        entity_id: item.entity_id ?? null,
        summary: item.summary,
      },
    })),
    empty_text: tr(lang, 'No activity was recorded in this period.', 'لم يُسجَّل أي نشاط في هذه الفترة.'),
  });
  table.notes.push(
    tr(lang, `Times are on the organization's clock (${organization.timezone}).`, `الأوقات حسب توقيت المنشأة (${organization.timezone}).`),
  );
  if (truncated) {
    table.notes.push(
      tr(
        lang,
        `Showing the latest ${maxRows} of ${total} entries; choose a shorter period, or page through the audit log, to see the rest.`,
        `يُعرض أحدث ${maxRows} من أصل ${total} سجلاً؛ اختر فترة أقصر أو تصفّح سجل التدقيق لرؤية الباقي.`,
      ),
    );
  }
  return table;
}

export const auditTrailReport: ReportDefinition = { id: 'audit-trail', build: (request) => buildAuditTrail(request) };
