import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import type { ApiKey } from './get-api-keys';

export type UpdateApiKeyInput = z.output<typeof schemas.apiKeyUpdate>;

export const updateApiKey = ({ organizationId, apiKeyId, data }: { organizationId: string; apiKeyId: string; data: UpdateApiKeyInput }) =>
  api.put<ApiKey>(`/organizations/${segment(organizationId)}/api-keys/${segment(apiKeyId)}`, { organizationId, json: data });

export const useUpdateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: (_key, { organizationId }) => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'api-keys'] }),
  });
};
