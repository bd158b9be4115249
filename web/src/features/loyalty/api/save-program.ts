import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { loyaltyProgramCreate, loyaltyProgramUpdate } from '@daftar/shared/schemas/loyalty';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { loyaltyKey, loyaltyPath, programPath, type Program } from './keys';

export type ProgramCreateBody = z.output<typeof loyaltyProgramCreate>;
export type ProgramUpdateBody = z.output<typeof loyaltyProgramUpdate>;

export const createProgram = ({ organizationId, data }: { organizationId: string; data: ProgramCreateBody }) =>
  api.post<Program>(`${loyaltyPath(organizationId)}/programs`, { organizationId, json: data });

/** New terms apply to what is earned from then on; the server refuses a new point value once points exist. */
export const updateProgram = ({ organizationId, programId, data }: { organizationId: string; programId: string; data: ProgramUpdateBody }) =>
  api.put<Program>(programPath(organizationId, programId), { organizationId, json: data });

/** The form shows its own 422 beside the fields and any other refusal above them. */
export const useCreateProgram = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgram,
    meta: { handlesErrors: true },
    onSuccess: (_program, { organizationId }) => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
};

export const useUpdateProgram = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgram,
    meta: { handlesErrors: true },
    onSuccess: (_program, { organizationId }) => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
};
