/** Items of an organization, owned by whoever created them. */
import type { z } from 'zod';
import { hasRank, type Role, type schemas } from '@daftar/shared';
import { Item, type ItemRecord } from '../db/item.js';
import type { Principal } from '../http/principal.js';
import { Forbidden, NotFound } from '../platform/errors.js';

export type ItemPublic = z.infer<typeof schemas.itemPublic>;

export function presentItem(item: ItemRecord): ItemPublic {
  return {
    id: item.id,
    organization_id: item.organization_id,
    title: item.title,
    description: item.description ?? null,
    owner_id: item.owner_id,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** Who owns what the caller creates: the signed-in user, or the API key for integrations. */
export const ownerIdOf = (principal: Principal | null) => (principal?.kind === 'api_key' ? principal.apiKey.id : principal!.user!.id);

export async function getItem(organizationId: string, id: string): Promise<ItemRecord> {
  const { data } = await Item.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Item not found');
  return data;
}

/** Changing or deleting an item is for its owner and for admins. */
export function assertMayChange(item: ItemRecord, principal: Principal | null, role: Role | null) {
  if (item.owner_id !== ownerIdOf(principal) && !hasRank(role, 'admin')) {
    throw new Forbidden('Only the owner of the item or an admin can change it');
  }
}
