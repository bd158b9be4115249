import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type CreatedApiKey = z.infer<typeof schemas.apiKeyCreated>;
export type CreateApiKeyInput = z.output<typeof schemas.apiKeyCreate>;

/** The answer carries the full key; it is shown once and never again. */
export const createApiKey = ({ organizationId, data }: { organizationId: string; data: CreateApiKeyInput }) =>
  api.post<CreatedApiKey>(`/organizations/${segment(organizationId)}/api-keys`, { organizationId, json: data });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: (_key, { organizationId }) => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'api-keys'] }),
  });
};
