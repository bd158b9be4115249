import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A bank account of an organization: the bank's details and the ledger account (asset, subtype
 * bank or cash) whose postings its statement lines are reconciled against.
 *
 * Access patterns:
 * - one bank account by (organization, id): pk `ORG#<org>`, sk `BANKACCOUNT#<id>`;
 * - all bank accounts of an organization: pk `ORG#<org>`, sk begins_with `BANKACCOUNT#` (a handful
 *   per organization; sorted and filtered in memory);
 * - one bank account per ledger account: BankLedgerAccount below.
 *
 * Counters kept with `ADD` in the same transaction as the statement lines they count, so reading
 * a bank account never reads its lines: `transaction_count`, `unreconciled_count` and
 * `lines_total` (signed minor units). `opening_balance` (signed minor units) was posted against
 * opening balance equity by `opening_entry_id` when the account was created. `version` guards
 * updates of the details; the counters change without it.
 */
export const BankAccount = new Entity(
  {
    model: { entity: 'bank_account', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      bank_name: { type: 'string', required: true },
      account_number: { type: 'string' },
      iban: { type: 'string' },
      currency: { type: 'string', required: true },
      account_id: { type: 'string', required: true },
      opening_balance: { type: 'number', required: true, default: 0 },
      opening_balance_date: { type: 'string' },
      opening_entry_id: { type: 'string' },
      notes: { type: 'string' },
      is_active: { type: 'boolean', required: true, default: true },
      transaction_count: { type: 'number', required: true, default: 0 },
      unreconciled_count: { type: 'number', required: true, default: 0 },
      lines_total: { type: 'number', required: true, default: 0 },
      created_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'BANKACCOUNT#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type BankAccountRecord = EntityItem<typeof BankAccount>;

/**
 * Guard: a ledger account backs at most one bank account (two statements reconciled against one
 * ledger card would claim each other's postings). Written with the bank account on condition that
 * it is absent, moved when the link changes, deleted with the bank account.
 * Access: by (organization, ledger account), pk `ORG#<org>`, sk `BANKLEDGER#<account_id>`.
 */
export const BankLedgerAccount = new Entity(
  {
    model: { entity: 'bank_ledger_account', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      account_id: { type: 'string', required: true, readOnly: true },
      bank_account_id: { type: 'string', required: true },
    },
    indexes: {
      byAccount: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['account_id'], template: 'BANKLEDGER#${account_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
