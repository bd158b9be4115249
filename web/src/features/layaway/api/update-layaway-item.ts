import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LayawayItemUpdate } from '@daftar/shared/schemas/layaway';
import { api, segment } from '../../../lib/api-client';
import { layawayPath, layawaysKey, type Layaway } from './keys';

/** A line's new quantity while the layaway is active: the reservation follows it in the same write. */
export const updateLayawayItem = ({ organizationId, layawayId, itemId, data }: { organizationId: string; layawayId: string; itemId: string; data: LayawayItemUpdate }) =>
  api.put<Layaway>(`${layawayPath(organizationId, layawayId)}/items/${segment(itemId)}`, { organizationId, json: data });

export const useUpdateLayawayItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLayawayItem,
    meta: { handlesErrors: true },
    onSuccess: (_layaway, { organizationId }) => queryClient.invalidateQueries({ queryKey: layawaysKey(organizationId) }),
  });
};
