import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { cashFlowManualCreate } from '@daftar/shared/schemas/cashflow';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { cashFlowKey, cashFlowPath, type CashFlowLine } from './keys';

export type CashFlowEntryBody = z.output<typeof cashFlowManualCreate>;

/** A planned receipt or payment the forecast counts on its date; it never touches the ledger. */
export const createCashFlowEntry = ({ organizationId, data, idempotencyKey }: { organizationId: string; data: CashFlowEntryBody; idempotencyKey?: string }) =>
  api.post<CashFlowLine>(`${cashFlowPath(organizationId)}/transactions`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useCreateCashFlowEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCashFlowEntry,
    meta: { handlesErrors: true },
    onSuccess: (_line, { organizationId }) => queryClient.invalidateQueries({ queryKey: cashFlowKey(organizationId) }),
  });
};
