/**
 * `npm run bench`: what the performance compass needs (ARCHITECTURE.md §11), written to
 * bench/results/latest.json and summarized on the terminal. Benchmarks report; they never fail:
 * a part that cannot run records its error and the others go on.
 *
 * Options: --calls N (API calls per endpoint, default 200), --runs N (imports per bundle, each paired with a baseline import, default 20),
 * --only bundles|api|spa, --targets a,b (the Lambdas the bundles part measures, by name; default all).
 * Environment: BENCH_API_ONLY=ledger|reports|inventory|pos|cashflow|import runs only that section of the API part beside its
 * endpoints (the others record `skipped`); BENCH_LARGE_LINES / BENCH_LARGE_MOVEMENTS / BENCH_LARGE_CASH_FLOWS shrink the large
 * journals / stock histories / cash-flow histories (default 100,000) for a smoke run (BENCH_FORECAST_CASH_FLOWS the forecast's 50,000); BENCH_POS_ONLY=sale|load|summary runs one part of the till section; BENCH_POS_SALES sets the till load's
 * sales per terminal (default 200); BENCH_REGISTER_RUNS sets the register's browser runs in the SPA part
 * (default 5, each a fresh browser context: first visit, second visit, scans and searches).
 */
import { mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { measureBundles } from './bundles.js';
import { measureApi } from './api.js';
import { measureSpaVisit } from './spa.js';
import { measureRegister } from './register.js';
import { readsText } from './reports.js';
import { formatRatio } from './stats.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { calls: { type: 'string', default: '200' }, runs: { type: 'string', default: '20' }, only: { type: 'string' }, out: { type: 'string' }, targets: { type: 'string' } },
});
const calls = Number(args.calls);
const runs = Number(args.runs);
const only = args.only;
const targets = args.targets?.split(',').map((t) => t.trim()).filter(Boolean);
const outFile = resolve(args.out ?? join(repoRoot, 'bench/results/latest.json'));
const log = (line: string) => console.log(`[bench] ${line}`);

/** The SPA's entry chunk (what the first screen waits for), gzip-compressed as CloudFront serves it. */
function measureSpa() {
  const dist = join(repoRoot, 'web/dist');
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error('web/dist/index.html does not exist (build the web app first)');
  const html = readFileSync(indexFile, 'utf8');
  const assets = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!).filter((src) => !/^https?:/.test(src));
  const size = (src: string) => {
    const content = readFileSync(join(dist, src.replace(/^\//, '')));
    return { file: src, bytes: content.length, gzip_bytes: gzipSync(content, { level: 9 }).length };
  };
  const entry = assets(/<script[^>]+type="module"[^>]+src="([^"]+)"/g).map(size);
  const preloads = assets(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g).map(size);
  const styles = assets(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g).map(size);
  const gz = (files: { gzip_bytes: number }[]) => files.reduce((a, f) => a + f.gzip_bytes, 0);
  // The budget (170 KiB) is on the JavaScript the sign-in screen waits for; CSS is reported beside it.
  return {
    entry, modulepreload: preloads, stylesheets: styles,
    entry_js_gzip_bytes: gz([...entry, ...preloads]),
    first_screen_gzip_bytes: gz([...entry, ...preloads, ...styles]),
  };
}

async function part<T>(name: string, fn: () => Promise<T>): Promise<T | { error: string }> {
  if (only && only !== name) return { error: 'skipped (--only)' };
  const started = Date.now();
  log(`${name}…`);
  try {
    const result = await fn();
    log(`${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (err) {
    log(`${name} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

const started = Date.now();
const bundles = await part('bundles', () => measureBundles(repoRoot, runs, log, targets));
const api = await part('api', () => measureApi({ calls, warmup: 20, log }));
const spa = await part('spa', async () => {
  const entry = measureSpa();
  // What a browser really fetches for /login (bench/spa.ts); without Chromium the entry figures still stand.
  const login_visit = await measureSpaVisit(join(repoRoot, 'web/dist')).catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }));
  // The till at /pos with 10,000 products and the API answered in the browser (bench/register.ts).
  const register = await measureRegister(join(repoRoot, 'web/dist'), { runs: Number(process.env.BENCH_REGISTER_RUNS ?? 5), log }).catch((err: unknown) => {
    log(`register failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    return { error: err instanceof Error ? err.message : String(err) };
  });
  return { ...entry, login_visit, register };
});

const report = {
  generated_at: new Date().toISOString(),
  duration_s: Math.round((Date.now() - started) / 1000),
  machine: { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus().length, cpu_model: cpus()[0]?.model ?? null, memory_gib: Math.round(totalmem() / 2 ** 30) },
  notes: [
    'Ratios are to a baseline measured in the same run: bundle import time and size to a bundle of @aws-sdk/client-dynamodb + @aws-sdk/lib-dynamodb + electrodb; API latency to a bare GetItem against the same DynamoDB Local.',
    'API calls go through the API Gateway v2 adapter in-process (no HTTP server), sequentially, after warm-up calls; LOG_LEVEL=warn.',
    'Sign-in verifies an scrypt hash on every call; kdf.verify_p50_ms is that alone, sign_in_without_kdf_* what remains.',
  ],
  bundles,
  api,
  spa,
};
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);

// ---- summary
const table = (rows: (string | number | null)[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '—').length)));
  for (const r of rows) console.log(`  ${r.map((c, i) => (i === 0 ? String(c ?? '—').padEnd(widths[i]!) : String(c ?? '—').padStart(widths[i]!))).join('  ')}`);
};
console.log('');
if ('functions' in bundles) {
  const kib = (n: number | null) => (n === null ? null : (n / 1024).toFixed(1));
  console.log(`Lambda bundles (minified ESM, node22; load = CPU ms of the import in a fresh node, median of ${runs}; ×load = median (p25–p75) of ${runs} ratios to a baseline import beside it):`);
  const ratioText = (m: number | null, lo: number | null, hi: number | null) => (m === null ? null : `${m.toFixed(2)} (${lo!.toFixed(2)}–${hi!.toFixed(2)})`);
  table([
    ['function', 'KiB', 'KiB w/o charset', 'gzip KiB', '×size', 'load CPU ms', '×load CPU', '×load wall'],
    [`(baseline)`, kib(bundles.baseline.bytes), kib(bundles.baseline.bytes_without_charset), kib(bundles.baseline.gzip_bytes), 1, bundles.baseline.import_cpu_ms_median, 1, 1],
    ...bundles.functions.map((f) => [f.error ? `${f.name} (${f.error})` : f.name, kib(f.bytes), kib(f.bytes_without_charset), kib(f.gzip_bytes), f.size_ratio, f.import_cpu_ms_median,
      ratioText(f.import_ratio, f.import_ratio_p25, f.import_ratio_p75), ratioText(f.import_wall_ratio, f.import_wall_ratio_p25, f.import_wall_ratio_p75)]),
  ]);
  const grouped = bundles.functions.filter((f) => f.route_groups?.length);
  if (grouped.length) {
    console.log('  Route groups (the import, then one group loaded: the cold start of a request to that group; ×load CPU to the baseline):');
    for (const f of grouped) {
      console.log(`    ${f.name}: ${f.route_groups!.map((g) => `${g.first_key.replace('/api/v1/organizations/{organization_id}', '')} ${ratioText(g.ratio, g.ratio_p25, g.ratio_p75)}`).join('; ')}`);
    }
  }
  const largest = [...bundles.functions].sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0))[0];
  if (largest?.largest_packages) console.log(`  largest (${largest.name}): ${largest.largest_packages.map((p) => `${p.name} ${p.kib} KiB`).join(', ')}`);
  console.log('');
}
if ('endpoints' in api) {
  console.log(`API against the emulators (${api.calls_per_endpoint} warm calls each; bare GetItem p50 ${api.baseline_get_item.p50_ms} ms, p99 ${api.baseline_get_item.p99_ms} ms):`);
  table([
    ['request', 'p50 ms', 'p99 ms', '×p50', '×p99', '×pairs (p25–p75)', 'DynamoDB calls'],
    ...api.endpoints.map((e) => [e.error ? `${e.request} (${e.error})` : e.request, e.p50_ms, e.p99_ms, e.p50_ratio, e.p99_ratio,
      e.pair_ratio.median === null ? null : `${e.pair_ratio.median} (${e.pair_ratio.p25}–${e.pair_ratio.p75})`, e.dynamodb_round_trips]),
  ]);
  console.log(`  scrypt verify p50 ${api.kdf.verify_p50_ms} ms; sign-in without it ≈ ${api.sign_in_without_kdf_p50_ms} ms (×${api.sign_in_without_kdf_p50_ratio} GetItem)`);
  console.log(`  round-trip counter: ${api.round_trip_counter_check}`);
  if ('confirm_20_line_invoice' in api.ledger) {
    const { confirm_20_line_invoice: c, trial_balance: tb, baseline_put_item: put } = api.ledger;
    console.log(`  confirm a 20-line invoice: p50 ${c.p50_ms} ms (×${c.p50_ratio_to_put_item} PutItem p50 ${put.p50_ms} ms), p99 ${c.p99_ms} ms (×${c.p99_ratio_to_put_item}); ${c.transact_write_items_per_confirm} TransactWriteItems of ${c.transaction_actions} actions; commands ${JSON.stringify(c.dynamodb_commands_per_confirm)}`);
    console.log(`  trial balance: ${tb.small.journal_lines} lines p50 ${tb.small.p50_ms} ms, ${tb.large.journal_lines} lines p50 ${tb.large.p50_ms} ms → ratio ${tb.ratio_large_to_small_p50}, pairs ${formatRatio(tb.pair_ratio_large_to_small)} (bar ${tb.bar}), after the nightly rollup (${tb.rollup_periods.small} / ${tb.rollup_periods.large} periods); before it: ratio ${tb.uncompacted.ratio_large_to_small_p50}, pairs ${formatRatio(tb.uncompacted.pair_ratio_large_to_small)}; ${readsText({ small_reads_per_call: tb.small.reads_per_call, large_reads_per_call: tb.large.reads_per_call })}`);
  } else console.log(`  ledger: ${api.ledger.error}`);
  if ('profit_loss' in api.reports) {
    const r = api.reports;
    for (const [name, t] of [['profit and loss', r.profit_loss], ['balance sheet', r.balance_sheet], ['cash flow statement', r.cash_flow_statement]] as const) {
      console.log(`  ${name}: ${r.small.journal_lines} lines p50 ${t.small_p50_ms} ms, ${r.large.journal_lines} lines p50 ${t.large_p50_ms} ms → ratio ${t.ratio_large_to_small_p50}, pairs ${formatRatio(t.pair_ratio_large_to_small)} (bar ${r.bar}); ${readsText(t)}`);
    }
  } else console.log(`  reports: ${api.reports.error}`);
  if ('valuation_report' in api.inventory) {
    const inv = api.inventory;
    for (const [name, t] of [['valuation report', inv.valuation_report], ['valuation 30 days back', inv.valuation_report_30_days_back], ['stock report', inv.stock_report]] as const) {
      console.log(`  ${name}: ${inv.small.movements} movements p50 ${t.small_p50_ms} ms, ${inv.large.movements} movements p50 ${t.large_p50_ms} ms → ratio ${t.ratio_large_to_small_p50}, pairs ${formatRatio(t.pair_ratio_large_to_small)} (bar at most 1.2); ${readsText(t)}`);
    }
    for (const l of [inv.by_barcode, inv.availability]) console.log(`  ${l.request}: ${l.dynamodb_calls} DynamoDB calls, ${l.dynamodb_calls_beyond_auth} beyond authentication (bar 1); p50 ${l.p50_ms} ms`);
    const c = inv.confirm_20_line_invoice;
    console.log(`  confirm a 20-line invoice, tracked vs untracked products: p50 ${c.tracked.p50_ms} / ${c.untracked.p50_ms} ms → ratio ${c.ratio_tracked_to_untracked_p50}, pairs ${formatRatio(c.pair_ratio_tracked_to_untracked)} (bar 1.3); TransactWriteItems ${c.tracked.transact_write_items_per_confirm} of ${c.tracked.transaction_actions} actions / ${c.untracked.transact_write_items_per_confirm} of ${c.untracked.transaction_actions}; of the p50 the transaction ${c.tracked.transaction_p50_ms} / ${c.untracked.transaction_p50_ms} ms, all DynamoDB calls ${c.tracked.dynamodb_p50_ms} / ${c.untracked.dynamodb_p50_ms} ms`);
    const a = inv.transaction_action_costs;
    console.log(`  a transaction of 11 puts p50 ${a.base_11_puts_ms} ms; 20 more condition checks +${a.plus_20_ms.condition_checks} ms, puts +${a.plus_20_ms.puts} ms, versioned updates +${a.plus_20_ms.updates} ms; the bar's whole allowance for a tracked confirm ${a.bar_allowance_ms} ms`);
  } else console.log(`  inventory: ${api.inventory.error}`);
  if ('large' in api.catalogue_import) {
    const ci = api.catalogue_import;
    for (const r of [ci.small, ci.large]) {
      console.log(`  catalogue import of ${r.import.rows} rows (${r.import.file_kib} KiB CSV): dry run ${r.dry_run.job_s} s, import ${r.import.job_s} s (${r.import.rows_per_s} rows/s); the job's process peaked at ${r.import.peak_rss_mib} MiB resident (${r.import.rss_before_job_mib} MiB before the job; dry run ${r.dry_run.peak_rss_mib} MiB)`);
    }
    console.log(`  catalogue import time per row, ${ci.large.import.rows} ÷ ${ci.small.import.rows} rows: ${ci.per_row_ratio_large_to_small}`);
  } else console.log(`  catalogue import: ${api.catalogue_import.error}`);
  if ('load' in api.pos) {
    const { sale_5_lines_2_tenders: s, load: l, sales_summary: q } = api.pos;
    const met = (yes: boolean | null) => (yes ? 'met' : 'NOT met');
    console.log(`  till sale (5 lines, 2 tenders): p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms; twin TransactWriteItems (its ${s.twin_transact_write_items.items} items as Puts, ${s.twin_transact_write_items.json_bytes} bytes) p50 ${s.twin_transact_write_items.p50_ms} ms → ratio ${s.ratio_p50_to_twin}, pairs ${formatRatio(s.pair_ratio_to_twin)} (bar 2: ${met(s.met)}); ${s.bare_transact_write_items.items} small Puts p50 ${s.bare_transact_write_items.p50_ms} ms → ratio ${s.ratio_p50_to_bare}, pairs ${formatRatio(s.pair_ratio_to_bare)}; ${s.transact_write_items_per_sale} TransactWriteItems of ${s.transaction_actions} actions; ${s.dynamodb_calls_beyond_auth} DynamoDB calls beyond authentication in ${s.sequential_steps_beyond_auth} steps ${JSON.stringify(s.dynamodb_commands)}; inside a sale p50 ms ${JSON.stringify(s.inside_sale_p50_ms)}`);
    console.log(`  till load: ${l.terminals} terminals × ${l.sales_per_terminal} sales in ${l.wall_s} s → ${l.sales_per_s} sales/s, p50 ${l.p50_ms} ms, p99 ${l.p99_ms} ms; lost ${l.lost}, duplicated ${l.duplicated} (${l.receipts} receipts, numbering ${l.numbering_gapless ? 'gapless' : 'NOT gapless'}); trial balance ${l.trial_balance_balanced ? 'balanced' : 'NOT balanced'}; cash reconciled in ${l.cash_reconciled.matching}/${l.cash_reconciled.sessions} sessions; conflict retries ${l.transactions.conflict_retries} of ${l.transactions.sent} transactions = ${l.transactions.retried_share_percent} % (goal under 1 %: ${met(l.transactions.met)})`);
    console.log(`  till stock queue: ${l.settlement.settled} receipts settled in ${l.settlement.seconds} s (${l.settlement.per_receipt_ms} ms each); ledger verification ${l.ledger_verification.ok ? 'ok' : 'NOT ok'} (inventory accounts ${l.ledger_verification.inventory_accounts}, stock value ${l.ledger_verification.stock_value})`);
    console.log(`  POS sales summary (30 days): ${q.small_sales} sales p50 ${q.small_p50_ms} ms, ${q.large_sales} sales p50 ${q.large_p50_ms} ms → ratio ${q.ratio_large_to_small_p50}, pairs ${formatRatio(q.pair_ratio_large_to_small)} (bar 1.2: ${met(q.met)}); ${readsText(q)}; items ${(q.small_items_bytes / 1024).toFixed(0)} / ${(q.large_items_bytes / 1024).toFixed(0)} KiB; the Query alone ${q.query_only.small_p50_ms} / ${q.query_only.large_p50_ms} ms → ratio ${q.query_only.ratio_large_to_small_p50}`);
  } else console.log(`  pos: ${api.pos.error}`);
  if ('summary' in api.cashflow) {
    const cf = api.cashflow;
    for (const [name, t] of [['summary (this month)', cf.summary], ['monthly (12 months)', cf.monthly], ['daily (90 days)', cf.daily], ['categories (this month)', cf.categories], ['dashboard', cf.dashboard]] as const) {
      console.log(`  cash flow ${name}: ${cf.small.transactions} transactions p50 ${t.small_p50_ms} ms, ${cf.large.transactions} p50 ${t.large_p50_ms} ms → ratio ${t.ratio_large_to_small_p50}, pairs ${formatRatio(t.pair_ratio_large_to_small)} (bar at most 1.2); ${readsText(t)}`);
    }
    console.log(`  cash flow reads alone (items read small / large, p50 ms small / large → ratio): ${Object.entries(cf.reads_alone).map(([name, r]) => `${name} ${r.small_items_read} / ${r.large_items_read}, ${r.small_p50_ms} / ${r.large_p50_ms} → ${r.ratio_large_to_small_p50}`).join('; ')}`);
    console.log(`  cash flow seeding ${cf.seeding.seconds} s (bulk ${cf.seeding.bulk_items_per_s} items/s, postings ${cf.seeding.postings_per_s}/s)`);
    const f = cf.forecast;
    if ('error' in f) console.log(`  forecast job: ${f.error}`);
    else console.log(`  forecast job (${f.organization.transactions} transactions, ${f.history_days} days): makeForecast p50 ${f.make_forecast_p50_ms} ms over ${f.runs} runs (${f.make_forecast_ms.join(', ')}), ${f.make_forecast_reads.dynamodb_calls} DynamoDB calls / ${f.make_forecast_reads.items_read} items; the consumer handler once in its own process ${f.consumer_handler.handler_ms} ms, peak RSS ${f.consumer_handler.max_rss_mib} MiB (${f.consumer_handler.max_rss_over_baseline_mib} MiB over the loaded handler's ${f.consumer_handler.baseline.max_rss_mib}; the Lambda has ${f.consumer_handler.lambda_memory_mb} MB), heap peak at least ${f.consumer_handler.heap_used_peak_sampled_mib} MiB`);
  } else console.log(`  cashflow: ${api.cashflow.error}`);
  console.log('');
}
if ('login_visit' in spa) {
  console.log(`SPA entry JavaScript: ${(spa.entry_js_gzip_bytes / 1024).toFixed(1)} KiB gzip (budget 170); with CSS: ${(spa.first_screen_gzip_bytes / 1024).toFixed(1)} KiB (${spa.entry.map((e) => e.file).join(', ')})\n`);
  const v = spa.login_visit;
  if ('error' in v) console.log(`/login in Chromium: ${v.error}\n`);
  else console.log(`/login in Chromium: ${v.scripts} scripts, ${(v.scripts_gzip_bytes / 1024).toFixed(1)} KiB gzip before the e-mail field is usable (budget ${v.budget.scripts} scripts, ${v.budget.gzip_bytes / 1024} KiB: ${v.budget.met ? 'met' : 'NOT met'}); ${v.interactive_ms} ms; ${v.script_files.map((f) => `${f.file.replace('/assets/', '')} ${(f.gzip_bytes / 1024).toFixed(1)}`).join(', ')}${v.api_requests.length ? `; API calls: ${v.api_requests.join(', ')}` : ''}\n`);
  const r = spa.register;
  if ('error' in r) console.log(`/pos in Chromium: ${r.error}\n`);
  else {
    const met = (yes: boolean) => (yes ? 'met' : 'NOT met');
    const ms = (xs: number[]) => xs.join(', ');
    console.log(`/pos in Chromium (register, ${r.products.toLocaleString('en')} products, API answered in the browser; ${r.runs} runs, load average ${r.load_average_1m_at_start} at start):`);
    console.log(`  JavaScript until ready to scan: ${r.scripts} scripts, ${(r.scripts_gzip_bytes / 1024).toFixed(1)} KiB gzip (CSS ${(r.stylesheets_gzip_bytes / 1024).toFixed(1)} KiB); largest ${r.script_files.slice(0, 5).map((f) => `${f.file.replace('/assets/', '')} ${(f.gzip_bytes / 1024).toFixed(1)}`).join(', ')}`);
    console.log(`  ready, first visit (catalogue from the API, ${r.first_visit.product_pages_per_visit} pages): median ${r.first_visit.ready_ms_median} ms (${ms(r.first_visit.ready_ms)})`);
    console.log(`  ready, second visit (catalogue from IndexedDB, shell cached): median ${r.second_visit.ready_ms_median} ms (${ms(r.second_visit.ready_ms)}) (bar ${r.second_visit.bar_ms} ms: ${met(r.second_visit.met)}); server requests ${ms(r.second_visit.server_requests)} (${r.second_visit.server_request_urls.join(', ')}); service worker in control ${r.second_visit.controlled_by_service_worker.filter(Boolean).length}/${r.runs}`);
    console.log(`  scan to line: ${r.scan_to_line.scans} scans, p50 ${r.scan_to_line.p50_ms} ms, p95 ${r.scan_to_line.p95_ms} ms, max ${r.scan_to_line.max_ms} ms${r.scan_to_line.failed ? `, ${r.scan_to_line.failed} never showed` : ''}`);
    const s = r.search;
    console.log(`  search as you type (last key to grid, keys ${s.typing_delay_ms} ms apart): Arabic ${s.arabic.terms.join(' ')} p50 ${s.arabic.p50_ms} ms, p95 ${s.arabic.p95_ms} ms over ${s.arabic.searches}; English ${s.english.terms.join(' ')} p50 ${s.english.p50_ms} ms, p95 ${s.english.p95_ms} ms over ${s.english.searches} (bar p50 ≤ ${s.bar_ms} ms: ${met(s.met)})${s.arabic.failed + s.english.failed ? `; ${s.arabic.failed + s.english.failed} never showed` : ''}`);
    if (r.api_unanswered.length || r.api_escaped_interception.length) console.log(`  API not answered: ${[...r.api_unanswered, ...r.api_escaped_interception.map((x) => `${x} (escaped)`)].join(', ')}`);
    console.log('');
  }
} else console.log(`SPA: ${spa.error}\n`);
console.log(`Written to ${outFile} (${report.duration_s} s)`);
// Emulators and SDK sockets are closed; anything left (keep-alive timers) must not hold the exit.
process.exit(0);
