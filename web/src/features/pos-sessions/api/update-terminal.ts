import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { posTerminalUpdate } from '@daftar/shared/schemas/pos';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { posKey, posPath, type Terminal } from './keys';

export type TerminalUpdate = z.input<typeof posTerminalUpdate>;

export const updateTerminal = ({ organizationId, terminalId, data }: { organizationId: string; terminalId: string; data: TerminalUpdate }) =>
  api.put<Terminal>(`${posPath(organizationId)}/terminals/${segment(terminalId)}`, { organizationId, json: data });

export const useUpdateTerminal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTerminal,
    meta: { handlesErrors: true },
    onSuccess: (_terminal, { organizationId }) => queryClient.invalidateQueries({ queryKey: posKey(organizationId) }),
  });
};
