import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EinvoicingSettingsPublic } from '@daftar/shared/schemas/einvoicing';
import { api, segment, type ListResponse } from '../../../lib/api-client';

/**
 * What the first-steps checklist reads to tick its items from real data. Each is a one-row read
 * (only `count` matters) under its resource's key prefix, so creating a customer or recording a
 * payment anywhere invalidates it.
 */
export const customerCountQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'contacts', 'customers', 'first-steps'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<unknown>>(`/organizations/${segment(organizationId)}/contacts/customers`, {
        organizationId,
        query: { include_inactive: true, limit: 1 },
        signal,
      }),
  });

export const receivedPaymentCountQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'payments', 'first-steps'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<unknown>>(`/organizations/${segment(organizationId)}/payments`, {
        organizationId,
        query: { payment_type: 'received', limit: 1 },
        signal,
      }),
  });

/** The same key as the e-invoicing feature's settings, so saving them there ticks the item here. */
export const einvoicingStatusQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'e-invoicing', 'settings'],
    queryFn: ({ signal }) => api.get<EinvoicingSettingsPublic>(`/organizations/${segment(organizationId)}/e-invoicing/settings`, { organizationId, signal }),
  });

export const useCustomerCount = (organizationId: string) => useQuery(customerCountQueryOptions(organizationId));
export const useReceivedPaymentCount = (organizationId: string) => useQuery(receivedPaymentCountQueryOptions(organizationId));
export const useEinvoicingStatus = (organizationId: string) => useQuery(einvoicingStatusQueryOptions(organizationId));
