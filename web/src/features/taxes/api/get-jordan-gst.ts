import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JordanGstDefault } from '@daftar/shared/schemas/taxes';
import { api } from '../../../lib/api-client';
import { taxesKey, taxesPath } from './keys';

export const jordanGstQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...taxesKey(organizationId), 'jordan-gst'],
    queryFn: ({ signal }) => api.get<JordanGstDefault>(`${taxesPath(organizationId)}/default/jordan-gst`, { organizationId, signal }),
  });

export const useJordanGst = (organizationId: string) => useQuery(jordanGstQueryOptions(organizationId));
