import { useMutation } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/auth';

export type SignupInput = z.output<typeof schemas.userRegister>;

export const signup = (input: SignupInput) => api.post<User>('/users/signup', { json: input });

export const useSignup = () => useMutation({ mutationFn: signup });
