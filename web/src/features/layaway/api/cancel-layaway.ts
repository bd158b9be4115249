import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LayawayCancel, LayawayCancellationPolicy } from '@daftar/shared/schemas/layaway';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { layawayPath, layawaysKey, type Layaway } from './keys';

/**
 * Cancel with the reason: the reservation released and the deposits refunded, turned into store
 * credit, or refunded less the fee, by the policy. The reason (required) is in the query, as the
 * contract has it (layawayCancelQuery); the policy, fee and refund method in the body.
 */
export const cancelLayaway = ({
  organizationId,
  layawayId,
  reason,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  layawayId: string;
  reason: string;
  data: LayawayCancel & { cancellation_policy?: LayawayCancellationPolicy };
  idempotencyKey?: string;
}) => api.post<Layaway>(`${layawayPath(organizationId, layawayId)}/cancel`, { organizationId, query: { reason }, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useCancelLayaway = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLayaway,
    meta: { handlesErrors: true },
    onSuccess: (_layaway, { organizationId }) => queryClient.invalidateQueries({ queryKey: layawaysKey(organizationId) }),
  });
};
