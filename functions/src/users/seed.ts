import { Conflict } from '../platform/errors.js';
import { createAccount, findUserByEmail } from './accounts.js';
import * as schemas from '@daftar/shared/schemas/index';

/**
 * Makes sure the platform's first superuser exists (FIRST_SUPERUSER / FIRST_SUPERUSER_PASSWORD;
 * the local runtime calls this at start). Idempotent: an existing account with that e-mail is
 * left exactly as it is, whatever its password or flags.
 */
export async function ensureSuperuser(email: string, password: string, fullName?: string): Promise<{ created: boolean; id: string }> {
  const address = schemas.email.parse(email);
  const existing = await findUserByEmail(address);
  if (existing) return { created: false, id: existing.id };
  try {
    const { user } = await createAccount({
      email: address,
      password,
      full_name: fullName ?? 'Administrator',
      is_superuser: true,
      is_verified: true,
      onboarding_completed: true,
    });
    return { created: true, id: user.id };
  } catch (err) {
    // Two starts racing: the other one created it.
    if (!(err instanceof Conflict)) throw err;
    const winner = await findUserByEmail(address);
    if (!winner) throw err;
    return { created: false, id: winner.id };
  }
}
