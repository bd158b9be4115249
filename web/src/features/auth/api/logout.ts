import { api } from '../../../lib/api-client';

/** Revokes the token on the server. */
export const logout = () => api.post<{ message: string }>('/logout');
