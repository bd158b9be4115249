/**
 * Issue #5's speed bar, tightened by issue #13, measured inside the API bench's session (same
 * emulators, same functions environment): each financial statement with 100,000 journal lines
 * divided by the same statement with 1,000 lines, at most 1.1. Two organizations post over the same
 * accounts and the same months, one 100× more lines; the statements read balance items (accounts ×
 * months), never lines, so the ratio should stay near 1.
 *
 * The period statements are asked for ranges that cut months inside (the P&L and the cash-flow
 * statement from 15 January to 15 December, the balance sheet on 15 December), so the boundary
 * months' day totals are read too: the expensive case. Each call's DynamoDB calls and the items
 * they answered are counted for both journals: equal counts say the reads do not grow with the
 * journal, and what difference is left in time is the items' size. Before measuring, both
 * organizations are compacted as the nightly job would have done (ledger/rollup-job.ts): the past
 * whole months are then one rollup item each. BENCH_LARGE_LINES shrinks the
 * large journal for a smoke run of the bench itself. The journals are seeded as bench/ledger.ts
 * seeds the trial balance's, with sales beside the costs.
 */
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { seedJournal, type JournalShape } from './ledger.js';
import { formatRatio, median, pairedRatio, percentile, ratio, round, timeMs } from './stats.js';
import { ok } from './http.js';

type Call = (method: string, url: string, init?: { token?: string; json?: unknown }) => Promise<HttpResponseLike>;

/** DynamoDB calls of one request and the items they answered (Query/Scan items, GetItem's item, BatchGetItem's responses). */
export interface ReadCount {
  dynamodb_calls: number;
  items_read: number;
}

/** A statement timed on both journals, with what each call reads. */
export interface SmallLargeTimed {
  small_p50_ms: number | null;
  small_p99_ms: number | null;
  large_p50_ms: number | null;
  large_p99_ms: number | null;
  ratio_large_to_small_p50: number | null;
  /** Per-pair ratios (large i / small i, taken back to back): median and quartiles. */
  pair_ratio_large_to_small: { median: number | null; p25: number | null; p75: number | null };
  small_reads_per_call: ReadCount;
  large_reads_per_call: ReadCount;
}

export interface ReportsBenchResult {
  small: { journal_lines: number; entries: number; accounts: number };
  large: { journal_lines: number; entries: number; accounts: number };
  seeding_s: number;
  samples: number;
  profit_loss: SmallLargeTimed & { request: string };
  balance_sheet: SmallLargeTimed & { request: string };
  cash_flow_statement: SmallLargeTimed & { request: string };
  bar: string;
}

let counting: ReadCount | null = null;
let counterInstalled = false;

/** What `fn` reads from DynamoDB through the functions' client (installed once, on first use, after the environment is set). */
async function countReads<T>(fn: () => Promise<T>): Promise<{ value: T; reads: ReadCount }> {
  if (!counterInstalled) {
    const { dynamo } = await import('../functions/src/db/client.js');
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        if (counting) {
          const output = result.output as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
          counting.dynamodb_calls++;
          counting.items_read += output.Items?.length ?? (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, r) => n + r.length, 0);
        }
        return result;
      },
      { step: 'initialize', name: 'benchReadCounter' },
    );
    counterInstalled = true;
  }
  counting = { dynamodb_calls: 0, items_read: 0 };
  try {
    const value = await fn();
    return { value, reads: counting };
  } finally {
    counting = null;
  }
}

/**
 * One request on the small and the large journal: warm-up, then `calls` pairs taken back to back,
 * the small one first in even pairs and the large one first in odd ones, so neither always follows
 * the other (the order alone moved a ratio by a few hundredths). Reads are counted on one call of each.
 */
export async function measureSmallLarge(opts: {
  what: string;
  small: { orgId: string; lines: number };
  large: { orgId: string; lines: number };
  calls: number;
  get: (orgId: string) => Promise<unknown>;
  log: (line: string) => void;
}): Promise<SmallLargeTimed> {
  const { small, large, get } = opts;
  for (let i = 0; i < 5; i++) {
    await get(small.orgId);
    await get(large.orgId);
  }
  const smallReads = (await countReads(() => get(small.orgId))).reads;
  const largeReads = (await countReads(() => get(large.orgId))).reads;
  const smallSamples: number[] = [];
  const largeSamples: number[] = [];
  for (let i = 0; i < opts.calls; i++) {
    const order = i % 2 === 0 ? ([[small, smallSamples], [large, largeSamples]] as const) : ([[large, largeSamples], [small, smallSamples]] as const);
    for (const [org, samples] of order) samples.push((await timeMs(() => get(org.orgId))).ms);
  }
  const result: SmallLargeTimed = {
    small_p50_ms: round(median(smallSamples)),
    small_p99_ms: round(percentile(smallSamples, 99)),
    large_p50_ms: round(median(largeSamples)),
    large_p99_ms: round(percentile(largeSamples, 99)),
    ratio_large_to_small_p50: ratio(median(largeSamples), median(smallSamples)),
    pair_ratio_large_to_small: (({ pairs: _pairs, ...r }) => r)(pairedRatio(largeSamples, smallSamples)),
    small_reads_per_call: smallReads,
    large_reads_per_call: largeReads,
  };
  opts.log(`${opts.what}: ${small.lines} lines p50 ${result.small_p50_ms} ms, ${large.lines} lines p50 ${result.large_p50_ms} ms, ratio ${result.ratio_large_to_small_p50}, pairs ${formatRatio(result.pair_ratio_large_to_small)}; ${readsText(result)}`);
  return result;
}

/** `reads 5 calls / 239 items (small), 5 / 239 (large)`. */
export const readsText = (t: Pick<SmallLargeTimed, 'small_reads_per_call' | 'large_reads_per_call'>) =>
  `reads ${t.small_reads_per_call.dynamodb_calls} calls / ${t.small_reads_per_call.items_read} items (small), ${t.large_reads_per_call.dynamodb_calls} / ${t.large_reads_per_call.items_read} (large)`;

export async function measureReports(opts: { call: Call; token: string; calls: number; log: (line: string) => void }): Promise<ReportsBenchResult> {
  const { call, token, log } = opts;
  const seedStarted = Date.now();
  const small = await seedJournal(call, token, 'small', 1_000, log, SALES_AND_COSTS);
  const large = await seedJournal(call, token, 'large', Number(process.env.BENCH_LARGE_LINES ?? 100_000), log, SALES_AND_COSTS);
  const seedingS = Math.round((Date.now() - seedStarted) / 1000);
  // What the nightly job does to every organization (ledger/rollup-job.ts): past months become one rollup each.
  const compactStarted = Date.now();
  const { compactOrganization } = await import('../functions/src/ledger/rollup-job.js');
  const compacted = { small: (await compactOrganization(small.orgId)).periods, large: (await compactOrganization(large.orgId)).periods };
  log(`rollups: ${compacted.small} periods (small), ${compacted.large} (large), compacted in ${((Date.now() - compactStarted) / 1000).toFixed(1)} s`);

  const measure = async (path: string, check: (body: any) => void): Promise<SmallLargeTimed & { request: string }> => {
    const get = async (orgId: string) => {
      const body = ok(await call('GET', `/api/v1/organizations/${orgId}/${path}`, { token }), path);
      check(body);
      return body;
    };
    return { request: `GET …/${path}`, ...(await measureSmallLarge({ what: path, small, large, calls: opts.calls, get, log })) };
  };
  const profitLoss = await measure('reports/profit-loss?period=custom&custom_start=2026-01-15&custom_end=2026-12-15', (body) => {
    if (body.net_income === undefined) throw new Error('profit-loss answered without net_income');
  });
  const balanceSheet = await measure('reports/balance-sheet?as_of_date=2026-12-15', (body) => {
    if (body.balanced !== true) throw new Error('the benchmark balance sheet does not balance');
  });
  const cashFlow = await measure('reports/cash-flow-statement?period=custom&custom_start=2026-01-15&custom_end=2026-12-15', (body) => {
    if (body.ending_cash_balance === undefined) throw new Error('cash-flow-statement answered without ending_cash_balance');
  });
  return {
    small: { journal_lines: small.lines, entries: small.entries, accounts: small.accounts },
    large: { journal_lines: large.lines, entries: large.entries, accounts: large.accounts },
    seeding_s: seedingS,
    samples: opts.calls,
    profit_loss: profitLoss,
    balance_sheet: balanceSheet,
    cash_flow_statement: cashFlow,
    bar: 'at most 1.1',
  };
}

/**
 * Sales and costs: every entry on the same 14 accounts (three income, ten expense, cash), sales on
 * the income accounts, costs on the expense accounts, the difference in cash.
 */
export const SALES_AND_COSTS: JournalShape = {
  organizationName: 'Bench Reports',
  lines: (chart, count) => {
    const expenses = chart.filter((a) => a.type === 'expense').slice(0, 10);
    const income = chart.filter((a) => a.type === 'income' && (a.subtype === 'sales' || a.subtype === 'service_revenue' || a.subtype === 'other_income'));
    return Array.from({ length: count }, (_, i) =>
      i % 2 === 0
        ? { account_id: expenses[(i / 2) % expenses.length]!.id, debit: 1000 + i, description: `Cost ${i + 1}` }
        : { account_id: income[((i - 1) / 2) % income.length]!.id, credit: 2000 + i, description: `Sale ${i + 1}` },
    );
  },
  cashDescription: 'Takings less costs',
};
