import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { accountsKey, accountsPath } from './keys';

export const deleteAccount = ({ organizationId, accountId }: { organizationId: string; accountId: string }) =>
  api.delete<{ message: string }>(`${accountsPath(organizationId)}/${segment(accountId)}`, { organizationId });

/** A refusal (an account with postings) is explained inside the dialog, which offers deactivation. */
export const useDeleteAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { handlesErrors: true },
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: accountsKey(organizationId) }),
  });
};
