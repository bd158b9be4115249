import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { organizationsQueryOptions, type Organization } from '../../../lib/organizations';
import { organizationQueryOptions } from './get-organization';

export type UpdateOrganizationInput = z.input<typeof schemas.organizationUpdate>;

export const updateOrganization = ({ organizationId, data }: { organizationId: string; data: UpdateOrganizationInput }) =>
  api.put<Organization>(`/organizations/${segment(organizationId)}`, { organizationId, json: data });

export const useUpdateOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizationQueryOptions(organization.id).queryKey, organization);
      return queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey, exact: true });
    },
  });
};
