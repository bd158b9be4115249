import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { layawayPaymentCreate } from '@daftar/shared/schemas/layaway';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { layawayPath, layawaysKey, type Layaway } from './keys';

export type LayawayPaymentBody = z.output<typeof layawayPaymentCreate>;

/** A payment towards the layaway, at most the balance due: a customer deposit (Dr money, Cr 2300), never revenue. */
export const recordLayawayPayment = ({ organizationId, layawayId, data, idempotencyKey }: { organizationId: string; layawayId: string; data: LayawayPaymentBody; idempotencyKey?: string }) =>
  api.post<Layaway>(`${layawayPath(organizationId, layawayId)}/payments`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useRecordLayawayPayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordLayawayPayment,
    meta: { handlesErrors: true },
    onSuccess: (_layaway, { organizationId }) => queryClient.invalidateQueries({ queryKey: layawaysKey(organizationId) }),
  });
};
