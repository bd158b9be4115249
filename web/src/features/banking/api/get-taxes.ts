import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { api, segment, type ListResponse } from '../../../lib/api-client';

/** Active general sales taxes: a bank fee can include one, whose share goes to the input tax account. */
export const bankingTaxesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'taxes', 'options', 'bank-fees'],
    queryFn: ({ signal }) => api.get<ListResponse<TaxOption>>(`/organizations/${segment(organizationId)}/taxes/list`, { organizationId, signal }),
    staleTime: 60_000,
    select: (page) => page.data.filter((tax) => tax.is_active && tax.tax_category === 'standard'),
  });

export const useBankingTaxes = (organizationId: string) => useQuery(bankingTaxesQueryOptions(organizationId));
