/**
 * Test data written straight through the entities, so a resource's tests do not depend on the
 * sign-up and organization routes of other resources.
 */
import { User, UserEmail } from '../src/db/user.js';
import { Organization, OrganizationName, organizationNameKey } from '../src/db/organization.js';
import { Membership } from '../src/db/membership.js';
import { issueAccessToken } from '../src/platform/tokens.js';
import { hashPassword } from '../src/platform/passwords.js';
import { uuidv7, nowIso } from '../src/platform/ids.js';
import type { Role } from '@daftar/shared';
import { uniqueEmail } from './client.js';

let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function createUser(overrides: Partial<{ email: string; full_name: string; is_superuser: boolean; is_verified: boolean; onboarding_completed: boolean }> = {}) {
  const now = nowIso();
  const user = {
    id: uuidv7(),
    email: overrides.email ?? uniqueEmail(),
    full_name: overrides.full_name ?? 'Test User',
    password_hash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
    is_active: true,
    is_superuser: overrides.is_superuser ?? false,
    is_verified: overrides.is_verified ?? true,
    onboarding_completed: overrides.onboarding_completed ?? true,
    token_version: 0,
    created_at: now,
    updated_at: now,
  };
  await User.create(user).go();
  await UserEmail.create({ email: user.email, user_id: user.id }).go();
  const token = await issueAccessToken(user);
  return { user, token };
}

export async function createOrganization(ownerId: string, name = `Org ${uuidv7().slice(-8)}`) {
  const now = nowIso();
  const org = { id: uuidv7(), name, owner_id: ownerId, base_currency: 'JOD', fiscal_year_start_month: 1, timezone: 'Asia/Amman', member_count: 0, version: 1, created_at: now, updated_at: now };
  await Organization.create(org).go();
  await OrganizationName.create({ name_key: organizationNameKey(name), organization_id: org.id }).go();
  await addMember(org.id, ownerId, 'owner');
  return { ...org, member_count: 1 };
}

export async function addMember(organizationId: string, userId: string, role: Role) {
  const now = nowIso();
  await Membership.create({ organization_id: organizationId, user_id: userId, role, joined_at: now, updated_at: now }).go();
  await Organization.update({ id: organizationId }).add({ member_count: 1 }).go();
}

/** An organization with one user of each role. */
export async function organizationWithRoles() {
  const owner = await createUser({ full_name: 'Owner' });
  const org = await createOrganization(owner.user.id);
  const users: Record<Role, { user: typeof owner.user; token: string }> = { owner } as never;
  for (const role of ['admin', 'member', 'viewer'] as const) {
    const u = await createUser({ full_name: role });
    await addMember(org.id, u.user.id, role);
    users[role] = u;
  }
  return { org, users };
}
