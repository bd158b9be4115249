/**
 * `npm start`: the whole of Daftar on one machine. Starts the AWS emulators (or uses LocalStack),
 * creates the table, buckets and queues from the definitions CDK uses, points the functions' AWS
 * SDK at them through the environment, seeds the superuser, then serves the SPA and the API on
 * one port, drains the SQS queues into their consumers and fires the schedules. See
 * docs/local-runtime.md.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import {
  ensureBuckets,
  ensureQueues,
  ensureTable,
  loadLocalSecrets,
  startAwsExtras,
  startDynamo,
  startS3,
  startSqs,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  type Dynamo,
} from './emulators.js';
import { localEnvironment, type LocalEndpoints } from './environment.js';
import { outboxMail, localStackMail, type MailSource } from './mail.js';
import { ensureWebBuilt, notBuiltPage } from './web-build.js';
import { buckets } from '@daftar/functions/platform/resources';

// The AWS SDK warns on every process that Node 20 support ends in 2027; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const superuserEmail = process.env.FIRST_SUPERUSER ?? 'admin@daftar.jo';
const superuserPassword = process.env.FIRST_SUPERUSER_PASSWORD ?? 'changethis-admin';
const localStack = process.env.LOCALSTACK_ENDPOINT?.replace(/\/$/, '');
const TABLE_NAME = 'daftar';

const log = (line: string) => console.log(`[local] ${line}`);

/** Everything that must be stopped on exit, last started first. */
const stoppers: { name: string; stop: () => Promise<void> }[] = [];
let dynamo: Dynamo | undefined;
let stopping: Promise<never> | undefined;

function shutdown(reason: string, code = 0): Promise<never> {
  if (stopping) {
    // A second Ctrl-C while stopping: do not wait any longer.
    dynamo?.process.kill('SIGKILL');
    process.exit(code || 130);
  }
  log(`${reason}: stopping…`);
  stopping = (async () => {
    for (const s of [...stoppers].reverse()) {
      await Promise.race([
        s.stop().catch((err) => log(`stopping ${s.name} failed: ${err instanceof Error ? err.message : String(err)}`)),
        new Promise((r) => setTimeout(r, 10_000).unref()),
      ]);
    }
    log('stopped');
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
// Whatever happens, the JVM must not outlive this process.
process.on('exit', () => { if (dynamo && dynamo.process.exitCode === null) dynamo.process.kill('SIGKILL'); });

async function startEmulators(): Promise<{ endpoints: LocalEndpoints; mail: MailSource; summary: string }> {
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadLocalSecrets(join(dataDir, 'secrets.json'));
  if (localStack) {
    await provisionLocalStack(localStack, secrets);
    return {
      endpoints: { dynamo: localStack, s3: localStack, sqs: localStack, awsExtras: localStack },
      mail: localStackMail(localStack),
      summary: `LocalStack at ${localStack} (emulators not started)`,
    };
  }
  const outboxDir = join(dataDir, 'outbox');
  const started = await Promise.allSettled([
    startDynamo({ dbPath: join(dataDir, 'dynamodb') }).then((d) => { dynamo = d; stoppers.push({ name: 'DynamoDB Local', stop: d.stop }); return d; }),
    startS3({ directory: join(dataDir, 's3') }).then((s) => { stoppers.push({ name: 's3rver', stop: s.stop }); return s; }),
    startSqs().then((s) => { stoppers.push({ name: 'fauxqs', stop: s.stop }); return s; }),
    startAwsExtras({ outboxDir, secrets }).then((e) => { stoppers.push({ name: 'SES/Secrets Manager emulator', stop: e.stop }); return e; }),
  ]);
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [d, s3, sqs, extras] = started.map((r) => (r as PromiseFulfilledResult<{ endpoint: string }>).value) as [Dynamo, { endpoint: string }, { endpoint: string }, { endpoint: string }];
  const portOf = (endpoint: string) => new URL(endpoint).port;
  return {
    endpoints: { dynamo: d.endpoint, s3: s3.endpoint, sqs: sqs.endpoint, awsExtras: extras.endpoint },
    mail: outboxMail(outboxDir),
    summary: `DynamoDB Local :${portOf(d.endpoint)}, s3rver :${portOf(s3.endpoint)}, fauxqs :${portOf(sqs.endpoint)} (in memory), SES/Secrets Manager :${portOf(extras.endpoint)}`,
  };
}

/** LocalStack has SES and Secrets Manager, but the sender identity and the secrets must exist. */
async function provisionLocalStack(endpoint: string, secrets: Record<string, string>) {
  const { SecretsManagerClient, CreateSecretCommand, ResourceExistsException } = await import('@aws-sdk/client-secrets-manager');
  const { SESv2Client, CreateEmailIdentityCommand, AlreadyExistsException } = await import('@aws-sdk/client-sesv2');
  const clientConfig = { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const sm = new SecretsManagerClient(clientConfig);
  for (const [name, value] of Object.entries(secrets)) {
    await sm.send(new CreateSecretCommand({ Name: name, SecretString: value })).catch((err) => {
      if (!(err instanceof ResourceExistsException)) throw err;
    });
  }
  sm.destroy();
  const sender = /<([^>]+)>/.exec(process.env.MAIL_FROM ?? '')?.[1] ?? process.env.MAIL_FROM ?? 'no-reply@daftar.jo';
  const ses = new SESv2Client(clientConfig);
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: sender })).catch((err) => {
    if (!(err instanceof AlreadyExistsException)) throw err;
  });
  ses.destroy();
}

/** Fails before minutes of start-up work when the port is taken. */
function assertPortFree(): Promise<void> {
  return new Promise((ok, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(port, host, () => probe.close(() => ok()));
  });
}

async function main() {
  const startedAt = Date.now();
  const appUrl = `http://localhost:${port}`;
  await assertPortFree();
  const { endpoints, mail, summary } = await startEmulators();

  const bucketNames = Object.fromEntries(Object.entries(buckets).map(([logical, b]) => [logical, b.localName]));
  await ensureTable(endpoints.dynamo, TABLE_NAME);
  await ensureBuckets(endpoints.s3, bucketNames, [appUrl]);
  const queueUrls = await ensureQueues(endpoints.sqs);

  // Locally, e-invoices go to the JoFotara simulator (XSD + cross-checks, the portal's replies),
  // never to the real portal, unless JOFOTARA_BASE_URL says otherwise.
  const { startJofotaraSimulator, SIMULATOR_DEFAULT_CREDENTIAL } = await import('../../functions/src/jofotara/simulator.js');
  const jofotara = await startJofotaraSimulator({ statePath: join(dataDir, 'jofotara-simulator.json') });
  stoppers.push({ name: 'JoFotara simulator', stop: jofotara.stop });
  process.env.JOFOTARA_BASE_URL ??= jofotara.url;
  const simulated = process.env.JOFOTARA_BASE_URL === jofotara.url;
  if (simulated) {
    // The only device the simulator accepts: the e-invoicing settings page shows it (e-invoicing/local-simulator.ts).
    process.env.JOFOTARA_SIMULATOR_CLIENT_ID = SIMULATOR_DEFAULT_CREDENTIAL.clientId;
    process.env.JOFOTARA_SIMULATOR_SECRET_KEY = SIMULATOR_DEFAULT_CREDENTIAL.secretKey;
  }

  // Before any handler module is imported: they read their configuration from here.
  Object.assign(process.env, localEnvironment(endpoints, { table: TABLE_NAME, buckets: bucketNames, queueUrls, appUrl }));
  process.env.LOG_LEVEL ??= 'info';

  const { ensureSuperuser } = await import('../../functions/src/users/seed.js');
  const superuser = await ensureSuperuser(superuserEmail, superuserPassword);

  const web = await ensureWebBuilt(repoRoot, log);
  if (web.state === 'unavailable') log(`The web app is not built: ${web.reason}. The API and the mail page still work.`);

  const { createLocalServer } = await import('./server.js');
  const { startConsumers, startSchedules } = await import('./workers.js');

  const server: Server = createLocalServer({
    webDist: join(repoRoot, 'web/dist'),
    mail,
    notBuiltPage: notBuiltPage(web.state === 'unavailable' ? web.reason : 'web/dist/index.html is missing'),
    log: (line) => console.log(`[http] ${line}`),
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => { server.off('error', fail); ok(); });
  });
  stoppers.push({
    name: 'HTTP server',
    stop: () => new Promise<void>((ok) => { server.close(() => ok()); server.closeAllConnections(); }),
  });

  const sourceRoot = join(repoRoot, 'functions/src');
  const consumers = startConsumers({ queueUrls, sourceRoot, log: (line) => console.log(line) });
  stoppers.push({ name: 'SQS pollers', stop: consumers.stop });
  const schedules = startSchedules({ sourceRoot, log: (line) => console.log(line) });
  stoppers.push({ name: 'schedules', stop: schedules.stop });

  const line = (label: string, value: string) => `  ${label.padEnd(11)} ${value}`;
  console.log([
    '',
    `Daftar is running (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s). Ctrl-C stops everything.`,
    line('App', `${appUrl}/${web.state === 'built' ? '' : '  (web app not built: see the page)'}`),
    line('API docs', `${appUrl}/api/v1/docs`),
    line('Mail', `${appUrl}/_local/mail`),
    line('Superuser', `${superuserEmail} (${superuser.created
      ? `created now, password ${process.env.FIRST_SUPERUSER_PASSWORD ? 'from FIRST_SUPERUSER_PASSWORD' : `${superuserPassword} (default)`}`
      : 'existing account, left as it is'})`),
    line('Data', `${dataDir}${localStack ? ' (secrets only; data lives in LocalStack)' : ''}`),
    line('AWS', summary),
    line('JoFotara', `${process.env.JOFOTARA_BASE_URL}${simulated ? ' (simulator; control under /_simulator/)' : ''}`),
    ...(simulated
      ? [line('', `Client-Id ${SIMULATOR_DEFAULT_CREDENTIAL.clientId}, Secret-Key ${SIMULATOR_DEFAULT_CREDENTIAL.secretKey} (Settings → E-invoicing)`)]
      : []),
    line('Queues', consumers.names.length ? consumers.names.join(', ') : 'no consumers in the route table'),
    line('Schedules', schedules.names.length ? schedules.names.join(', ') : 'none'),
    '',
  ].join('\n'));
}

main().catch((err) => {
  console.error(`[local] start failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  if (/EADDRINUSE/.test(String(err))) console.error(`[local] port ${port} is in use: set PORT to another one.`);
  void shutdown('start failed', 1);
});
