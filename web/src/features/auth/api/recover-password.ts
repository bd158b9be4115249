import { useMutation } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

export const recoverPassword = (email: string) => api.post<{ message: string }>(`/password-recovery/${segment(email)}`);

export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword });
