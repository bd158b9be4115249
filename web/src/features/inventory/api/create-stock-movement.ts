import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockMovementCreate } from '@daftar/shared/schemas/inventory';
import { api, segment } from '../../../lib/api-client';
import { productsKey } from '../../products/api/get-products';
import type { PostedMovements } from './adjust-stock';
import { inventoryKey } from './keys';

export const createStockMovement = ({ organizationId, data }: { organizationId: string; data: StockMovementCreate }) =>
  api.post<PostedMovements>(`/organizations/${segment(organizationId)}/inventory/stock-movements`, { organizationId, json: data });

/** A receipt or a transfer: like an adjustment, it refreshes every inventory read and the catalogue. */
export const useCreateStockMovement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockMovement,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: inventoryKey(organizationId) }), queryClient.invalidateQueries({ queryKey: productsKey(organizationId) })]),
  });
};
