import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { verificationStatusQueryOptions } from './check-verification-status';

export interface VerifyEmailCodeInput {
  email: string;
  code: string;
}

export const verifyEmailCode = (input: VerifyEmailCodeInput) => api.post<{ message: string }>('/verify-email-code', { json: input });

export const useVerifyEmailCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailCode,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: verificationStatusQueryOptions(input.email).queryKey }),
  });
};
