/**
 * Who may delete a draft invoice, bill, journal entry, expense or budget (issue 12; docs/decisions.md
 * "Who may delete a draft"). One rule for the server, which refuses with a 403
 * (functions/src/documents/draft-delete.ts), and for the web, which hides the Delete it would refuse.
 *
 * An admin or the owner may delete any draft; a member only the draft they created. A draft that
 * names no creator (written before `created_by` was kept) is an admin's to delete. Viewers delete
 * nothing. `userId` is the actor id the draft records in `created_by`: the signed-in user, or the
 * API key that created it.
 */
import { hasRank, type Role } from './roles.js';

export interface DraftDeleteCheck {
  role: Role | null | undefined;
  userId: string | null | undefined;
  createdBy: string | null | undefined;
}

export function canDeleteDraft({ role, userId, createdBy }: DraftDeleteCheck): boolean {
  if (hasRank(role, 'admin')) return true;
  return hasRank(role, 'member') && !!createdBy && userId === createdBy;
}
