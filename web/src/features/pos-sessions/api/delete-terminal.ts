import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { posKey, posPath } from './keys';

export const deleteTerminal = ({ organizationId, terminalId }: { organizationId: string; terminalId: string }) =>
  api.delete<{ message: string } | undefined>(`${posPath(organizationId)}/terminals/${segment(terminalId)}`, { organizationId });

/** A terminal that has sold is kept (409, the server says why): the screen shows that answer itself. */
export const useDeleteTerminal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTerminal,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) => queryClient.invalidateQueries({ queryKey: posKey(organizationId) }),
  });
};
