import { useMutation } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

export const deleteOrganization = (organizationId: string) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}`, { organizationId });

/** Everything cached belonged to the organization in some way; the caller clears it. */
export const useDeleteOrganization = () => useMutation({ mutationFn: deleteOrganization });
