import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankStatementDateFormat, BankStatementMapping, bankStatementImportResult } from '@daftar/shared/schemas/banking';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { bankingKey } from './keys';

export type StatementImportResult = z.infer<typeof bankStatementImportResult>;

export interface StatementImport {
  file: File;
  /** Absent: the server finds the columns by their headers. */
  mapping?: BankStatementMapping | null;
  date_format: BankStatementDateFormat;
  /** Absent: detected from the first row. */
  has_header?: boolean | null;
}

/**
 * Uploads a CSV statement as multipart (`file`, and `mapping` as JSON text). A statement with any
 * bad row is refused whole (422 listing the rows); lines imported before are skipped.
 */
export function importStatement({ organizationId, bankAccountId, statement }: { organizationId: string; bankAccountId: string; statement: StatementImport }) {
  const form = new FormData();
  form.append('file', statement.file, statement.file.name);
  if (statement.mapping) form.append('mapping', JSON.stringify(statement.mapping));
  form.append('date_format', statement.date_format);
  if (statement.has_header !== undefined && statement.has_header !== null) form.append('has_header', String(statement.has_header));
  return api.post<StatementImportResult>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}/transactions/import`, {
    organizationId,
    formData: form,
  });
}

export const useImportStatement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    meta: { handlesErrors: true },
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: bankingKey(organizationId) }),
  });
};
