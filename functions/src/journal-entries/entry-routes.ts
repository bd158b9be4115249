/**
 * Manual journal entries (list, draft, post, reverse, delete a draft): the route group of the
 * journal-entries Lambda (journal-entries/handler.ts) that carries the posting engine; loaded by
 * the first of these routes called.
 */
import { hasRank } from '@daftar/shared';
import { listOf, message } from '@daftar/shared/schemas/common';
import * as accounting from '@daftar/shared/schemas/accounting';
import { defineRouteGroup, route } from '../http/api.js';
import { Forbidden } from '../platform/errors.js';
import { listPage } from '../db/paging.js';
import type { JournalEntryRecord } from '../db/journalEntry.js';
import { ensureChartOfAccounts, loadChart } from '../ledger/chart.js';
import { organizationSettings } from '../organizations/settings.js';
import { actorIdOf } from '../http/principal.js';
import type { AuditEntry } from '../http/audit.js';
import { idempotent } from '../http/idempotency.js';
import { entryNumberLabel, formatAmount, presentEntry } from '../ledger/present.js';
import { createManualEntry, deleteDraft, entriesQuery, getEntry, postDraft, reverseEntry } from './entries.js';

const ORG = '/api/v1/organizations/{organization_id}';

async function present(organizationId: string, entries: JournalEntryRecord[]) {
  const accounts = new Map((await loadChart(organizationId)).map((a) => [a.id, a]));
  return entries.map((entry) => presentEntry(entry, accounts));
}
const presentOne = async (organizationId: string, entry: JournalEntryRecord) => (await present(organizationId, [entry]))[0]!;

/** A posted entry by its number; a draft has none, so its id. */
const describe = (entry: JournalEntryRecord) => entryNumberLabel(entry) ?? entry.id;
const totalOf = (entry: JournalEntryRecord) => formatAmount(entry.total, entry.currency);

export const routes = defineRouteGroup('journal-entries', {
  [`GET ${ORG}/journal-entries`]: route({
    access: { org: 'viewer' },
    summary: 'Journal entries, newest date first (filters: status, start_date, end_date, source_type, source_id)',
    query: accounting.journalEntryListQuery,
    response: listOf(accounting.journalEntryPublic),
    handler: async ({ organizationId, query }) => {
      const page = await listPage(entriesQuery(organizationId!, query), query, (entry: JournalEntryRecord) => entry);
      return { data: await present(organizationId!, page.data), count: page.count };
    },
  }),

  [`POST ${ORG}/journal-entries`]: route({
    access: { org: 'member' },
    summary: 'A manual journal entry: saved as a draft (member), or posted at once with status "posted" (admin)',
    body: accounting.journalEntryCreate,
    response: accounting.journalEntryPublic,
    status: 201,
    autoAudit: false,
    handler: async (ctx) => {
      if (ctx.body.status === 'posted' && !hasRank(ctx.role, 'admin')) throw new Forbidden('Posting journal entries needs the admin role');
      const organizationId = ctx.organizationId!;
      await ensureChartOfAccounts(organizationId);
      const { currency } = await organizationSettings(organizationId);
      const created = (entry: JournalEntryRecord): AuditEntry => ({
        action: entry.status === 'posted' ? 'journal_entry.posted' : 'journal_entry.created',
        entity_type: 'journal_entry',
        entity_id: entry.id,
        narrative: entry.status === 'posted'
          ? { key: 'audit.journal_entry.posted', params: { entry: describe(entry), date: entry.date, total: totalOf(entry), currency: entry.currency } }
          : { key: 'audit.journal_entry.saved_draft', params: { id: entry.id, date: entry.date, total: totalOf(entry), currency: entry.currency } },
        changes: { date: entry.date, status: entry.status, total: totalOf(entry), lines: entry.lines.length, number: entry.number ?? null },
      });
      // A posted entry's audit record is written in its posting transaction; a draft's after it.
      const entry = await createManualEntry(organizationId, ctx.body, currency, actorIdOf(ctx.principal), { audit: { ...ctx.actor(), entry: created } });
      if (entry.status !== 'posted') ctx.audit(created(entry));
      return presentOne(organizationId, entry);
    },
  }),

  [`GET ${ORG}/journal-entries/{entry_id}`]: route({
    access: { org: 'viewer' },
    summary: 'One journal entry with its lines',
    response: accounting.journalEntryPublic,
    handler: async ({ organizationId, params }) => presentOne(organizationId!, await getEntry(organizationId!, params.entry_id!)),
  }),

  [`DELETE ${ORG}/journal-entries/{entry_id}`]: route({
    access: { org: 'member' },
    summary: 'Delete a draft: its creator or an admin (posted entries are reversed, never deleted: 409)',
    response: message,
    handler: async (ctx) => {
      const entry = await deleteDraft(ctx.organizationId!, ctx.params.entry_id!, { actorId: actorIdOf(ctx.principal), role: ctx.role });
      ctx.audit({
        action: 'journal_entry.deleted',
        entity_type: 'journal_entry',
        entity_id: entry.id,
        narrative: { key: 'audit.journal_entry.deleted', params: { date: entry.date, total: totalOf(entry), currency: entry.currency } },
        changes: { date: entry.date, total: totalOf(entry), memo: entry.memo ?? null },
      });
      return { message: 'Journal entry deleted successfully' };
    },
  }),

  [`POST ${ORG}/journal-entries/{entry_id}/post`]: route({
    access: { org: 'admin' },
    summary: 'Post a draft: it gets its number and moves the balances (posted already: the entry; a closed period: 409; Idempotency-Key honoured)',
    response: accounting.journalEntryPublic,
    // The audit record is written in the posting transaction; posting again writes nothing.
    autoAudit: false,
    handler: (ctx) =>
      idempotent(ctx, async (guard) => {
        const entry = await postDraft(ctx.organizationId!, ctx.params.entry_id!, actorIdOf(ctx.principal), {
          audit: {
            ...ctx.actor(),
            entry: (posted) => ({
              action: 'journal_entry.posted',
              entity_type: 'journal_entry',
              entity_id: posted.id,
              narrative: { key: 'audit.journal_entry.posted', params: { entry: describe(posted), date: posted.date, total: totalOf(posted), currency: posted.currency } },
              changes: { status: { from: 'draft', to: 'posted' }, number: posted.number ?? null },
            }),
          },
        });
        guard?.settle();
        return { status: 200, body: await presentOne(ctx.organizationId!, entry), resourceType: 'journal_entry', resourceId: entry.id };
      }),
  }),

  [`POST ${ORG}/journal-entries/{entry_id}/reverse`]: route({
    access: { org: 'admin' },
    summary: 'Reverse a posted entry with a new entry (debits and credits swapped) dated `date`; both are linked',
    body: accounting.journalEntryReverse,
    response: accounting.journalEntryPublic,
    status: 201,
    // The audit record is written in the reversal's transaction.
    autoAudit: false,
    handler: async (ctx) => {
      const { reversal } = await reverseEntry(ctx.organizationId!, ctx.params.entry_id!, ctx.body, actorIdOf(ctx.principal), {
        audit: {
          ...ctx.actor(),
          entry: (made, original) => ({
            action: 'journal_entry.reversed',
            entity_type: 'journal_entry',
            entity_id: original!.id,
            narrative: { key: 'audit.journal_entry.reversed', params: { entry: describe(original!), reversal: describe(made), date: made.date } },
            changes: { status: { from: 'posted', to: 'reversed' }, reversed_by_entry_id: made.id },
          }),
        },
      });
      return presentOne(ctx.organizationId!, reversal);
    },
  }),
});
