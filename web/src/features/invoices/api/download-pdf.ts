import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveDownload } from '../../../lib/api-client';

/** Fetches a document's PDF with the client's credentials and hands it to the browser's download. */
export const downloadPdf = async ({ organizationId, path, fallbackName }: { organizationId: string; path: string; fallbackName: string }) => {
  saveDownload(await apiDownload(path, { organizationId }), fallbackName);
};

export const useDownloadPdf = () => useMutation({ mutationFn: downloadPdf });
