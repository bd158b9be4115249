/**
 * The ledger's two speed bars (issue #4), measured inside the API bench's session (same emulators,
 * same functions environment):
 *
 * 1. Confirming an invoice of 20 lines is ONE DynamoDB transaction: latency of POST …/confirm as a
 *    ratio to a bare PutItem measured in the same run, with the DynamoDB commands it issues.
 * 2. Trial balance with 100,000 journal lines ÷ trial balance with 1,000 (at most 1.1, issue #13):
 *    two organizations post the same accounts over the same months, one 100× more lines; the trial
 *    balance reads balance items (accounts × months), never lines, so the ratio should stay near 1.
 *    Timed and counted as bench/reports.ts times the statements (measureSmallLarge), in the state
 *    the statements are timed in: after the nightly job has rolled the past months up
 *    (ledger/rollup-job.ts), as it does every organization every night. Measured before it too
 *    (`uncompacted`, reported beside): a month's balance item holds a figure per day it had
 *    postings, so the larger journal's items are larger (every day posted to against about 20), and
 *    a read costs by item size even when it projects only the month totals; that is the cost the
 *    rollups take away.
 */
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { AccountRecord } from '../functions/src/db/account.js';
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { median, pairedRatio, percentile, ratio, round, timeMs } from './stats.js';
import { ok } from './http.js';
import { measureSmallLarge, type ReadCount } from './reports.js';

type Call = (method: string, url: string, init?: { token?: string; json?: unknown }) => Promise<HttpResponseLike>;

export interface LedgerBenchResult {
  baseline_put_item: { p50_ms: number | null; p99_ms: number | null };
  confirm_20_line_invoice: {
    calls: number;
    p50_ms: number | null;
    p99_ms: number | null;
    p50_ratio_to_put_item: number | null;
    p99_ratio_to_put_item: number | null;
    /** Median and quartiles of per-pair ratios: confirm i / the PutItem sampled right after it. */
    pair_ratio_to_put_item: { median: number | null; p25: number | null; p75: number | null };
    transact_write_items_per_confirm: number;
    dynamodb_commands_per_confirm: Record<string, number>;
    transaction_actions: number | null;
  };
  trial_balance: {
    small: { journal_lines: number; entries: number; p50_ms: number | null; p99_ms: number | null; accounts: number; reads_per_call: ReadCount };
    large: { journal_lines: number; entries: number; p50_ms: number | null; p99_ms: number | null; accounts: number; reads_per_call: ReadCount };
    seeding_s: number;
    ratio_large_to_small_p50: number | null;
    pair_ratio_large_to_small: { median: number | null; p25: number | null; p75: number | null };
    bar: string;
    /** The same before the nightly rollup (the day figures of every month read). */
    uncompacted: { small_p50_ms: number | null; large_p50_ms: number | null; ratio_large_to_small_p50: number | null; pair_ratio_large_to_small: { median: number | null; p25: number | null; p75: number | null } };
    /** Past months rolled up per organization by the nightly job before the bar's figures. */
    rollup_periods: { small: number; large: number };
  };
}

async function samples(fn: () => Promise<unknown>, n: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await timeMs(fn)).ms);
  return out;
}

export async function measureLedger(opts: {
  call: Call;
  token: string;
  table: string;
  seen: string[];
  calls: number;
  log: (line: string) => void;
}): Promise<LedgerBenchResult> {
  const { call, token, seen, log } = opts;
  const bare = new DynamoDBClient((await import('../functions/src/db/client.js')).dynamoClientOptions);
  try {
    // ---- baseline: a bare PutItem of a small item
    let n = 0;
    const put = () =>
      bare.send(new PutItemCommand({ TableName: opts.table, Item: { pk: { S: 'BENCH#put' }, sk: { S: `ITEM#${n++ % 50}` }, value: { N: String(n) } } }));
    // Warmed here, sampled after each timed confirm below so both see the same moments of the machine.
    await samples(put, 0, 10);
    const putSamples: number[] = [];

    // ---- confirm an invoice of 20 lines (the draft is created outside the timing)
    const org = ok(await call('POST', '/api/v1/organizations', { token, json: { name: `Bench Ledger ${Date.now().toString(36)}` } }), 'organization') as { id: string };
    const ORG = `/api/v1/organizations/${org.id}`;
    ok(await call('POST', `${ORG}/taxes/jordan-gst/setup?gst_registration_number=12345678`, { token }), 'jordan-gst setup');
    const taxes = ok(await call('GET', `${ORG}/taxes`, { token }), 'taxes') as { data: { id: string; rate: string; tax_category: string }[] };
    const gst16 = taxes.data.find((t) => t.rate === '16' || t.rate === '16.00' || Number(t.rate) === 16)!;
    const gst8 = taxes.data.find((t) => Number(t.rate) === 8) ?? gst16;
    const customer = ok(await call('POST', `${ORG}/contacts`, { token, json: { contact_type: 'customer', name: 'Bench Customer' } }), 'contact') as { id: string };
    const draft = () =>
      call('POST', `${ORG}/invoices/with-line-items`, {
        token,
        json: {
          contact_id: customer.id,
          issue_date: '2026-03-10',
          lines: Array.from({ length: 20 }, (_, i) => ({
            description: `Item ${i + 1}`,
            quantity: String(1 + (i % 4)),
            unit_price: `${3 + i}.${String(125 + i * 7).padStart(3, '0')}`,
            tax_id: i % 3 === 0 ? gst8.id : gst16.id,
          })),
        },
      });
    const confirmSamples: number[] = [];
    const commandCounts: Record<string, number>[] = [];
    let actions: number | null = null;
    const { JournalEntry } = await import('../functions/src/db/journalEntry.js');
    for (let i = 0; i < opts.calls + 5; i++) {
      const invoice = ok(await draft(), 'draft invoice') as { id: string };
      seen.length = 0;
      const { ms, value } = await timeMs(() => call('POST', `${ORG}/invoices/${invoice.id}/confirm`, { token }));
      const confirmed = ok(value, 'confirm') as { journal_entry_id: string };
      if (i < 5) continue; // warm-up
      confirmSamples.push(ms);
      putSamples.push((await timeMs(put)).ms);
      const counts: Record<string, number> = {};
      for (const c of seen) counts[c] = (counts[c] ?? 0) + 1;
      commandCounts.push(counts);
      if (actions === null) {
        // entry + one posting per account + one balance update per (account, month) + the lock check + the invoice update
        const { data: entry } = await JournalEntry.get({ organization_id: org.id, id: confirmed.journal_entry_id }).go();
        const accounts = new Set((entry?.lines as { account_id: string }[]).map((l) => l.account_id)).size;
        actions = 1 + accounts * 2 + 1 + 1;
      }
    }
    const last = commandCounts[commandCounts.length - 1] ?? {};
    const transactWrites = Math.max(...commandCounts.map((c) => c.TransactWriteItemsCommand ?? 0));
    const putP50 = median(putSamples);
    const putP99 = percentile(putSamples, 99);
    log(`confirm 20-line invoice: p50 ${round(median(confirmSamples))} ms (PutItem p50 ${round(putP50)} ms), TransactWriteItems per confirm ${transactWrites}`);

    // ---- trial balance: 1,000 vs 100,000 journal lines over the same accounts and months
    const seedStarted = Date.now();
    const small = await seedJournal(call, token, 'small', 1_000, log);
    // BENCH_LARGE_LINES only shrinks the large journal for a quick smoke run of the bench itself.
    const large = await seedJournal(call, token, 'large', Number(process.env.BENCH_LARGE_LINES ?? 100_000), log);
    const seedingS = Math.round((Date.now() - seedStarted) / 1000);
    const tb = (orgId: string) => call('GET', `/api/v1/organizations/${orgId}/accounting/trial-balance?as_of_date=2026-12-31`, { token }).then((res) => ok(res, 'trial balance'));
    const uncompacted = await measureSmallLarge({ what: 'trial balance (before the nightly rollup)', small, large, calls: opts.calls, get: tb, log });
    const { compactOrganization } = await import('../functions/src/ledger/rollup-job.js');
    const rollupPeriods = { small: (await compactOrganization(small.orgId)).periods, large: (await compactOrganization(large.orgId)).periods };
    const timed = await measureSmallLarge({ what: 'trial balance', small, large, calls: opts.calls, get: tb, log });
    return {
      baseline_put_item: { p50_ms: round(putP50), p99_ms: round(putP99) },
      confirm_20_line_invoice: {
        calls: confirmSamples.length,
        p50_ms: round(median(confirmSamples)),
        p99_ms: round(percentile(confirmSamples, 99)),
        p50_ratio_to_put_item: ratio(median(confirmSamples), putP50),
        p99_ratio_to_put_item: ratio(percentile(confirmSamples, 99), putP99),
        pair_ratio_to_put_item: (({ pairs: _pairs, ...r }) => r)(pairedRatio(confirmSamples, putSamples)),
        transact_write_items_per_confirm: transactWrites,
        dynamodb_commands_per_confirm: last,
        transaction_actions: actions,
      },
      trial_balance: {
        small: { journal_lines: small.lines, entries: small.entries, accounts: small.accounts, p50_ms: timed.small_p50_ms, p99_ms: timed.small_p99_ms, reads_per_call: timed.small_reads_per_call },
        large: { journal_lines: large.lines, entries: large.entries, accounts: large.accounts, p50_ms: timed.large_p50_ms, p99_ms: timed.large_p99_ms, reads_per_call: timed.large_reads_per_call },
        seeding_s: seedingS,
        ratio_large_to_small_p50: timed.ratio_large_to_small_p50,
        pair_ratio_large_to_small: timed.pair_ratio_large_to_small,
        bar: 'at most 1.1',
        uncompacted: { small_p50_ms: uncompacted.small_p50_ms, large_p50_ms: uncompacted.large_p50_ms, ratio_large_to_small_p50: uncompacted.ratio_large_to_small_p50, pair_ratio_large_to_small: uncompacted.pair_ratio_large_to_small },
        rollup_periods: rollupPeriods,
      },
    };
  } finally {
    bare.destroy();
  }
}

/** What a bench journal posts: every entry the same lines on the same accounts, the difference in cash. */
export interface JournalShape {
  /** The organization's name before the label. */
  organizationName: string;
  /** The entry's lines but the cash line, on accounts picked from the default chart. */
  lines(chart: AccountRecord[], count: number): BenchLine[];
  /** The cash line's description. */
  cashDescription: string;
}

interface BenchLine {
  account_id: string;
  debit?: number;
  credit?: number;
  description: string;
}

/** The trial balance's journal: entries over the same 10 expense accounts, paid in cash. */
const EXPENSES_PAID: JournalShape = {
  organizationName: 'Bench Journal',
  lines: (chart, count) => {
    const expenses = chart.filter((a) => a.type === 'expense').slice(0, 10);
    return Array.from({ length: count }, (_, i) => ({ account_id: expenses[i % expenses.length]!.id, debit: 1000 + i, description: `Line ${i + 1}` }));
  },
  cashDescription: 'Paid',
};

/**
 * An organization whose journal holds `lines` lines: entries of 50 lines (`shape`'s and one on
 * cash), dated across the 12 months of 2026, each on the same accounts, so two journals of one
 * shape have the same balance items and differ only in how many lines (and days) they hold.
 * Posted through the ledger engine directly (the API's journal route would do the same, one
 * request per entry) with a few writers at once, each on its own months so they do not contend
 * for the same balance items.
 */
export async function seedJournal(call: Call, token: string, label: string, lines: number, log: (line: string) => void, shape: JournalShape = EXPENSES_PAID) {
  const org = ok(await call('POST', '/api/v1/organizations', { token, json: { name: `${shape.organizationName} ${label} ${Date.now().toString(36)}` } }), 'organization') as { id: string };
  const { ensureChartOfAccounts, systemAccounts, buildPosting, postTransaction } = await import('../functions/src/ledger/posting.js');
  const { Account } = await import('../functions/src/db/account.js');
  await ensureChartOfAccounts(org.id);
  const { cash } = await systemAccounts(org.id, ['cash']);
  const { data: chart } = await Account.query.byOrganization({ organization_id: org.id }).go({ pages: 'all' });
  const perEntry = 50;
  const detail = shape.lines(chart, perEntry - 1);
  // Debits less credits of the other lines: cash takes the difference, so every entry balances.
  const net = detail.reduce((s, l) => s + (l.debit ?? 0) - (l.credit ?? 0), 0);
  const cashLine = net >= 0 ? { account_id: cash.id, credit: net, description: shape.cashDescription } : { account_id: cash.id, debit: -net, description: shape.cashDescription };
  const entries = Math.ceil(lines / perEntry);
  const writers = 4;
  let posted = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let e = w; e < entries; e += writers) {
        const month = ((e % 3) * writers + w) % 12; // writer w only ever touches its own months
        const day = 1 + (e % 28);
        const date = `2026-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const posting = await buildPosting({
          organizationId: org.id,
          date,
          source: { type: 'manual' },
          // Named like a document's entry, so the seeding writers take no journal number: they
          // would all wait on the one JOURNAL series item, which is not what these benches measure.
          name: `BENCH-${label}-${e}`,
          memo: `Bench ${label} ${e}`,
          lines: [...detail.map((l) => ({ ...l })), { ...cashLine }],
        });
        await postTransaction(posting.transactItems);
        posted++;
        if (posted % 500 === 0) log(`seeding ${shape.organizationName} ${label}: ${posted}/${entries} entries (${Math.round((Date.now() - started) / 1000)} s)`);
      }
    }),
  );
  return { orgId: org.id, lines: entries * perEntry, entries, accounts: new Set(detail.map((l) => l.account_id)).size + 1 };
}
