import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PosSessionPatch } from '@daftar/shared/schemas/pos';
import { api, segment } from '../../../lib/api-client';
import { posKey, posPath, type Session } from './keys';

export const closeSession = ({ organizationId, sessionId, data }: { organizationId: string; sessionId: string; data: PosSessionPatch }) =>
  api.patch<Session>(`${posPath(organizationId)}/sessions/${segment(sessionId)}`, { organizationId, json: data });

/** The answer is the closed session with its Z report; the form shows a refusal itself. */
export const useCloseSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeSession,
    meta: { handlesErrors: true },
    onSuccess: (_session, { organizationId }) => queryClient.invalidateQueries({ queryKey: posKey(organizationId) }),
  });
};
