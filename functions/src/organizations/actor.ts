import type { Role } from '@daftar/shared';
import type { RouteContext } from '../http/api.js';
import { Forbidden, Unauthorized } from '../http/errors.js';
import type { UserItem } from '../db/user.js';

/** The signed-in user (routes with access 'user', or organization routes that need a person). */
export function signedInUser(ctx: RouteContext<unknown, unknown>, why = 'This call needs a signed-in user, not an API key'): UserItem {
  if (!ctx.principal) throw new Unauthorized();
  if (ctx.principal.kind !== 'user') throw new Forbidden(why);
  return ctx.principal.user;
}

/**
 * Who acts on an organization route, with the rank the pipeline granted (superusers act as
 * owners). An API key acts for the user who created it, under the key's name.
 */
export function organizationActor(ctx: RouteContext<unknown, unknown>): { user_id: string; name: string; role: Role } {
  const principal = ctx.principal;
  if (!principal || !ctx.role) throw new Unauthorized();
  if (principal.kind === 'user') return { user_id: principal.user.id, name: principal.user.full_name || principal.user.email, role: ctx.role };
  return { user_id: principal.apiKey.created_by, name: principal.apiKey.name, role: ctx.role };
}
