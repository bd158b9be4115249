/**
 * Bundle size and cold import time of every Lambda, built with the options the CDK stack uses
 * (infra/lib/daftar-function.ts), against a baseline bundle that holds only what any
 * DynamoDB-backed Lambda here loads: the DynamoDB client, its document client and ElectroDB.
 */
import { build, type BuildOptions } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { consumers, handlerEntry, resourceNames, schedules } from '@daftar/functions/routes';
import { buckets, queues } from '@daftar/functions/platform/resources';
import { ESM_REQUIRE_BANNER } from '../infra/lib/daftar-function.js';
import { median, ratio, round } from './stats.js';

/** What NodejsFunction passes to esbuild for DaftarFunction's `bundling` props. */
export const lambdaBuildOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  charset: 'utf8',
  external: [],
  logLevel: 'warning',
};

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
  bytes: number | null;
  gzip_bytes: number | null;
  import_ms_median: number | null;
  /** The fastest run: less sensitive than the median to a machine busy with other work. */
  import_ms_min: number | null;
  import_ms_samples: number[];
  size_ratio: number | null;
  import_ratio: number | null;
  /** What the minified output is made of, by package (own code as functions/src, shared/src). */
  largest_packages?: { name: string; kib: number }[];
  error?: string;
}

function largestPackages(inputs: Record<string, { bytesInOutput: number }>, top = 6) {
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
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

/** Imports the bundle in a fresh Node process (as Lambda's init does) and answers the milliseconds. */
function importTime(file: string): Promise<number> {
  const script = 'const t0 = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t0));';
  return new Promise((resolve, reject) => {
    // Lambda runs these with NODE_OPTIONS=--enable-source-maps (infra/lib/daftar-function.ts).
    const child = spawn(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script, pathToFileURL(file).href], {
      env: lambdaEnvironment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += String(d); });
    child.stderr.on('data', (d) => { err += String(d); });
    child.on('exit', (code) => (code === 0 && out
      ? resolve(Number(out))
      : reject(new Error(`import failed: ${err.split('\n').find((l) => /Error/.test(l))?.trim() ?? `exit ${code}`}`))));
  });
}

export async function measureBundles(repoRoot: string, runs = 5, log: (line: string) => void = () => undefined): Promise<{ options: Record<string, unknown>; baseline: BundleResult; functions: BundleResult[] }> {
  const outDir = mkdtempSync(join(tmpdir(), 'daftar-bench-bundles-'));
  const sourceRoot = join(repoRoot, 'functions/src');
  try {
    const built: (BundleResult & { file?: string })[] = [];
    const add = async (name: string, kind: BundleResult['kind'], entry: string, options: BuildOptions) => {
      const file = join(outDir, name, 'index.mjs');
      const result: BundleResult & { file?: string } = { name, kind, entry, bytes: null, gzip_bytes: null, import_ms_median: null, import_ms_min: null, import_ms_samples: [], size_ratio: null, import_ratio: null };
      try {
        const { metafile } = await build({ ...lambdaBuildOptions, ...options, outfile: file, metafile: true });
        result.bytes = statSync(file).size;
        result.largest_packages = largestPackages(metafile.outputs[Object.keys(metafile.outputs).find((o) => o.endsWith('index.mjs'))!]!.inputs);
        result.gzip_bytes = gzipSync(readFileSync(file)).length;
        result.file = file;
      } catch (err) {
        result.error = `build failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
      }
      built.push(result);
    };

    await add('baseline', 'baseline', '(client-dynamodb + lib-dynamodb + electrodb)', {
      stdin: { contents: BASELINE_SOURCE, resolveDir: join(repoRoot, 'functions'), sourcefile: 'baseline.mjs', loader: 'js' },
    });
    for (const target of lambdaTargets()) {
      const entryPath = join(sourceRoot, target.entry);
      if (!existsSync(entryPath)) {
        built.push({ name: target.name, kind: target.kind, entry: target.entry, bytes: null, gzip_bytes: null, import_ms_median: null, import_ms_min: null, import_ms_samples: [], size_ratio: null, import_ratio: null, error: 'entry file does not exist' });
        continue;
      }
      await add(target.name, target.kind, target.entry, { entryPoints: [entryPath] });
    }
    log(`built ${built.filter((b) => b.file).length} bundles; importing each ${runs} times`);

    // Rounds interleave the bundles so a slow moment of the machine spreads over all of them.
    for (let round = 0; round < runs; round++) {
      for (const b of built) {
        if (!b.file || b.error) continue;
        try { b.import_ms_samples.push(await importTime(b.file)); } catch (err) { b.error = err instanceof Error ? err.message : String(err); }
      }
    }
    const baseline = built[0]!;
    baseline.import_ms_median = baseline.import_ms_samples.length ? round(median(baseline.import_ms_samples))! : null;
    for (const b of built) {
      b.import_ms_samples = b.import_ms_samples.map((s) => round(s)!);
      b.import_ms_median = b.import_ms_samples.length ? round(median(b.import_ms_samples)) : null;
      b.import_ms_min = b.import_ms_samples.length ? Math.min(...b.import_ms_samples) : null;
      b.size_ratio = b.bytes !== null && baseline.bytes ? ratio(b.bytes, baseline.bytes) : null;
      b.import_ratio = b.import_ms_median !== null && baseline.import_ms_median ? ratio(b.import_ms_median, baseline.import_ms_median) : null;
      delete b.file;
    }
    const { banner, ...options } = lambdaBuildOptions;
    return { options: { ...options, banner: banner ? 'ESM_REQUIRE_BANNER (createRequire)' : undefined, node_options: '--enable-source-maps', runs }, baseline, functions: built.slice(1) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
