/**
 * API latency against the embedded emulators, as a ratio to a bare DynamoDB GetItem sampled in
 * alternation with the endpoint's calls (call, GetItem, call, GetItem…, so a slow or busy moment
 * moves both), with the spread of the per-pair ratios, and DynamoDB round trips per request,
 * counted by a middleware on the functions' own DynamoDB client.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { buckets } from '@daftar/functions/platform/resources';
import { ensureBuckets, ensureQueues, ensureTable, startAwsExtras, startDynamo, startS3, startSqs, type OutboxMessage } from '../infra/local/emulators.js';
import { localEnvironment } from '../infra/local/environment.js';
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { median, pairedRatio, percentile, ratio, round, timeMs } from './stats.js';
import { ok } from './http.js';
import { measureLedger, type LedgerBenchResult } from './ledger.js';
import { measureReports, type ReportsBenchResult } from './reports.js';
import { measureInventory, type InventoryBenchResult } from './inventory.js';
import { measurePos, type PosBenchResult } from './pos.js';
import { measureCashflow, type CashflowBenchResult } from './cashflow.js';
import { measureCatalogueImport, type CatalogueImportBenchResult } from './catalogue-import.js';

export interface EndpointResult {
  name: string;
  request: string;
  calls: number;
  non_2xx: number;
  p50_ms: number | null;
  p99_ms: number | null;
  /** To the p50/p99 of the GetItem samples interleaved with this endpoint's calls. */
  p50_ratio: number | null;
  p99_ratio: number | null;
  /** Median and quartiles of the per-pair ratios (call i / GetItem i). */
  pair_ratio: { median: number | null; p25: number | null; p75: number | null };
  baseline_p50_ms: number | null;
  dynamodb_round_trips: number | null;
  dynamodb_commands: Record<string, number>;
  error?: string;
}

export interface ApiBenchResult {
  calls_per_endpoint: number;
  warmup_calls: number;
  baseline_get_item: { p50_ms: number | null; p99_ms: number | null };
  kdf: { scheme: string; verify_p50_ms: number | null; samples: number };
  endpoints: EndpointResult[];
  sign_in_without_kdf_p50_ms: number | null;
  sign_in_without_kdf_p50_ratio: number | null;
  round_trip_counter_check: string;
  ledger: LedgerBenchResult | { error: string };
  reports: ReportsBenchResult | { error: string };
  inventory: InventoryBenchResult | { error: string };
  pos: PosBenchResult | { error: string };
  cashflow: CashflowBenchResult | { error: string };
  catalogue_import: CatalogueImportBenchResult | { error: string };
}

const TABLE = 'daftar-bench';
const PASSWORD = 'bench-password-2024!';

type Invoke = (req: { method: string; url: string; headers: Record<string, string>; body?: Buffer }) => Promise<HttpResponseLike>;

export async function measureApi(opts: { calls: number; warmup: number; log: (line: string) => void }): Promise<ApiBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'daftar-bench-api-'));
  const outboxDir = join(dir, 'outbox');
  const [dynamoLocal, s3, sqs, extras] = await Promise.all([
    startDynamo(),
    startS3({ directory: join(dir, 's3') }),
    startSqs(),
    startAwsExtras({ outboxDir, secrets: { 'daftar/jwt-signing-key': randomBytes(48).toString('base64url') } }),
  ]);
  const clients: { destroy(): void }[] = [];
  try {
    const endpoints = { dynamo: dynamoLocal.endpoint, s3: s3.endpoint, sqs: sqs.endpoint, awsExtras: extras.endpoint };
    const bucketNames = Object.fromEntries(Object.entries(buckets).map(([logical, b]) => [logical, b.localName]));
    await ensureTable(endpoints.dynamo, TABLE);
    await ensureBuckets(endpoints.s3, bucketNames, []);
    const queueUrls = await ensureQueues(endpoints.sqs);
    // Before any function module is imported: they read their configuration from the environment.
    Object.assign(process.env, localEnvironment(endpoints, { table: TABLE, buckets: bucketNames, queueUrls, appUrl: 'http://localhost:3000' }));
    process.env.LOG_LEVEL = 'warn';

    // Every DynamoDB call of the functions goes through this client's stack (the document client
    // shares it): count commands per request.
    const { dynamo, documentClient } = await import('../functions/src/db/client.js');
    const seen: string[] = [];
    dynamo.middlewareStack.add((next, context) => async (args) => {
      seen.push(context.commandName ?? 'unknown');
      return next(args);
    }, { step: 'initialize', name: 'benchRoundTripCounter' });
    await documentClient.send(new GetCommand({ TableName: TABLE, Key: { pk: 'BENCH#check', sk: 'BENCH' } }));
    const counterCheck = seen.length === 1 ? `ok: a DocumentClient GetCommand counted as ${seen[0]}` : `FAILED: a DocumentClient call counted ${seen.length} times`;
    seen.length = 0;

    const { invokeApi } = await import('../infra/local/apigw.js');
    const invoke: Invoke = (req) => invokeApi({ ...req, headers: { 'user-agent': 'daftar-bench', ...req.headers } });
    const call = (method: string, url: string, init: { token?: string; json?: unknown; form?: Record<string, string>; raw?: { body: Buffer; contentType: string }; headers?: Record<string, string> } = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      let body: Buffer | undefined;
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.json !== undefined) { body = Buffer.from(JSON.stringify(init.json)); headers['content-type'] = 'application/json'; }
      if (init.form) { body = Buffer.from(new URLSearchParams(init.form).toString()); headers['content-type'] = 'application/x-www-form-urlencoded'; }
      if (init.raw) { body = init.raw.body; headers['content-type'] = init.raw.contentType; }
      return invoke({ method, url, headers, body });
    };

    // ---- seed through the API: sign up, verify with the mailed code, sign in, create an organization
    const email = `bench.${Date.now().toString(36)}@example.jo`;
    ok(await call('POST', '/api/v1/users/signup', { json: { email, password: PASSWORD, full_name: 'Bench Owner' } }), 'sign-up');
    const mail = readdirSync(outboxDir).map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as OutboxMessage).find((m) => m.to.includes(email));
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error('no verification code in the outbox after sign-up');
    ok(await call('POST', '/api/v1/verify-email-code', { json: { email, code } }), 'verify-email-code');
    const login = () => call('POST', '/api/v1/login/access-token', { form: { username: email, password: PASSWORD } });
    const token = ok(await login(), 'sign-in').access_token as string;
    const org = ok(await call('POST', '/api/v1/organizations', { token, json: { name: 'Bench Trading LLC' } }), 'create organization') as { id: string };
    await addMembers(org.id, 9);
    const { User } = await import('../functions/src/db/user.js');
    const me = ok(await call('GET', '/api/v1/users/me', { token }), 'users/me') as { id: string };
    opts.log(`seeded ${email}, organization ${org.id} with 10 members`);

    // ---- the baseline: a bare GetItem of the same user item, on a client of its own
    const bare = new DynamoDBClient((await import('../functions/src/db/client.js')).dynamoClientOptions);
    clients.push(bare);
    const key = User.get({ id: me.id }).params().Key as Record<string, string>;
    const getItem = () => bare.send(new GetItemCommand({ TableName: TABLE, Key: Object.fromEntries(Object.entries(key).map(([k, v]) => [k, { S: v }])) }));
    // Warmed here, sampled beside each endpoint's calls (measure).
    for (let i = 0; i < opts.warmup; i++) await getItem();
    const baselineSamples: number[] = [];

    // ---- the KDF alone
    const { hashPassword, verifyPassword } = await import('../functions/src/platform/passwords.js');
    const hash = await hashPassword(PASSWORD);
    const kdfSamples = await sample(() => verifyPassword(PASSWORD, hash), 20, 2);

    const measure = async (name: string, request: string, send: () => Promise<HttpResponseLike>): Promise<EndpointResult> => {
      const result: EndpointResult = { name, request, calls: opts.calls, non_2xx: 0, p50_ms: null, p99_ms: null, p50_ratio: null, p99_ratio: null, pair_ratio: { median: null, p25: null, p75: null }, baseline_p50_ms: null, dynamodb_round_trips: null, dynamodb_commands: {} };
      try {
        for (let i = 0; i < opts.warmup; i++) await send();
        const samples: number[] = [];
        const bases: number[] = [];
        const trips: number[] = [];
        for (let i = 0; i < opts.calls; i++) {
          // Alternate which goes first, so neither side always follows the other's cache effects.
          if (i % 2 === 0) bases.push((await timeMs(getItem)).ms);
          seen.length = 0;
          const { ms, value } = await timeMs(send);
          if (i % 2 === 1) bases.push((await timeMs(getItem)).ms);
          samples.push(ms);
          trips.push(seen.length);
          if (value.status >= 300) result.non_2xx++;
          if (i === opts.calls - 1) for (const c of seen) result.dynamodb_commands[c] = (result.dynamodb_commands[c] ?? 0) + 1;
        }
        result.p50_ms = round(median(samples));
        result.p99_ms = round(percentile(samples, 99));
        result.p50_ratio = ratio(median(samples), median(bases));
        result.p99_ratio = ratio(percentile(samples, 99), percentile(bases, 99));
        const { pairs: _pairs, ...pairRatio } = pairedRatio(samples, bases);
        result.pair_ratio = pairRatio;
        result.baseline_p50_ms = round(median(bases));
        baselineSamples.push(...bases);
        result.dynamodb_round_trips = round(trips.reduce((a, b) => a + b, 0) / trips.length, 2);
        if (result.non_2xx) result.error = `${result.non_2xx} of ${opts.calls} calls did not succeed`;
      } catch (err) {
        result.error = err instanceof Error ? err.message : String(err);
      }
      opts.log(`${name}: p50 ${result.p50_ms} ms (×${result.p50_ratio} GetItem; pairs ${result.pair_ratio.median}, ${result.pair_ratio.p25}–${result.pair_ratio.p75}), p99 ${result.p99_ms} ms, ${result.dynamodb_round_trips} DynamoDB calls${result.error ? ` (${result.error})` : ''}`);
      return result;
    };

    const results = [
      await measure('sign-in', 'POST /api/v1/login/access-token', login),
      await measure('current user', 'GET /api/v1/users/me', () => call('GET', '/api/v1/users/me', { token })),
      await measure('organization members', 'GET /api/v1/organizations/{organization_id}/members', () => call('GET', `/api/v1/organizations/${org.id}/members`, { token })),
    ];
    // BENCH_API_ONLY=ledger|reports|inventory|pos|cashflow|import runs that section alone (the others' seeding is most of the part's time).
    const skipped = (section: string) => process.env.BENCH_API_ONLY && process.env.BENCH_API_ONLY !== section ? { error: `skipped (BENCH_API_ONLY=${process.env.BENCH_API_ONLY})` } : null;
    let ledger: LedgerBenchResult | { error: string };
    try {
      ledger = skipped('ledger') ?? await measureLedger({ call, token, table: TABLE, seen, calls: Math.min(opts.calls, 100), log: opts.log });
    } catch (err) {
      opts.log(`ledger failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      ledger = { error: err instanceof Error ? err.message : String(err) };
    }
    let reports: ReportsBenchResult | { error: string };
    try {
      // 100 calls a side, as the trial balance: the statements read the same items in both organizations, and the median of 50 moved by ±0.1 between runs.
      reports = skipped('reports') ?? await measureReports({ call, token, calls: Math.min(opts.calls, 100), log: opts.log });
    } catch (err) {
      opts.log(`reports failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      reports = { error: err instanceof Error ? err.message : String(err) };
    }
    let inventory: InventoryBenchResult | { error: string };
    try {
      inventory = skipped('inventory') ?? await measureInventory({ call, token, calls: opts.calls, log: opts.log });
    } catch (err) {
      opts.log(`inventory failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      inventory = { error: err instanceof Error ? err.message : String(err) };
    }
    let pos: PosBenchResult | { error: string };
    try {
      pos = skipped('pos') ?? await measurePos({ call, token, table: TABLE, calls: opts.calls, log: opts.log });
    } catch (err) {
      opts.log(`pos failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      pos = { error: err instanceof Error ? err.message : String(err) };
    }
    let cashflow: CashflowBenchResult | { error: string };
    try {
      cashflow = skipped('cashflow') ?? await measureCashflow({ call, token, calls: opts.calls, log: opts.log });
    } catch (err) {
      opts.log(`cashflow failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      cashflow = { error: err instanceof Error ? err.message : String(err) };
    }
    let catalogueImport: CatalogueImportBenchResult | { error: string };
    try {
      catalogueImport = skipped('import') ?? await measureCatalogueImport({ call, token, log: opts.log });
    } catch (err) {
      opts.log(`catalogue import failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      catalogueImport = { error: err instanceof Error ? err.message : String(err) };
    }
    const signIn = results[0]!;
    const kdfP50 = median(kdfSamples);
    const withoutKdf = signIn.p50_ms !== null ? signIn.p50_ms - kdfP50 : null;
    // Every GetItem sampled beside the endpoints above.
    const baseP50 = median(baselineSamples);
    const baseP99 = percentile(baselineSamples, 99);
    return {
      calls_per_endpoint: opts.calls,
      warmup_calls: opts.warmup,
      baseline_get_item: { p50_ms: round(baseP50), p99_ms: round(baseP99) },
      kdf: { scheme: hash.split('$').slice(0, 4).join('$'), verify_p50_ms: round(kdfP50), samples: kdfSamples.length },
      endpoints: results,
      sign_in_without_kdf_p50_ms: withoutKdf !== null ? round(withoutKdf) : null,
      sign_in_without_kdf_p50_ratio: withoutKdf !== null && signIn.baseline_p50_ms !== null ? ratio(withoutKdf, signIn.baseline_p50_ms) : null,
      round_trip_counter_check: counterCheck,
      ledger,
      reports,
      inventory,
      pos,
      cashflow,
      catalogue_import: catalogueImport,
    };
  } finally {
    for (const c of clients) c.destroy();
    await Promise.allSettled([dynamoLocal.stop(), s3.stop(), sqs.stop(), extras.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sample(fn: () => Promise<unknown>, n: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await timeMs(fn)).ms);
  return out;
}

/** Extra members written through the entities, so the member list has something to list. */
async function addMembers(organizationId: string, count: number) {
  const { User, UserEmail } = await import('../functions/src/db/user.js');
  const { Membership } = await import('../functions/src/db/membership.js');
  const { Organization } = await import('../functions/src/db/organization.js');
  const { uuidv7, nowIso } = await import('../functions/src/platform/ids.js');
  const { hashPassword } = await import('../functions/src/platform/passwords.js');
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < count; i++) {
    const now = nowIso();
    const user = {
      id: uuidv7(), email: `bench.member.${i}.${Date.now().toString(36)}@example.jo`, full_name: `Member ${i + 1}`, password_hash: passwordHash,
      is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, token_version: 0, created_at: now, updated_at: now,
    };
    await User.create(user).go();
    await UserEmail.create({ email: user.email, user_id: user.id }).go();
    await Membership.create({ organization_id: organizationId, user_id: user.id, role: i % 3 === 0 ? 'admin' : 'member', joined_at: now, updated_at: now }).go();
  }
  await Organization.patch({ id: organizationId }).add({ member_count: count }).go();
}
