import * as z from 'zod';
import { email, pagination, role } from './common.js';
import { organizationPublic } from './organizations.js';
import { INVITATION_STATUSES } from './codes.js';

export { INVITATION_STATUSES } from './codes.js';
export const invitationStatus = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatus>;

const invitationMessage = z.string().trim().max(1000);

export const invitationCreate = z.strictObject({ email, role: role.default('viewer'), message: invitationMessage.nullish() });
export type InvitationCreate = z.output<typeof invitationCreate>;
export const invitationUpdate = z
  .strictObject({ role: role.optional(), message: invitationMessage.nullish() })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export const invitationAccept = z.strictObject({ token: z.string().min(1).max(200) });
export const invitationListQuery = pagination.extend({ status_filter: invitationStatus.optional() });

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
  sent_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type InvitationPublic = z.infer<typeof invitationPublic>;

/** Answer to create and resend: whether the e-mail went out (the invitation stands either way). */
export const invitationSent = invitationPublic.extend({ email_sent: z.boolean() });

/** What the invitee sees before signing in, read by token. */
export const invitationPreview = z.object({
  organization_id: z.string(),
  organization_name: z.string(),
  invited_by_name: z.string().nullable(),
  email: z.string(),
  role,
  status: invitationStatus,
  message: z.string().nullable(),
  expires_at: z.string(),
});

export const invitationCleanupResult = z.object({ expired: z.number().int() });

/** Answer to accepting: the invitation, now accepted, and the organization joined (with the role). */
export const invitationAccepted = z.object({ invitation: invitationPublic, organization: organizationPublic });
