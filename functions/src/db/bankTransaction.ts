import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { BANK_MATCH_KINDS, BANK_TRANSACTION_SOURCES, BANK_TRANSACTION_STATUSES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * One line of a bank statement (a "bank transaction"): typed in, or imported from a CSV statement.
 *
 * Access patterns:
 * - one line by (organization, bank account, id): pk `ORG#<org>#BANK#<bank>`, sk `BANKLINE#<id>`;
 *   the id derives from the line's fingerprint (date, amount, description, reference and its
 *   occurrence among identical lines), so importing a statement again finds its lines already
 *   there (BatchGet, then conditional Puts) instead of duplicating them;
 * - a bank account's lines newest first, with a date range (filtered by status or by matched
 *   entry): gsi1 `BANKLINES#<org>#<bank>`, sk `DATE#<date>#<sequence>`, where `sequence` keeps
 *   the statement's own order within a day (write time, then row number).
 *
 * `amount` is signed minor units: + money in, − money out. `status` unreconciled → reconciled
 * (matched to a journal entry posting on the bank's ledger account) and back; `version` guards
 * every status change.
 */
export const BankTransaction = new Entity(
  {
    model: { entity: 'bank_transaction', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      bank_account_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      sequence: { type: 'string', required: true, readOnly: true },
      description: { type: 'string', required: true },
      reference: { type: 'string' },
      amount: { type: 'number', required: true },
      currency: { type: 'string', required: true },
      status: { type: BANK_TRANSACTION_STATUSES, required: true },
      matched_journal_entry_id: { type: 'string' },
      matched_payment_id: { type: 'string' },
      match_kind: { type: BANK_MATCH_KINDS },
      /** The ledger account the match was made on (its guard item's key). */
      matched_account_id: { type: 'string' },
      reconciled_at: { type: 'string' },
      reconciled_by: { type: 'string' },
      source: { type: BANK_TRANSACTION_SOURCES, required: true },
      import_batch_id: { type: 'string' },
      /** Which of several identical lines of one statement this is (0 for the first). */
      occurrence: { type: 'number', required: true, default: 0 },
      created_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id', 'bank_account_id'], template: 'ORG#${organization_id}#BANK#${bank_account_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'BANKLINE#${id}', casing: 'none' },
      },
      byDate: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'bank_account_id'], template: 'BANKLINES#${organization_id}#${bank_account_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['date', 'sequence'], template: 'DATE#${date}#${sequence}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type BankTransactionRecord = EntityItem<typeof BankTransaction>;

/**
 * Guard: "journal entry X is reconciled on ledger account Y", so one posting is never matched to
 * two statement lines. Put (attribute_not_exists) in the reconciliation's transaction, deleted
 * (on condition that it names the same line) when the match is undone.
 * Access: by (organization, ledger account, entry), pk `ORG#<org>#BANKRECON#<account>`,
 * sk `ENTRY#<entry>`; match suggestions BatchGet the guards of their candidates.
 */
export const BankReconciliation = new Entity(
  {
    model: { entity: 'bank_reconciliation', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      account_id: { type: 'string', required: true, readOnly: true },
      entry_id: { type: 'string', required: true, readOnly: true },
      bank_account_id: { type: 'string', required: true },
      transaction_id: { type: 'string', required: true },
      created_at: { type: 'string', required: true },
    },
    indexes: {
      byEntry: {
        pk: { field: 'pk', composite: ['organization_id', 'account_id'], template: 'ORG#${organization_id}#BANKRECON#${account_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['entry_id'], template: 'ENTRY#${entry_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type BankReconciliationRecord = EntityItem<typeof BankReconciliation>;
