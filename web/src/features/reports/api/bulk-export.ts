import { useMutation } from '@tanstack/react-query';
import type { BulkExportBody } from '@daftar/shared/schemas/reportCatalogue';
import { apiDownload, saveDownload, segment } from '../../../lib/api-client';

export interface BulkExportInput {
  organizationId: string;
  body: BulkExportBody;
  /** The zip's name: the screen names the package (reports-…, month-end-close-…). */
  fileName: string;
}

/** Several catalogue reports in one zip (Bulk Export, Monthly Close, Tax Filing). */
export const bulkExport = async ({ organizationId, body, fileName }: BulkExportInput) => {
  const download = await apiDownload(`/organizations/${segment(organizationId)}/reports/bulk-export`, { organizationId, method: 'POST', json: body });
  saveDownload({ blob: download.blob, filename: fileName }, fileName);
};

export const useBulkExport = () => useMutation({ mutationFn: bulkExport, meta: { handlesErrors: true } });
