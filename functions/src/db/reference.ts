import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';
import type { ReferenceCheck } from './references.js';
import { deleteItem, putItem, type TransactItem } from './transaction.js';

/**
 * "X refers to Y": one item per (target, source) pair, written in the same transaction as the
 * document that makes the reference (an invoice draft naming a customer, a bill line using a tax,
 * …). It answers "is this record used?" for delete-or-deactivate (db/references.ts) with one Query
 * of Limit 1, whatever kind of document refers to it.
 *
 * Access patterns:
 * - everything referring to a target: pk `ORG#<org>#REF#<target_type>#<target_id>`, sk
 *   `<source_type>#<source_id>` (begins_with `<source_type>#` for one kind of source);
 * - one reference, to add or remove it: the same key.
 *
 * A document that can still change (a draft) keeps its references in step with its content and
 * removes them when it is deleted; a posted document keeps them forever, as history does.
 */
export const Reference = new Entity(
  {
    model: { entity: 'reference', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      target_type: { type: 'string', required: true, readOnly: true },
      target_id: { type: 'string', required: true, readOnly: true },
      source_type: { type: 'string', required: true, readOnly: true },
      source_id: { type: 'string', required: true, readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byTarget: {
        pk: {
          field: 'pk',
          composite: ['organization_id', 'target_type', 'target_id'],
          template: 'ORG#${organization_id}#REF#${target_type}#${target_id}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: ['source_type', 'source_id'], template: '${source_type}#${source_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ReferenceRecord = EntityItem<typeof Reference>;

/** A record that can be referred to, or a document that refers: `{ type: 'contact', id }`. */
export interface EntityRef {
  type: string;
  id: string;
}

const keyOf = (organizationId: string, target: EntityRef, source: EntityRef) => ({
  organization_id: organizationId,
  target_type: target.type,
  target_id: target.id,
  source_type: source.type,
  source_id: source.id,
});

/** The Put that records "source refers to target", for the source document's transaction (idempotent). */
export const referenceItem = (organizationId: string, target: EntityRef, source: EntityRef): TransactItem =>
  putItem(Reference.put({ ...keyOf(organizationId, target, source), created_at: new Date().toISOString() }).params());

/** The Delete that forgets "source refers to target" (a draft changed or deleted). */
export const removeReferenceItem = (organizationId: string, target: EntityRef, source: EntityRef): TransactItem =>
  deleteItem(Reference.delete(keyOf(organizationId, target, source)).params());

/** Whether anything (or, with `sourceType`, any document of that kind) refers to the target: one Query, Limit 1. */
export async function isReferenced(organizationId: string, target: EntityRef, sourceType?: string): Promise<boolean> {
  const key = { organization_id: organizationId, target_type: target.type, target_id: target.id };
  const query = sourceType ? Reference.query.byTarget({ ...key, source_type: sourceType }) : Reference.query.byTarget(key);
  const { data } = await query.go({ limit: 1, consistent: true });
  return data.length > 0;
}

const refKey = (ref: EntityRef) => `${ref.type}#${ref.id}`;

/**
 * The items that bring a source's references from `before` to `after`: Puts for targets it now
 * names, Deletes for targets it no longer does, nothing for the ones it keeps (a transaction may
 * touch an item only once). Duplicates in either list are ignored.
 */
export function referenceChanges(organizationId: string, source: EntityRef, before: readonly EntityRef[], after: readonly EntityRef[]): TransactItem[] {
  const was = new Map(before.map((t) => [refKey(t), t]));
  const now = new Map(after.map((t) => [refKey(t), t]));
  return [
    ...[...now].filter(([k]) => !was.has(k)).map(([, t]) => referenceItem(organizationId, t, source)),
    ...[...was].filter(([k]) => !now.has(k)).map(([, t]) => removeReferenceItem(organizationId, t, source)),
  ];
}

/** A delete-or-deactivate check (db/references.ts): does any document of `sourceType` refer to the record? */
export const referencedBy = (targetType: string, sourceType: string, what: string): ReferenceCheck => ({
  what,
  isReferenced: (organizationId, id) => isReferenced(organizationId, { type: targetType, id }, sourceType),
});
