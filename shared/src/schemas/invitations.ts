import { z } from 'zod';
import { email, role } from './common.js';

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export const invitationStatus = z.enum(INVITATION_STATUSES);

export const invitationCreate = z.strictObject({ email, role: role.default('viewer'), message: z.string().trim().max(1000).nullish() });
export const invitationUpdate = z
  .strictObject({ role: role.optional(), message: z.string().trim().max(1000).nullish() })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export const invitationAccept = z.strictObject({ token: z.string().min(1) });
export const invitationListQuery = z.object({ status_filter: invitationStatus.optional() });

export const invitationPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  email: z.string(),
  role,
  status: invitationStatus,
  message: z.string().nullable(),
  invited_by: z.string(),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});
