import type { Attribute } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * One entity factory for the business documents (GitHub issue 11): invoices, bills, invoice returns,
 * payments and expenses store the same identity and lifecycle attributes and lie on the single table
 * in the same key layout, so that layout is written once, here. Journal entries are not built on it:
 * the ledger keeps them in their own partition `ORG#<org>#JOURNAL`, lists them by date and by source
 * document, and numbers them with numbers (db/journalEntry.ts).
 *
 * Access patterns of every document kind (`<PREFIX>` INVOICE, `<PLURAL>` INVOICES, …):
 * - one document by (organization, id): pk `ORG#<org>`, sk `<PREFIX>#<id>` (`byOrganization`);
 * - two listings of the organization's documents, on gsi1 and gsi2, each in its own partition
 *   `<PLURAL>#<org>`, optionally narrowed by one attribute (`<PLURAL>#<org>#<status>`), sorted by
 *   creation (sk `<PREFIX>#<id>`: ids are UUIDv7, so newest first is descending) or by date
 *   (sk `DATE#<date>#<id>`, so a date range is the key condition). Unless a kind says otherwise
 *   these are `byCreation` (gsi1, the whole collection) and `byStatus` (gsi2, narrowed by status).
 * Each kind's module says which listings it has and why.
 *
 * The items stay exactly what the hand-written entities stored (same entity names, versions, key
 * fields and templates, attribute flags): document-entity.test.ts compares both, so no item is
 * migrated. Only plain objects are built before `new Entity`, so loading a Lambda costs what it did.
 */

/** What every document stores, whatever its kind: its keys, its status and its version stamps. */
type CoreAttributes<Statuses extends readonly string[]> = {
  organization_id: { type: 'string'; required: true; readOnly: true };
  id: { type: 'string'; required: true; readOnly: true };
  status: { type: Statuses; required: true };
  /** Guards every change: writes condition on the version read (optimistic concurrency). */
  version: { type: 'number'; required: true; default: number };
  created_at: { type: 'string'; required: true; readOnly: true };
  updated_at: { type: 'string'; required: true };
};
type CoreName = keyof CoreAttributes<readonly string[]>;

/**
 * What a document with embedded lines stores (invoices, bills, returns): its counterparty, issue
 * date, currency and the figures the shared tax calculator gives, in minor units of `currency`.
 * The lines are `any` to ElectroDB; each kind types them (StoredInvoiceLine, StoredReturnLine).
 */
export const linedDocumentAttributes = {
  /** The customer (invoices, returns) or the supplier (bills). */
  contact_id: { type: 'string', required: true },
  issue_date: { type: 'string', required: true },
  currency: { type: 'string', required: true },
  price_includes_tax: { type: 'boolean', required: true },
  lines: { type: 'any', required: true },
  subtotal: { type: 'number', required: true },
  discount_total: { type: 'number', required: true },
  net_total: { type: 'number', required: true },
  tax_total: { type: 'number', required: true },
  gross_total: { type: 'number', required: true },
} as const;

/**
 * A listing of the organization's documents on a GSI (see the module comment): the access pattern's
 * name (`Entity.query.<name>`), the attribute that narrows the partition, if any, with a label put
 * before its value (`USER`: `EXPENSES#<org>#USER#<user_id>`), and the sort order.
 */
export interface Listing {
  readonly name: string;
  readonly by?: string;
  readonly label?: string;
  /** `id` (the default): sk `<PREFIX>#<id>`, creation order; `date`: sk `DATE#<date>#<id>`. */
  readonly order?: 'id' | 'date';
}

type ByCreation = { readonly name: 'byCreation' };
type ByStatus = { readonly name: 'byStatus'; readonly by: 'status' };

/** ElectroDB's index definition of a key, typed as ElectroDB infers a hand-written one. */
type Key<Composite extends string> = { field: string; composite: Composite[]; template: string; casing: 'none' };
type ListingIndex<L extends Listing> = {
  index: string;
  pk: Key<'organization_id' | (L extends { readonly by: infer By extends string } ? By : never)>;
  sk: Key<L extends { readonly order: 'date' } ? 'date' | 'id' : 'id'>;
};

/** The ElectroDB schema the factory builds, typed as if it had been written out by hand. */
export type DocumentSchema<
  Statuses extends readonly string[],
  Kind extends Record<string, Attribute>,
  L1 extends Listing,
  L2 extends Listing,
> = {
  model: { entity: string; version: string; service: string };
  attributes: { [K in CoreName | keyof Kind]: K extends CoreName ? CoreAttributes<Statuses>[K] : Kind[K] };
  indexes: { byOrganization: { pk: Key<'organization_id'>; sk: Key<'id'> } } & { [N in L1['name']]: ListingIndex<L1> } & {
    [N in L2['name']]: ListingIndex<L2>;
  };
};

export interface DocumentEntityDefinition<
  Statuses extends readonly string[],
  Kind extends Record<string, Attribute>,
  L1 extends Listing,
  L2 extends Listing,
> {
  /** ElectroDB's entity name, stored on every item as `__edb_e__` (model version 1). */
  entity: string;
  /** The sort key's prefix: `INVOICE` → sk `INVOICE#<id>`. */
  skPrefix: string;
  /** The listings' partition prefix: `INVOICES` → gsi1pk `INVOICES#<org>`. */
  collection: string;
  statuses: Statuses;
  /** The kind's own attributes; the core ones (keys, status, version, timestamps) are added. */
  attributes: Kind & { [K in CoreName]?: never };
  /** The gsi1 listing; `byCreation` unless given. */
  gsi1?: L1 & ListingOf<Kind>;
  /** The gsi2 listing; `byStatus` unless given. */
  gsi2?: L2 & ListingOf<Kind>;
}

/** A listing can only be narrowed by, or sorted by, an attribute the document has. */
type ListingOf<Kind> = {
  readonly by?: 'status' | (keyof Kind & string);
  readonly order?: 'date' extends keyof Kind ? 'id' | 'date' : 'id';
};

const key = (field: string, composite: string[], template: string) => ({ field, composite, template, casing: 'none' as const });

function listingIndex(gsi: 'gsi1' | 'gsi2', { by, label, order }: Listing, skPrefix: string, collection: string) {
  const pk = by
    ? key(`${gsi}pk`, ['organization_id', by], collection + '#${organization_id}' + (label ? `#${label}` : '') + '#${' + by + '}')
    : key(`${gsi}pk`, ['organization_id'], collection + '#${organization_id}');
  const sk = order === 'date' ? key(`${gsi}sk`, ['date', 'id'], 'DATE#${date}#${id}') : key(`${gsi}sk`, ['id'], skPrefix + '#${id}');
  return { index: gsi, pk, sk };
}

/**
 * The ElectroDB entity of one document kind: the core attributes followed by the kind's, the key
 * `ORG#<org>` / `<skPrefix>#<id>` and the two listings (byCreation and byStatus unless given).
 */
export function documentEntity<
  const Statuses extends readonly string[],
  Kind extends Record<string, Attribute>,
  const L1 extends Listing = ByCreation,
  const L2 extends Listing = ByStatus,
>(definition: DocumentEntityDefinition<Statuses, Kind, L1, L2>) {
  const { entity, skPrefix, collection, statuses, attributes } = definition;
  const gsi1: Listing = definition.gsi1 ?? { name: 'byCreation' };
  const gsi2: Listing = definition.gsi2 ?? { name: 'byStatus', by: 'status' };
  // Typed by hand: TypeScript does not follow computed index names and templates. The test holds
  // the result to the hand-written schemas and record types.
  const schema = {
    model: { entity, version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      ...attributes,
      status: { type: statuses, required: true },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: { pk: key('pk', ['organization_id'], 'ORG#${organization_id}'), sk: key('sk', ['id'], skPrefix + '#${id}') },
      [gsi1.name]: listingIndex('gsi1', gsi1, skPrefix, collection),
      [gsi2.name]: listingIndex('gsi2', gsi2, skPrefix, collection),
    },
  } as unknown as DocumentSchema<Statuses, Kind, L1, L2>;
  return new Entity<string, string, string, DocumentSchema<Statuses, Kind, L1, L2>>(schema, entityConfig());
}
