import type { Role } from '@daftar/shared';
import type { RouteContext } from '../http/api.js';
import { Unauthorized } from '../platform/errors.js';

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
