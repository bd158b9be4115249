import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactUpdate } from '@daftar/shared/schemas/contacts';
import { api, segment } from '../../../lib/api-client';
import type { Contact } from './get-contacts';
import { contactsKey, contactsPath } from './keys';

export const updateContact = ({ organizationId, contactId, data }: { organizationId: string; contactId: string; data: ContactUpdate }) =>
  api.put<Contact>(`${contactsPath(organizationId)}/${segment(contactId)}`, { organizationId, json: data });

/** The dialog shows refusals under its fields. */
export const useUpdateContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    meta: { handlesErrors: true },
    onSuccess: (_contact, { organizationId }) => queryClient.invalidateQueries({ queryKey: contactsKey(organizationId) }),
  });
};
