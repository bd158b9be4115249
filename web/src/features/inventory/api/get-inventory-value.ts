import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { inventoryKey } from './keys';

export interface InventoryValue {
  currency: string;
  total_value: string;
  products: number;
}

export const inventoryValueQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'inventory-value'],
    queryFn: ({ signal }) => api.get<InventoryValue>(`/organizations/${segment(organizationId)}/inventory/inventory-value`, { organizationId, signal }),
  });

export const useInventoryValue = (organizationId: string, enabled = true) => useQuery({ ...inventoryValueQueryOptions(organizationId), enabled });
