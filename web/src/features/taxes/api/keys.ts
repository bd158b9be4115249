import { segment } from '../../../lib/api-client';

/** Every cached read of taxes (the invoice and bill pickers too) lives under this key. */
export const taxesKey = (organizationId: string) => ['organizations', organizationId, 'taxes'] as const;

export const taxesPath = (organizationId: string) => `/organizations/${segment(organizationId)}/taxes`;
