import { todayInZone } from '@daftar/shared/reportPeriods';
import { EXPORT_FILE_TYPES, type ExportFormat } from '@daftar/shared/schemas/reportCatalogue';

/**
 * The organization's name as a file-name part, cleaned the way the server names its exports
 * (functions/src/reports/export/format.ts): no control characters or path separators.
 */
export function fileNamePart(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return cleaned || 'organization';
}

/** `{report}-{organization name}-{YYYY-MM-DD}.{ext}`, the date being today in the organization's zone. */
export function exportFileName(report: string, organizationName: string, format: ExportFormat, timezone?: string) {
  return `${report}-${fileNamePart(organizationName)}-${todayInZone(timezone)}.${EXPORT_FILE_TYPES[format].extension}`;
}

export function zipFileName(prefix: string, organizationName: string, timezone?: string) {
  return `${prefix}-${fileNamePart(organizationName)}-${todayInZone(timezone)}.zip`;
}
