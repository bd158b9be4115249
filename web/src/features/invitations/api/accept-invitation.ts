import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const acceptInvitation = (token: string) => api.post<unknown>('/invitations/accept', { json: { token } });

/** Joining changes the organization list and roles: the caller clears what is cached. */
export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
