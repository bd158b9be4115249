import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LayawayPickup } from '@daftar/shared/schemas/layaway';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { layawayPath, layawaysKey, type Layaway } from './keys';

/** The customer takes the goods, paid in full: the sale (revenue, output tax, cost of goods sold) against the deposits. */
export const pickUpLayaway = ({ organizationId, layawayId, data, idempotencyKey }: { organizationId: string; layawayId: string; data: LayawayPickup; idempotencyKey?: string }) =>
  api.post<Layaway>(`${layawayPath(organizationId, layawayId)}/pickup`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const usePickUpLayaway = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickUpLayaway,
    meta: { handlesErrors: true },
    onSuccess: (_layaway, { organizationId }) => queryClient.invalidateQueries({ queryKey: layawaysKey(organizationId) }),
  });
};
