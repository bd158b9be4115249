import { ROLES, type Role, type schemas } from '@daftar/shared';
import { scaleBarcodesOf } from '@daftar/shared/schemas/organizations';
import { ApiKey } from '../db/apiKey.js';
import { batchGet } from '../db/batch-get.js';
import { Invitation, InvitationEmail } from '../db/invitation.js';
import { Membership, type MembershipItem } from '../db/membership.js';
import { Organization, OrganizationName, organizationNameKey, type OrganizationItem } from '../db/organization.js';
import { StockMovement } from '../db/stockMovement.js';
import { Conflict, NotFound } from '../platform/errors.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { deleteItem, putItem, updateItem, postInChunks, postTransaction, type TransactItem } from '../db/transaction.js';
import { organizationChanged } from './settings.js';

type OrganizationCreate = schemas.OrganizationCreate;
type OrganizationUpdate = schemas.OrganizationUpdate;
type OrganizationPublic = schemas.OrganizationPublic;

export const NAME_TAKEN = 'An organization with this name already exists';
const CHANGED_BY_SOMEONE_ELSE = 'The organization was changed by someone else; reload it and try again';
export const VALUATION_METHOD_LOCKED =
  'The valuation method cannot be changed once stock has moved: the cost layers already recorded were made under the current method';

/** Profile fields a caller may set; everything else on the item is kept by the system. */
const PROFILE_FIELDS = [
  'name', 'name_ar', 'legal_name', 'tax_number', 'income_source_sequence', 'taxpayer_track', 'commercial_registration', 'phone',
  'email', 'address', 'city', 'governorate', 'postal_code', 'base_currency', 'fiscal_year_start_month', 'timezone',
  'description', 'inventory_valuation_method', 'allow_negative_stock', 'pos_receiptless_returns', 'scale_barcodes',
] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

export function toOrganizationPublic(org: OrganizationItem, role: Role | null | undefined): OrganizationPublic {
  return {
    id: org.id,
    name: org.name,
    name_ar: org.name_ar ?? null,
    legal_name: org.legal_name ?? null,
    tax_number: org.tax_number ?? null,
    income_source_sequence: org.income_source_sequence ?? null,
    gst_registration_number: org.gst_registration_number ?? null,
    taxpayer_track: org.taxpayer_track ?? null,
    commercial_registration: org.commercial_registration ?? null,
    phone: org.phone ?? null,
    email: org.email ?? null,
    address: org.address ?? null,
    city: org.city ?? null,
    governorate: org.governorate ?? null,
    postal_code: org.postal_code ?? null,
    base_currency: org.base_currency,
    fiscal_year_start_month: org.fiscal_year_start_month,
    timezone: org.timezone,
    description: org.description ?? null,
    inventory_valuation_method: org.inventory_valuation_method ?? 'fifo',
    allow_negative_stock: org.allow_negative_stock ?? true,
    pos_receiptless_returns: org.pos_receiptless_returns ?? 'admins',
    scale_barcodes: scaleBarcodesOf(org.scale_barcodes),
    owner_id: org.owner_id,
    member_count: org.member_count,
    version: org.version,
    created_at: org.created_at,
    updated_at: org.updated_at,
    role: role ?? null,
  };
}

/** The organization, read consistently; 404 when it does not exist. */
export async function getOrganization(id: string): Promise<OrganizationItem> {
  const { data } = await Organization.get({ id }).go({ consistent: true });
  if (!data) throw new NotFound('Organization not found');
  return data;
}

/** Organizations by id (BatchGet), in the order asked; ids without an organization are left out. */
export async function getOrganizations(ids: string[]): Promise<OrganizationItem[]> {
  const found = new Map(
    (await batchGet(ids.map((id) => ({ id })), (keys) => Organization.get(keys).go(), { what: 'organizations' })).map((org) => [org.id, org]),
  );
  return ids.map((id) => found.get(id)).filter((o): o is OrganizationItem => !!o);
}

const definedProfile = (input: Partial<Record<ProfileField, unknown>>) =>
  Object.fromEntries(PROFILE_FIELDS.filter((k) => input[k] !== undefined && input[k] !== null).map((k) => [k, input[k]]));

/**
 * Creates an organization with its owner: the organization, the owner's membership and the
 * name guard in one transaction, so a taken name (case-insensitive) writes nothing.
 */
export async function createOrganization(input: OrganizationCreate, ownerId: string, now = nowIso()): Promise<OrganizationItem> {
  const id = uuidv7(Date.parse(now));
  const org = {
    ...definedProfile(input),
    id,
    name: input.name,
    owner_id: ownerId,
    member_count: 1,
    version: 1,
    created_at: now,
    updated_at: now,
  } as OrganizationItem;
  await postTransaction([
    putItem(Organization.create(org).params()),
    putItem(Membership.create({ organization_id: id, user_id: ownerId, role: 'owner', added_by: ownerId, joined_at: now, updated_at: now }).params()),
    putItem(OrganizationName.create({ name_key: organizationNameKey(input.name), organization_id: id }).params(), () => new Conflict(NAME_TAKEN)),
  ]);
  return org;
}

/** Deletes a name guard if it is this organization's (or already gone). */
const releaseNameStep = (name: string, organizationId: string) =>
  deleteItem(
    OrganizationName.delete({ name_key: organizationNameKey(name) })
      .where((a, { notExists, eq }) => `${notExists(a.organization_id)} OR ${eq(a.organization_id, organizationId)}`)
      .params(),
  );

/** Whether the organization has any stock movement: one Query of at most one item on its movements partition. */
async function hasStockMovement(organizationId: string): Promise<boolean> {
  const { data } = await StockMovement.query.byDate({ organization_id: organizationId }).go({ limit: 1, consistent: true, attributes: ['id'] });
  return data.length > 0;
}

/**
 * Updates the profile. The write is conditional on the version read (and on the caller's
 * `version`, when given); a rename moves the name guard in the same transaction.
 */
export async function updateOrganization(current: OrganizationItem, changes: OrganizationUpdate, now = nowIso()): Promise<OrganizationItem> {
  if (changes.version !== undefined && changes.version !== current.version) throw new Conflict(CHANGED_BY_SOMEONE_ELSE);
  const method = changes.inventory_valuation_method;
  if (method && method !== (current.inventory_valuation_method ?? 'fifo') && (await hasStockMovement(current.id))) {
    throw new Conflict(VALUATION_METHOD_LOCKED);
  }
  const set: Record<string, unknown> = {};
  const remove: ProfileField[] = [];
  for (const field of PROFILE_FIELDS) {
    const value = changes[field];
    if (value === undefined) continue;
    if (value === null) { if (current[field] !== undefined) remove.push(field); } else set[field] = value;
  }
  const steps: TransactItem[] = [];
  const newName = set.name as string | undefined;
  if (newName !== undefined && organizationNameKey(newName) !== organizationNameKey(current.name)) {
    steps.push(releaseNameStep(current.name, current.id));
    steps.push(putItem(OrganizationName.create({ name_key: organizationNameKey(newName), organization_id: current.id }).params(), () => new Conflict(NAME_TAKEN)));
  }
  let patch = Organization.patch({ id: current.id }).set({ ...set, version: current.version + 1, updated_at: now } as never);
  if (remove.length) patch = patch.remove(remove as never);
  steps.unshift(updateItem(patch.where((a, { eq }) => eq(a.version, current.version)).params(), () => new Conflict(CHANGED_BY_SOMEONE_ELSE)));
  await postTransaction(steps);
  organizationChanged(current.id);
  return getOrganization(current.id);
}

/**
 * Deletes an organization: the organization and its name guard first (in the same transaction as
 * the first memberships), then the remaining memberships, invitations, their e-mail guards and
 * the organization's API keys, in transactions of at most 100 items. A second pass catches a
 * membership or invitation written while the first ran.
 *
 * Other resources' tenant data (invoices, ledgers, files…) is not deleted here: with the
 * memberships and API keys gone nobody can reach it any more, because every organization route
 * requires a membership (or a key) of that organization. Removing it is a job for a background
 * purge that each resource can add, not for this request.
 */
export async function deleteOrganization(organizationId: string): Promise<void> {
  const org = (await Organization.get({ id: organizationId }).go({ consistent: true })).data;
  const first: TransactItem[] = [];
  if (org) {
    first.push(deleteItem(Organization.delete({ id: organizationId }).params()));
    first.push(releaseNameStep(org.name, organizationId));
  }
  for (let pass = 0; pass < 2; pass++) {
    const [memberships, invitations, invitees, apiKeys] = await Promise.all([
      Membership.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all', consistent: true, attributes: ['organization_id', 'user_id'] }),
      Invitation.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all', consistent: true, attributes: ['organization_id', 'id'] }),
      InvitationEmail.query.byOrganizationEmail({ organization_id: organizationId }).go({ pages: 'all', consistent: true, attributes: ['organization_id', 'email'] }),
      ApiKey.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all', consistent: true, attributes: ['organization_id', 'id'] }),
    ]);
    const steps = [
      ...(pass === 0 ? first : []),
      ...memberships.data.map((m) => deleteItem(Membership.delete(m).params())),
      ...invitations.data.map((i) => deleteItem(Invitation.delete(i).params())),
      ...invitees.data.map((g) => deleteItem(InvitationEmail.delete(g).params())),
      ...apiKeys.data.map((k) => deleteItem(ApiKey.delete(k).params())),
    ];
    if (!steps.length) {
      if (pass === 0) throw new NotFound('Organization not found');
      return;
    }
    await postInChunks(steps);
  }
}

/** Memberships of a user, in the order the organizations were created. */
export async function membershipsOfUser(userId: string): Promise<MembershipItem[]> {
  const { data } = await Membership.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data;
}

/**
 * Whether the user belongs to an organization someone else brought them into (an accepted
 * invitation, or added by an admin), as opposed to one they created themselves (issue #12).
 */
export async function joinedAnOrganization(userId: string): Promise<boolean> {
  return (await membershipsOfUser(userId)).some((m) => !!m.invitation_id || (m.added_by ? m.added_by !== userId : m.role !== 'owner'));
}

/**
 * The onboarding flag as the app acts on it: the user finished the wizard, or joined an
 * organization — someone who joined one is never sent to set one up (issue #12).
 */
export async function onboardingDone(user: { id: string; onboarding_completed: boolean }): Promise<boolean> {
  return user.onboarding_completed || (await joinedAnOrganization(user.id));
}

/** The caller's organizations (`{data, count}`, each with the caller's role). */
export async function listOrganizationsOfUser(userId: string, skip: number, limit: number) {
  const memberships = await membershipsOfUser(userId);
  const page = memberships.slice(skip, skip + limit);
  const orgs = await getOrganizations(page.map((m) => m.organization_id));
  const roleOf = new Map(page.map((m) => [m.organization_id, m.role]));
  return { data: orgs.map((o) => toOrganizationPublic(o, roleOf.get(o.id))), count: memberships.length };
}

/** Every organization (superusers), oldest first, with the caller's role where they belong. */
export async function listAllOrganizations(userId: string, skip: number, limit: number) {
  const [{ data }, memberships] = await Promise.all([Organization.query.all({}).go({ pages: 'all' }), membershipsOfUser(userId)]);
  const roleOf = new Map(memberships.map((m) => [m.organization_id, m.role]));
  return { data: data.slice(skip, skip + limit).map((o) => toOrganizationPublic(o, roleOf.get(o.id))), count: data.length };
}

/** Members by role and invitations by status, read from the organization's partition. */
export async function organizationStats(org: OrganizationItem, now = new Date()) {
  const [memberships, invitations] = await Promise.all([
    Membership.query.byOrganization({ organization_id: org.id }).go({ pages: 'all', attributes: ['role'] }),
    Invitation.query.byOrganization({ organization_id: org.id }).go({ pages: 'all', attributes: ['status', 'expires_at'] }),
  ]);
  const membersByRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const m of memberships.data) membersByRole[m.role] += 1;
  const invitationsByStatus: Record<string, number> = { pending: 0, accepted: 0, cancelled: 0, expired: 0 };
  const nowIsoString = now.toISOString();
  for (const i of invitations.data) {
    const status = i.status === 'pending' && i.expires_at <= nowIsoString ? 'expired' : i.status;
    invitationsByStatus[status] = (invitationsByStatus[status] ?? 0) + 1;
  }
  return {
    organization_id: org.id,
    name: org.name,
    member_count: memberships.data.length,
    members_by_role: membersByRole,
    pending_invitations: invitationsByStatus.pending ?? 0,
    invitations_by_status: invitationsByStatus,
    owner_id: org.owner_id,
    base_currency: org.base_currency,
    created_at: org.created_at,
    updated_at: org.updated_at,
    age_days: Math.max(0, Math.floor((now.getTime() - Date.parse(org.created_at)) / 86_400_000)),
  };
}
