import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdate } from '@daftar/shared/schemas/accounting';
import { api, segment } from '../../../lib/api-client';
import type { Account } from './get-account';
import { accountsKey, accountsPath } from './keys';

export const updateAccount = ({ organizationId, accountId, data }: { organizationId: string; accountId: string; data: AccountUpdate }) =>
  api.patch<Account>(`${accountsPath(organizationId)}/${segment(accountId)}`, { organizationId, json: data });

/** Edits, deactivation and reactivation; `handlesErrors` lets a form show the refusal itself. */
export const useUpdateAccount = ({ handlesErrors = false }: { handlesErrors?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    meta: { handlesErrors },
    onSuccess: (_account, { organizationId }) => queryClient.invalidateQueries({ queryKey: accountsKey(organizationId) }),
  });
};
