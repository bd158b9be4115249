import type { UserPublic } from '@daftar/shared/schemas/users';
import { countHit, MAIL_COOLDOWN_SECONDS } from '../auth/rateLimit.js';
import { EmailVerification } from '../db/emailVerification.js';
import { Membership, type MembershipItem } from '../db/membership.js';
import { Organization } from '../db/organization.js';
import { User, UserEmail, type UserItem } from '../db/user.js';
import { writeAudit, type AuditEntry } from '../http/audit.js';
import type { RouteContext } from '../http/api.js';
import { Conflict } from '../platform/errors.js';
import { newVerification, sendVerification, type PendingVerification } from '../email-verification/verification.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';
import { hashPassword } from '../platform/passwords.js';
import { isConditionFailure, MAX_TRANSACTION_ACTIONS, postTransaction, TransactionRejected, type TransactItem, type TransactUpdate } from '../db/transaction.js';

export const EMAIL_TAKEN = 'The user with this email already exists in the system';
const CHANGED_MEANWHILE = 'The user was changed by another request at the same time; reload and try again';

export function publicUser(user: UserItem): UserPublic {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name ?? null,
    is_active: user.is_active,
    is_superuser: user.is_superuser,
    is_verified: user.is_verified,
    onboarding_completed: user.onboarding_completed,
    created_at: user.created_at,
  };
}


/**
 * Platform audit record (organization null) for calls whose actor the pipeline cannot know:
 * public calls (sign-up, sign-in) act as or on the user named here. A sign-in attempt for an
 * unknown e-mail has no user id; the record keeps the address tried.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function auditPlatform(ctx: RouteContext<any, any>, subject: { id?: string | null; email: string }, entry: AuditEntry) {
  await writeAudit({ ...ctx.actor(), organization_id: null, user_id: subject.id ?? null, user_email: subject.email }, entry);
}

export async function getUser(id: string): Promise<UserItem | null> {
  const { data } = await User.get({ id }).go({ consistent: true });
  return data;
}

/** Through the e-mail guard: strongly consistent, unlike the byEmail index. */
export async function findUserByEmail(email: string): Promise<UserItem | null> {
  const { data: guard } = await UserEmail.get({ email }).go({ consistent: true });
  if (!guard) return null;
  const user = await getUser(guard.user_id);
  return user && user.email === email ? user : null;
}

export interface NewAccount {
  email: string;
  password: string;
  full_name?: string | null;
  is_active?: boolean;
  is_superuser?: boolean;
  is_verified?: boolean;
  onboarding_completed?: boolean;
}

/**
 * Creates the user and its e-mail guard in one transaction (the guard's condition makes the
 * address unique), plus the verification code when the address is not verified yet; then mails
 * the code. A mail failure is logged, not raised: the account exists and the code can be resent.
 */
export async function createAccount(input: NewAccount): Promise<{ user: UserItem; verification: PendingVerification | null }> {
  // Spares the scrypt work for the obvious duplicate; the transaction's guard settles races.
  if ((await UserEmail.get({ email: input.email }).go({ consistent: true })).data) throw new Conflict(EMAIL_TAKEN);
  const now = nowIso();
  const user: UserItem = {
    id: uuidv7(),
    email: input.email,
    full_name: input.full_name ?? undefined,
    password_hash: await hashPassword(input.password),
    is_active: input.is_active ?? true,
    is_superuser: input.is_superuser ?? false,
    is_verified: input.is_verified ?? false,
    onboarding_completed: input.onboarding_completed ?? false,
    token_version: 0,
    created_at: now,
    updated_at: now,
  };
  const verification = user.is_verified ? null : await newVerification(user.email, user.id);
  try {
    await postTransaction([
      { Put: User.create(user).params() },
      { Put: UserEmail.create({ email: user.email, user_id: user.id }).params() },
      ...(verification?.items ?? []),
    ]);
  } catch (err) {
    if (err instanceof TransactionRejected && err.failedAt(1)) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
  if (verification) await mailVerification(verification);
  return { user, verification };
}

/** Mails a code and starts the address's resend cooldown, as a resend would. */
async function mailVerification(verification: PendingVerification) {
  try {
    await countHit('verify-mail', verification.email, MAIL_COOLDOWN_SECONDS);
    await sendVerification(verification);
  } catch (err) {
    logger.error('verification mail failed', { error: String(err) });
  }
}

export interface AccountChanges {
  email?: string;
  full_name?: string | null;
  password?: string;
  is_active?: boolean;
  is_superuser?: boolean;
  is_verified?: boolean;
}

/**
 * Applies changes to a user and returns the new state. A new e-mail moves the uniqueness guard
 * in the same transaction and makes the user unverified (a code goes to the new address) unless
 * the caller sets is_verified. A new password bumps token_version: earlier tokens stop working.
 * Every write is conditional on the state read, so concurrent edits answer 409 instead of
 * silently overwriting each other.
 */
export async function updateAccount(user: UserItem, changes: AccountChanges): Promise<UserItem> {
  const set: Partial<UserItem> & { updated_at: string } = { updated_at: nowIso() };
  const emailChanged = changes.email !== undefined && changes.email !== user.email;
  if (emailChanged) {
    set.email = changes.email;
    set.is_verified = changes.is_verified ?? false;
  } else if (changes.is_verified !== undefined) {
    set.is_verified = changes.is_verified;
  }
  if (typeof changes.full_name === 'string') set.full_name = changes.full_name;
  if (changes.is_active !== undefined) set.is_active = changes.is_active;
  if (changes.is_superuser !== undefined) set.is_superuser = changes.is_superuser;
  if (changes.password !== undefined) set.password_hash = await hashPassword(changes.password);
  const bump = changes.password !== undefined ? 1 : 0;
  const clearName = changes.full_name === null && user.full_name !== undefined;

  const update = User.patch({ id: user.id }).set(set).add({ token_version: bump });
  const patch = (clearName ? update.remove(['full_name']) : update)
    .where(({ email, token_version }, { eq }) => `${eq(email, user.email)} AND ${eq(token_version, user.token_version)}`);

  const updated: UserItem = { ...user, ...set, token_version: user.token_version + bump };
  if (clearName) delete updated.full_name;

  if (!emailChanged) {
    try {
      await patch.go();
    } catch (err) {
      if (isConditionFailure(err)) throw new Conflict(CHANGED_MEANWHILE);
      throw err;
    }
    return updated;
  }

  const verification = updated.is_verified ? null : await newVerification(updated.email, user.id);
  try {
    await postTransaction([
      { Update: patch.params() },
      { Delete: UserEmail.delete({ email: user.email }).where(({ user_id }, { eq }) => eq(user_id, user.id)).params() },
      { Put: UserEmail.create({ email: updated.email, user_id: user.id }).params() },
      { Delete: EmailVerification.delete({ email: user.email }).params() },
      ...(verification?.items ?? []),
    ]);
  } catch (err) {
    if (err instanceof TransactionRejected) throw new Conflict(err.failedAt(2) ? EMAIL_TAKEN : CHANGED_MEANWHILE);
    throw err;
  }
  if (verification) await mailVerification(verification);
  return updated;
}

/**
 * Names of the organizations the user owns that have other members: such an owner must hand the
 * organization over (or remove the members) first, or the members would be left without one.
 */
async function ownedOrganizationsWithMembers(userId: string, memberships: MembershipItem[]): Promise<string[]> {
  const owned = memberships.filter((m) => m.role === 'owner');
  const blocked = await Promise.all(
    owned.map(async (m) => {
      const { data: members } = await Membership.query.byOrganization({ organization_id: m.organization_id }).go({ count: 2, pages: 'all' });
      if (!members.some((x) => x.user_id !== userId)) return null;
      const { data: org } = await Organization.get({ id: m.organization_id }).go();
      return org?.name ?? m.organization_id;
    }),
  );
  return blocked.filter((name): name is string => name !== null);
}

/**
 * Deletes the user, the e-mail guard, the pending verification and every membership (with each
 * organization's member count) in one transaction. Someone in more organizations than one
 * transaction holds has their memberships removed in chunks first; the user goes last, so an
 * interrupted deletion leaves a user that can simply be deleted again.
 */
export async function deleteAccount(user: UserItem, who: 'self' | 'other'): Promise<void> {
  const { data: memberships } = await Membership.query.byUser({ user_id: user.id }).go({ pages: 'all' });
  const blocked = await ownedOrganizationsWithMembers(user.id, memberships);
  if (blocked.length) {
    const subject = who === 'self' ? 'You are' : 'This user is';
    throw new Conflict(
      `${subject} the owner of ${blocked.map((n) => `"${n}"`).join(', ')}, which still ${blocked.length === 1 ? 'has' : 'have'} other members: transfer ownership or remove them first`,
    );
  }

  const existingOrgs = new Set<string>();
  await Promise.all(
    memberships.map(async (m) => {
      const { data } = await Organization.get({ id: m.organization_id }).go();
      if (data) existingOrgs.add(m.organization_id);
    }),
  );
  const membershipItems: TransactItem[][] = memberships.map((m) => [
    { Delete: Membership.delete({ organization_id: m.organization_id, user_id: user.id }).params() },
    ...(existingOrgs.has(m.organization_id)
      ? [{ Update: Organization.patch({ id: m.organization_id }).add({ member_count: -1 }).params<TransactUpdate>() }]
      : []),
  ]);
  const userItems: TransactItem[] = [
    {
      Delete: User.delete({ id: user.id })
        .where(({ email, token_version }, { eq }) => `${eq(email, user.email)} AND ${eq(token_version, user.token_version)}`)
        .params(),
    },
    { Delete: UserEmail.delete({ email: user.email }).where(({ user_id }, { eq }) => eq(user_id, user.id)).params() },
    { Delete: EmailVerification.delete({ email: user.email }).params() },
  ];

  const batches: TransactItem[][] = [[]];
  for (const group of membershipItems) {
    if (batches.at(-1)!.length + group.length > MAX_TRANSACTION_ACTIONS - userItems.length) batches.push([]);
    batches.at(-1)!.push(...group);
  }
  batches.at(-1)!.push(...userItems);
  for (const batch of batches) {
    try {
      await postTransaction(batch);
    } catch (err) {
      if (err instanceof TransactionRejected) throw new Conflict(CHANGED_MEANWHILE);
      throw err;
    }
  }
}
