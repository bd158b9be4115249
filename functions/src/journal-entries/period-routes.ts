/**
 * Accounting periods (define, close, reopen) and the ledger's verification: the route group of the
 * journal-entries Lambda (journal-entries/handler.ts) for closing the books, loaded by the first
 * of these routes called.
 */
import * as accounting from '@daftar/shared/schemas/accounting';
import { defineRouteGroup, route } from '../http/api.js';
import { organizationSettings } from '../organizations/settings.js';
import { closePeriod, closedThrough, createPeriod, listPeriods, reopenPeriod } from '../ledger/periods.js';
import { actorIdOf } from '../http/principal.js';
import { formatAmount, presentPeriod } from '../ledger/present.js';
import { verifyLedger } from '../ledger/verify.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRouteGroup('journal-entries', {
  [`GET ${ORG}/accounting/periods`]: route({
    access: { org: 'viewer' },
    summary: 'Accounting periods by date, and the date through which the books are closed',
    response: accounting.accountingPeriodList,
    handler: async ({ organizationId }) => {
      const [periods, closed] = await Promise.all([listPeriods(organizationId!), closedThrough(organizationId!)]);
      return { data: periods.map(presentPeriod), count: periods.length, closed_through: closed };
    },
  }),

  [`POST ${ORG}/accounting/periods`]: route({
    access: { org: 'admin' },
    summary: 'Define an accounting period (a month, quarter or year; no overlaps)',
    body: accounting.accountingPeriodCreate,
    response: accounting.accountingPeriodPublic,
    status: 201,
    handler: async (ctx) => {
      const period = await createPeriod(ctx.organizationId!, ctx.body);
      ctx.audit({
        action: 'accounting_period.created',
        entity_type: 'accounting_period',
        entity_id: period.id,
        narrative: { key: 'audit.accounting_period.created', params: { name: period.name, start: period.start_date, end: period.end_date } },
        changes: { name: period.name, start_date: period.start_date, end_date: period.end_date },
      });
      return presentPeriod(period);
    },
  }),

  [`POST ${ORG}/accounting/periods/{period_id}/close`]: route({
    access: { org: 'admin' },
    summary: 'Close a period: postings dated on or before its end are refused (periods close in date order)',
    response: accounting.accountingPeriodPublic,
    handler: async (ctx) => {
      const period = await closePeriod(ctx.organizationId!, ctx.params.period_id!, actorIdOf(ctx.principal));
      ctx.audit({
        action: 'accounting_period.closed',
        entity_type: 'accounting_period',
        entity_id: period.id,
        narrative: { key: 'audit.accounting_period.closed', params: { name: period.name, end: period.end_date } },
        changes: { status: { from: 'open', to: 'closed' } },
      });
      return presentPeriod(period);
    },
  }),

  [`POST ${ORG}/accounting/periods/{period_id}/reopen`]: route({
    access: { org: 'owner' },
    summary: 'Reopen the latest closed period (owner only)',
    response: accounting.accountingPeriodPublic,
    handler: async (ctx) => {
      const period = await reopenPeriod(ctx.organizationId!, ctx.params.period_id!, actorIdOf(ctx.principal));
      ctx.audit({
        action: 'accounting_period.reopened',
        entity_type: 'accounting_period',
        entity_id: period.id,
        narrative: { key: 'audit.accounting_period.reopened', params: { name: period.name } },
        changes: { status: { from: 'closed', to: 'open' } },
      });
      return presentPeriod(period);
    },
  }),

  [`GET ${ORG}/accounting/verify`]: route({
    access: { org: 'admin' },
    summary: 'Recompute every balance from the journal and report the differences (to the fil)',
    response: accounting.ledgerVerification,
    handler: async ({ organizationId }) => {
      const [{ currency }, result] = await Promise.all([organizationSettings(organizationId!), verifyLedger(organizationId!)]);
      const fmt = (minor: number) => formatAmount(minor, currency);
      return {
        ok: result.ok,
        currency,
        entries_checked: result.entriesChecked,
        balance_items_checked: result.balanceItemsChecked,
        account_postings_checked: result.accountPostingsChecked,
        cash_flows_checked: result.cashFlowsChecked,
        unbalanced_entries: result.unbalancedEntries.map((u) => ({ entry_id: u.entry_id, total_debit: fmt(u.debit), total_credit: fmt(u.credit) })),
        unknown_accounts: result.unknownAccounts,
        differences: result.differences.map((d) => ({
          kind: d.kind,
          account_id: d.account_id,
          period: d.period,
          entry_id: d.entry_id,
          shard: d.shard,
          expected_debit: fmt(d.expected.debit),
          actual_debit: fmt(d.actual.debit),
          expected_credit: fmt(d.expected.credit),
          actual_credit: fmt(d.actual.credit),
        })),
      };
    },
  }),
});
