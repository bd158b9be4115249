import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { inventoryKey } from './keys';

export interface ValuationRow {
  product_id: string;
  sku: string;
  name: string;
  name_ar: string | null;
  quantity: string;
  value: string;
  unit_cost: string | null;
}

export interface ValuationReport {
  as_of: string;
  currency: string;
  total_value: string;
  rows: ValuationRow[];
}

export interface ValuationParams {
  as_of?: string;
  location_id?: string;
}

export const valuationReportQueryOptions = (organizationId: string, params: ValuationParams) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'valuation', params],
    queryFn: ({ signal }) =>
      api.get<ValuationReport>(`/organizations/${segment(organizationId)}/inventory/valuation-report`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useValuationReport = (organizationId: string, params: ValuationParams, enabled = true) =>
  useQuery({ ...valuationReportQueryOptions(organizationId, params), enabled });
