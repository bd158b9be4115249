/**
 * Bundle size and cold load cost of every Lambda, built with the options the CDK stack passes to
 * esbuild (infra/lib/daftar-function.ts), against a baseline bundle that holds only what any
 * DynamoDB-backed Lambda here loads: the DynamoDB client, its document client and ElectroDB.
 *
 * Load cost is the CPU time (user + system, all threads) of `await import(bundle)` in a fresh
 * Node process, which is what a Lambda's init spends; wall time is recorded beside it. Every
 * import of a bundle is paired with an import of the baseline right before or after it
 * (alternating the order), and the ratio reported is the median of the per-pair ratios with its
 * interquartile range (stats.ts pairedRatio).
 */
import type { BuildOptions } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { consumers, handlerEntry, resourceNames, schedules } from '@daftar/functions/routes';
import { buckets, queues } from '@daftar/functions/platform/resources';
import { bundleLambda, initialFiles, LAMBDA_MAIN_FILE, lambdaBuildOptions } from '../infra/lib/lambda-bundle.js';
import { median, pairedRatio, ratio, round } from './stats.js';

/**
 * Every bundle is built by infra/lib/lambda-bundle.ts's bundleLambda, the function CDK's
 * DaftarFunction bundles with: index.mjs plus the chunks split off at dynamic imports.
 * `bytes` counts what a cold start reads (index.mjs and the chunks it imports statically);
 * `bytes_all` every chunk, including those only an `import()` loads.
 */
export { lambdaBuildOptions };

const BASELINE_SOURCE = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const Thing = new Entity({
  model: { entity: 'thing', version: '1', service: 'bench' },
  attributes: { id: { type: 'string', required: true } },
  indexes: { primary: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
}, { client: documentClient, table: 'bench' });
export const handler = async (event) => (await Thing.get({ id: String(event.id) }).go()).data;
`;

export interface BundleTarget { name: string; kind: 'api' | 'schedule' | 'consumer'; entry: string }

export interface BundleResult {
  name: string;
  kind: BundleTarget['kind'] | 'baseline';
  entry: string;
  /** What the cold start reads: index.mjs and the chunks it imports statically (UTF-8 output). */
  bytes: number | null;
  /** Every JavaScript file of the bundle, including chunks only an `import()` loads. */
  bytes_all: number | null;
  /** Files the cold start reads (index.mjs first). */
  initial_files: number | null;
  /** `bytes` of the same bundle with esbuild's ASCII default charset (every non-ASCII byte escaped). */
  bytes_without_charset: number | null;
  gzip_bytes: number | null;
  /** CPU milliseconds (user + system) of the import in a fresh process. */
  import_cpu_ms_median: number | null;
  import_cpu_ms_samples: number[];
  import_ms_median: number | null;
  /** The fastest run: less sensitive than the median to a machine busy with other work. */
  import_ms_min: number | null;
  import_ms_samples: number[];
  size_ratio: number | null;
  /** Median of per-pair CPU ratios to the baseline imported beside it, with the quartiles. */
  import_ratio: number | null;
  import_ratio_p25: number | null;
  import_ratio_p75: number | null;
  /**
   * Lambdas whose routes load in groups (http/api.ts `routeGroups`): for each group, the import
   * followed by the group's load — what the cold start of a request to that group compiles and
   * runs before its handler — as the median CPU ratio to the baseline imported in the same round.
   * `heaviest_route_group` names the group with the largest ratio (its first key).
   */
  route_groups?: { first_key: string; cpu_ms_median: number | null; ratio: number | null; ratio_p25: number | null; ratio_p75: number | null }[];
  heaviest_route_group_ratio?: number | null;
  /** The same for wall time. */
  import_wall_ratio: number | null;
  import_wall_ratio_p25: number | null;
  import_wall_ratio_p75: number | null;
  /** What the cold start's files are made of, by package (own code as functions/src, shared/src). */
  largest_packages?: { name: string; kib: number }[];
  error?: string;
}

function largestPackages(inputs: [string, { bytesInOutput: number }][], top = 6) {
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of inputs) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? (/^(functions|shared)\/src/.exec(path)?.[0] ?? path);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, bytes]) => ({ name, kib: Math.round(bytes / 102.4) / 10 }));
}

export function lambdaTargets(): BundleTarget[] {
  return [
    ...resourceNames.map((name) => ({ name, kind: 'api' as const, entry: handlerEntry(name) })),
    ...Object.entries(schedules as Record<string, { entry: string }>).map(([name, s]) => ({ name, kind: 'schedule' as const, entry: s.entry })),
    ...Object.entries(consumers as Record<string, { entry: string }>).map(([name, c]) => ({ name, kind: 'consumer' as const, entry: c.entry })),
  ];
}

/**
 * What a deployed function finds in its environment (names only: nothing is called at import).
 * Modules read some of it at load, e.g. the table name for the ElectroDB entities.
 */
const lambdaEnvironment: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'warn',
  TABLE_NAME: 'daftar',
  JWT_SECRET_ID: 'daftar/jwt-signing-key',
  APP_URL: 'https://app.daftar.jo',
  ...Object.fromEntries(Object.values(buckets).map((b) => [b.env, b.localName])),
  ...Object.fromEntries(Object.values(queues).map((q) => [q.env, `https://sqs.us-east-1.amazonaws.com/000000000000/${q.localName}`])),
};

interface ImportSample { cpu: number; wall: number; groups: string[] }

/** Imports the bundle in a fresh Node process (as Lambda's init does): its CPU and wall milliseconds. */
function importCost(file: string, group?: number): Promise<ImportSample> {
  const script = [
    'const c0 = process.cpuUsage(); const t0 = performance.now();',
    'const m = await import(process.argv[1]);',
    "if (process.argv[2] !== '') await m.routes.groups[Number(process.argv[2])].load();",
    'const wall = performance.now() - t0; const c = process.cpuUsage(c0);',
    'process.stdout.write(JSON.stringify({ cpu: (c.user + c.system) / 1000, wall, groups: m.routes?.groups?.map((g) => g.keys[0]) ?? [] }));',
  ].join(' ');
  return new Promise((resolve, reject) => {
    // Lambda runs these with NODE_OPTIONS=--enable-source-maps (infra/lib/daftar-function.ts).
    const child = spawn(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script, pathToFileURL(file).href, group === undefined ? '' : String(group)], {
      env: lambdaEnvironment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += String(d); });
    child.stderr.on('data', (d) => { err += String(d); });
    child.on('exit', (code) => (code === 0 && out
      ? resolve(JSON.parse(out) as ImportSample)
      : reject(new Error(`import failed: ${err.split('\n').find((l) => /Error/.test(l))?.trim() ?? `exit ${code}`}`))));
  });
}

const emptyResult = (name: string, kind: BundleResult['kind'], entry: string): BundleResult => ({
  name, kind, entry, bytes: null, bytes_all: null, initial_files: null, bytes_without_charset: null, gzip_bytes: null,
  import_cpu_ms_median: null, import_cpu_ms_samples: [], import_ms_median: null, import_ms_min: null, import_ms_samples: [],
  size_ratio: null, import_ratio: null, import_ratio_p25: null, import_ratio_p75: null,
  import_wall_ratio: null, import_wall_ratio_p25: null, import_wall_ratio_p75: null,
});

/** `only` restricts the Lambdas measured (by name), e.g. while iterating on one bundle. */
export async function measureBundles(repoRoot: string, runs = 20, log: (line: string) => void = () => undefined, only?: readonly string[]): Promise<{ options: Record<string, unknown>; baseline: BundleResult; functions: BundleResult[] }> {
  const outDir = mkdtempSync(join(tmpdir(), 'daftar-bench-bundles-'));
  const sourceRoot = join(repoRoot, 'functions/src');
  try {
    const built: (BundleResult & { file?: string; baselineCpu: number[]; baselineWall: number[]; groupKeys?: string[]; groupCpu: number[][]; groupBase: number[][] })[] = [];
    const add = async (name: string, kind: BundleResult['kind'], entry: string, source: { entryPath?: string; overrides?: BuildOptions }) => {
      const dir = join(outDir, name);
      const file = join(dir, LAMBDA_MAIN_FILE);
      const result = { ...emptyResult(name, kind, entry), file: undefined as string | undefined, baselineCpu: [] as number[], baselineWall: [] as number[], groupCpu: [] as number[][], groupBase: [] as number[][] };
      try {
        const { metafile } = bundleLambda({ ...source, outDir: dir, repoRoot });
        const initial = initialFiles(dir);
        result.bytes = initial.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
        result.initial_files = initial.length;
        result.bytes_all = Object.entries(metafile.outputs).filter(([o]) => o.endsWith('.mjs')).reduce((sum, [, o]) => sum + o.bytes, 0);
        const initialOutputs = Object.entries(metafile.outputs).filter(([o]) => initial.some((f) => o.endsWith(`/${f}`)));
        result.largest_packages = largestPackages(initialOutputs.flatMap(([, o]) => Object.entries(o.inputs)));
        result.gzip_bytes = initial.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);
        result.file = file;
        const asciiDir = join(dir, 'ascii');
        bundleLambda({ ...source, outDir: asciiDir, repoRoot, overrides: { ...source.overrides, charset: undefined } });
        result.bytes_without_charset = initialFiles(asciiDir).reduce((sum, f) => sum + statSync(join(asciiDir, f)).size, 0);
      } catch (err) {
        result.error = `build failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
      }
      built.push(result);
    };

    await add('baseline', 'baseline', '(client-dynamodb + lib-dynamodb + electrodb)', {
      overrides: { stdin: { contents: BASELINE_SOURCE, resolveDir: join(repoRoot, 'functions'), sourcefile: 'baseline.mjs', loader: 'js' } },
    });
    for (const target of lambdaTargets().filter((t) => !only || only.includes(t.name))) {
      const entryPath = join(sourceRoot, target.entry);
      if (!existsSync(entryPath)) {
        built.push({ ...emptyResult(target.name, target.kind, target.entry), baselineCpu: [], baselineWall: [], groupCpu: [], groupBase: [], error: 'entry file does not exist' });
        continue;
      }
      await add(target.name, target.kind, target.entry, { entryPath });
    }
    const baseline = built[0]!;
    if (!baseline.file) throw new Error(`the baseline bundle did not build: ${baseline.error}`);
    log(`built ${built.filter((b) => b.file).length} bundles; importing each ${runs} times, each beside an import of the baseline`);

    // Rounds interleave the bundles so a slow moment of the machine spreads over all of them;
    // within a round every bundle is paired with a baseline import, alternately before and after it.
    for (let round = 0; round < runs; round++) {
      for (const b of built.slice(1)) {
        if (!b.file || b.error) continue;
        try {
          let base: ImportSample;
          let own: ImportSample;
          if (round % 2 === 0) { base = await importCost(baseline.file); own = await importCost(b.file); }
          else { own = await importCost(b.file); base = await importCost(baseline.file); }
          // A Lambda with route groups: each group's cold start, beside the same round's baseline.
          b.groupKeys ??= own.groups;
          for (const [g] of b.groupKeys.entries()) {
            const loaded = await importCost(b.file, g);
            (b.groupCpu[g] ??= []).push(loaded.cpu);
            (b.groupBase[g] ??= []).push(base.cpu);
          }
          b.import_cpu_ms_samples.push(own.cpu);
          b.import_ms_samples.push(own.wall);
          b.baselineCpu.push(base.cpu);
          b.baselineWall.push(base.wall);
          baseline.import_cpu_ms_samples.push(base.cpu);
          baseline.import_ms_samples.push(base.wall);
        } catch (err) {
          b.error = err instanceof Error ? err.message : String(err);
        }
      }
    }
    for (const b of built) {
      const cpu = pairedRatio(b.import_cpu_ms_samples, b === baseline ? b.import_cpu_ms_samples : b.baselineCpu);
      const wall = pairedRatio(b.import_ms_samples, b === baseline ? b.import_ms_samples : b.baselineWall);
      b.import_cpu_ms_median = b.import_cpu_ms_samples.length ? round(median(b.import_cpu_ms_samples)) : null;
      b.import_ms_median = b.import_ms_samples.length ? round(median(b.import_ms_samples)) : null;
      b.import_ms_min = b.import_ms_samples.length ? round(Math.min(...b.import_ms_samples)) : null;
      b.import_cpu_ms_samples = b.import_cpu_ms_samples.map((x) => round(x)!);
      b.import_ms_samples = b.import_ms_samples.map((x) => round(x)!);
      b.size_ratio = b.bytes !== null && baseline.bytes ? ratio(b.bytes, baseline.bytes) : null;
      [b.import_ratio, b.import_ratio_p25, b.import_ratio_p75] = [cpu.median, cpu.p25, cpu.p75];
      [b.import_wall_ratio, b.import_wall_ratio_p25, b.import_wall_ratio_p75] = [wall.median, wall.p25, wall.p75];
      if (b.groupKeys?.length) {
        b.route_groups = b.groupKeys.map((key, g) => {
          const r = pairedRatio(b.groupCpu[g] ?? [], b.groupBase[g] ?? []);
          return { first_key: key, cpu_ms_median: b.groupCpu[g]?.length ? round(median(b.groupCpu[g]!)) : null, ratio: r.median, ratio_p25: r.p25, ratio_p75: r.p75 };
        });
        b.heaviest_route_group_ratio = Math.max(...b.route_groups.map((r) => r.ratio ?? 0));
      }
    }
    const strip = ({ file: _file, baselineCpu: _cpu, baselineWall: _wall, groupKeys: _keys, groupCpu: _gc, groupBase: _gb, ...rest }: (typeof built)[number]): BundleResult => rest;
    const { banner, ...options } = lambdaBuildOptions;
    return {
      options: { ...options, banner: banner ? 'ESM_REQUIRE_BANNER (createRequire)' : undefined, node_options: '--enable-source-maps', runs, measure: 'process.cpuUsage() around import(), fresh process; ratio = median of per-pair ratios to the baseline (p25–p75)' },
      baseline: strip(baseline),
      functions: built.slice(1).map(strip),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
