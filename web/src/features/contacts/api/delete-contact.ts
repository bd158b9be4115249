import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { contactsKey, contactsPath } from './keys';

/** A contact that documents refer to is deactivated instead of deleted; the answer's message says which. */
export const deleteContact = ({ organizationId, contactId }: { organizationId: string; contactId: string }) =>
  api.delete<{ message: string }>(`${contactsPath(organizationId)}/${segment(contactId)}`, { organizationId });

export const useDeleteContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: contactsKey(organizationId) }),
  });
};
