import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { JOURNAL_ENTRY_STATUSES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * A journal entry (docs/ledger.md). The entry embeds its lines, so posting it is one Put however
 * many lines it has. Amounts are integers in minor units (fils); every line has a debit or a credit,
 * never both, and the debits equal the credits.
 *
 * Access patterns:
 * - one entry by (organization, id): pk `ORG#<org>#JOURNAL`, sk `JE#<id>`; the same partition,
 *   paged in id (creation) order, is what the verification routine recomputes balances from;
 * - an organization's entries by date (list with date range; status filtered): gsi1
 *   `ORG#<org>#JOURNAL`, sk `DATE#<date>#<id>`;
 * - the entries of one source document (an invoice's posting and its reversal): gsi2
 *   `ORG#<org>#JESOURCE#<source_type>#<source_id>`, sk `JE#<id>`. Manual entries are their own
 *   source (`manual`, own id).
 *
 * Status: draft → posted → reversed. Drafts touch no balance; posting writes the balances, the
 * account postings and the posted entry in one transaction; a posted entry's lines never change —
 * a reversal entry undoes it and both carry the link. `version` guards every status change.
 */
export const JournalEntry = new Entity(
  {
    model: { entity: 'journal_entry', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      /** The journal series' number (JE-000001) of an entry made in the journal; absent on entries a document posted. */
      number: { type: 'number' },
      /**
       * The entry's number as the journal shows it: its document's number (INV-000001, PAY-000003)
       * when a document posted it, else JE- and `number`. Absent on entries posted before names
       * existed, which show JE- and `number` (ledger/posting.ts `entryLabel`).
       */
      name: { type: 'string' },
      date: { type: 'string', required: true, readOnly: true },
      memo: { type: 'string' },
      /**
       * The memo as a narrative (shared/src/narrative.ts) when the server wrote it, rendered in the
       * reader's language; `memo` keeps its English. Absent on typed memos and on older entries.
       */
      memo_narrative: { type: 'any' },
      reference: { type: 'string' },
      status: { type: JOURNAL_ENTRY_STATUSES, required: true },
      source_type: { type: 'string', required: true, readOnly: true },
      source_id: { type: 'string', required: true, readOnly: true },
      currency: { type: 'string', required: true },
      lines: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            line_no: { type: 'number', required: true },
            account_id: { type: 'string', required: true },
            debit: { type: 'number', required: true },
            credit: { type: 'number', required: true },
            description: { type: 'string' },
            /** `description` as a narrative when the server wrote it (as `memo_narrative`). */
            narrative: { type: 'any' },
            contact_id: { type: 'string' },
            tax_id: { type: 'string' },
          },
        },
      },
      /** Sum of the debits (= sum of the credits), minor units. */
      total: { type: 'number', required: true },
      /** Balance-item shard the posting wrote to (hot accounts; docs/ledger.md). */
      shard: { type: 'string', required: true, default: '-' },
      reverses_entry_id: { type: 'string' },
      reversed_by_entry_id: { type: 'string' },
      created_by: { type: 'string' },
      posted_by: { type: 'string' },
      posted_at: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#JOURNAL', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'JE#${id}', casing: 'none' },
      },
      byDate: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'ORG#${organization_id}#JOURNAL', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['date', 'id'], template: 'DATE#${date}#${id}', casing: 'none' },
      },
      bySource: {
        index: 'gsi2',
        pk: {
          field: 'gsi2pk',
          composite: ['organization_id', 'source_type', 'source_id'],
          template: 'ORG#${organization_id}#JESOURCE#${source_type}#${source_id}',
          casing: 'none',
        },
        sk: { field: 'gsi2sk', composite: ['id'], template: 'JE#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type JournalEntryRecord = EntityItem<typeof JournalEntry>;
export type JournalLineRecord = JournalEntryRecord['lines'][number];

/**
 * One account's side of one posted entry — the account's ledger card. Written in the posting's
 * transaction (one per distinct account of the entry), never changed afterwards.
 *
 * Access patterns:
 * - an account's postings by date (account transactions with start/end dates, running balance):
 *   pk `ORG#<org>#ACCOUNT#<account>`, sk `POSTING#<date>#<entry>`;
 * - whether an account has any posting (a used account cannot be deleted): the same partition,
 *   Limit 1.
 */
export const AccountPosting = new Entity(
  {
    model: { entity: 'account_posting', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      account_id: { type: 'string', required: true, readOnly: true },
      entry_id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      entry_number: { type: 'number' },
      /** The entry's `name` (INV-000001, JE-000004); absent on postings written before names existed. */
      entry_name: { type: 'string' },
      memo: { type: 'string' },
      memo_narrative: { type: 'any' },
      /** The descriptions of the entry's lines on this account, joined. */
      description: { type: 'string' },
      /**
       * `description` as one narrative, stored only when the account's lines have one description
       * (every posting the server writes: several tax lines on one tax account share theirs) and
       * the server wrote it. Several different descriptions joined have no single narrative: the
       * first alone would tell an Arabic reader less than the English shows, so those keep the
       * English.
       */
      description_narrative: { type: 'any' },
      source_type: { type: 'string', required: true },
      source_id: { type: 'string', required: true },
      debit: { type: 'number', required: true },
      credit: { type: 'number', required: true },
      reverses_entry_id: { type: 'string' },
      created_at: { type: 'string', required: true },
    },
    indexes: {
      byAccount: {
        pk: { field: 'pk', composite: ['organization_id', 'account_id'], template: 'ORG#${organization_id}#ACCOUNT#${account_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'entry_id'], template: 'POSTING#${date}#${entry_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type AccountPostingRecord = EntityItem<typeof AccountPosting>;
