import { describe, expect, it, vi } from 'vitest';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { uniqueEmail } from '../../test/client.js';
import { documentClient } from '../db/client.js';
import { Invitation } from '../db/invitation.js';
import { uuidv7 } from '../platform/ids.js';
import { cleanupExpiredInvitations } from './cleanup.js';

const DAY = 86_400_000;

async function invitation(organizationId: string, invitedBy: string, status: 'pending' | 'accepted', expiresInDays: number) {
  const now = Date.now();
  const item = {
    organization_id: organizationId,
    id: uuidv7(),
    email: uniqueEmail('nightly'),
    role: 'member' as const,
    status,
    token_hash: uuidv7(),
    invited_by: invitedBy,
    expires_at: new Date(now + expiresInDays * DAY).toISOString(),
    created_at: new Date(now - 8 * DAY).toISOString(),
    updated_at: new Date(now - 8 * DAY).toISOString(),
  };
  await Invitation.create(item).go();
  return item;
}

describe('cleanupExpiredInvitations (nightly job)', () => {
  it("expires every organization's overdue pending invitations from the index, without a Scan", async () => {
    // prepare: two organizations, overdue and current invitations, and an accepted one past its date
    const { user } = await createUser();
    const first = await createOrganization(user.id);
    const second = await createOrganization(user.id);
    const overdue = [
      await invitation(first.id, user.id, 'pending', -1),
      await invitation(first.id, user.id, 'pending', -3),
      await invitation(second.id, user.id, 'pending', -0.01),
    ];
    const current = await invitation(second.id, user.id, 'pending', 2);
    const accepted = await invitation(first.id, user.id, 'accepted', -2);
    const send = vi.spyOn(documentClient, 'send');

    // act
    const result = await cleanupExpiredInvitations(new Date());

    // assess
    const commands = send.mock.calls.map(([command]) => command.constructor.name);
    send.mockRestore();
    expect(result).toEqual({ expired: 3 });
    expect(commands).not.toContain('ScanCommand');
    expect(commands).toContain('QueryCommand');
    for (const i of overdue) {
      const stored = (await Invitation.get({ organization_id: i.organization_id, id: i.id }).go()).data!;
      expect(stored.status).toBe('expired');
      expect(stored.expired_at).toEqual(expect.any(String));
    }
    expect((await Invitation.get({ organization_id: second.id, id: current.id }).go()).data!.status).toBe('pending');
    expect((await Invitation.get({ organization_id: first.id, id: accepted.id }).go()).data!.status).toBe('accepted');
    const stillIndexed = await Invitation.query.pendingByExpiry({ status: 'pending' }).go({ pages: 'all' });
    expect(stillIndexed.data.map((i) => i.id)).toEqual([current.id]);

    // a second run finds nothing left to do
    expect(await cleanupExpiredInvitations(new Date())).toEqual({ expired: 0 });
  });

  it('respects the moment it is given', async () => {
    // (the first test left one invitation due in two days: 1.5 days ahead reaches only this one)
    const { user } = await createUser();
    const org = await createOrganization(user.id);
    const dueTomorrow = await invitation(org.id, user.id, 'pending', 1);

    expect(await cleanupExpiredInvitations(new Date())).toEqual({ expired: 0 });
    expect(await cleanupExpiredInvitations(new Date(Date.now() + 1.5 * DAY))).toEqual({ expired: 1 });
    expect((await Invitation.get({ organization_id: org.id, id: dueTomorrow.id }).go()).data!.status).toBe('expired');
  });
});
