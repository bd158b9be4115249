import { useMutation } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

export const leaveOrganization = (organizationId: string) =>
  api.post<{ message: string }>(`/organizations/${segment(organizationId)}/leave`, { organizationId });

export const useLeaveOrganization = () => useMutation({ mutationFn: leaveOrganization });
