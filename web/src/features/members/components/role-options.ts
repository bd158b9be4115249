import { ROLES, type Role } from '@daftar/shared';
import type { TFunction } from 'i18next';

/** Only an owner may make someone an owner. */
export function assignableRoles(isOwner: boolean): Role[] {
  return ROLES.filter((role) => role !== 'owner' || isOwner);
}

export const roleOptions = (roles: readonly Role[], t: TFunction) => roles.map((role) => ({ value: role, label: t(`roles.${role}`) }));
