/**
 * The statement import parses multipart uploads itself (http/body.ts's parseBody): the bodies an
 * attacker sends (issue #12) are answered with a 4xx and a detail under both of its paths, and
 * nothing is imported.
 */
import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { malformedMultipart, malformedUrlencoded, statementOfSize } from '../../test/malformed-bodies.js';
import { AuditLog } from '../db/auditLog.js';
import { BankTransaction } from '../db/bankTransaction.js';
import { systemAccounts } from '../ledger/chart.js';

const IBAN = 'JO30ARAB1230000000123456789012';

describe('statement import with a malformed body', () => {
  it('answers truncated, boundary-less, oversized and urlencoded bodies with a 4xx and a detail under both paths, importing nothing', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const { bank: ledgerBank } = await systemAccounts(org.id, ['bank'] as const);
    const created = await call('POST', `/api/v1/organizations/${org.id}/bank-accounts`, {
      token: users.admin.token,
      json: { name: 'Operating account', bank_name: 'Arab Bank', iban: IBAN, account_id: ledgerBank.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bankId = created.body.id as string;
    const cases = [
      ...malformedMultipart(MAX_UPLOAD_BYTES + 64 * 1024),
      // The route reads JSON or multipart and refuses any other type before reading the body.
      ...malformedUrlencoded({ parsed: false, sizeCheckedFirst: false }),
    ];
    for (const prefix of ['', 'accounting/']) {
      for (const c of cases) {
        // act
        const res = await call('POST', `/api/v1/organizations/${org.id}/${prefix}bank-accounts/${bankId}/transactions/import`, {
          token: users.member.token,
          raw: { body: c.body, contentType: c.contentType },
        });
        // assess
        expect({ path: prefix, name: c.name, status: res.status }).toEqual({ path: prefix, name: c.name, status: c.status });
        expect(res.body.detail, c.name).toBeTruthy();
      }
    }
    const lines = await BankTransaction.query.byId({ organization_id: org.id, bank_account_id: bankId }).go({ consistent: true, pages: 'all' });
    expect(lines.data).toEqual([]);
    const imported = (await AuditLog.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' })).data.filter((a) => a.action === 'bank_statement.imported');
    expect(imported).toEqual([]);
  });

  it('answers a statement file over MAX_UPLOAD_BYTES with a 413 and a detail before reading it, and reads one at the limit', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const { bank: ledgerBank } = await systemAccounts(org.id, ['bank'] as const);
    const created = await call('POST', `/api/v1/organizations/${org.id}/bank-accounts`, {
      token: users.admin.token,
      json: { name: 'Operating account', bank_name: 'Arab Bank', iban: IBAN, account_id: ledgerBank.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bankId = created.body.id as string;
    const importInto = (prefix: string, size: number) =>
      call('POST', `/api/v1/organizations/${org.id}/${prefix}bank-accounts/${bankId}/transactions/import`, { token: users.member.token, raw: statementOfSize(size) });
    const linesOf = async () => (await BankTransaction.query.byId({ organization_id: org.id, bank_account_id: bankId }).go({ consistent: true, pages: 'all' })).data;

    for (const prefix of ['', 'accounting/']) {
      // act: a valid statement one byte over the limit; its framing keeps the body under the body limit
      const res = await importInto(prefix, MAX_UPLOAD_BYTES + 1);
      // assess
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body.detail).toBe('The file "statement.csv" is larger than 4 MiB, the most a file may have');
    }
    expect(await linesOf()).toEqual([]);

    // act: the same statement at exactly the limit
    const atLimit = await importInto('', MAX_UPLOAD_BYTES);
    // assess
    expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 500)).toBe(200);
    expect(atLimit.body).toMatchObject({ rows: 1, imported: 1, skipped_duplicates: 0 });
    expect(await linesOf()).toHaveLength(1);
  });
});
