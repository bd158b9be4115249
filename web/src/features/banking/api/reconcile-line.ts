import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankReconcile } from '@daftar/shared/schemas/banking';
import { api, segment } from '../../../lib/api-client';
import type { StatementLine } from './get-statement-lines';
import { keysMovedByReconciliation } from './keys';

/**
 * Admin. `{journal_entry_id, payment_id?}` matches an existing posting; `{create: {account_id,
 * description?, tax_id?}}` posts a new entry for the line (bank charges, interest).
 */
export const reconcileLine = ({ organizationId, bankAccountId, lineId, data }: { organizationId: string; bankAccountId: string; lineId: string; data: BankReconcile }) =>
  api.post<StatementLine>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}/reconcile/${segment(lineId)}`, { organizationId, json: data });

export const useReconcileLine = ({ handlesErrors = false }: { handlesErrors?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconcileLine,
    meta: { handlesErrors },
    onSuccess: (_line, { organizationId }) => Promise.all(keysMovedByReconciliation(organizationId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
