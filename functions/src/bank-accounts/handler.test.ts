import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { multipartFile } from '../../test/multipart.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { BankTransaction } from '../db/bankTransaction.js';
import { JournalEntry } from '../db/journalEntry.js';
import { Tax } from '../db/tax.js';
import { trialBalance } from '../ledger/balances.js';
import { systemAccounts } from '../ledger/chart.js';
import { ledgerSnapshot } from '../ledger/test-helpers.js';
import { nowIso, uuidv7 } from '../platform/ids.js';

/** Valid Jordanian IBANs (mod-97 checked). */
const IBAN = 'JO30ARAB1230000000123456789012';
const OTHER_IBAN = 'JO58HBHO0010000000000000000777';

const orgPath = (orgId: string) => `/api/v1/organizations/${orgId}`;

/** Trial balance rows as [code, debit, credit] in fils, with the column totals. */
const trialRows = async (orgId: string) => {
  const tb = await trialBalance(orgId, '2099-12-31');
  return { rows: tb.rows.map((r) => [r.account.code, r.debit, r.credit]), totalDebit: tb.totalDebit, totalCredit: tb.totalCredit };
};
const storedLines = async (orgId: string, bankId: string) =>
  (await BankTransaction.query.byId({ organization_id: orgId, bank_account_id: bankId }).go({ consistent: true, pages: 'all' })).data;

const multipart = (content: Buffer, filename: string, fields: Record<string, string> = {}) => multipartFile(content, filename, { fields, contentType: 'text/csv' });

async function setup(prefix: '' | 'accounting/' = '') {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const acc = await systemAccounts(org.id, ['bank', 'cash', 'sales', 'bank_charges', 'opening_balance_equity', 'vat_input', 'receivable'] as const);
  const banks = `${orgPath(org.id)}/${prefix}bank-accounts`;
  const createBank = async (json: Record<string, unknown> = {}) => {
    const res = await call('POST', banks, { ...as('admin'), json: { name: 'Operating account', bank_name: 'Arab Bank', iban: IBAN, account_id: acc.bank.id, ...json } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const importCsv = (bankId: string, csv: string, role: keyof typeof users = 'member', extra: Record<string, unknown> = {}) =>
    call('POST', `${banks}/${bankId}/transactions/import`, { ...as(role), json: { csv, ...extra } });
  const lines = (bankId: string, query: Record<string, string | number | boolean> = {}) => call('GET', `${banks}/${bankId}/transactions`, { ...as('viewer'), query });
  /** A posted manual entry through the journal-entries routes. */
  const postEntry = async (json: Record<string, unknown>) => {
    const res = await call('POST', `${orgPath(org.id)}/journal-entries`, { ...as('admin'), json: { status: 'posted', ...json } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  return { org, users, as, acc, banks, createBank, importCsv, lines, postEntry };
}

describe('bank accounts', () => {
  it('creates a bank account on a bank ledger account, posting its opening balance against opening balance equity', async () => {
    // prepare
    const { org, as, acc, banks } = await setup();
    // act
    const created = await call('POST', banks, {
      ...as('admin'),
      json: { name: 'Operating account', bank_name: 'Arab Bank', account_number: '0123/456789/500', iban: 'jo30 arab 1230 0000 0012 3456 7890 12', account_id: acc.bank.id, opening_balance: 1000, opening_balance_date: '2025-01-01' },
    });
    const fetched = await call('GET', `${banks}/${created.body.id}`, as('viewer'));
    // assess
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Operating account',
      bank_name: 'Arab Bank',
      iban: IBAN,
      currency: 'JOD',
      account_id: acc.bank.id,
      account_code: '1120',
      opening_balance: '1000.000',
      opening_balance_date: '2025-01-01',
      ledger_balance: '1000.000',
      statement_balance: '1000.000',
      difference: '0.000',
      transaction_count: 0,
      unreconciled_count: 0,
      is_active: true,
      version: 1,
    });
    expect(fetched.body).toEqual(created.body);
    expect(await trialRows(org.id)).toEqual({ rows: [['1120', 1_000_000, 0], ['3900', 0, 1_000_000]], totalDebit: 1_000_000, totalCredit: 1_000_000 });
    const [entry] = (await JournalEntry.query.byId({ organization_id: org.id }).go()).data;
    expect(entry).toMatchObject({ id: created.body.opening_entry_id, source_type: 'opening_balance', source_id: created.body.id, date: '2025-01-01' });
  });

  it('refuses a bad IBAN, a foreign currency, a non-bank or another organization\'s ledger account, and a second bank account on one ledger account — writing nothing', async () => {
    // prepare
    const { org, as, acc, banks, createBank } = await setup();
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = await systemAccounts(otherOrg.id, ['bank'] as const);
    await createBank();
    const before = await ledgerSnapshot(org.id);
    const body = (json: Record<string, unknown>) => ({ ...as('admin'), json: { name: 'Second', bank_name: 'Housing Bank', account_id: acc.cash.id, ...json } });
    // act
    const badChecksum = await call('POST', banks, body({ iban: 'JO31ARAB1230000000123456789012' }));
    const shortIban = await call('POST', banks, body({ iban: 'JO30ARAB123' }));
    const usd = await call('POST', banks, body({ currency: 'USD' }));
    const income = await call('POST', banks, body({ account_id: acc.sales.id }));
    const receivable = await call('POST', banks, body({ account_id: acc.receivable.id }));
    const foreign = await call('POST', banks, body({ account_id: theirs.bank.id, opening_balance: '5', opening_balance_date: '2025-01-01' }));
    const taken = await call('POST', banks, body({ account_id: acc.bank.id, iban: OTHER_IBAN, opening_balance: '5', opening_balance_date: '2025-01-01' }));
    const noDate = await call('POST', banks, body({ opening_balance: '5' }));
    const byStranger = await call('POST', banks, { ...body({}), token: stranger.token });
    // assess
    expect(badChecksum.status).toBe(422);
    expect(badChecksum.body.detail[0]).toMatchObject({ loc: ['body', 'iban'], msg: 'The IBAN check digits do not match; check it for a typing mistake' });
    expect(shortIban.body.detail[0].msg).toBe('A Jordanian IBAN has 30 characters, this one has 11');
    expect(usd.status).toBe(422);
    expect(income.status).toBe(422);
    expect(income.body.detail[0].msg).toMatch(/is not a bank or cash account/);
    expect(receivable.status).toBe(422);
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail[0]).toMatchObject({ loc: ['body', 'account_id'], msg: 'Account not found' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/already linked to another bank account/);
    expect(noDate.status).toBe(422);
    expect(byStranger.status).toBe(404);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it('lets viewers read, members import, and only admins create, change, reconcile; other organizations get 404', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv } = await setup();
    const bank = await createBank();
    const stranger = await createUser();
    await createOrganization(stranger.user.id);
    // act
    const viewerCreate = await call('POST', banks, { ...as('viewer'), json: { name: 'X', bank_name: 'Y', account_id: acc.cash.id } });
    const memberCreate = await call('POST', banks, { ...as('member'), json: { name: 'X', bank_name: 'Y', account_id: acc.cash.id } });
    const viewerImport = await importCsv(bank.id, 'Date,Description,Amount\n2025-06-01,Fee,-1\n', 'viewer');
    const memberImport = await importCsv(bank.id, 'Date,Description,Amount\n2025-06-01,Fee,-1\n', 'member');
    const [line] = (await call('GET', `${banks}/${bank.id}/transactions`, as('viewer'))).body.data;
    const memberReconcile = await call('POST', `${banks}/${bank.id}/reconcile/${line.id}`, { ...as('member'), json: { create: { account_id: acc.bank_charges.id } } });
    const viewerUpdate = await call('PUT', `${banks}/${bank.id}`, { ...as('viewer'), json: { name: 'Renamed' } });
    const strangerRead = await call('GET', `${banks}/${bank.id}`, { token: stranger.token, org: org.id });
    const strangerList = await call('GET', banks, { token: stranger.token });
    // assess
    expect(viewerCreate.status).toBe(403);
    expect(memberCreate.status).toBe(403);
    expect(viewerImport.status).toBe(403);
    expect(memberImport.status, JSON.stringify(memberImport.body)).toBe(200);
    expect(memberReconcile.status).toBe(403);
    expect(viewerUpdate.status).toBe(403);
    expect(strangerRead.status).toBe(404);
    expect(strangerList.status).toBe(404);
  });

  it('answers identically under accounting/ and lists bank accounts by name with short options', async () => {
    // prepare
    const { org, as, acc, createBank } = await setup('accounting/');
    const bank = await createBank({ name: 'Zarqa branch' });
    await createBank({ name: 'Amman cash', account_id: acc.cash.id, iban: null });
    // act
    const plain = await call('GET', `${orgPath(org.id)}/bank-accounts/${bank.id}`, as('viewer'));
    const prefixed = await call('GET', `${orgPath(org.id)}/accounting/bank-accounts/${bank.id}`, as('viewer'));
    const list = await call('GET', `${orgPath(org.id)}/bank-accounts`, as('viewer'));
    const prefixedList = await call('GET', `${orgPath(org.id)}/accounting/bank-accounts`, as('viewer'));
    const options = await call('GET', `${orgPath(org.id)}/accounting/bank-accounts/list`, as('viewer'));
    // assess
    expect(plain.status).toBe(200);
    expect(prefixed.body).toEqual(plain.body);
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual(['Amman cash', 'Zarqa branch']);
    expect(prefixedList.body).toEqual(list.body);
    expect(options.body.data[1]).toEqual({ id: bank.id, name: 'Zarqa branch', bank_name: 'Arab Bank', account_id: acc.bank.id, currency: 'JOD', is_active: true });
  });

  it('updates details, refuses a stale version, and deletes only an account without lines (reversing its opening balance)', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv } = await setup();
    const withLines = await createBank();
    const empty = await createBank({ name: 'Spare', account_id: acc.cash.id, iban: OTHER_IBAN, opening_balance: '-20.5', opening_balance_date: '2025-02-01' });
    await importCsv(withLines.id, 'Date,Description,Amount\n2025-06-01,Fee,-1\n');
    const afterOpening = await trialRows(org.id);
    // act
    const renamed = await call('PUT', `${banks}/${withLines.id}`, { ...as('admin'), json: { name: 'Main account', iban: '', version: 1 } });
    const stale = await call('PUT', `${banks}/${withLines.id}`, { ...as('admin'), json: { name: 'Again', version: 1 } });
    const relink = await call('PUT', `${banks}/${withLines.id}`, { ...as('admin'), json: { account_id: acc.cash.id } });
    const deleteWithLines = await call('DELETE', `${banks}/${withLines.id}`, as('admin'));
    const deactivated = await call('PUT', `${banks}/${withLines.id}`, { ...as('admin'), json: { is_active: false } });
    const importWhileInactive = await importCsv(withLines.id, 'Date,Description,Amount\n2025-06-02,Fee,-2\n');
    const deleted = await call('DELETE', `${banks}/${empty.id}`, as('admin'));
    const gone = await call('GET', `${banks}/${empty.id}`, as('viewer'));
    const reuse = await call('POST', banks, { ...as('admin'), json: { name: 'Petty cash', bank_name: '-', account_id: acc.cash.id } });
    // assess
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Main account', iban: null, version: 2 });
    expect(stale.status).toBe(409);
    expect(relink.status).toBe(409);
    expect(deleteWithLines.status).toBe(409);
    expect(deleteWithLines.body.detail).toBe('The bank account has 1 statement lines and cannot be deleted; deactivate it instead');
    expect(deactivated.body.is_active).toBe(false);
    expect(importWhileInactive.status).toBe(409);
    expect(afterOpening.rows).toContainEqual(['1110', 0, 20_500]);
    expect(deleted.status).toBe(200);
    expect(gone.status).toBe(404);
    expect((await trialRows(org.id)).rows).toEqual([]);
    expect(reuse.status, JSON.stringify(reuse.body)).toBe(201);
    const actions = (await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' })).data.map((r) => r.action).sort();
    expect(actions).toEqual(expect.arrayContaining(['bank_account.created', 'bank_account.updated', 'bank_account.deactivated', 'bank_account.deleted', 'bank_statement.imported']));
  });
});

describe('statement import', () => {
  it('imports the date/description/amount layout, lists newest first, and imports the same statement again without duplicates', async () => {
    // prepare
    const { as, banks, createBank, importCsv, lines } = await setup();
    const bank = await createBank();
    const csv = [
      'Date,Description,Reference,Amount',
      '2025-06-01,Transfer from Al Noor Trading,TRF-881,"1,250.000"',
      '2025-06-02,Bank charges,,-3.500',
      '2025-06-02,Bank charges,,-3.500',
      '05/06/2025,Cheque 1001 to Jordan Paper,CHQ-1001,-400',
    ].join('\r\n');
    // act
    const first = await importCsv(bank.id, csv);
    const again = await importCsv(bank.id, csv);
    const overlapping = await importCsv(bank.id, `${csv}\r\n2025-06-07,Interest,,0.125`);
    const listed = await lines(bank.id);
    const fetched = await call('GET', `${banks}/${bank.id}`, as('viewer'));
    // assess
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ rows: 4, imported: 4, skipped_duplicates: 0, columns: { has_header: true, delimiter: ',', date: 'Date', amount: 'Amount', reference: 'Reference', debit: null } });
    expect(again.body).toMatchObject({ rows: 4, imported: 0, skipped_duplicates: 4 });
    expect(overlapping.body).toMatchObject({ rows: 5, imported: 1, skipped_duplicates: 4 });
    expect(listed.body.count).toBe(5);
    expect(listed.body.data.map((l: { date: string; amount: string }) => [l.date, l.amount])).toEqual([
      ['2025-06-07', '0.125'],
      ['2025-06-05', '-400.000'],
      ['2025-06-02', '-3.500'],
      ['2025-06-02', '-3.500'],
      ['2025-06-01', '1250.000'],
    ]);
    expect(listed.body.data[4]).toMatchObject({ description: 'Transfer from Al Noor Trading', reference: 'TRF-881', status: 'unreconciled', matched: null, source: 'import', import_batch_id: first.body.import_batch_id });
    expect(fetched.body).toMatchObject({ transaction_count: 5, unreconciled_count: 5, statement_balance: '843.125', ledger_balance: '0.000', difference: '843.125' });
  });

  it('imports a debit/credit statement with Arabic headers and Arabic-Indic digits uploaded as a file, with date filters', async () => {
    // prepare
    const { org, as, banks, createBank, lines } = await setup();
    const bank = await createBank();
    const csv = 'التاريخ;البيان;رقم المرجع;مدين;دائن;الرصيد\n٠١/٠٦/٢٠٢٥;إيداع نقدي;١٠١;;٢٬٥٠٠٫٠٠٠;٢٬٥٠٠٫٠٠٠\n١٥/٠٦/٢٠٢٥;عمولة تحويل;١٠٢;٥٫٢٥٠;;٢٬٤٩٤٫٧٥٠\n٠٢/٠٧/٢٠٢٥;شيك صادر;١٠٣;١٠٠;;٢٬٣٩٤٫٧٥٠\n';
    // act
    const res = await call('POST', `${banks}/${bank.id}/transactions/import`, { ...as('member'), raw: multipart(Buffer.from(csv, 'utf8'), 'كشف حساب.csv') });
    const june = await lines(bank.id, { date_from: '2025-06-01', date_to: '2025-06-30' });
    const fromJune15 = await lines(bank.id, { date_from: '2025-06-15' });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 3, imported: 3, columns: { delimiter: ';', date: 'التاريخ', description: 'البيان', reference: 'رقم المرجع', debit: 'مدين', credit: 'دائن', amount: null } });
    expect(june.body.data.map((l: { amount: string; reference: string }) => [l.amount, l.reference])).toEqual([['-5.250', '102'], ['2500.000', '101']]);
    expect(fromJune15.body.count).toBe(2);
    const audit = (await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' })).data.find((r) => r.action === 'bank_statement.imported');
    expect(audit?.summary).toBe('Statement "كشف حساب.csv" imported into Operating account: 3 new lines (2394.750 JOD), 0 already there');
  });

  it('follows an explicit column mapping sent with a multipart upload', async () => {
    // prepare
    const { as, banks, createBank, lines } = await setup();
    const bank = await createBank();
    const csv = '2025-06-01|TX-1|POS purchase|-12.750\n2025-06-02|TX-2|Salary refund|40\n';
    // act
    const res = await call('POST', `${banks}/${bank.id}/transactions/import`, {
      ...as('member'),
      raw: multipart(Buffer.from(csv), 'export.txt', { mapping: JSON.stringify({ date: 1, reference: 2, description: 3, amount: 4 }), has_header: 'false' }),
    });
    const badMapping = await call('POST', `${banks}/${bank.id}/transactions/import`, { ...as('member'), raw: multipart(Buffer.from(csv), 'export.txt', { mapping: '{date:' }) });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.columns).toMatchObject({ has_header: false, delimiter: '|', date: 'column 1', amount: 'column 4' });
    expect((await lines(bank.id)).body.data.map((l: { reference: string; description: string }) => [l.reference, l.description])).toEqual([['TX-2', 'Salary refund'], ['TX-1', 'POS purchase']]);
    expect(badMapping.status).toBe(422);
  });

  it('refuses a statement with bad rows with 422 listing the rows, and stores nothing', async () => {
    // prepare
    const { org, as, banks, createBank, importCsv } = await setup();
    const bank = await createBank();
    const before = await ledgerSnapshot(org.id);
    const csv = 'Date,Description,Amount\n2025-06-01,Good,1\n2025-13-01,Bad month,1\n2025-06-03,Good,2\n2025-06-04,Not money,12.3456\n';
    // act
    const res = await importCsv(bank.id, csv);
    const empty = await importCsv(bank.id, 'Date,Description,Amount\n');
    const wrongType = await call('POST', `${banks}/${bank.id}/transactions/import`, { ...as('member'), raw: { body: csv, contentType: 'text/plain' } });
    // assess
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'rows', 3, 'date'], msg: 'Row 3: "2025-13-01" is not a date (YYYY-MM-DD or DD/MM/YYYY)', type: 'row_invalid' },
      { loc: ['body', 'rows', 5, 'amount'], msg: expect.stringMatching(/^Row 5: "12.3456": JOD amounts have at most 3 decimal places/), type: 'row_invalid' },
    ]);
    expect(empty.status).toBe(422);
    expect(wrongType.status).toBe(415);
    expect(await storedLines(org.id, bank.id)).toEqual([]);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it('imports more than one transaction\'s worth of rows', async () => {
    // prepare
    const { org, as, banks, createBank, importCsv } = await setup();
    const bank = await createBank();
    const rows = Array.from({ length: 230 }, (_, i) => `2025-06-${String((i % 28) + 1).padStart(2, '0')},Card sale ${i},${i + 1}.000`);
    // act
    const res = await importCsv(bank.id, `Date,Description,Amount\n${rows.join('\n')}\n`);
    const again = await importCsv(bank.id, `Date,Description,Amount\n${rows.join('\n')}\n`);
    const fetched = await call('GET', `${banks}/${bank.id}`, as('viewer'));
    // assess
    expect(res.body).toMatchObject({ imported: 230, skipped_duplicates: 0 });
    expect(again.body).toMatchObject({ imported: 0, skipped_duplicates: 230 });
    expect(await storedLines(org.id, bank.id)).toHaveLength(230);
    expect(fetched.body).toMatchObject({ transaction_count: 230, unreconciled_count: 230, statement_balance: '26565.000' });
  });

  it('adds a line by hand; the same line in a later statement is recognised, a second identical line is kept', async () => {
    // prepare
    const { as, banks, createBank, importCsv, lines } = await setup();
    const bank = await createBank();
    // act
    const added = await call('POST', `${banks}/${bank.id}/transactions`, { ...as('member'), json: { date: '2025-06-03', description: 'Bank  charges', amount: '-3.5' } });
    const zero = await call('POST', `${banks}/${bank.id}/transactions`, { ...as('member'), json: { date: '2025-06-03', description: 'Nothing', amount: '0' } });
    const imported = await importCsv(bank.id, 'Date,Description,Amount\n2025-06-03,BANK CHARGES,-3.500\n2025-06-03,Bank charges,-3.500\n');
    // assess
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ date: '2025-06-03', amount: '-3.500', status: 'unreconciled', source: 'manual', matched_transaction_id: null });
    expect(zero.status).toBe(422);
    expect(imported.body).toMatchObject({ imported: 1, skipped_duplicates: 1 });
    expect((await lines(bank.id)).body.count).toBe(2);
  });
});

describe('reconciliation', () => {
  it('suggests a matching manual entry, reconciles it, hides it from unreconciled lines, and refuses to match the entry twice', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv, lines, postEntry } = await setup();
    const bank = await createBank();
    const sale = await postEntry({ date: '2025-06-10', memo: 'Cash sale banked', reference: 'DEP-55', lines: [{ account_id: acc.bank.id, debit: '250' }, { account_id: acc.sales.id, credit: '250' }] });
    await postEntry({ date: '2025-06-11', memo: 'Other deposit', lines: [{ account_id: acc.bank.id, debit: '250' }, { account_id: acc.sales.id, credit: '250' }] });
    await postEntry({ date: '2025-06-12', memo: 'Different amount', lines: [{ account_id: acc.bank.id, debit: '251' }, { account_id: acc.sales.id, credit: '251' }] });
    await postEntry({ date: '2025-05-01', memo: 'Too early', lines: [{ account_id: acc.bank.id, debit: '250' }, { account_id: acc.sales.id, credit: '250' }] });
    await importCsv(bank.id, 'Date,Description,Reference,Amount\n2025-06-12,Deposit DEP-55,DEP-55,250\n2025-06-12,Deposit,,250\n');
    const [second, first] = (await lines(bank.id)).body.data;
    const linePath = (id: string) => `${banks}/${bank.id}/reconcile/${id}`;
    // act
    const suggestions = await call('GET', `${banks}/${bank.id}/transactions/${first.id}/matches`, as('viewer'));
    const reconciled = await call('POST', linePath(first.id), { ...as('admin'), json: { journal_entry_id: sale.id } });
    const unreconciledOnly = await lines(bank.id, { unreconciled_only: true });
    const byEntry = await lines(bank.id, { matched_transaction_id: sale.id });
    const beforeTwice = await ledgerSnapshot(org.id);
    const twice = await call('POST', linePath(second.id), { ...as('admin'), json: { journal_entry_id: sale.id } });
    const lineTwice = await call('POST', linePath(first.id), { ...as('admin'), json: { journal_entry_id: sale.id } });
    const afterTwice = await ledgerSnapshot(org.id);
    const secondSuggestions = await call('GET', `${banks}/${bank.id}/transactions/${second.id}/matches`, as('viewer'));
    const fetched = await call('GET', `${banks}/${bank.id}`, as('viewer'));
    // assess
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.data.map((s: { journal_entry_id: string }) => s.journal_entry_id)[0]).toBe(sale.id);
    expect(suggestions.body.count).toBe(2);
    expect(suggestions.body.data[0]).toMatchObject({ date: '2025-06-10', amount: '250.000', memo: 'Cash sale banked', reference: 'DEP-55', source_type: 'manual', source_id: sale.id, payment_id: null, days_apart: 2, similarity: 1 });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body).toMatchObject({ status: 'reconciled', matched: { journal_entry_id: sale.id, payment_id: null, kind: 'existing' }, matched_transaction_id: sale.id, version: 2 });
    expect(unreconciledOnly.body.data.map((l: { id: string }) => l.id)).toEqual([second.id]);
    expect(byEntry.body.data.map((l: { id: string }) => l.id)).toEqual([first.id]);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(`Journal entry ${sale.entry_number} is already reconciled with another statement line`);
    expect(lineTwice.status).toBe(409);
    expect(afterTwice).toEqual(beforeTwice);
    expect(secondSuggestions.body.data.map((s: { memo: string }) => s.memo)).toEqual(['Other deposit']);
    expect(fetched.body).toMatchObject({ unreconciled_count: 1, transaction_count: 2, ledger_balance: '1001.000', statement_balance: '500.000' });
  });

  it('refuses an entry of another amount, of another account, of another organization, or reversed — writing nothing', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv, lines, postEntry } = await setup();
    const bank = await createBank();
    const other = await postEntry({ date: '2025-06-10', lines: [{ account_id: acc.bank.id, debit: '99' }, { account_id: acc.sales.id, credit: '99' }] });
    const cash = await postEntry({ date: '2025-06-10', lines: [{ account_id: acc.cash.id, debit: '100' }, { account_id: acc.sales.id, credit: '100' }] });
    const reversedEntry = await postEntry({ date: '2025-06-10', lines: [{ account_id: acc.bank.id, debit: '100' }, { account_id: acc.sales.id, credit: '100' }] });
    await call('POST', `${orgPath(org.id)}/journal-entries/${reversedEntry.id}/reverse`, { ...as('admin'), json: { date: '2025-06-11' } });
    const stranger = await createUser();
    const otherOrg = await createOrganization(stranger.user.id);
    const theirs = await systemAccounts(otherOrg.id, ['bank_charges'] as const);
    await importCsv(bank.id, 'Date,Description,Amount\n2025-06-10,Deposit,100\n');
    const [line] = (await lines(bank.id)).body.data;
    const path = `${banks}/${bank.id}/reconcile/${line.id}`;
    const before = await ledgerSnapshot(org.id);
    // act
    const wrongAmount = await call('POST', path, { ...as('admin'), json: { journal_entry_id: other.id } });
    const wrongAccount = await call('POST', path, { ...as('admin'), json: { journal_entry_id: cash.id } });
    const reversed = await call('POST', path, { ...as('admin'), json: { journal_entry_id: reversedEntry.id } });
    const missing = await call('POST', path, { ...as('admin'), json: { journal_entry_id: uuidv7() } });
    const foreignAccount = await call('POST', path, { ...as('admin'), json: { create: { account_id: theirs.bank_charges.id } } });
    const ownBank = await call('POST', path, { ...as('admin'), json: { create: { account_id: acc.bank.id } } });
    const both = await call('POST', path, { ...as('admin'), json: { journal_entry_id: other.id, create: { account_id: acc.sales.id } } });
    const unknownLine = await call('POST', `${banks}/${bank.id}/reconcile/${uuidv7()}`, { ...as('admin'), json: { journal_entry_id: other.id } });
    const notReconciled = await call('DELETE', path, as('admin'));
    // assess
    expect(wrongAmount.status).toBe(422);
    expect(wrongAmount.body.detail[0].msg).toBe(`Journal entry ${other.entry_number} moves 99.000 through the bank account; the statement line is 100.000`);
    expect(wrongAccount.status).toBe(422);
    expect(wrongAccount.body.detail[0].msg).toMatch(/does not post to this bank account's ledger account/);
    expect(reversed.status).toBe(422);
    expect(missing.status).toBe(422);
    expect(foreignAccount.status).toBe(422);
    expect(foreignAccount.body.detail[0]).toMatchObject({ loc: ['body', 'create', 'account_id'], msg: 'Account not found' });
    expect(ownBank.status).toBe(422);
    expect(both.status).toBe(422);
    expect(unknownLine.status).toBe(404);
    expect(notReconciled.status).toBe(409);
    expect(await ledgerSnapshot(org.id)).toEqual(before);
  });

  it('posts an entry for bank charges, balancing the books, and unreconciling reverses it', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv, lines } = await setup();
    const bank = await createBank({ opening_balance: '500', opening_balance_date: '2025-05-31' });
    await importCsv(bank.id, 'Date,Description,Amount\n2025-06-30,Monthly account fee,-3.500\n');
    const [line] = (await lines(bank.id)).body.data;
    const path = `${banks}/${bank.id}/reconcile/${line.id}`;
    const booksBefore = await trialRows(org.id);
    // act
    const reconciled = await call('POST', path, { ...as('admin'), json: { create: { account_id: acc.bank_charges.id, description: 'Account fee June' } } });
    const booksAfter = await trialRows(org.id);
    const fetched = await call('GET', `${banks}/${bank.id}`, as('viewer'));
    const entry = await call('GET', `${orgPath(org.id)}/journal-entries/${reconciled.body.matched_transaction_id}`, as('viewer'));
    const undone = await call('DELETE', path, as('admin'));
    const booksUndone = await trialRows(org.id);
    const original = await call('GET', `${orgPath(org.id)}/journal-entries/${reconciled.body.matched_transaction_id}`, as('viewer'));
    const undoneTwice = await call('DELETE', path, as('admin'));
    const again = await call('POST', path, { ...as('admin'), json: { create: { account_id: acc.bank_charges.id } } });
    // assess
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(200);
    expect(reconciled.body).toMatchObject({ status: 'reconciled', matched: { kind: 'created', payment_id: null } });
    expect(booksBefore).toEqual({ rows: [['1120', 500_000, 0], ['3900', 0, 500_000]], totalDebit: 500_000, totalCredit: 500_000 });
    expect(booksAfter).toEqual({ rows: [['1120', 496_500, 0], ['3900', 0, 500_000], ['6900', 3_500, 0]], totalDebit: 500_000, totalCredit: 500_000 });
    expect(fetched.body).toMatchObject({ ledger_balance: '496.500', statement_balance: '496.500', difference: '0.000', unreconciled_count: 0 });
    expect(entry.body).toMatchObject({ date: '2025-06-30', status: 'posted', source_type: 'bank_transaction', source_id: line.id, memo: 'Bank statement: Account fee June' });
    expect(entry.body.lines.map((l: Record<string, string>) => [l.account_code, l.debit, l.credit])).toEqual([['6900', '3.500', '0.000'], ['1120', '0.000', '3.500']]);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ status: 'unreconciled', matched: null, version: 3 });
    expect(booksUndone).toEqual(booksBefore);
    expect(original.body.status).toBe('reversed');
    expect(undoneTwice.status).toBe(409);
    expect(again.status).toBe(200);
  });

  it('splits the sales tax included in a bank fee to the input tax account', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv, lines } = await setup();
    const now = nowIso();
    const { data: gst } = await Tax.create({
      organization_id: org.id, id: uuidv7(), name: 'GST 16%', rate: '16', tax_category: 'standard', jofotara_category: 'S',
      sales_account_subtype: 'vat_output', purchase_account_subtype: 'vat_input', created_at: now, updated_at: now,
    }).go();
    const bank = await createBank();
    await importCsv(bank.id, 'Date,Description,Amount\n2025-06-30,Card terminal fee incl. tax,-11.600\n');
    const [line] = (await lines(bank.id)).body.data;
    // act
    const res = await call('POST', `${banks}/${bank.id}/reconcile/${line.id}`, { ...as('admin'), json: { create: { account_id: acc.bank_charges.id, tax_id: gst.id } } });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await trialRows(org.id)).toEqual({ rows: [['1300', 1_600, 0], ['6900', 10_000, 0], ['1120', 0, 11_600]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))), totalDebit: 11_600, totalCredit: 11_600 });
    expect(acc.vat_input.code).toBe('1300');
  });

  it('matches a line to a payment by its id, recording the payment', async () => {
    // prepare
    const { org, as, acc, banks, createBank, importCsv, lines } = await setup();
    const bank = await createBank();
    const paymentId = uuidv7();
    // A payment's posting as the payments module writes it: source payment, bank debited.
    const { buildPosting, postTransaction } = await import('../ledger/posting.js');
    const posting = await buildPosting({
      organizationId: org.id, date: '2025-06-20', source: { type: 'payment', id: paymentId }, memo: 'Payment PAY-000001 from Al Noor',
      lines: [{ account_id: acc.bank.id, debit: 75_000 }, { account_id: acc.receivable.id, credit: 75_000 }],
    });
    await postTransaction(posting.transactItems);
    await importCsv(bank.id, 'Date,Description,Amount\n2025-06-21,Transfer Al Noor,75\n');
    const [line] = (await lines(bank.id)).body.data;
    // act
    const suggestions = await call('GET', `${banks}/${bank.id}/transactions/${line.id}/matches`, as('viewer'));
    const res = await call('POST', `${banks}/${bank.id}/reconcile/${line.id}`, { ...as('admin'), json: { payment_id: paymentId } });
    const byPayment = await lines(bank.id, { matched_transaction_id: paymentId });
    // assess
    expect(suggestions.body.data[0]).toMatchObject({ journal_entry_id: posting.entry.id, source_type: 'payment', source_id: paymentId, payment_id: paymentId, days_apart: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.matched).toEqual({ journal_entry_id: posting.entry.id, payment_id: paymentId, kind: 'existing' });
    expect(byPayment.body.count).toBe(1);
  });
});
