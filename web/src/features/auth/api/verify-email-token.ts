import { useMutation } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

/** The link in the verification e-mail carries a token; opening it verifies without a code. */
export const verifyEmailToken = (token: string) => api.post<{ message: string }>(`/verify-email/${segment(token)}`);

export const useVerifyEmailToken = () => useMutation({ mutationFn: verifyEmailToken, meta: { handlesErrors: true } });
