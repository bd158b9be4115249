/**
 * Issue #5's speed bar, measured inside the API bench's session (same emulators, same functions
 * environment): the profit and loss and the balance sheet with 100,000 journal lines divided by
 * the same reports with 1,000 lines, at most 1.2. Two organizations post over the same accounts and
 * the same months, one 100× more lines; the statements read balance items (accounts × months),
 * never lines, so the ratio should stay near 1.
 *
 * Both reports are asked for ranges that cut months inside (the P&L from 15 January to 15 December,
 * the balance sheet on 15 December), so the boundary months' day totals are read too: the
 * expensive case. BENCH_LARGE_LINES shrinks the large journal for a smoke run of the bench itself.
 * The journals are seeded as bench/ledger.ts seeds the trial balance's, with sales beside the costs.
 */
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { seedJournal, type JournalShape } from './ledger.js';
import { median, pairedRatio, percentile, ratio, round, timeMs } from './stats.js';

type Call = (method: string, url: string, init?: { token?: string; json?: unknown }) => Promise<HttpResponseLike>;

interface Timed {
  small_p50_ms: number | null;
  small_p99_ms: number | null;
  large_p50_ms: number | null;
  large_p99_ms: number | null;
  ratio_large_to_small_p50: number | null;
  pair_ratio_large_to_small: { median: number | null; p25: number | null; p75: number | null };
}

export interface ReportsBenchResult {
  small: { journal_lines: number; entries: number; accounts: number };
  large: { journal_lines: number; entries: number; accounts: number };
  seeding_s: number;
  samples: number;
  profit_loss: Timed & { request: string };
  balance_sheet: Timed & { request: string };
  bar: string;
}

const ok = (res: HttpResponseLike, what: string) => {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
  const text = res.body.toString('utf8');
  return text ? JSON.parse(text) : null;
};

export async function measureReports(opts: { call: Call; token: string; calls: number; log: (line: string) => void }): Promise<ReportsBenchResult> {
  const { call, token, log } = opts;
  const seedStarted = Date.now();
  const small = await seedJournal(call, token, 'small', 1_000, log, SALES_AND_COSTS);
  const large = await seedJournal(call, token, 'large', Number(process.env.BENCH_LARGE_LINES ?? 100_000), log, SALES_AND_COSTS);
  const seedingS = Math.round((Date.now() - seedStarted) / 1000);

  const profitLoss = 'reports/profit-loss?period=custom&custom_start=2026-01-15&custom_end=2026-12-15';
  const balanceSheet = 'reports/balance-sheet?as_of_date=2026-12-15';
  const measure = async (path: string, check: (body: any) => void): Promise<Timed & { request: string }> => {
    const get = (orgId: string) => async () => {
      const body = ok(await call('GET', `/api/v1/organizations/${orgId}/${path}`, { token }), path);
      check(body);
      return body;
    };
    // Interleaved, so machine noise hits both alike.
    for (let i = 0; i < 5; i++) {
      await get(small.orgId)();
      await get(large.orgId)();
    }
    const smallSamples: number[] = [];
    const largeSamples: number[] = [];
    for (let i = 0; i < opts.calls; i++) {
      smallSamples.push((await timeMs(get(small.orgId))).ms);
      largeSamples.push((await timeMs(get(large.orgId))).ms);
    }
    const result = {
      request: `GET …/${path}`,
      small_p50_ms: round(median(smallSamples)),
      small_p99_ms: round(percentile(smallSamples, 99)),
      large_p50_ms: round(median(largeSamples)),
      large_p99_ms: round(percentile(largeSamples, 99)),
      ratio_large_to_small_p50: ratio(median(largeSamples), median(smallSamples)),
      /** Per-pair ratios (large i / small i, taken back to back): median and quartiles. */
      pair_ratio_large_to_small: (({ pairs: _pairs, ...r }) => r)(pairedRatio(largeSamples, smallSamples)),
    };
    log(`${path}: ${small.lines} lines p50 ${result.small_p50_ms} ms, ${large.lines} lines p50 ${result.large_p50_ms} ms, ratio ${result.ratio_large_to_small_p50}`);
    return result;
  };
  const profitLossResult = await measure(profitLoss, (body) => {
    if (body.net_income === undefined) throw new Error('profit-loss answered without net_income');
  });
  const balanceSheetResult = await measure(balanceSheet, (body) => {
    if (body.balanced !== true) throw new Error('the benchmark balance sheet does not balance');
  });
  return {
    small: { journal_lines: small.lines, entries: small.entries, accounts: small.accounts },
    large: { journal_lines: large.lines, entries: large.entries, accounts: large.accounts },
    seeding_s: seedingS,
    samples: opts.calls,
    profit_loss: profitLossResult,
    balance_sheet: balanceSheetResult,
    bar: 'at most 1.2',
  };
}

/**
 * Sales and costs: every entry on the same 14 accounts (three income, ten expense, cash), sales on
 * the income accounts, costs on the expense accounts, the difference in cash.
 */
const SALES_AND_COSTS: JournalShape = {
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
