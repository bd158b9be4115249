/**
 * Property test of the posting engine against DynamoDB: random balanced entries, reversals
 * (several at once on the same entry, too), concurrent writers on the same and on sharded items,
 * and transactions made to fail by a caller's item. After every run the books must agree with a
 * model kept in memory and with a full recomputation from the journal, to the fil.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { money } from '@daftar/shared';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { AccountPosting, JournalEntry } from '../db/journalEntry.js';
import { Item } from '../db/item.js';
import { HttpError, statusOf as httpStatusOf } from '../http/errors.js';
import { accountBalances, trialBalance, type Totals } from './balances.js';
import { ensureChartOfAccounts } from './chart.js';
import { addDays } from './dates.js';
import { postEntries, postReversal } from '../documents/posting-path.js';
import { uuidv7 } from '../platform/ids.js';
import { conditionCheck, updateItem, type PostingLine, type TransactItem } from './posting.js';
import { ledgerAccounts } from './test-helpers.js';
import { verifyLedger } from './verify.js';

type PostSpec = { date: number; shard: string | undefined; debits: { account: number; amount: number }[]; credits: { account: number; weight: number }[] };
type Operation =
  | { kind: 'post'; spec: PostSpec }
  | { kind: 'reverse'; pick: number; after: number }
  | { kind: 'fail'; how: 'condition' | 'invalid'; spec: PostSpec };

const ACCOUNT_POOL = 6;
const postSpec: fc.Arbitrary<PostSpec> = fc.record({
  date: fc.nat({ max: 89 }),
  shard: fc.constantFrom(undefined, 'terminal-1', 'terminal-2'),
  debits: fc.array(fc.record({ account: fc.nat({ max: ACCOUNT_POOL - 1 }), amount: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 3 }),
  credits: fc.array(fc.record({ account: fc.nat({ max: ACCOUNT_POOL - 1 }), weight: fc.integer({ min: 1, max: 9 }) }), { minLength: 1, maxLength: 3 }),
});
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 5, arbitrary: postSpec.map((spec) => ({ kind: 'post' as const, spec })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), after: fc.nat({ max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), how: fc.constantFrom('condition' as const, 'invalid' as const), spec: postSpec }) },
);

describe('ledger properties', () => {
  let organizationId = '';
  let pool: string[] = [];
  let documentId = '';
  const model = new Map<string, Totals>();
  const posted: { id: string; date: string; lines: PostingLine[] }[] = [];
  const reversed = new Set<string>();

  beforeAll(async () => {
    const { user } = await createUser();
    organizationId = (await createOrganization(user.id)).id;
    await ensureChartOfAccounts(organizationId);
    const a = await ledgerAccounts(organizationId);
    pool = [a.cash, a.bank, a.receivable, a.sales, a.vat_output, a.other_expense];
    // A document whose `title` is a string: adding a number to it is an invalid action.
    const now = new Date().toISOString();
    documentId = 'property-document';
    await Item.create({ organization_id: organizationId, id: documentId, title: 'text', owner_id: 'tester', created_at: now, updated_at: now }).go();
  });

  const apply = (lines: readonly PostingLine[]) => {
    for (const line of lines) {
      const t = model.get(line.account_id) ?? { debit: 0, credit: 0 };
      model.set(line.account_id, { debit: t.debit + (line.debit ?? 0), credit: t.credit + (line.credit ?? 0) });
    }
  };

  const linesOf = (spec: PostSpec): PostingLine[] => {
    const total = spec.debits.reduce((s, d) => s + d.amount, 0);
    const parts = money.allocate(money.fromMinorUnits(total, 'JOD'), spec.credits.map((c) => c.weight));
    return [
      ...spec.debits.map((d) => ({ account_id: pool[d.account]!, debit: d.amount })),
      ...spec.credits.map((c, i) => ({ account_id: pool[c.account]!, credit: parts[i]!.amount })).filter((l) => l.credit > 0),
    ];
  };
  const dateOf = (offset: number) => addDays('2025-01-01', offset);
  const documentKey = () => {
    const { Key, TableName } = Item.get({ organization_id: organizationId, id: documentId }).params() as { Key: Record<string, string>; TableName: string };
    return { Key, TableName };
  };

  async function run(op: Operation): Promise<void> {
    if (op.kind === 'post') {
      const lines = linesOf(op.spec);
      const [entry] = await postEntries([{ organizationId, date: dateOf(op.spec.date), lines, shard: op.spec.shard, source: { type: 'manual' }, createdBy: 'property' }]);
      apply(lines);
      posted.push({ id: entry!.id, date: entry!.date, lines });
      return;
    }
    if (op.kind === 'reverse') {
      if (!posted.length) return;
      const target = posted[op.pick % posted.length]!;
      const date = addDays(target.date, op.after);
      try {
        const reversal = await postReversal({ organizationId, entryId: target.id, date, createdBy: 'property' });
        const lines = reversal.lines.map((l) => ({ account_id: l.account_id, debit: l.debit, credit: l.credit }));
        apply(lines);
        reversed.add(target.id);
        posted.push({ id: reversal.id, date, lines });
      } catch (err) {
        // Only an entry already reversed (by an earlier or a concurrent operation) may refuse.
        expect(err).toBeInstanceOf(HttpError);
        expect(httpStatusOf(err as HttpError)).toBe(409);
        expect(reversed.has(target.id) || (await JournalEntry.get({ organization_id: organizationId, id: target.id }).go({ consistent: true })).data?.status === 'reversed').toBe(true);
      }
      return;
    }
    const input = { organizationId, date: dateOf(op.spec.date), lines: linesOf(op.spec), shard: op.spec.shard, source: { type: 'manual' as const }, entryId: uuidv7() };
    const sabotage: TransactItem =
      op.how === 'condition'
        ? conditionCheck(Item.delete({ organization_id: organizationId, id: 'missing-document' }).where((a, { exists }) => exists(a.id)).params())
        : updateItem({ ...documentKey(), UpdateExpression: 'ADD #title :one', ExpressionAttributeNames: { '#title': 'title' }, ExpressionAttributeValues: { ':one': 1 } });
    await expect(postEntries([input], [sabotage])).rejects.toThrow();
    // Nothing of the cancelled transaction exists.
    expect((await JournalEntry.get({ organization_id: organizationId, id: input.entryId }).go({ consistent: true })).data).toBeNull();
    for (const line of input.lines) {
      const card = await AccountPosting.get({ organization_id: organizationId, account_id: line.account_id, date: input.date, entry_id: input.entryId }).go({ consistent: true });
      expect(card.data).toBeNull();
    }
  }

  it('keeps every balance equal to a recomputation from the journal, whatever is posted, reversed or refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 10 }), async (operations) => {
        // Four writers at a time, all on the same few accounts.
        for (let i = 0; i < operations.length; i += 4) await Promise.all(operations.slice(i, i + 4).map(run));

        const verification = await verifyLedger(organizationId);
        expect(verification.differences).toEqual([]);
        expect(verification.unbalancedEntries).toEqual([]);
        expect(verification.ok).toBe(true);

        const balances = await accountBalances(organizationId);
        const nonZero = (m: Map<string, Totals>) => new Map([...m].filter(([, t]) => t.debit || t.credit));
        expect(nonZero(balances)).toEqual(nonZero(model));

        const tb = await trialBalance(organizationId, '2099-12-31');
        expect(tb.totalDebit).toBe(tb.totalCredit);

        const { data: entries } = await JournalEntry.query.byId({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
        expect(entries).toHaveLength(posted.length);
        expect(new Set(entries.map((e) => e.number)).size).toBe(entries.length);
        for (const entry of entries) {
          expect(entry.lines.reduce((s, l) => s + l.debit, 0)).toBe(entry.lines.reduce((s, l) => s + l.credit, 0));
          if (entry.status === 'reversed') {
            const reversal = entries.find((e) => e.id === entry.reversed_by_entry_id);
            expect(reversal?.reverses_entry_id).toBe(entry.id);
          }
        }
        expect(entries.filter((e) => e.status === 'reversed').map((e) => e.id).sort()).toEqual([...reversed].sort());
      }),
      { numRuns: 5, endOnFailure: true },
    );
  });
});
