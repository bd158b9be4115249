import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountCreate } from '@daftar/shared/schemas/accounting';
import { api } from '../../../lib/api-client';
import type { Account } from './get-account';
import { accountsKey, accountsPath } from './keys';

export const createAccount = ({ organizationId, data }: { organizationId: string; data: AccountCreate }) =>
  api.post<Account>(accountsPath(organizationId), { organizationId, json: data });

/** The dialog shows refusals under its fields, so the shared toast stays quiet. */
export const useCreateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    meta: { handlesErrors: true },
    onSuccess: (_account, { organizationId }) => queryClient.invalidateQueries({ queryKey: accountsKey(organizationId) }),
  });
};
