/**
 * The local runtime's machinery (infra/local): the SQS pollers that stand in for Lambda's event
 * source mapping, the schedule timers, and the HTTP server (API, mail page, SPA). Consumers and
 * jobs are throwaway modules written by the tests, loaded the way the route table's entries are.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { SQSEvent, ScheduledEvent } from 'aws-lambda';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type OutboxMessage } from '../../infra/local/emulators.js';
import { settleBatch, toSqsRecord } from '../../infra/local/sqs-poller.js';
import { startConsumers, startSchedules, type Workers } from '../../infra/local/workers.js';
import { createLocalServer } from '../../infra/local/server.js';
import { outboxMail } from '../../infra/local/mail.js';
import { sendMail } from '../src/platform/mailer.js';
import { outbox, uniqueEmail } from './client.js';

const endpoints = inject('endpoints');
const sqs = new SQSClient({ endpoint: endpoints.sqs, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, useQueueUrlAsEndpoint: false });
const workDir = mkdtempSync(join(tmpdir(), 'daftar-local-runtime-'));
const running: Workers[] = [];

interface Delivery { body: string; receiveCount: string; messageId: string; eventSourceARN: string }
const deliveries = (): Delivery[] => ((globalThis as Record<string, unknown>).__consumerDeliveries ??= []) as Delivery[];
const scheduledEvents = (): ScheduledEvent[] => ((globalThis as Record<string, unknown>).__scheduledEvents ??= []) as ScheduledEvent[];

/**
 * A consumer as a feature would write it: bodies starting with `fail-once` are reported as failed
 * on their first delivery, `throw` makes the whole invocation fail, anything else succeeds.
 */
writeFileSync(join(workDir, 'consumer.mjs'), `
export const handler = async (event) => {
  const seen = (globalThis.__consumerDeliveries ??= []);
  for (const r of event.Records) seen.push({ body: r.body, receiveCount: r.attributes.ApproximateReceiveCount, messageId: r.messageId, eventSourceARN: r.eventSourceARN });
  if (event.Records.some((r) => r.body === 'throw')) throw new Error('consumer failed');
  return {
    batchItemFailures: event.Records
      .filter((r) => r.body.startsWith('fail-once') && r.attributes.ApproximateReceiveCount === '1')
      .map((r) => ({ itemIdentifier: r.messageId })),
  };
};
`);
writeFileSync(join(workDir, 'job.mjs'), `
export const handler = async (event) => { (globalThis.__scheduledEvents ??= []).push(event); return { ok: true }; };
`);

async function queueWithDeadLetter(visibilityTimeoutSeconds: number, maxReceiveCount: number) {
  const name = `local-runtime-${randomBytes(4).toString('hex')}`;
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const dlqArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const main = await sqs.send(new CreateQueueCommand({
    QueueName: name,
    Attributes: {
      VisibilityTimeout: String(visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount }),
    },
  }));
  const arn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: main.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  return { url: main.QueueUrl!, arn, dlqUrl: dlq.QueueUrl! };
}

async function queueDepth(url: string) {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
  return { visible: Number(Attributes?.ApproximateNumberOfMessages), inFlight: Number(Attributes?.ApproximateNumberOfMessagesNotVisible) };
}

function consume(queueUrl: string, batchSize = 10) {
  const workers = startConsumers({
    queueUrls: { jobs: queueUrl },
    sourceRoot: workDir,
    definitions: { 'test-consumer': { description: 'throwaway consumer', entry: 'consumer.mjs', queue: 'jobs', batchSize } },
    waitTimeSeconds: 1,
    log: () => undefined,
  });
  running.push(workers);
  return workers;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

afterAll(() => {
  sqs.destroy();
  rmSync(workDir, { recursive: true, force: true });
});

describe('SQS consumers (event source mapping)', () => {
  it('deletes only the successes of a partial batch failure; the failed message comes back', async () => {
    // prepare
    const queue = await queueWithDeadLetter(1, 5);
    await sqs.send(new SendMessageBatchCommand({
      QueueUrl: queue.url,
      Entries: ['ok-a', 'fail-once-b', 'ok-c'].map((body, i) => ({ Id: String(i), MessageBody: body })),
    }));
    const mine = () => deliveries().filter((d) => d.eventSourceARN === queue.arn);

    // act
    consume(queue.url);

    // assess: first delivery of all three, then only the failed one again, on its second receive
    await vi.waitFor(() => expect(mine().length).toBe(4), { timeout: 15_000, interval: 100 });
    const [first, second, third, retried] = mine();
    expect([first, second, third].map((d) => d!.body).sort()).toEqual(['fail-once-b', 'ok-a', 'ok-c']);
    expect([first, second, third].every((d) => d!.receiveCount === '1')).toBe(true);
    expect(retried).toMatchObject({ body: 'fail-once-b', receiveCount: '2' });
    await vi.waitFor(async () => expect(await queueDepth(queue.url)).toEqual({ visible: 0, inFlight: 0 }), { timeout: 5_000 });
    // nothing else was delivered after the retry succeeded
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine()).toHaveLength(4);
  });

  it('moves a message that keeps failing to the dead-letter queue after maxReceiveCount receives', async () => {
    // prepare
    const queue = await queueWithDeadLetter(1, 2);
    const sent = await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'throw' }));

    // act
    consume(queue.url);

    // assess
    let deadLetter: { Body?: string; MessageId?: string } | undefined;
    await vi.waitFor(async () => {
      const r = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.dlqUrl, WaitTimeSeconds: 1, MaxNumberOfMessages: 1 }));
      deadLetter = r.Messages?.[0];
      expect(deadLetter).toBeDefined();
    }, { timeout: 20_000, interval: 200 });
    expect(deadLetter!.Body).toBe('throw');
    const attempts = deliveries().filter((d) => d.eventSourceARN === queue.arn);
    expect(attempts.map((d) => d.receiveCount)).toEqual(['1', '2']);
    expect(attempts.every((d) => d.messageId === sent.MessageId)).toBe(true);
    expect(await queueDepth(queue.url)).toEqual({ visible: 0, inFlight: 0 });
  });

  it('keeps the whole batch when the handler names a message that is not in it', () => {
    // prepare
    const records = ['m1', 'm2'].map((id) => toSqsRecord({ MessageId: id, ReceiptHandle: `r-${id}`, Body: id }, 'arn:aws:sqs:us-east-1:000000000000:q', 'us-east-1'));

    // act / assess
    expect(settleBatch(records, { result: { batchItemFailures: [{ itemIdentifier: 'other' }] } })).toEqual({ deleted: [], kept: ['m1', 'm2'] });
    expect(settleBatch(records, { result: { batchItemFailures: [{ itemIdentifier: '' }] } })).toEqual({ deleted: [], kept: ['m1', 'm2'] });
    expect(settleBatch(records, { result: undefined })).toEqual({ deleted: ['m1', 'm2'], kept: [] });
    expect(settleBatch(records, { error: new Error('x') })).toEqual({ deleted: [], kept: ['m1', 'm2'] });
  });

  it('refuses a consumer of a queue that does not exist', () => {
    expect(() => startConsumers({
      queueUrls: {},
      sourceRoot: workDir,
      definitions: { orphan: { description: '', entry: 'consumer.mjs', queue: 'nowhere', batchSize: 1 } },
      log: () => undefined,
    })).toThrow(/unknown queue "nowhere"/);
  });
});

describe('schedules (EventBridge rules)', () => {
  it('invokes the job with a Scheduled Event, first shortly after start, then every interval', async () => {
    // act
    const startedAt = Date.now();
    running.push(startSchedules({
      sourceRoot: workDir,
      definitions: { nightly: { description: 'test job', entry: 'job.mjs', expression: 'cron(0 22 * * ? *)', localIntervalSeconds: 1 } },
      firstRunAfterMs: 50,
      log: () => undefined,
    }));

    // assess
    await vi.waitFor(() => expect(scheduledEvents().length).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 50 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    const [event] = scheduledEvents();
    expect(event).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {}, resources: [expect.stringMatching(/:rule\/nightly$/)] });
    expect(new Date(event!.time).getTime()).toBeGreaterThan(startedAt - 2000);
  });
});

describe('local HTTP server', () => {
  const webDist = join(workDir, 'dist');
  const outboxDir = join(workDir, 'outbox');
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(outboxDir, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets/index-Ab3_x9Zq.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const message = (id: string, subject: string, sent_at: string): OutboxMessage => ({
      id, to: ['owner@example.jo'], from: 'Daftar <no-reply@daftar.jo>', subject, text: `text of ${subject}`, html: `<p>html of ${subject}</p>`, sent_at,
      attachments: id === 'm2' ? [{ filename: 'invoice.pdf', content_type: 'application/pdf', size: 2048 }] : undefined,
    });
    for (const m of [message('m1', 'Older <b>', '2025-01-01T10:00:00.000Z'), message('m2', 'Newer', '2025-01-02T10:00:00.000Z')]) {
      writeFileSync(join(outboxDir, `${m.sent_at.replace(/[:.]/g, '-')}-${m.id}.json`), JSON.stringify(m));
    }
    server = createLocalServer({ webDist, mail: outboxMail(outboxDir), notBuiltPage: 'not built', maxBodyBytes: 64 * 1024 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('routes /api/* to the Lambda handlers', async () => {
    const res = await fetch(`${base}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect((await fetch(`${base}/api/v1/no-such-thing`)).status).toBe(404);
  });

  it('answers 413 with a JSON detail when the body exceeds the API Gateway limit', async () => {
    const res = await fetch(`${base}/api/v1/login/access-token`, { method: 'POST', body: 'x'.repeat(64 * 1024 + 1), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/too large/);
  });

  it('serves the SPA: files with their type, hashed assets cached forever, client routes fall back to index.html', async () => {
    const asset = await fetch(`${base}/assets/index-Ab3_x9Zq.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');

    const route = await fetch(`${base}/organizations/123/members`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await route.text()).toContain('<div id="root">');

    expect((await fetch(`${base}/assets/missing-Zz9_x9Zq.js`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
  });

  it('lists sent mail newest first and shows one message', async () => {
    const page = await (await fetch(`${base}/_local/mail`)).text();
    expect(page.indexOf('Newer')).toBeLessThan(page.indexOf('Older &lt;b&gt;'));
    expect(page).toContain('invoice.pdf');

    const one = await fetch(`${base}/_local/mail/m1.json`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ id: 'm1', subject: 'Older <b>', to: ['owner@example.jo'] });
    expect((await fetch(`${base}/_local/mail/unknown.json`)).status).toBe(404);

    const html = await fetch(`${base}/_local/mail/m1.html`);
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await html.text()).toBe('<p>html of Older <b></p>');
  });
});

describe('SES emulator', () => {
  it('stores a raw MIME message with its decoded subject, text, HTML and attachments', async () => {
    // prepare
    const to = uniqueEmail('mime');

    // act
    await sendMail({
      to, subject: 'فاتورة INV-7 / Invoice', text: 'Invoice attached.\nالفاتورة مرفقة.', html: '<p>Invoice attached.</p>',
      attachments: [{ filename: 'INV-7.pdf', contentType: 'application/pdf', content: Buffer.alloc(3000, 7) }],
    });

    // assess
    const [message] = outbox(to);
    expect(message).toMatchObject({
      to: [to], subject: 'فاتورة INV-7 / Invoice', text: 'Invoice attached.\nالفاتورة مرفقة.', html: '<p>Invoice attached.</p>',
      attachments: [{ filename: 'INV-7.pdf', content_type: 'application/pdf', size: 3000 }],
    });
  });
});
