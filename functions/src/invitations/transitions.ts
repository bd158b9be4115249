import { Invitation, InvitationEmail, type InvitationItem } from '../db/invitation.js';
import { Conflict, Gone } from '../platform/errors.js';
import { deleteItem, updateItem, type TransactItem } from '../db/transaction.js';

/**
 * The transaction steps that move a pending invitation out of `pending`, shared by accept, cancel,
 * expiry and "added directly as a member". Kept free of other domain modules so both the
 * organizations and the invitations code can use it.
 */
export type ClosedStatus = 'accepted' | 'cancelled' | 'expired';

export const NOT_PENDING = 'This invitation is no longer pending';
export const EXPIRED = 'This invitation has expired; ask for a new one';

/**
 * Steps: the invitation becomes `to` (conditional on still being pending with the same token, and
 * for `accepted` on not being past its expiry; for `expired`, on being past it), which also drops
 * it from the pending-by-expiry index; and its e-mail guard is released.
 */
export function closeInvitationSteps(
  invitation: Pick<InvitationItem, 'organization_id' | 'id' | 'email' | 'expires_at' | 'token_hash'>,
  to: ClosedStatus,
  now: string,
  acceptedBy?: string,
): TransactItem[] {
  const stamp = to === 'accepted' ? { accepted_at: now, accepted_by: acceptedBy } : to === 'cancelled' ? { cancelled_at: now } : { expired_at: now };
  const update = Invitation.patch({ organization_id: invitation.organization_id, id: invitation.id })
    .set({ status: to, expires_at: invitation.expires_at, updated_at: now, ...stamp })
    .where((a, { eq, gt, lte }) => {
      const pending = `${eq(a.status, 'pending')} AND ${eq(a.token_hash, invitation.token_hash)}`;
      if (to === 'accepted') return `${pending} AND ${gt(a.expires_at, now)}`;
      if (to === 'expired') return `${pending} AND ${lte(a.expires_at, now)}`;
      return pending;
    })
    .params();
  return [
    updateItem(update, () => (to === 'accepted' && invitation.expires_at <= now ? new Gone(EXPIRED) : new Conflict(NOT_PENDING))),
    releaseGuardStep(invitation.organization_id, invitation.email, invitation.id),
  ];
}

/** Deletes the (organization, e-mail) guard if this invitation holds it (or it is already gone). */
export const releaseGuardStep = (organizationId: string, email: string, invitationId: string) =>
  deleteItem(
    InvitationEmail.delete({ organization_id: organizationId, email })
      .where((a, { notExists, eq }) => `${notExists(a.invitation_id)} OR ${eq(a.invitation_id, invitationId)}`)
      .params(),
    () => new Conflict('Another invitation for this e-mail address is pending'),
  );

/** The invitation holding the (organization, e-mail) guard, read consistently, or null. */
export async function pendingInvitationFor(organizationId: string, email: string): Promise<InvitationItem | null> {
  const guard = (await InvitationEmail.get({ organization_id: organizationId, email: email.toLowerCase() }).go({ consistent: true })).data;
  if (!guard) return null;
  const { data } = await Invitation.get({ organization_id: organizationId, id: guard.invitation_id }).go({ consistent: true });
  return data && data.status === 'pending' ? data : null;
}

/** Steps closing the pending invitation of this address to this organization, if there is one. */
export async function pendingInvitationClosingSteps(organizationId: string, email: string, to: ClosedStatus, now: string): Promise<TransactItem[]> {
  const pending = await pendingInvitationFor(organizationId, email);
  return pending ? closeInvitationSteps(pending, to, now) : [];
}
