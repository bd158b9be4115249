import { createHash } from 'node:crypto';
import { INVITATION_TTL_DAYS, type Role, type schemas } from '@daftar/shared';
import { Invitation, InvitationEmail, type InvitationItem } from '../db/invitation.js';
import type { OrganizationItem } from '../db/organization.js';
import type { UserItem } from '../db/user.js';
import { Conflict, Forbidden, Gone, NotFound } from '../platform/errors.js';
import { config } from '../platform/config.js';
import { nowIso, randomToken, uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';
import { renderEmail, sendMail } from '../platform/mailer.js';
import { addMembership, findUserByEmail, getMembership } from '../organizations/members.js';
import { getOrganization } from '../organizations/organizations.js';
import { putItem, updateItem, postTransaction, type TransactItem } from '../db/transaction.js';
import { EXPIRED, closeInvitationSteps } from './transitions.js';

type InvitationCreate = schemas.InvitationCreate;
type InvitationPublic = schemas.InvitationPublic;
type InvitationStatus = schemas.InvitationStatus;

const ALREADY_PENDING = 'An invitation for this email address is already pending';
const ONLY_OWNERS_INVITE_OWNERS = 'Only an owner can invite an owner';
const DAY_MS = 86_400_000;

/** Only the SHA-256 of a token is stored: a leaked table does not let anyone accept. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationExpiry = (now: string) => new Date(Date.parse(now) + INVITATION_TTL_DAYS * DAY_MS).toISOString();

/** A pending invitation past its expiry is expired, whether or not the clean-up has run yet. */
export function effectiveStatus(invitation: Pick<InvitationItem, 'status' | 'expires_at'>, now = nowIso()): InvitationStatus {
  return invitation.status === 'pending' && invitation.expires_at <= now ? 'expired' : invitation.status;
}

export function toInvitationPublic(invitation: InvitationItem, organizationName: string, now = nowIso()): InvitationPublic {
  return {
    id: invitation.id,
    organization_id: invitation.organization_id,
    organization_name: organizationName,
    email: invitation.email,
    role: invitation.role,
    status: effectiveStatus(invitation, now),
    message: invitation.message ?? null,
    invited_by: invitation.invited_by,
    invited_by_name: invitation.invited_by_name ?? null,
    expires_at: invitation.expires_at,
    sent_count: invitation.sent_count,
    created_at: invitation.created_at,
    updated_at: invitation.updated_at,
    accepted_at: invitation.accepted_at ?? null,
  };
}

export interface Inviter { id: string; name: string; role: Role }

/**
 * Creates a pending invitation and its (organization, e-mail) guard in one transaction: an
 * address that is already a member, or already has a pending invitation, answers 409 and writes
 * nothing. A guard left by an invitation that has expired (before the clean-up reached it) is
 * taken over, and that invitation is marked expired in the same transaction.
 */
export async function createInvitation(
  organization: OrganizationItem,
  inviter: Inviter,
  input: InvitationCreate,
  now = nowIso(),
): Promise<{ invitation: InvitationItem; token: string }> {
  if (input.role === 'owner' && inviter.role !== 'owner') throw new Forbidden(ONLY_OWNERS_INVITE_OWNERS);
  const email = input.email.toLowerCase();
  const existingUser = await findUserByEmail(email);
  if (existingUser && (await getMembership(organization.id, existingUser.id))) {
    throw new Conflict('This email address already belongs to a member of this organization');
  }

  const token = randomToken(32);
  const invitation = {
    organization_id: organization.id,
    id: uuidv7(Date.parse(now)),
    email,
    role: input.role,
    status: 'pending' as const,
    ...(input.message ? { message: input.message } : {}),
    token_hash: hashInvitationToken(token),
    invited_by: inviter.id,
    invited_by_name: inviter.name,
    expires_at: invitationExpiry(now),
    sent_count: 1,
    created_at: now,
    updated_at: now,
  } satisfies InvitationItem;

  const steps: TransactItem[] = [putItem(Invitation.create(invitation).params())];
  const guard = (await InvitationEmail.get({ organization_id: organization.id, email }).go({ consistent: true })).data;
  const guardRecord = { organization_id: organization.id, email, invitation_id: invitation.id };
  if (!guard) {
    steps.push(putItem(InvitationEmail.create(guardRecord).params(), () => new Conflict(ALREADY_PENDING)));
  } else {
    const held = (await Invitation.get({ organization_id: organization.id, id: guard.invitation_id }).go({ consistent: true })).data;
    if (held && effectiveStatus(held, now) === 'pending') throw new Conflict(ALREADY_PENDING);
    if (held && held.status === 'pending') steps.push(closeInvitationSteps(held, 'expired', now)[0]!);
    steps.push(
      putItem(
        InvitationEmail.put(guardRecord).where((a, { eq }) => eq(a.invitation_id, guard.invitation_id)).params(),
        () => new Conflict(ALREADY_PENDING),
      ),
    );
  }
  await postTransaction(steps);
  return { invitation, token };
}

const ROLE_NAMES: Record<Role, { en: string; ar: string }> = {
  viewer: { en: 'viewer', ar: 'مُطّلع' },
  member: { en: 'member', ar: 'عضو' },
  admin: { en: 'administrator', ar: 'مسؤول' },
  owner: { en: 'owner', ar: 'مالك' },
};

export const acceptInvitationUrl = (token: string) => `${config.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;

/**
 * E-mails the invitation (English and Arabic) with the accept link. Returns whether it was
 * sent: a mail failure does not undo the invitation, which can be resent.
 */
export async function sendInvitationEmail(invitation: InvitationItem, token: string, organizationName: string): Promise<boolean> {
  const inviter = invitation.invited_by_name ?? 'A colleague';
  const role = ROLE_NAMES[invitation.role];
  const expires = invitation.expires_at.slice(0, 10);
  const { text, html } = renderEmail({
    en: {
      heading: `Join ${organizationName} on Daftar`,
      paragraphs: [
        `${inviter} invited you to join ${organizationName} as ${role.en}.`,
        ...(invitation.message ? [`"${invitation.message}"`] : []),
        `Sign in (or create an account) with ${invitation.email} to accept. This invitation expires on ${expires}.`,
      ],
      action: 'Accept invitation',
    },
    ar: {
      heading: `انضم إلى ${organizationName} على دفتر`,
      paragraphs: [
        `دعاك ${inviter} للانضمام إلى ${organizationName} بصفة ${role.ar}.`,
        ...(invitation.message ? [`«${invitation.message}»`] : []),
        `سجّل الدخول (أو أنشئ حساباً) بالبريد ${invitation.email} لقبول الدعوة. تنتهي صلاحية هذه الدعوة في ${expires}.`,
      ],
      action: 'قبول الدعوة',
    },
    actionUrl: acceptInvitationUrl(token),
  });
  try {
    await sendMail({ to: invitation.email, subject: `Invitation to join ${organizationName} | دعوة للانضمام إلى ${organizationName}`, text, html });
    return true;
  } catch (err) {
    logger.error('invitation e-mail failed', { invitation_id: invitation.id, error: String(err) });
    return false;
  }
}

/** One invitation of the organization; 404 when it is missing (or another organization's). */
export async function getInvitation(organizationId: string, invitationId: string): Promise<InvitationItem> {
  const { data } = await Invitation.get({ organization_id: organizationId, id: invitationId }).go({ consistent: true });
  if (!data) throw new NotFound('Invitation not found');
  return data;
}

/** The organization's invitations, newest first, optionally of one (effective) status. */
export async function listInvitations(organizationId: string, statusFilter: InvitationStatus | undefined, now = nowIso()): Promise<InvitationItem[]> {
  const { data } = await Invitation.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  return data.filter((i) => !statusFilter || effectiveStatus(i, now) === statusFilter).sort((a, b) => b.id.localeCompare(a.id));
}

/**
 * Changing needs an invitation that is pending now; resending and cancelling also take a pending
 * one past its expiry (resending is how it is revived).
 */
function assertPending(invitation: InvitationItem, now: string, action: 'changed' | 'resent' | 'cancelled') {
  const status = action === 'changed' ? effectiveStatus(invitation, now) : invitation.status;
  if (status !== 'pending') throw new Conflict(`Only pending invitations can be ${action} (this one is ${effectiveStatus(invitation, now)})`);
}

/** Changes the role or message of a pending invitation; the owner role is the owners' to give. */
export async function updateInvitation(
  invitation: InvitationItem,
  actorRole: Role,
  changes: { role?: Role; message?: string | null },
  now = nowIso(),
): Promise<InvitationItem> {
  assertPending(invitation, now, 'changed');
  if ((changes.role === 'owner' || (changes.role && invitation.role === 'owner')) && actorRole !== 'owner') {
    throw new Forbidden('Only an owner can grant or revoke the owner role');
  }
  const set: Record<string, unknown> = { updated_at: now };
  if (changes.role) set.role = changes.role;
  if (changes.message) set.message = changes.message;
  let patch = Invitation.patch({ organization_id: invitation.organization_id, id: invitation.id }).set(set as never);
  if (changes.message === null && invitation.message !== undefined) patch = patch.remove(['message']);
  await postTransaction([
    updateItem(patch.where((a, { eq }) => eq(a.status, 'pending')).params(), () => new Conflict('The invitation changed while saving; reload and try again')),
  ]);
  return getInvitation(invitation.organization_id, invitation.id);
}

/**
 * Sends a pending invitation again with a new token (the old link stops working) and a new
 * expiry. A pending invitation past its expiry can be resent until the clean-up marks it expired.
 */
export async function resendInvitation(invitation: InvitationItem, now = nowIso()): Promise<{ invitation: InvitationItem; token: string }> {
  assertPending(invitation, now, 'resent');
  const token = randomToken(32);
  const tokenHash = hashInvitationToken(token);
  const expiresAt = invitationExpiry(now);
  await postTransaction([
    updateItem(
      Invitation.patch({ organization_id: invitation.organization_id, id: invitation.id })
        .set({ status: 'pending', token_hash: tokenHash, expires_at: expiresAt, updated_at: now })
        .add({ sent_count: 1 })
        .where((a, { eq }) => `${eq(a.status, 'pending')} AND ${eq(a.token_hash, invitation.token_hash)}`)
        .params(),
      () => new Conflict('The invitation changed while saving; reload and try again'),
    ),
  ]);
  return { invitation: await getInvitation(invitation.organization_id, invitation.id), token };
}

/** Cancels a pending invitation (its link stops working; the address can be invited again). */
export async function cancelInvitation(invitation: InvitationItem, now = nowIso()): Promise<InvitationItem> {
  assertPending(invitation, now, 'cancelled');
  await postTransaction(closeInvitationSteps(invitation, 'cancelled', now));
  return getInvitation(invitation.organization_id, invitation.id);
}

/**
 * Marks pending invitations past their expiry as `expired` (and frees their addresses), one
 * small transaction each so that one invitation accepted or resent meanwhile does not hold up
 * the others. With an organization: that organization's (a Query of its partition); without: all
 * organizations', read from the sparse pending-by-expiry index (no Scan). Answers how many.
 */
export async function expireInvitations(organizationId: string | undefined, now = nowIso()): Promise<number> {
  let expired = 0;
  const expireOne = async (invitation: InvitationItem) => {
    try {
      await postTransaction(closeInvitationSteps(invitation, 'expired', now));
      expired += 1;
    } catch (err) {
      // Accepted, cancelled or resent since it was read: nothing to expire.
      if (!(err instanceof Conflict)) throw err;
    }
  };
  const expireAll = async (items: InvitationItem[]) => {
    for (let i = 0; i < items.length; i += 10) await Promise.all(items.slice(i, i + 10).map(expireOne));
  };

  if (organizationId) {
    const { data } = await Invitation.query.byOrganization({ organization_id: organizationId })
      .where((a, { eq, lte }) => `${eq(a.status, 'pending')} AND ${lte(a.expires_at, now)}`)
      .go({ pages: 'all', consistent: true });
    await expireAll(data);
    return expired;
  }
  let cursor: string | null = null;
  do {
    const page: { data: InvitationItem[]; cursor: string | null } = await Invitation.query.pendingByExpiry({ status: 'pending' })
      .lt({ expires_at: now })
      .go({ cursor, limit: 100 });
    await expireAll(page.data.filter((i) => i.status === 'pending' && i.expires_at <= now));
    cursor = page.cursor;
  } while (cursor);
  return expired;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** The invitation a token belongs to (its current token), or null. */
export async function findInvitationByToken(token: string): Promise<InvitationItem | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = hashInvitationToken(token);
  const { data } = await Invitation.query.byToken({ token_hash: tokenHash }).go({ limit: 1 });
  const hit = data[0];
  if (!hit) return null;
  // The index lags a write; the item itself says whether this is still its token.
  const current = (await Invitation.get({ organization_id: hit.organization_id, id: hit.id }).go({ consistent: true })).data;
  return current && current.token_hash === tokenHash ? current : null;
}

/** What the invitee sees before accepting. */
export async function previewInvitation(token: string, now = nowIso()) {
  const invitation = await findInvitationByToken(token);
  if (!invitation) throw new NotFound('Invitation not found');
  const organization = await getOrganization(invitation.organization_id).catch((err) => {
    if (err instanceof NotFound) throw new NotFound('Invitation not found');
    throw err;
  });
  return {
    organization_id: organization.id,
    organization_name: organization.name,
    invited_by_name: invitation.invited_by_name ?? null,
    email: invitation.email,
    role: invitation.role,
    status: effectiveStatus(invitation, now),
    message: invitation.message ?? null,
    expires_at: invitation.expires_at,
  };
}

/**
 * Accepts an invitation for the signed-in user, whose e-mail must be the invited one: the
 * membership (with the invited role), the member count, the invitation's `accepted` state and
 * the release of its e-mail guard are one transaction.
 */
export async function acceptInvitation(token: string, user: Pick<UserItem, 'id' | 'email'>, now = nowIso()) {
  const invitation = await findInvitationByToken(token);
  if (!invitation) throw new NotFound('Invitation not found');
  if (invitation.email !== user.email.toLowerCase()) throw new Forbidden('This invitation was sent to another email address');
  const status = effectiveStatus(invitation, now);
  if (status === 'expired') throw new Gone(EXPIRED);
  if (status === 'accepted') throw new Conflict('This invitation has already been accepted');
  if (status === 'cancelled') throw new Conflict('This invitation has been cancelled');
  const organization = await getOrganization(invitation.organization_id);
  if (await getMembership(organization.id, user.id)) throw new Conflict('You are already a member of this organization');
  await addMembership(
    { organization_id: organization.id, user_id: user.id, role: invitation.role, added_by: invitation.invited_by, invitation_id: invitation.id },
    closeInvitationSteps(invitation, 'accepted', now, user.id),
    now,
  );
  const [accepted, joined] = await Promise.all([getInvitation(organization.id, invitation.id), getOrganization(organization.id)]);
  return { invitation: accepted, organization: joined };
}
