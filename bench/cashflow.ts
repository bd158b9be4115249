/**
 * Issue #17's cash-flow figures, measured inside the API bench's session (same emulators, same
 * functions environment), as ratios within one run:
 *
 * 1. The summaries with 100,000 cash-flow transactions ÷ the same with 1,000 (bar: at most 1.2):
 *    GET cashflow/summary (this month, the screen's default), monthly (twelve months), daily
 *    (90 days), categories (this month) and the dashboard, paired and interleaved
 *    (reports.ts `measureSmallLarge`), with each call's DynamoDB calls and items read. The
 *    summaries read day figures (CashFlowDay: one item per day, cash account and shard) and
 *    balance items, so their reads should grow with the days, not with the transactions.
 * 2. The nightly forecast job for an organization with two years of history and 50,000 cash-flow
 *    transactions (a third organization): `makeForecast` timed in this process (p50 of a few runs
 *    after a warm-up), and the consumer handler run once in a child process of its own, whose
 *    peak resident memory is the kernel's high-water mark (`process.resourceUsage().maxRSS`),
 *    beside the same child that loads the handler and makes one DynamoDB call but no forecast;
 *    the heap is sampled every millisecond in the child as well (a sample cannot land inside
 *    synchronous work, so the heap figure is a lower bound; maxRSS is not).
 *
 * Seeding. Each organization's two years end today (Amman) and start 729 days before, the same
 * 730 days for all three, so only the density differs. The mix is a shop's: till sales every day
 * (on the till's balance shard, as the register posts them) with weekly (Thursday busy, Friday
 * slow) and Ramadan / Eid seasonality, credit invoices and their receipts in the bank a month
 * later, supplier bills and their payments, rent and utilities monthly, salaries one transfer per
 * employee on the 28th, the GST return every two months, the drawer deposited in the bank (a
 * transfer: two cash-flow transactions), and the owner's capital on the first day. The same plan
 * makes every organization, scaled to its count.
 * About 250 of each organization's entries (spread over the two years) are posted through the
 * ledger engine (documents/posting-path.ts `postEntries`), so those journal entries, ledger cards,
 * cash-flow transactions, day figures and balances are what postings make. The rest are written
 * directly with BatchWriteItem as what their postings would have written for the summaries and
 * the forecast: a CashFlowTransaction per cash movement (the movements and categories computed by
 * the posting's own `cashMovements`), and the CashFlowDay and AccountBalance items (month and
 * day attributes, line counts) summed over them — both sides of every entry, so balances stay
 * consistent. Those bulk items are written first with Put, and the postings then ADD to the same
 * items, as they would on any day. Left out of the bulk: the JournalEntry and AccountPosting items
 * (nothing measured here reads them; verifyLedger over these organizations would report the
 * missing entries) and invoice, bill and payment documents (the forecast's open documents are
 * none beyond what the postings made, i.e. none: its cost is the two years of day figures).
 * Why not all through postings: each posting is a TransactWriteItems of about 8 actions, one at a
 * time (the journal numbers are one series); measured in this run as `seeding.postings_per_s`
 * (36 a second on the 2-core machine this was written on) against the bulk's
 * `seeding.bulk_items_per_s` (about 2,300): the three organizations' 182,000 entries (credit sales
 * and bills are entries without cash) would take some 80 minutes of both cores through postings;
 * written directly they take about 70 s.
 *
 * Before measuring, the small and large organizations are compacted as the nightly job would have
 * done (ledger/rollup-job.ts): past days and months are then one rollup item each, and only the
 * last three days are read from the day figures.
 *
 * Beside the requests, `reads_alone` times the summaries' reads one at a time in this process (the
 * summary as a whole, its reads without categoryCounts, categoryCounts' Query of the month's
 * transactions, the day figures of 12 months and of 90 days, the opening balance, the dashboard's
 * planned-entries Query) with the items each read before its filter, to say where a ratio comes from.
 * BENCH_LARGE_CASH_FLOWS / BENCH_FORECAST_CASH_FLOWS shrink the large and the forecast organization
 * for a smoke run of the bench itself.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AccountRecord } from '../functions/src/db/account.js';
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { measureSmallLarge, readsText, type SmallLargeTimed } from './reports.js';
import { batchWrite } from './batch-write.js';
import { formatRatio, median, ratio, round, timeMs } from './stats.js';
import { ok } from './http.js';

type Side = 'small' | 'large';
type Call = (method: string, url: string, init?: { token?: string; json?: unknown }) => Promise<HttpResponseLike>;

export interface CashflowOrganization {
  transactions: number;
  /** Cash-flow transactions the ledger engine wrote (the postings' own). */
  through_postings: number;
  entries_posted: number;
  written_directly: number;
  /** Items of the bulk: transactions, day figures, balance items. */
  bulk_items: { cash_flow_transactions: number; cash_flow_days: number; account_balances: number };
}

export interface CashflowBenchResult {
  days: number;
  first_date: string;
  last_date: string;
  small: CashflowOrganization;
  large: CashflowOrganization;
  seeding: { seconds: number; method: string; bulk_items_per_s: number | null; postings_per_s: number | null };
  samples: number;
  summary: SmallLargeTimed & { request: string };
  monthly: SmallLargeTimed & { request: string };
  daily: SmallLargeTimed & { request: string };
  categories: SmallLargeTimed & { request: string };
  dashboard: SmallLargeTimed & { request: string };
  /** The summaries' reads one at a time, in process (summaries.ts), paired and interleaved like the requests; items read before any filter (ScannedCount). */
  reads_alone: Record<'summary_in_process' | 'summary_reads_without_category_counts' | 'category_counts_this_month' | 'day_figures_12_months' | 'opening_balance_12_months_back' | 'day_figures_90_days' | 'dashboard_planned_from_today', {
    small_p50_ms: number | null; large_p50_ms: number | null; ratio_large_to_small_p50: number | null; small_items_read: number; large_items_read: number;
  }>;
  forecast: ForecastJobResult | { error: string };
  bar: string;
}

export interface ForecastJobResult {
  organization: CashflowOrganization;
  history_days: number;
  runs: number;
  make_forecast_ms: number[];
  make_forecast_p50_ms: number | null;
  make_forecast_reads: { dynamodb_calls: number; items_read: number; commands: Record<string, number> };
  /** The same process's memory around the runs (sampled every millisecond and at the end of each run). */
  in_process: { heap_used_before_mib: number; heap_used_peak_sampled_mib: number; rss_before_mib: number; rss_peak_sampled_mib: number };
  consumer_handler: ForecastChildResult & { baseline: ForecastChildResult; max_rss_over_baseline_mib: number | null; lambda_memory_mb: number };
  how_measured: string;
}

interface ForecastChildResult {
  ok: boolean;
  handler_ms: number | null;
  import_ms: number;
  max_rss_mib: number;
  heap_used_peak_sampled_mib: number;
  batch_item_failures?: number;
  error?: string;
}

const mib = (bytes: number) => round(bytes / 2 ** 20, 1)!;
const HISTORY_DAYS = 730;
const POSTED_ENTRIES = 250;
const TILL = 'till-1';
const JOD = 1000;
/** The forecast consumer's memory: every Lambda's default (infra/lib/daftar-function.ts API_FUNCTION_MEMORY_MB; that module loads the CDK). */
const LAMBDA_MEMORY_MB = 1024;

// ---------------------------------------------------------------------------------------------
// The plan: a shop's two years of entries, as lines on the default chart's accounts by subtype.

type Subtype = 'cash' | 'bank' | 'sales' | 'vat_output' | 'vat_input' | 'receivable' | 'payable' | 'inventory' | 'rent' | 'utilities' | 'salaries' | 'owner_capital';
const SUBTYPES: Subtype[] = ['cash', 'bank', 'sales', 'vat_output', 'vat_input', 'receivable', 'payable', 'inventory', 'rent', 'utilities', 'salaries', 'owner_capital'];
type Kind = 'capital' | 'till' | 'invoice' | 'receipt' | 'bill' | 'supplier' | 'rent' | 'utilities' | 'salary' | 'gst' | 'deposit';

interface PlannedEntry {
  date: string;
  kind: Kind;
  /** Gross amount in fils. */
  amount: number;
}

const SOURCE: Record<Kind, 'manual' | 'pos_transaction' | 'invoice' | 'payment' | 'bill' | 'expense' | 'bank_transaction'> = {
  capital: 'manual', till: 'pos_transaction', invoice: 'invoice', receipt: 'payment', bill: 'bill', supplier: 'payment',
  rent: 'expense', utilities: 'expense', salary: 'expense', gst: 'manual', deposit: 'bank_transaction',
};
const MEMO: Record<Kind, string> = {
  capital: "Owner's capital", till: 'Till sale', invoice: 'Credit sale', receipt: 'Customer payment', bill: 'Supplier bill',
  supplier: 'Supplier payment', rent: 'Shop rent', utilities: 'Electricity and water', salary: 'Salary transfer', gst: 'GST return payment', deposit: 'Drawer deposited in the bank',
};
/** Cash-flow transactions each kind makes: a transfer moves two cash accounts; invoices and bills none. */
const MOVES: Record<Kind, number> = { capital: 1, till: 1, invoice: 0, receipt: 1, bill: 0, supplier: 1, rent: 1, utilities: 1, salary: 1, gst: 1, deposit: 2 };

/** Sunday … Saturday: Thursday evening is the week's busiest, Friday (the weekend's prayer day) the slowest. */
const WEEKDAY = [1.0, 0.95, 0.95, 1.0, 1.4, 0.55, 1.15];
const SEASON = { ordinary: 1, ramadan: 1.25, ramadan_last_ten: 1.8, eid_al_fitr: 0.45, before_eid_al_adha: 1.4, eid_al_adha: 0.6 } as const;

/** `total` spread over days in proportion to `weights`, by cumulative rounding (exactly `total`). */
function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let given = 0;
  return weights.map((w) => {
    acc += (w * total) / (sum || 1);
    const n = Math.round(acc) - given;
    given += n;
    return n;
  });
}

/**
 * The entries of one organization with `count` cash-flow transactions over `days` days ending
 * `last`. Amounts per transaction are the same whatever the count (a till sale about 7 JOD, a
 * customer's payment about 150): a larger count is a busier shop, not larger sales.
 */
async function planHistory(count: number, last: string, days: number, seed: number): Promise<PlannedEntry[]> {
  const { addDays, weekday, seasonOf } = await import('@daftar/shared/cashflow/calendar');
  const { mulberry32 } = await import('@daftar/shared/cashflow/backtest');
  const rand = mulberry32(seed);
  const noise = (spreadBy: number) => Math.exp(spreadBy * Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand()));
  const first = addDays(last, -(days - 1));
  const dates = Array.from({ length: days }, (_, i) => addDays(first, i));
  const entries: PlannedEntry[] = [];

  // Fixed by the calendar: rent on the 1st, utilities on the 12th, salaries on the 28th (one
  // transfer per employee), the GST return on the 15th of every other month; the drawer banked
  // daily (but Fridays) by a busy shop, fortnightly by a quiet one.
  const employees = Math.max(1, Math.round(count / 2000));
  const depositEvery = count >= 20_000 ? 1 : count >= 5_000 ? 7 : 30;
  const fixed = (date: string, i: number): Kind[] => {
    const dom = Number(date.slice(8, 10));
    const kinds: Kind[] = [];
    if (i === 0) kinds.push('capital');
    if (dom === 1) kinds.push('rent');
    if (dom === 12) kinds.push('utilities');
    if (dom === 28) for (let e = 0; e < employees; e++) kinds.push('salary');
    if (dom === 15 && Number(date.slice(5, 7)) % 2 === 1) kinds.push('gst');
    if (i % depositEvery === depositEvery - 1 && weekday(date) !== 5) kinds.push('deposit');
    return kinds;
  };
  const fixedKinds = dates.map(fixed);
  const fixedMoves = fixedKinds.flat().reduce((s, k) => s + MOVES[k], 0);
  const rest = count - fixedMoves;
  if (rest < days) throw new Error(`${count} cash-flow transactions are too few for a till sale a day over ${days} days`);
  // Till sales every day (at least one), the rest of them where the week and the season put them.
  const tills = Math.max(days, Math.round(rest * 0.78));
  const receipts = Math.round((rest - tills) / 2);
  const suppliers = rest - tills - receipts;
  const salesWeight = dates.map((d) => WEEKDAY[weekday(d)]! * SEASON[seasonOf(d)]);
  const tillPerDay = spread(tills - days, salesWeight).map((n) => n + 1);
  const receiptPerDay = spread(receipts, dates.map((d) => (weekday(d) === 5 ? 0 : 1)));
  const supplierPerDay = spread(suppliers, dates.map((d) => [3, 1, 1, 1, 1, 0, 0.5][weekday(d)]!));

  const TILL_SALE = 7 * JOD;
  const RECEIPT = 150 * JOD;
  let drawer = 0;
  let vatDue = 0;
  const monthlyRevenue = ((tills * TILL_SALE + receipts * RECEIPT) / days) * 30.4;
  const supplierPayment = Math.round((0.55 * (tills * TILL_SALE + receipts * RECEIPT)) / Math.max(1, suppliers));
  dates.forEach((date, i) => {
    for (let n = 0; n < tillPerDay[i]!; n++) {
      const amount = Math.max(250, Math.round(TILL_SALE * salesWeight[i]! * noise(0.5)));
      entries.push({ date, kind: 'till', amount });
      drawer += amount;
      vatDue += amount - Math.round(amount / 1.16);
    }
    for (let n = 0; n < receiptPerDay[i]!; n++) {
      const amount = Math.max(5 * JOD, Math.round(RECEIPT * noise(0.6)));
      // The credit invoice a month before (clamped to the first day): no cash, but receivables.
      entries.push({ date: addDays(date, -30) < first ? first : addDays(date, -30), kind: 'invoice', amount });
      entries.push({ date, kind: 'receipt', amount });
      vatDue += amount - Math.round(amount / 1.16);
    }
    for (let n = 0; n < supplierPerDay[i]!; n++) {
      const amount = Math.max(5 * JOD, Math.round(supplierPayment * noise(0.4)));
      entries.push({ date: addDays(date, -30) < first ? first : addDays(date, -30), kind: 'bill', amount });
      entries.push({ date, kind: 'supplier', amount });
    }
    for (const kind of fixedKinds[i]!) {
      const amount = {
        capital: Math.round(3 * monthlyRevenue),
        rent: Math.round(0.08 * monthlyRevenue),
        utilities: Math.round(0.02 * monthlyRevenue * noise(0.15)),
        salary: Math.round((0.15 * monthlyRevenue) / employees * noise(0.1)),
        gst: Math.max(JOD, vatDue),
        deposit: Math.max(JOD, drawer),
        till: 0, invoice: 0, receipt: 0, bill: 0, supplier: 0,
      }[kind];
      if (kind === 'gst') vatDue = 0;
      if (kind === 'deposit') drawer = 0;
      entries.push({ date, kind, amount });
    }
  });
  const moves = entries.reduce((s, e) => s + MOVES[e.kind], 0);
  if (moves !== count) throw new Error(`the plan made ${moves} cash-flow transactions, not ${count}`);
  return entries;
}

/** An entry's lines (tax at 16 % inside the gross amount), on the organization's accounts. */
function linesOf(entry: PlannedEntry, account: Record<Subtype, AccountRecord>) {
  const a = entry.amount;
  const net = Math.round(a / 1.16);
  const dr = (s: Subtype, amount: number) => ({ account_id: account[s].id, debit: amount, credit: 0 });
  const cr = (s: Subtype, amount: number) => ({ account_id: account[s].id, debit: 0, credit: amount });
  switch (entry.kind) {
    case 'capital': return [dr('bank', a), cr('owner_capital', a)];
    case 'till': return [dr('cash', a), cr('sales', net), cr('vat_output', a - net)];
    case 'invoice': return [dr('receivable', a), cr('sales', net), cr('vat_output', a - net)];
    case 'receipt': return [dr('bank', a), cr('receivable', a)];
    case 'bill': return [dr('inventory', net), dr('vat_input', a - net), cr('payable', a)];
    case 'supplier': return [dr('payable', a), cr('bank', a)];
    case 'rent': return [dr('rent', a), cr('bank', a)];
    case 'utilities': return [dr('utilities', a), cr('bank', a)];
    case 'salary': return [dr('salaries', a), cr('bank', a)];
    case 'gst': return [dr('vat_output', a), cr('bank', a)];
    case 'deposit': return [dr('bank', a), cr('cash', a)];
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding

interface Seeded {
  orgId: string;
  organization: CashflowOrganization;
  bulkSeconds: number;
  bulkItems: number;
  postingSeconds: number;
}

/** One organization: the plan, its bulk written directly, then its posted entries through the ledger engine. */
async function seedOrganization(call: Call, token: string, label: string, count: number, today: string, seed: number, log: (line: string) => void): Promise<Seeded> {
  const org = ok(await call('POST', '/api/v1/organizations', { token, json: { name: `Bench Cash Flow ${label} ${Date.now().toString(36)}` } }), 'organization') as { id: string };
  const { ensureChartOfAccounts } = await import('../functions/src/ledger/posting.js');
  const { loadChart } = await import('../functions/src/ledger/chart.js');
  const { cashMovements } = await import('@daftar/shared/cashflow/classify');
  const { CashFlowDay, CashFlowTransaction } = await import('../functions/src/db/cashFlow.js');
  const { AccountBalance } = await import('../functions/src/db/accountBalance.js');
  const { postEntries } = await import('../functions/src/documents/posting-path.js');
  const { uuidv7 } = await import('../functions/src/platform/ids.js');
  const { monthOf, dayOf } = await import('../functions/src/ledger/dates.js');
  await ensureChartOfAccounts(org.id);
  const chart = await loadChart(org.id);
  const account = Object.fromEntries(SUBTYPES.map((s) => {
    const found = chart.find((a) => a.subtype === s && a.is_active);
    if (!found) throw new Error(`the default chart has no ${s} account`);
    return [s, found];
  })) as Record<Subtype, AccountRecord>;
  const byId = new Map(chart.map((a) => [a.id, a]));

  const plan = await planHistory(count, today, HISTORY_DAYS, seed);
  // Posted through the ledger: every stride-th entry, so they spread over the two years.
  const stride = Math.max(1, Math.floor(plan.length / POSTED_ENTRIES));
  const posted = plan.filter((_, i) => i % stride === 0);
  const bulk = plan.filter((_, i) => i % stride !== 0);

  // What the bulk entries' postings would write: their cash movements, day figures and balances.
  type Move = { entry: number; source_id: string; account_id: string; amount: number; cash_flow_type: string; cash_flow_category: string; counter_account_id: string | null };
  const moves: Move[] = [];
  const days = new Map<string, { date: string; account_id: string; shard: string; add: Record<string, number> }>();
  const balances = new Map<string, { month: string; account_id: string; shard: string; add: Record<string, number> }>();
  const plus = (add: Record<string, number>, key: string, value: number) => { if (value) add[key] = (add[key] ?? 0) + value; };
  bulk.forEach((entry, index) => {
    const shard = entry.kind === 'till' ? TILL : '-';
    const lines = linesOf(entry, account);
    const sourceId = randomUUID();
    for (const move of cashMovements(lines, (id) => byId.get(id))) {
      moves.push({ entry: index, source_id: sourceId, ...move });
      const key = `${entry.date}|${move.account_id}|${shard}`;
      const day = days.get(key) ?? { date: entry.date, account_id: move.account_id, shard, add: {} };
      plus(day.add, `${move.cash_flow_category}_${move.amount > 0 ? 'in' : 'out'}`, Math.abs(move.amount));
      plus(day.add, `${move.cash_flow_category}_n`, 1);
      plus(day.add, 'n', 1);
      days.set(key, day);
    }
    const month = monthOf(entry.date);
    const dd = dayOf(entry.date);
    for (const line of lines) {
      const key = `${month}|${line.account_id}|${shard}`;
      const balance = balances.get(key) ?? { month, account_id: line.account_id, shard, add: {} };
      plus(balance.add, 'debit', line.debit);
      plus(balance.add, 'credit', line.credit);
      plus(balance.add, 'line_count', 1);
      plus(balance.add, `d${dd}_debit`, line.debit);
      plus(balance.add, `d${dd}_credit`, line.credit);
      plus(balance.add, `d${dd}_lines`, 1);
      balances.set(key, balance);
    }
  });
  const dayItems = [...days.values()];
  const balanceItems = [...balances.values()];
  const now = new Date().toISOString();
  const item = (i: number): { Item: Record<string, unknown>; TableName: string } => {
    if (i < moves.length) {
      const m = moves[i]!;
      const entry = bulk[m.entry]!;
      const name = `${SOURCE[entry.kind] === 'pos_transaction' ? 'POS' : 'JE'}-${label}-${m.entry}`;
      return CashFlowTransaction.put({
        organization_id: org.id, id: uuidv7(), date: entry.date, account_id: m.account_id, amount: m.amount,
        cash_flow_type: m.cash_flow_type as 'operating', cash_flow_category: m.cash_flow_category as 'sales',
        description: MEMO[entry.kind],
        search_text: [MEMO[entry.kind], name, m.cash_flow_category.replace(/_/g, ' '), SOURCE[entry.kind].replace(/_/g, ' ')].join(' ').toLowerCase(),
        source_type: SOURCE[entry.kind], source_id: m.source_id,
        // The entry these would have come with (not written: see the module comment); the id keeps the item's size.
        journal_entry_id: m.source_id, entry_name: name,
        counter_account_id: m.counter_account_id ?? undefined, shard: entry.kind === 'till' ? TILL : '-',
        is_manual_entry: false, created_by: 'bench', created_at: `${entry.date}T10:00:00.000Z`, updated_at: now,
      }).params() as never;
    }
    if (i < moves.length + dayItems.length) {
      const d = dayItems[i - moves.length]!;
      return CashFlowDay.put({ organization_id: org.id, date: d.date, account_id: d.account_id, shard: d.shard, ...d.add }).params() as never;
    }
    const b = balanceItems[i - moves.length - dayItems.length]!;
    return AccountBalance.put({ organization_id: org.id, month: b.month, account_id: b.account_id, shard: b.shard, ...b.add }).params() as never;
  };
  const bulkItems = moves.length + dayItems.length + balanceItems.length;
  const bulkStarted = Date.now();
  await batchWrite(bulkItems, item, (done) => log(`seeding cash flow ${label}: ${done}/${bulkItems} items written directly (${Math.round((Date.now() - bulkStarted) / 1000)} s)`));
  const bulkSeconds = (Date.now() - bulkStarted) / 1000;

  // The posted entries, one transaction each, in date order (as the shop made them).
  const postStarted = Date.now();
  let postedMoves = 0;
  for (const entry of posted) {
    const lines = linesOf(entry, account);
    await postEntries([{
      organizationId: org.id, date: entry.date, source: { type: SOURCE[entry.kind], id: randomUUID() }, memo: MEMO[entry.kind], createdBy: 'bench',
      ...(entry.kind === 'till' ? { shard: TILL } : {}),
      lines: lines.map((l) => ({ account_id: l.account_id, debit: l.debit || null, credit: l.credit || null })),
    }]);
    postedMoves += MOVES[entry.kind];
  }
  const postingSeconds = (Date.now() - postStarted) / 1000;
  // The bulk and the postings agree: the day figures' net is the cash the balance items hold, and the books balance.
  const { cashScope, dayFlows, cashBalance } = await import('../functions/src/cashflow/summaries.js');
  const { accountBalances } = await import('../functions/src/ledger/balances.js');
  const scope = await cashScope(org.id);
  let net = 0;
  for (const day of (await dayFlows(org.id, scope, plan[0]!.date, today)).values()) for (const f of day.byCategory.values()) net += f.inflow - f.outflow;
  const cash = await cashBalance(org.id, scope, today);
  const totals = [...(await accountBalances(org.id, { to: today })).values()].reduce((t, b) => ({ debit: t.debit + b.debit, credit: t.credit + b.credit }), { debit: 0, credit: 0 });
  if (net !== cash || totals.debit !== totals.credit) throw new Error(`cash flow ${label}: day figures net ${net}, cash balance ${cash}, debits ${totals.debit}, credits ${totals.credit}`);
  log(`seeded cash flow ${label}: ${count} transactions, ${postedMoves} by ${posted.length} postings (${postingSeconds.toFixed(1)} s), ${moves.length} directly with ${dayItems.length} day figures and ${balanceItems.length} balance items (${bulkSeconds.toFixed(1)} s)`);
  return {
    orgId: org.id,
    organization: {
      transactions: count, through_postings: postedMoves, entries_posted: posted.length, written_directly: moves.length,
      bulk_items: { cash_flow_transactions: moves.length, cash_flow_days: dayItems.length, account_balances: balanceItems.length },
    },
    bulkSeconds, bulkItems, postingSeconds,
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Every DynamoDB command of the functions' client and the items it answered, while `recording` is set. */
let recording: { commands: Record<string, number>; calls: number; items: number; scanned: number } | null = null;
let recorderInstalled = false;
async function record<T>(fn: () => Promise<T>) {
  if (!recorderInstalled) {
    const { dynamo } = await import('../functions/src/db/client.js');
    dynamo.middlewareStack.add((next, context) => async (args) => {
      const result = await next(args);
      if (recording) {
        const output = result.output as { Items?: unknown[]; ScannedCount?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
        recording.calls++;
        recording.commands[context.commandName ?? 'unknown'] = (recording.commands[context.commandName ?? 'unknown'] ?? 0) + 1;
        recording.items += output.Items?.length ?? (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, r) => n + r.length, 0);
        // What a Query read before its filter (reports.ts counts what it answered).
        recording.scanned += output.ScannedCount ?? output.Items?.length ?? (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, r) => n + r.length, 0);
      }
      return result;
    }, { step: 'initialize', name: 'benchCashflowRecorder' });
    recorderInstalled = true;
  }
  const seen = { commands: {}, calls: 0, items: 0, scanned: 0 };
  recording = seen;
  try {
    return { value: await fn(), reads: seen };
  } finally {
    recording = null;
  }
}

export async function measureCashflow(opts: { call: Call; token: string; calls: number; log: (line: string) => void }): Promise<CashflowBenchResult> {
  const { call, token, log } = opts;
  const samples = Math.max(30, Math.min(opts.calls, 60));
  const { todayIn, addDays } = await import('../functions/src/ledger/dates.js');
  const today = todayIn('Asia/Amman');
  const first = addDays(today, -(HISTORY_DAYS - 1));

  const seedStarted = Date.now();
  const small = await seedOrganization(call, token, 'small', 1_000, today, 17, log);
  const large = await seedOrganization(call, token, 'large', Number(process.env.BENCH_LARGE_CASH_FLOWS ?? 100_000), today, 17, log);
  const seedingS = (Date.now() - seedStarted) / 1000;
  // What the nightly job does to every organization (ledger/rollup-job.ts): past days and months become one rollup each.
  const compactStarted = Date.now();
  const { compactOrganization } = await import('../functions/src/ledger/rollup-job.js');
  const compacted = { small: (await compactOrganization(small.orgId)).periods, large: (await compactOrganization(large.orgId)).periods };
  log(`rollups: ${compacted.small} periods (small), ${compacted.large} (large), compacted in ${((Date.now() - compactStarted) / 1000).toFixed(1)} s`);
  const orgs = { small: { orgId: small.orgId, lines: small.organization.transactions }, large: { orgId: large.orgId, lines: large.organization.transactions } };

  // Twelve months to this one (the monthly screen's default, asked for explicitly).
  const yearFrom = `${addDays(`${today.slice(0, 7)}-01`, -320).slice(0, 7)}-01`;
  const timed = async (path: string, check: (body: any) => void): Promise<SmallLargeTimed & { request: string }> => {
    const get = async (orgId: string) => {
      const body = ok(await call('GET', `/api/v1/organizations/${orgId}/${path}`, { token }), path);
      check(body);
      return body;
    };
    const t = await measureSmallLarge({ what: path, ...orgs, calls: samples, get, log: () => {} });
    log(`${path}: ${orgs.small.lines} transactions p50 ${t.small_p50_ms} ms, ${orgs.large.lines} p50 ${t.large_p50_ms} ms, ratio ${t.ratio_large_to_small_p50}, pairs ${formatRatio(t.pair_ratio_large_to_small)}; ${readsText(t)}`);
    return { request: `GET …/${path.replaceAll(today, '{today}').replaceAll(addDays(today, -89), '{today−89}').replaceAll(yearFrom, '{12 months back}')}`, ...t };
  };
  const summary = await timed('cashflow/summary', (body) => {
    if (body.transaction_count === undefined) throw new Error('cashflow/summary answered without transaction_count');
  });
  const monthly = await timed(`cashflow/monthly?date_from=${yearFrom}&date_to=${today}`, (body) => {
    if (body.points?.length !== 12) throw new Error(`cashflow/monthly answered ${body.points?.length} months, not 12`);
  });
  const daily = await timed(`cashflow/daily?date_from=${addDays(today, -89)}&date_to=${today}`, (body) => {
    if (body.points?.length !== 90) throw new Error(`cashflow/daily answered ${body.points?.length} days, not 90`);
  });
  const categories = await timed('cashflow/categories', (body) => {
    if (!body.categories?.some((c: { category: string; transaction_count: number }) => c.category === 'sales' && c.transaction_count > 0)) throw new Error('cashflow/categories counted no sales');
  });
  const dashboard = await timed('cashflow/dashboard', (body) => {
    if (body.last_30_days?.length !== 30) throw new Error('cashflow/dashboard answered without 30 days');
  });

  // The summaries' reads one by one (summaries.ts), as they send them, to say where a ratio comes from.
  const { CashFlowTransaction } = await import('../functions/src/db/cashFlow.js');
  const { cashScope, cashFlowSummary, dayFlows, cashBalance } = await import('../functions/src/cashflow/summaries.js');
  const monthStart = `${today.slice(0, 7)}-01`;
  const scopes = { small: await cashScope(small.orgId), large: await cashScope(large.orgId) };
  const reads = {
    // The summary in process (no HTTP pipeline, no authentication), and its reads without categoryCounts.
    summary_in_process: (side: Side) => cashFlowSummary(orgs[side].orgId, {}).then((r) => r.transaction_count),
    summary_reads_without_category_counts: (side: Side) => Promise.all([dayFlows(orgs[side].orgId, scopes[side], monthStart, today), cashBalance(orgs[side].orgId, scopes[side], addDays(monthStart, -1))]).then(([days]) => days.size),
    // categoryCounts: the summary's and the categories' one read of transactions (this month).
    category_counts_this_month: (side: Side) => CashFlowTransaction.query.byDate({ organization_id: orgs[side].orgId })
      .between({ date: monthStart, id: '' }, { date: today, id: '~' })
      .where((a, { eq }) => eq(a.is_manual_entry, false))
      .go({ pages: 'all', attributes: ['cash_flow_category', 'account_id'] }).then((r) => r.data.length),
    day_figures_12_months: (side: Side) => dayFlows(orgs[side].orgId, scopes[side], yearFrom, today).then((days) => days.size),
    opening_balance_12_months_back: (side: Side) => cashBalance(orgs[side].orgId, scopes[side], addDays(yearFrom, -1)).then(() => 0),
    day_figures_90_days: (side: Side) => dayFlows(orgs[side].orgId, scopes[side], addDays(today, -89), today).then((days) => days.size),
    // The dashboard's planned entries: today to 90 days on, so it reads today's posted transactions too.
    dashboard_planned_from_today: (side: Side) => CashFlowTransaction.query.byDate({ organization_id: orgs[side].orgId })
      .between({ date: today, id: '' }, { date: addDays(today, 90), id: '~' })
      .where((a, { eq }) => `${eq(a.is_manual_entry, true)} AND ${eq(a.is_planned, true)}`)
      .go({ pages: 'all' }).then((r) => r.data.length),
  };
  const parts = {} as CashflowBenchResult['reads_alone'];
  for (const [name, read] of Object.entries(reads) as [keyof typeof reads, (side: Side) => Promise<number>][]) {
    const ms = { small: [] as number[], large: [] as number[] };
    const counted = { small: await record(() => read('small')), large: await record(() => read('large')) };
    for (let i = 0; i < 20; i++) {
      for (const side of (i % 2 ? ['large', 'small'] : ['small', 'large']) as Side[]) {
        const took = (await timeMs(() => read(side))).ms;
        if (i >= 4) ms[side].push(took);
      }
    }
    parts[name] = {
      small_p50_ms: round(median(ms.small)), large_p50_ms: round(median(ms.large)), ratio_large_to_small_p50: ratio(median(ms.large), median(ms.small)),
      small_items_read: counted.small.reads.scanned, large_items_read: counted.large.reads.scanned,
    };
    log(`${name}: ${counted.small.reads.scanned} items read p50 ${parts[name].small_p50_ms} ms, ${counted.large.reads.scanned} items p50 ${parts[name].large_p50_ms} ms → ratio ${parts[name].ratio_large_to_small_p50}`);
  }

  let forecast: CashflowBenchResult['forecast'];
  try {
    forecast = await measureForecast(call, token, today, log);
  } catch (err) {
    log(`forecast failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    forecast = { error: err instanceof Error ? err.message : String(err) };
  }
  const bulkItems = small.bulkItems + large.bulkItems;
  const bulkSeconds = small.bulkSeconds + large.bulkSeconds;
  const postings = small.organization.entries_posted + large.organization.entries_posted;
  return {
    days: HISTORY_DAYS,
    first_date: first,
    last_date: today,
    small: small.organization,
    large: large.organization,
    seeding: {
      seconds: Math.round(seedingS),
      method: `about ${POSTED_ENTRIES} entries an organization (every n-th of the plan) through postEntries (one TransactWriteItems each); the rest as CashFlowTransaction, CashFlowDay and AccountBalance items with BatchWriteItem (4 writers)`,
      bulk_items_per_s: bulkSeconds ? round(bulkItems / bulkSeconds, 0) : null,
      postings_per_s: round(postings / (small.postingSeconds + large.postingSeconds), 1),
    },
    samples,
    summary, monthly, daily, categories, dashboard,
    reads_alone: parts,
    forecast,
    bar: 'at 100,000 transactions at most 1.2 × at 1,000',
  };
}

/** The forecast job on a third organization (50,000 transactions over the same two years). */
async function measureForecast(call: Call, token: string, today: string, log: (line: string) => void): Promise<ForecastJobResult> {
  const count = Number(process.env.BENCH_FORECAST_CASH_FLOWS ?? 50_000);
  const seeded = await seedOrganization(call, token, 'forecast', count, today, 29, log);
  const { makeForecast } = await import('../functions/src/cashflow/forecast.js');

  // In this process: a warm-up, then `runs` timed, the memory sampled while they run.
  const runs = 5;
  await makeForecast(seeded.orgId);
  const reads = (await record(() => makeForecast(seeded.orgId))).reads;
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.heapUsed > heapPeak) heapPeak = m.heapUsed;
    if (m.rss > rssPeak) rssPeak = m.rss;
  };
  const sampler = setInterval(sample, 1);
  const ms: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { ms: took, value } = await timeMs(() => makeForecast(seeded.orgId));
      sample();
      if (value.result.base.days.length !== 90) throw new Error('the forecast has not 90 days');
      ms.push(round(took)!);
    }
  } finally {
    clearInterval(sampler);
  }

  // The consumer handler once, in a process of its own (and the same process without the forecast).
  const job = await forecastChild(seeded.orgId, false);
  const baseline = await forecastChild(seeded.orgId, true);
  if (!job.ok) throw new Error(`the forecast consumer failed: ${job.error ?? `${job.batch_item_failures} failures`}`);
  const result: ForecastJobResult = {
    organization: seeded.organization,
    history_days: HISTORY_DAYS,
    runs,
    make_forecast_ms: ms,
    make_forecast_p50_ms: round(median(ms)),
    make_forecast_reads: { dynamodb_calls: reads.calls, items_read: reads.items, commands: reads.commands },
    in_process: { heap_used_before_mib: mib(before.heapUsed), heap_used_peak_sampled_mib: mib(heapPeak), rss_before_mib: mib(before.rss), rss_peak_sampled_mib: mib(rssPeak) },
    consumer_handler: { ...job, baseline, max_rss_over_baseline_mib: round(job.max_rss_mib - baseline.max_rss_mib, 1), lambda_memory_mb: LAMBDA_MEMORY_MB },
    how_measured:
      'makeForecast timed in the bench process (p50 of 5 after a warm-up). Peak memory: the consumer handler (forecast-jobs.ts) run once on an SQS event in a child node process; maxRSS is the kernel high-water mark of that process (process.resourceUsage), beside a child that loads the same handler and makes one DynamoDB call but no forecast; heap sampled every 1 ms (a lower bound).',
  };
  log(`forecast job (${count} transactions, ${HISTORY_DAYS} days): makeForecast p50 ${result.make_forecast_p50_ms} ms (${ms.join(', ')}), ${reads.calls} DynamoDB calls / ${reads.items} items; consumer handler ${job.handler_ms} ms, max RSS ${job.max_rss_mib} MiB (${result.consumer_handler.max_rss_over_baseline_mib} MiB over the loaded handler's ${baseline.max_rss_mib}), heap peak ≥ ${job.heap_used_peak_sampled_mib} MiB (loaded: ${baseline.heap_used_peak_sampled_mib})`);
  return result;
}

/** Runs this module as `--forecast-job <organization> [baseline]` in a child node (the environment, DynamoDB Local's included, is inherited). */
function forecastChild(organizationId: string, baseline: boolean): Promise<ForecastChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--forecast-job', organizationId, ...(baseline ? ['baseline'] : [])], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"forecast_job"'));
      if (!line) return reject(new Error(`forecast child exited ${code} without a result: ${(err || out).slice(-500)}`));
      resolve(JSON.parse(line).forecast_job as ForecastChildResult);
    });
  });
}

/** The child's side: the consumer handler on one message, as its Lambda would run it. */
async function forecastJobChild(organizationId: string, baseline: boolean) {
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => { heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed); }, 1);
  const result: ForecastChildResult = { ok: false, handler_ms: null, import_ms: 0, max_rss_mib: 0, heap_used_peak_sampled_mib: 0 };
  try {
    const started = performance.now();
    const { handler } = await import('../functions/src/cashflow/forecast-jobs.js');
    const { Organization } = await import('../functions/src/db/organization.js');
    result.import_ms = round(performance.now() - started)!;
    if (baseline) {
      await Organization.get({ id: organizationId }).go();
      result.ok = true;
    } else {
      const { ms, value } = await timeMs(() => handler({ Records: [{ messageId: 'bench-1', body: JSON.stringify({ organization_id: organizationId }) }] } as never));
      result.handler_ms = round(ms);
      result.batch_item_failures = value.batchItemFailures.length;
      result.ok = value.batchItemFailures.length === 0;
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  result.max_rss_mib = round(process.resourceUsage().maxRSS / 1024, 1)!;
  result.heap_used_peak_sampled_mib = mib(heapPeak);
  console.log(JSON.stringify({ forecast_job: result }));
  process.exit(0);
}

if (process.argv[2] === '--forecast-job') await forecastJobChild(process.argv[3]!, process.argv[4] === 'baseline');
