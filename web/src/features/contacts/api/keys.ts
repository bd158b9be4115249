import { segment } from '../../../lib/api-client';

/** Every cached read of contacts (the invoice and bill pickers too) lives under this key. */
export const contactsKey = (organizationId: string) => ['organizations', organizationId, 'contacts'] as const;

export const contactsPath = (organizationId: string) => `/organizations/${segment(organizationId)}/contacts`;
