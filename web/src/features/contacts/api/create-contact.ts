import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCreate } from '@daftar/shared/schemas/contacts';
import { api } from '../../../lib/api-client';
import type { Contact } from './get-contacts';
import { contactsKey, contactsPath } from './keys';

export const createContact = ({ organizationId, data }: { organizationId: string; data: ContactCreate }) =>
  api.post<Contact>(contactsPath(organizationId), { organizationId, json: data });

/** The dialog shows refusals under its fields. */
export const useCreateContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    meta: { handlesErrors: true },
    onSuccess: (_contact, { organizationId }) => queryClient.invalidateQueries({ queryKey: contactsKey(organizationId) }),
  });
};
