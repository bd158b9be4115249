import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PosTerminalCreate } from '@daftar/shared/schemas/pos';
import { api } from '../../../lib/api-client';
import { posKey, posPath, type Terminal } from './keys';

export const createTerminal = ({ organizationId, data }: { organizationId: string; data: PosTerminalCreate }) =>
  api.post<Terminal>(`${posPath(organizationId)}/terminals`, { organizationId, json: data });

/** The dialog shows its own 422 and 409 (a receipt prefix taken) beside the fields. */
export const useCreateTerminal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTerminal,
    meta: { handlesErrors: true },
    onSuccess: (_terminal, { organizationId }) => queryClient.invalidateQueries({ queryKey: posKey(organizationId) }),
  });
};
