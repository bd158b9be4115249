import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
}

export interface AccessToken {
  access_token: string;
  token_type: 'bearer';
}

/** OAuth2 password form, as the FastAPI template's sign-in takes it. */
export const login = (input: LoginInput) =>
  api.post<AccessToken>('/login/access-token', { form: { username: input.username, password: input.password } });

export const useLogin = () => useMutation({ mutationFn: login, meta: { handlesErrors: true } });
