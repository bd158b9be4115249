import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountCreate } from '@daftar/shared/schemas/banking';
import { api, segment } from '../../../lib/api-client';
import type { BankAccount } from './get-bank-accounts';
import { keysMovedByReconciliation } from './keys';

/** Admin; an opening balance is posted against opening balance equity, so the books move too. */
export const createBankAccount = ({ organizationId, data }: { organizationId: string; data: BankAccountCreate }) =>
  api.post<BankAccount>(`/organizations/${segment(organizationId)}/bank-accounts`, { organizationId, json: data });

export const useCreateBankAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankAccount,
    meta: { handlesErrors: true },
    onSuccess: (_bank, { organizationId }) => Promise.all(keysMovedByReconciliation(organizationId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
