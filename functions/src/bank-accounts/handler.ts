import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import * as schemas from '@daftar/shared/schemas/index';
import * as banking from '@daftar/shared/schemas/banking';
import { alsoUnderAccounting } from '../http/accounting-paths.js';
import { createHandler, defineRoutes, route, validate, type RouteContext } from '../http/api.js';
import { parseBody } from '../http/body.js';
import { UnsupportedMediaType, ValidationError } from '../platform/errors.js';
import { actorIdOf } from '../http/principal.js';
import { formatAmount } from '../ledger/present.js';
import type { BankAccountRecord } from '../db/bankAccount.js';
import {
  createBankAccount,
  deleteBankAccount,
  getBankAccount,
  listBankAccounts,
  presentBankAccount,
  presentBankAccounts,
  updateBankAccount,
} from './bankAccounts.js';
import { addLine, getLine, importRows, listLines, presentLine } from './lines.js';
import { presentSuggestion, reconcile, suggestMatches, unreconcile } from './reconcile.js';
import { decodeStatement, parseStatement } from './statement.js';

const ORG = '/api/v1/organizations/{organization_id}';

const bankOf = (ctx: RouteContext<unknown, unknown>) => getBankAccount(ctx.organizationId!, ctx.params.id!);
/** An amount of the bank's currency as audit narratives take it. */
const money = (bank: BankAccountRecord, minor: number) => ({ amount: formatAmount(minor, bank.currency), currency: bank.currency });

const listRoute = route({
  access: { org: 'viewer' },
  summary: 'Bank accounts by name with ledger balance, statement balance and unreconciled count (include_inactive)',
  query: banking.bankAccountListQuery,
  response: schemas.listOf(banking.bankAccountPublic),
  handler: async ({ organizationId, query }) => {
    const all = await listBankAccounts(organizationId!, query.include_inactive);
    return { data: await presentBankAccounts(organizationId!, all.slice(query.skip, query.skip + query.limit)), count: all.length };
  },
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'Bank accounts in short form for pickers (include_inactive)',
  query: banking.bankAccountListQuery,
  response: schemas.listOf(banking.bankAccountOption),
  handler: async ({ organizationId, query }) => {
    const all = await listBankAccounts(organizationId!, query.include_inactive);
    const data = all.slice(query.skip, query.skip + query.limit).map((b) => ({ id: b.id, name: b.name, bank_name: b.bank_name, account_id: b.account_id, currency: b.currency, is_active: b.is_active }));
    return { data, count: all.length };
  },
});

const createRoute = route({
  access: { org: 'admin' },
  summary: 'Add a bank account linked to a bank or cash ledger account (an opening balance is posted against opening balance equity)',
  body: banking.bankAccountCreate,
  response: banking.bankAccountPublic,
  status: 201,
  handler: async (ctx) => {
    const bank = await createBankAccount(ctx.organizationId!, ctx.body, actorIdOf(ctx.principal));
    ctx.audit({
      action: 'bank_account.created',
      entity_type: 'bank_account',
      entity_id: bank.id,
      narrative: bank.opening_entry_id
        ? { key: 'audit.bank_account.created_opening', params: { name: bank.name, bank: bank.bank_name, ...money(bank, bank.opening_balance) } }
        : { key: 'audit.bank_account.created', params: { name: bank.name, bank: bank.bank_name } },
      changes: { name: bank.name, bank_name: bank.bank_name, iban: bank.iban ?? null, account_id: bank.account_id, opening_balance: formatAmount(bank.opening_balance, bank.currency) },
    });
    return presentBankAccount(ctx.organizationId!, bank);
  },
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One bank account with its ledger balance, statement balance and unreconciled count',
  response: banking.bankAccountPublic,
  handler: async (ctx) => presentBankAccount(ctx.organizationId!, await bankOf(ctx)),
});

const updateRoute = route({
  access: { org: 'admin' },
  summary: 'Change a bank account (null or "" clears a field; the ledger account only while it has no lines; version, when given, must match)',
  body: banking.bankAccountUpdate,
  response: banking.bankAccountPublic,
  handler: async (ctx) => {
    const { before, after } = await updateBankAccount(ctx.organizationId!, ctx.params.id!, ctx.body);
    const fields = (['name', 'bank_name', 'account_number', 'iban', 'account_id', 'notes', 'is_active'] as const).filter((f) => ctx.body[f] !== undefined && before[f] !== after[f]);
    ctx.audit({
      action: before.is_active === after.is_active ? 'bank_account.updated' : after.is_active ? 'bank_account.activated' : 'bank_account.deactivated',
      entity_type: 'bank_account',
      entity_id: after.id,
      narrative: fields.length
        ? { key: 'audit.bank_account.updated', params: { name: after.name, fields: fields.join(', ') } }
        : { key: 'audit.bank_account.unchanged', params: { name: after.name } },
      changes: Object.fromEntries(fields.map((f) => [f, { from: before[f] ?? null, to: after[f] ?? null }])),
    });
    return presentBankAccount(ctx.organizationId!, after);
  },
});

const deleteRoute = route({
  access: { org: 'admin' },
  summary: 'Delete a bank account without statement lines (its opening balance is reversed); one with lines: 409, deactivate it',
  response: schemas.message,
  handler: async (ctx) => {
    const bank = await deleteBankAccount(ctx.organizationId!, ctx.params.id!, actorIdOf(ctx.principal));
    ctx.audit({
      action: 'bank_account.deleted',
      entity_type: 'bank_account',
      entity_id: bank.id,
      narrative: { key: bank.opening_entry_id ? 'audit.bank_account.deleted_reversed' : 'audit.bank_account.deleted', params: { name: bank.name } },
      changes: { name: bank.name, bank_name: bank.bank_name, account_id: bank.account_id },
    });
    return { message: 'Bank account deleted successfully' };
  },
});

const linesRoute = route({
  access: { org: 'viewer' },
  summary: 'Statement lines, newest first (unreconciled_only, matched_transaction_id, date_from, date_to)',
  query: banking.bankTransactionListQuery,
  response: schemas.listOf(banking.bankTransactionPublic),
  handler: async (ctx) => {
    const bank = await bankOf(ctx);
    return listLines(ctx.organizationId!, bank.id, ctx.query);
  },
});

const addLineRoute = route({
  access: { org: 'member' },
  summary: 'Add one statement line (amount signed: + money in, − money out)',
  body: banking.bankTransactionCreate,
  response: banking.bankTransactionPublic,
  status: 201,
  handler: async (ctx) => {
    const bank = await bankOf(ctx);
    const line = await addLine(bank, ctx.body, actorIdOf(ctx.principal));
    ctx.audit({
      action: 'bank_transaction.created',
      entity_type: 'bank_transaction',
      entity_id: line.id,
      narrative: { key: 'audit.bank_transaction.created', params: { date: line.date, ...money(bank, line.amount), description: line.description, bank: bank.name } },
      changes: { bank_account_id: bank.id, date: line.date, amount: formatAmount(line.amount, bank.currency), description: line.description },
    });
    return presentLine(line);
  },
});

/** Room for the multipart framing around a statement file of the largest accepted size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The statement and its options, from a multipart upload (`file` part) or a JSON body (`csv`). */
async function statementRequest(ctx: RouteContext<unknown, unknown>) {
  const type = (ctx.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    // The statement itself is capped at MAX_UPLOAD_BYTES (413 before any parsing), the body by that plus the framing.
    const { value, files } = await parseBody(ctx.event, ctx.headers, 'multipart', MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES, MAX_UPLOAD_BYTES);
    const options = validate(banking.bankStatementImportFields, value ?? {}, 'body');
    const file = files.find((f) => f.field === 'file') ?? (files.length === 1 ? files[0] : undefined);
    if (!file) throw new ValidationError([{ loc: ['body', 'file'], msg: 'Attach the statement as a file in the "file" field', type: 'missing' }]);
    if (!file.content.length) throw new ValidationError([{ loc: ['body', 'file'], msg: 'The statement file is empty', type: 'value_error' }]);
    return { text: decodeStatement(file.content), mapping: options.mapping ?? null, dateFormat: options.date_format, hasHeader: options.has_header ?? null, filename: file.filename };
  }
  if (type === 'application/json' || type === '') {
    const { value } = await parseBody(ctx.event, ctx.headers, 'json', MAX_UPLOAD_BYTES);
    const body = validate(banking.bankStatementImport, value, 'body');
    return { text: body.csv, mapping: body.mapping ?? null, dateFormat: body.date_format, hasHeader: body.has_header ?? null, filename: null };
  }
  throw new UnsupportedMediaType('Send the statement as multipart/form-data (field "file") or as JSON {"csv": "..."}');
}

const importRoute = route({
  access: { org: 'member' },
  summary:
    'Import a CSV statement: multipart field `file` (fields mapping as JSON, date_format, has_header) or JSON {csv, mapping?, date_format?, has_header?}. ' +
    'Columns date, description, reference and amount (signed) or debit/credit, found by header or mapping. Any bad row: 422 listing the rows, nothing imported. ' +
    'Lines already imported are skipped.',
  response: banking.bankStatementImportResult,
  handler: async (ctx) => {
    const bank = await bankOf(ctx);
    const request = await statementRequest(ctx);
    const parsed = parseStatement(request.text, { currency: bank.currency, mapping: request.mapping, dateFormat: request.dateFormat, hasHeader: request.hasHeader });
    if (parsed.issues.length) throw new ValidationError(parsed.issues);
    const outcome = await importRows(bank, parsed.rows, actorIdOf(ctx.principal));
    const layout = parsed.layout!;
    const total = outcome.imported.reduce((sum, line) => sum + line.amount, 0);
    ctx.audit({
      action: 'bank_statement.imported',
      entity_type: 'bank_account',
      entity_id: bank.id,
      narrative: {
        key: request.filename ? 'audit.bank_statement.imported_file' : 'audit.bank_statement.imported',
        params: { file: request.filename, bank: bank.name, imported: outcome.imported.length, ...money(bank, total), skipped: outcome.skipped },
      },
      changes: { import_batch_id: outcome.batchId, rows: outcome.rows, imported: outcome.imported.length, skipped_duplicates: outcome.skipped },
    });
    return {
      import_batch_id: outcome.batchId,
      rows: outcome.rows,
      imported: outcome.imported.length,
      skipped_duplicates: outcome.skipped,
      columns: {
        has_header: layout.has_header,
        delimiter: layout.delimiter,
        date: layout.labels.date!,
        description: layout.labels.description ?? null,
        reference: layout.labels.reference ?? null,
        amount: layout.labels.amount ?? null,
        debit: layout.labels.debit ?? null,
        credit: layout.labels.credit ?? null,
      },
    };
  },
});

const matchesRoute = route({
  access: { org: 'viewer' },
  summary: "Postings on the bank's ledger account that could be this line: same signed amount, within ±7 days, not reconciled; closest first",
  response: schemas.listOf(banking.bankMatchSuggestion),
  handler: async (ctx) => {
    const bank = await bankOf(ctx);
    const line = await getLine(ctx.organizationId!, bank.id, ctx.params.transaction_id!);
    const suggestions = await suggestMatches(bank, line);
    return { data: suggestions.map((s) => presentSuggestion(s, bank.currency)), count: suggestions.length };
  },
});

const reconcileRoute = route({
  access: { org: 'admin' },
  summary:
    'Reconcile a line: {journal_entry_id} (or {payment_id}) matches an existing posting of the same amount on the bank\'s ledger account; ' +
    '{create: {account_id, description?, tax_id?}} posts a new entry for it (bank charges, interest). A posting is matched once (409)',
  body: banking.bankReconcile,
  response: banking.bankTransactionPublic,
  handler: async (ctx) => {
    const bank = await bankOf(ctx);
    const line = await getLine(ctx.organizationId!, bank.id, ctx.params.transaction_id!);
    const after = await reconcile(bank, line, ctx.body, actorIdOf(ctx.principal));
    ctx.audit({
      action: 'bank_transaction.reconciled',
      entity_type: 'bank_transaction',
      entity_id: line.id,
      narrative: {
        key: after.match_kind === 'created' ? 'audit.bank_transaction.reconciled_new' : 'audit.bank_transaction.reconciled_existing',
        params: { date: line.date, ...money(bank, line.amount), entry: after.matched_journal_entry_id },
      },
      changes: { bank_account_id: bank.id, journal_entry_id: after.matched_journal_entry_id ?? null, payment_id: after.matched_payment_id ?? null, kind: after.match_kind ?? null },
    });
    return presentLine(after);
  },
});

const unreconcileRoute = route({
  access: { org: 'admin' },
  summary: 'Undo a line\'s match; an entry created by reconciliation is reversed (reversal_date, default the entry\'s date)',
  query: banking.bankUnreconcileQuery,
  response: banking.bankTransactionPublic,
  handler: async (ctx) => {
    const bank = await bankOf(ctx);
    const line = await getLine(ctx.organizationId!, bank.id, ctx.params.transaction_id!);
    const after = await unreconcile(bank, line, ctx.query.reversal_date, actorIdOf(ctx.principal));
    ctx.audit({
      action: 'bank_transaction.unreconciled',
      entity_type: 'bank_transaction',
      entity_id: line.id,
      narrative: {
        key: line.match_kind === 'created' ? 'audit.bank_transaction.unreconciled_reversed' : 'audit.bank_transaction.unreconciled',
        params: { date: line.date, ...money(bank, line.amount), entry: line.matched_journal_entry_id },
      },
      changes: { bank_account_id: bank.id, journal_entry_id: line.matched_journal_entry_id ?? null, kind: line.match_kind ?? null },
    });
    return presentLine(after);
  },
});

/** The accounting-prefixed paths are the same routes (SPEC §7 "duplicated … identical routes"). */
export const routes = defineRoutes('bank-accounts', {
  ...alsoUnderAccounting({
    [`GET ${ORG}/bank-accounts`]: listRoute,
    [`POST ${ORG}/bank-accounts`]: createRoute,
    [`GET ${ORG}/bank-accounts/list`]: optionsRoute,
    [`GET ${ORG}/bank-accounts/{id}`]: getRoute,
    [`PUT ${ORG}/bank-accounts/{id}`]: updateRoute,
    [`DELETE ${ORG}/bank-accounts/{id}`]: deleteRoute,
    [`GET ${ORG}/bank-accounts/{id}/transactions`]: linesRoute,
    [`POST ${ORG}/bank-accounts/{id}/transactions`]: addLineRoute,
    [`POST ${ORG}/bank-accounts/{id}/transactions/import`]: importRoute,
    [`GET ${ORG}/bank-accounts/{id}/transactions/{transaction_id}/matches`]: matchesRoute,
    [`POST ${ORG}/bank-accounts/{id}/reconcile/{transaction_id}`]: reconcileRoute,
    [`DELETE ${ORG}/bank-accounts/{id}/reconcile/{transaction_id}`]: unreconcileRoute,
  }),
});

export const handler = createHandler(routes);
