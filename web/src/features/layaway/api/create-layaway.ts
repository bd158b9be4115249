import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { layawayCreate } from '@daftar/shared/schemas/layaway';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { layawaysKey, layawaysPath, type Layaway } from './keys';

export type LayawayCreateBody = z.input<typeof layawayCreate>;

/** A layaway: its items reserved and its deposit taken (Dr money, Cr customer deposits) in one transaction. */
export const createLayaway = ({ organizationId, data, idempotencyKey }: { organizationId: string; data: LayawayCreateBody; idempotencyKey?: string }) =>
  api.post<Layaway>(layawaysPath(organizationId), { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useCreateLayaway = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLayaway,
    meta: { handlesErrors: true },
    onSuccess: (_layaway, { organizationId }) => queryClient.invalidateQueries({ queryKey: layawaysKey(organizationId) }),
  });
};
