import { segment } from '../../../lib/api-client';

/** Every query of the register starts with this key. */
export const posKey = (organizationId: string) => ['organizations', organizationId, 'pos'] as const;

/** `/organizations/{id}/pos` */
export const posPath = (organizationId: string) => `/organizations/${segment(organizationId)}/pos`;
