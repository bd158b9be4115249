import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { organizationsQueryOptions, type Organization } from '../../../lib/organizations';

export type CreateOrganizationInput = z.input<typeof schemas.organizationCreate>;

export const createOrganization = (input: CreateOrganizationInput) => api.post<Organization>('/organizations', { json: input });

export const useCreateOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey }),
  });
};
