import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountUpdate } from '@daftar/shared/schemas/banking';
import { api, segment } from '../../../lib/api-client';
import type { BankAccount } from './get-bank-accounts';
import { bankingKey } from './keys';

/** Admin; `version` refuses a stale edit (409). Deactivating is `{is_active: false}`. */
export const updateBankAccount = ({ organizationId, bankAccountId, data }: { organizationId: string; bankAccountId: string; data: BankAccountUpdate }) =>
  api.put<BankAccount>(`/organizations/${segment(organizationId)}/bank-accounts/${segment(bankAccountId)}`, { organizationId, json: data });

/** `handlesErrors`: the edit form shows a 422 under its fields; callers without a form pass false. */
export const useUpdateBankAccount = ({ handlesErrors = true }: { handlesErrors?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankAccount,
    meta: { handlesErrors },
    onSuccess: (_bank, { organizationId }) => queryClient.invalidateQueries({ queryKey: bankingKey(organizationId) }),
  });
};
