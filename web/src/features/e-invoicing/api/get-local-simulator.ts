import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinvoicingLocalSimulator } from '@daftar/shared/schemas/einvoicing';
import { api, segment } from '../../../lib/api-client';
import { eInvoicingKey } from './keys';

/** Running locally: the JoFotara simulator's device credentials; elsewhere `active` is false. Never changes while the app runs. */
export const localSimulatorQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...eInvoicingKey(organizationId), 'local-simulator'],
    queryFn: ({ signal }) =>
      api.get<EinvoicingLocalSimulator>(`/organizations/${segment(organizationId)}/e-invoicing/local-simulator`, { organizationId, signal }),
    staleTime: Infinity,
  });

export const useLocalSimulator = (organizationId: string) => useQuery(localSimulatorQueryOptions(organizationId));
