import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockAdjustment } from '@daftar/shared/schemas/inventory';
import { api, segment } from '../../../lib/api-client';
import { productsKey } from '../../products/api/get-products';
import { inventoryKey, type StockMovement } from './keys';

export interface PostedMovements {
  movements: StockMovement[];
  journal_entry_id: string | null;
}

export type StockAdjustmentBody = Omit<StockAdjustment, 'counted' | 'reason'> & Partial<Pick<StockAdjustment, 'counted' | 'reason'>>;

export const adjustStock = ({ organizationId, productId, data }: { organizationId: string; productId: string; data: StockAdjustmentBody }) =>
  api.post<PostedMovements>(`/organizations/${segment(organizationId)}/inventory/products/${segment(productId)}/adjust-stock`, { organizationId, json: data });

/**
 * An adjustment or a count changes the levels, the value, the movements and the product's own
 * quantity and status: every inventory read and the catalogue are refreshed. The dialog shows a
 * 422 itself (more going out than is on hand).
 */
export const useAdjustStock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: inventoryKey(organizationId) }), queryClient.invalidateQueries({ queryKey: productsKey(organizationId) })]),
  });
};
