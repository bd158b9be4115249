/** Shared by the ledger, accounts and journal-entries tests: what the books hold, read raw. */
import { ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client.js';
import { config } from '../platform/config.js';
import { systemAccounts } from './chart.js';

type RawItem = Record<string, unknown> & { pk: string; sk: string; __edb_e__?: string };

/**
 * Every item of an organization's tenant partitions (`ORG#<org>…`), raw, grouped by entity: the
 * journal, balance items, ledger cards, lock, accounts and the rest. A test compares two
 * snapshots to prove that a refused call wrote nothing anywhere — number series included: a
 * refused posting takes no number (documents/posting-path.ts).
 * (A Scan of the test file's own small table; request paths never scan.)
 */
export async function ledgerSnapshot(organizationId: string) {
  const items: RawItem[] = [];
  let ExclusiveStartKey: ScanCommandInput['ExclusiveStartKey'];
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: config.tableName,
        ConsistentRead: true,
        FilterExpression: 'begins_with(pk, :org)',
        ExpressionAttributeValues: { ':org': `ORG#${organizationId}` },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as RawItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const sorted = items.sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
  const of = (entity: string) => sorted.filter((i) => i.__edb_e__ === entity);
  const grouped = ['journal_entry', 'account_balance', 'account_posting', 'ledger_lock'];
  return {
    entries: of('journal_entry') as (RawItem & { id: string; status: string })[],
    balances: of('account_balance'),
    postings: of('account_posting'),
    locks: of('ledger_lock'),
    other: sorted.filter((i) => !grouped.includes(i.__edb_e__ ?? '')),
  };
}

/** The ids of the default chart's system accounts used across the tests. */
export async function ledgerAccounts(organizationId: string) {
  const accounts = await systemAccounts(organizationId, ['cash', 'bank', 'receivable', 'sales', 'vat_output', 'payable', 'other_expense', 'owner_capital'] as const);
  return Object.fromEntries(Object.entries(accounts).map(([subtype, account]) => [subtype, account.id])) as Record<keyof typeof accounts, string>;
}
