import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  new_password: string;
}

export const resetPassword = (input: ResetPasswordInput) => api.post<{ message: string }>('/reset-password', { json: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
