import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { layawayComplete } from '@daftar/shared/schemas/layaway';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { layawayPath, layawaysKey, type Layaway } from './keys';

export type LayawayCompleteBody = z.output<typeof layawayComplete>;

/** The remaining balance paid now and the goods taken: the last payment and the pickup in one transaction. */
export const completeLayaway = ({ organizationId, layawayId, data, idempotencyKey }: { organizationId: string; layawayId: string; data: LayawayCompleteBody; idempotencyKey?: string }) =>
  api.post<Layaway>(`${layawayPath(organizationId, layawayId)}/complete`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useCompleteLayaway = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLayaway,
    meta: { handlesErrors: true },
    onSuccess: (_layaway, { organizationId }) => queryClient.invalidateQueries({ queryKey: layawaysKey(organizationId) }),
  });
};
