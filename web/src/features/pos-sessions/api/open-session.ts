import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PosSessionOpen } from '@daftar/shared/schemas/pos';
import { api } from '../../../lib/api-client';
import { posKey, posPath, type Session } from './keys';

export const openSession = ({ organizationId, data }: { organizationId: string; data: PosSessionOpen }) =>
  api.post<Session>(`${posPath(organizationId)}/sessions`, { organizationId, json: data });

/** Opening changes the terminal (its open session) and the sessions: every till read is refreshed. */
export const useOpenSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSession,
    meta: { handlesErrors: true },
    onSuccess: (_session, { organizationId }) => queryClient.invalidateQueries({ queryKey: posKey(organizationId) }),
  });
};
