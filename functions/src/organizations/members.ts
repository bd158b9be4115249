import { ROLE_RANK, type Role, type schemas } from '@daftar/shared';
import { batchGet } from '../db/batch-get.js';
import { Membership, type MembershipItem } from '../db/membership.js';
import { Organization, type OrganizationItem } from '../db/organization.js';
import { User, UserEmail, type UserItem } from '../db/user.js';
import { Conflict, Forbidden, NotFound } from '../platform/errors.js';
import { nowIso } from '../platform/ids.js';
import { pendingInvitationClosingSteps } from '../invitations/transitions.js';
import { conditionCheck, deleteItem, putItem, updateItem, postTransaction, type TransactItem } from '../db/transaction.js';

type MemberPublic = schemas.MemberPublic;

export const ALREADY_MEMBER = 'User is already a member of this organization';
export const LAST_OWNER_DEMOTE = 'Cannot demote the last owner of the organization';
export const LAST_OWNER_REMOVE = 'Cannot remove the last owner of the organization';
export const LAST_OWNER_LEAVE = 'Transfer ownership before leaving';
const OWNER_ROLE_BY_OWNERS = 'Only an owner can grant or revoke the owner role';
const MEMBER_CHANGED = 'The membership changed while saving; reload and try again';

/** One membership, read consistently, or null. */
export async function getMembership(organizationId: string, userId: string): Promise<MembershipItem | null> {
  const { data } = await Membership.get({ organization_id: organizationId, user_id: userId }).go({ consistent: true });
  return data;
}

/** All memberships of an organization, read consistently (the last-owner rules depend on it). */
export async function membershipsOf(organizationId: string): Promise<MembershipItem[]> {
  const { data } = await Membership.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all', consistent: true });
  return data;
}

/** Users by id (BatchGet), keyed by id. */
export async function getUsers(ids: string[]): Promise<Map<string, UserItem>> {
  const users = await batchGet(ids.map((id) => ({ id })), (keys) => User.get(keys).go(), { what: 'users' });
  return new Map(users.map((u) => [u.id, u]));
}

/** The user with this e-mail (through the unique e-mail guard, read consistently), or null. */
export async function findUserByEmail(email: string): Promise<UserItem | null> {
  const guard = (await UserEmail.get({ email: email.toLowerCase() }).go({ consistent: true })).data;
  if (!guard) return null;
  return (await User.get({ id: guard.user_id }).go({ consistent: true })).data;
}

export interface NewMembership {
  organization_id: string;
  user_id: string;
  role: Role;
  added_by: string;
  invitation_id?: string;
}

/**
 * The transaction steps that add a member: the membership (must not exist yet) and the
 * organization's member count (the organization must still exist). Callers add their own steps
 * (an invitation's acceptance, say) to the same transaction.
 */
export function membershipAdditionSteps(m: NewMembership, now = nowIso()): TransactItem[] {
  return [
    putItem(
      Membership.create({ ...m, joined_at: now, updated_at: now }).params(),
      () => new Conflict(ALREADY_MEMBER),
    ),
    updateItem(Organization.patch({ id: m.organization_id }).add({ member_count: 1 }).params(), () => new NotFound('Organization not found')),
  ];
}

/** Adds a member in one transaction with `extraSteps`; answers the membership written. */
export async function addMembership(m: NewMembership, extraSteps: TransactItem[] = [], now = nowIso()): Promise<MembershipItem> {
  await postTransaction([...membershipAdditionSteps(m, now), ...extraSteps]);
  return { ...m, joined_at: now, updated_at: now } as MembershipItem;
}

/**
 * Adds an existing user (by id or e-mail) to the organization. A pending invitation of that
 * address to this organization is cancelled in the same transaction: it has nothing left to do.
 */
export async function addExistingUser(
  org: OrganizationItem,
  actor: { user_id: string; role: Role },
  target: { user_id?: string; email?: string; role: Role },
  now = nowIso(),
) {
  if (target.role === 'owner' && actor.role !== 'owner') throw new Forbidden(OWNER_ROLE_BY_OWNERS);
  const user = target.user_id
    ? (await User.get({ id: target.user_id }).go({ consistent: true })).data
    : await findUserByEmail(target.email!);
  if (!user) throw new NotFound('User not found');
  if (await getMembership(org.id, user.id)) throw new Conflict(ALREADY_MEMBER);
  const closing = await pendingInvitationClosingSteps(org.id, user.email, 'cancelled', now);
  const membership = await addMembership({ organization_id: org.id, user_id: user.id, role: target.role, added_by: actor.user_id }, closing, now);
  return toMemberPublic(membership, user);
}

export function toMemberPublic(m: MembershipItem, user: UserItem | undefined | null): MemberPublic {
  return {
    user_id: m.user_id,
    organization_id: m.organization_id,
    email: user?.email ?? '',
    full_name: user?.full_name ?? null,
    role: m.role,
    joined_at: m.joined_at,
  };
}

/** Members with their e-mail and name: owners first, then by rank, then by joining date. */
export async function listMembers(organizationId: string, skip: number, limit: number) {
  const memberships = (await membershipsOf(organizationId)).sort(
    (a, b) => ROLE_RANK[b.role] - ROLE_RANK[a.role] || a.joined_at.localeCompare(b.joined_at),
  );
  const page = memberships.slice(skip, skip + limit);
  const users = await getUsers(page.map((m) => m.user_id));
  return { data: page.map((m) => toMemberPublic(m, users.get(m.user_id))), count: memberships.length };
}

/**
 * When an owner stops being one, another owner must remain: the transaction checks that owner
 * still is one (so two owners stepping down at once cannot both succeed), and the organization's
 * `owner_id` moves to them if it named the departing owner.
 */
async function ownerSuccession(org: OrganizationItem, departing: string, lastOwnerDetail: string) {
  const others = (await membershipsOf(org.id)).filter((m) => m.role === 'owner' && m.user_id !== departing);
  const successor = others.find((m) => m.user_id === org.owner_id) ?? others[0];
  if (!successor) throw new Conflict(lastOwnerDetail);
  const check = conditionCheck(
    Membership.delete({ organization_id: org.id, user_id: successor.user_id }).where((a, { eq }) => eq(a.role, 'owner')).params(),
    () => new Conflict(lastOwnerDetail),
  );
  return { check, newOwnerId: org.owner_id === departing ? successor.user_id : undefined };
}

/** Changes a member's role; only owners touch the owner role, and the last owner stays. */
export async function changeMemberRole(org: OrganizationItem, actorRole: Role, targetUserId: string, role: Role, now = nowIso()) {
  const current = await getMembership(org.id, targetUserId);
  if (!current) throw new NotFound('Member not found');
  if ((role === 'owner' || current.role === 'owner') && actorRole !== 'owner') throw new Forbidden(OWNER_ROLE_BY_OWNERS);
  if (current.role === role) return current;
  const steps: TransactItem[] = [
    updateItem(
      Membership.patch({ organization_id: org.id, user_id: targetUserId }).set({ role, updated_at: now }).where((a, { eq }) => eq(a.role, current.role)).params(),
      () => new Conflict(MEMBER_CHANGED),
    ),
  ];
  if (current.role === 'owner') {
    const { check, newOwnerId } = await ownerSuccession(org, targetUserId, LAST_OWNER_DEMOTE);
    steps.push(check);
    if (newOwnerId) steps.push(updateItem(Organization.patch({ id: org.id }).set({ owner_id: newOwnerId }).params()));
  }
  await postTransaction(steps);
  return { ...current, role, updated_at: now };
}

/**
 * Removes a membership (`leave`: the caller's own). Admins cannot remove owners; the last owner
 * can neither be removed nor leave. The member count drops in the same transaction.
 */
export async function removeMember(
  org: OrganizationItem,
  actor: { user_id: string; role: Role },
  targetUserId: string,
  mode: 'remove' | 'leave',
): Promise<MembershipItem> {
  const current = await getMembership(org.id, targetUserId);
  if (!current) throw new NotFound(mode === 'leave' ? 'You are not a member of this organization' : 'Member not found');
  if (mode === 'remove' && current.role === 'owner' && actor.role !== 'owner') throw new Forbidden('Admins cannot remove owners');
  let newOwnerId: string | undefined;
  const steps: TransactItem[] = [
    deleteItem(
      Membership.delete({ organization_id: org.id, user_id: targetUserId }).where((a, { eq }) => eq(a.role, current.role)).params(),
      () => new Conflict(MEMBER_CHANGED),
    ),
  ];
  if (current.role === 'owner') {
    const succession = await ownerSuccession(org, targetUserId, mode === 'leave' ? LAST_OWNER_LEAVE : LAST_OWNER_REMOVE);
    steps.push(succession.check);
    newOwnerId = succession.newOwnerId;
  }
  const orgUpdate = Organization.patch({ id: org.id }).add({ member_count: -1 });
  steps.push(updateItem((newOwnerId ? orgUpdate.set({ owner_id: newOwnerId }) : orgUpdate).params(), () => new NotFound('Organization not found')));
  await postTransaction(steps);
  return current;
}
