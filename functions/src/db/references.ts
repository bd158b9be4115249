import { Conflict } from '../platform/errors.js';

/**
 * Whether documents of one kind (invoices, bills, …) refer to a record. A record that is referred
 * to is deactivated instead of deleted, so history keeps pointing at it.
 */
export interface ReferenceCheck {
  /** Plural noun for messages: "invoices". */
  what: string;
  isReferenced(organizationId: string, id: string): Promise<boolean>;
}

export class InUse extends Conflict {
  constructor(thing: string, readonly references: string[]) {
    super(`The ${thing} is used by ${references.join(', ')}`);
  }
}

/** Throws InUse when any check finds a reference to the record. */
export async function assertUnreferenced(checks: ReferenceCheck[], thing: string, organizationId: string, id: string): Promise<void> {
  const used = await Promise.all(checks.map((check) => check.isReferenced(organizationId, id)));
  const references = checks.filter((_, i) => used[i]).map((check) => check.what);
  if (references.length) throw new InUse(thing, references);
}
