import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resendVerification = (email: string) => api.post<{ message: string }>('/resend-verification', { json: { email } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
