import { expireInvitations } from './invitations.js';

const isoOf = (now: Date | string) => (typeof now === 'string' ? new Date(now).toISOString() : now.toISOString());

/**
 * The nightly maintenance job's step: every organization's pending invitations past their expiry
 * become `expired` (and their addresses can be invited again). Reads only the sparse
 * pending-by-expiry index (gsi2 `INVITATIONS#PENDING`, sorted by expiry), never a Scan, so its
 * cost follows the number of invitations to expire, not the size of the table.
 */
export async function cleanupExpiredInvitations(now: Date | string = new Date()): Promise<{ expired: number }> {
  return { expired: await expireInvitations(undefined, isoOf(now)) };
}

/** One organization's clean-up (`POST …/invitations/cleanup`): a Query of its partition. */
export async function cleanupOrganizationInvitations(organizationId: string, now: Date | string = new Date()): Promise<{ expired: number }> {
  return { expired: await expireInvitations(organizationId, isoOf(now)) };
}
