import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/client.js';
import { User } from '../db/user.js';
import { ensureSuperuser } from './seed.js';
import { signIn } from './test-helpers.js';

describe('ensureSuperuser', () => {
  it('creates a verified, active superuser with onboarding done, once', async () => {
    const email = uniqueEmail('root');
    const first = await ensureSuperuser(email.toUpperCase(), 'first-password', 'Platform Admin');
    const second = await ensureSuperuser(email, 'other-password');
    expect(first.created).toBe(true);
    expect(second).toEqual({ created: false, id: first.id });
    expect((await User.get({ id: first.id }).go()).data).toMatchObject({
      email, full_name: 'Platform Admin', is_superuser: true, is_active: true, is_verified: true, onboarding_completed: true,
    });
    // The second call changed nothing, the password included.
    expect((await signIn(email, 'first-password')).status).toBe(200);
    expect((await signIn(email, 'other-password')).status).toBe(400);
  });

  it('settles two concurrent starts on one account', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([ensureSuperuser(email, 'pw-123456'), ensureSuperuser(email, 'pw-123456')]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });
});
