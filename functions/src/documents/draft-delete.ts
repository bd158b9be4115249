/**
 * Who may delete a draft (issue 12, docs/decisions.md "Who may delete a draft"): an admin (or the
 * owner), or the member who created the draft. A member edits any draft, and removing a line is
 * an edit; deleting the whole draft throws away someone's work, so it is theirs or an admin's.
 *
 * ONE rule for every draft that can be deleted: sales invoices and purchase bills
 * (documents/core.ts `remove`), manual journal entries (journal-entries/entries.ts `deleteDraft`),
 * expenses (draft or rejected; their creator is the filer, `user_id`) and draft budgets. Each
 * checks it against the draft it read, after the draft-only check (a confirmed or posted document
 * is a 409 for everyone). A draft that names no creator (written before `created_by` was kept)
 * is an admin's to delete.
 *
 * The creator is compared as the draft records it: the actor id (the signed-in user, or the API
 * key that created it — that key, with at least the member role, may delete it again).
 */
import { canDeleteDraft, hasRank, type Role } from '@daftar/shared';
import { Forbidden } from '../platform/errors.js';

/** The caller: the actor id as drafts record it in `created_by`, and the role in the organization. */
export interface DraftDeleter {
  actorId: string | null;
  role: Role | null;
}

/** Whether `caller` may delete a draft created by `createdBy`. */
export function mayDeleteDraft(createdBy: string | null | undefined, caller: DraftDeleter): boolean {
  // The web hides Delete by the same rule, so it lives in shared/ (shared/src/drafts.ts).
  return canDeleteDraft({ role: caller.role, userId: caller.actorId, createdBy });
}

/**
 * Throws Forbidden unless `caller` may delete the draft. `what` names it in the refusal:
 * 'invoice', 'journal entry'.
 */
export function requireMayDeleteDraft(createdBy: string | null | undefined, caller: DraftDeleter, what: string): void {
  if (mayDeleteDraft(createdBy, caller)) return;
  if (!hasRank(caller.role, 'member')) throw new Forbidden(`Deleting a draft ${what} needs the member role`);
  throw new Forbidden(`Only the person who created this draft ${what}, or an admin, can delete it`);
}
