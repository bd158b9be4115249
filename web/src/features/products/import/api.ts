import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductImportJobPublic } from '@daftar/shared/schemas/products';
import { api, apiDownload, saveDownload, segment } from '../../../lib/api-client';
import { productsKey } from '../api/get-products';

export type ImportJob = ProductImportJobPublic;
export type SheetFormat = 'xlsx' | 'csv';
export type SheetLanguage = 'en' | 'ar';

/** How often a running job is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

const base = (organizationId: string) => `/organizations/${segment(organizationId)}/products-services`;

/** Uploads the file; the server answers 202 with the job, which then runs on its own. */
export const startImport = ({ organizationId, file, dryRun }: { organizationId: string; file: File; dryRun: boolean }) => {
  const formData = new FormData();
  formData.append('dry_run', String(dryRun));
  formData.append('file', file, file.name);
  return api.post<ImportJob>(`${base(organizationId)}/import`, { organizationId, formData });
};

export const useStartImport = () => useMutation({ mutationFn: startImport });

export const isRunning = (job: ImportJob | undefined) => job?.state === 'validating' || job?.state === 'importing';

/** A job, asked again every second while it runs; a finished real import refreshes the catalogue. */
export function useImportJob(organizationId: string, jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...productsKey(organizationId), 'import', jobId],
    queryFn: async ({ signal }) => {
      const job = await api.get<ImportJob>(`${base(organizationId)}/import/${segment(jobId!)}`, { organizationId, signal });
      if (job.state === 'completed') void queryClient.invalidateQueries({ queryKey: [...productsKey(organizationId), 'list'] });
      return job;
    },
    enabled: !!jobId,
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data) ? false : IMPORT_POLL_MS),
  });
}

export async function downloadTemplate(organizationId: string, format: SheetFormat, language: SheetLanguage) {
  saveDownload(await apiDownload(`${base(organizationId)}/template`, { organizationId, query: { format, language } }), `products-import-template.${format}`);
}

export async function downloadExport(organizationId: string, format: SheetFormat, language: SheetLanguage) {
  saveDownload(
    await apiDownload(`${base(organizationId)}/export`, { organizationId, method: 'POST', json: { format, language, include_inactive: true } }),
    `products-services.${format}`,
  );
}
