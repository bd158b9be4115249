/**
 * The consumer behind the local runtime's SQS poller (infra/local/workers.ts), with the queue of
 * the emulator: what `npm start` runs, and what Lambda's event source mapping does in the cloud.
 */
import { fileURLToPath } from 'node:url';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsumers } from '../../../infra/local/workers.js';
import { toSqsRecord } from '../../../infra/local/sqs-poller.js';
import { lambdaContext } from '../../../infra/local/apigw.js';
import { startJofotaraSimulator, type StartedJofotaraSimulator } from '../jofotara/simulator.js';
import { config } from '../platform/config.js';
import { handler } from './consumer.js';
import { getSubmission } from './submission.js';
import { callJofotara, DEVICE, einvoicingOrganization, sqsEvent } from './test-support.js';

let simulator: StartedJofotaraSimulator;

beforeAll(async () => {
  simulator = await startJofotaraSimulator({ credentials: [DEVICE] });
  process.env.JOFOTARA_BASE_URL = simulator.url;
});
afterAll(async () => {
  delete process.env.JOFOTARA_BASE_URL;
  await simulator.stop();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('e-invoice consumer through the local SQS poller', () => {
  // The test that handles a message by hand runs first: a stopped poller's last long poll may still
  // claim a message for a moment.
  it('delays the redelivery of a real message after a 5xx (ChangeMessageVisibility against the queue)', async () => {
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
    const message = await until(
      async () => {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl: config.einvoiceQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
        );
        return Messages.find((m) => JSON.parse(m.Body!).document_id === invoice.id);
      },
      (found) => found !== undefined,
      5_000,
    );
    if (!message) throw new Error('the submit put no message on the queue');
    simulator.control.failNext(1, { status: 500 });
    const warnings = vi.spyOn(console, 'error');

    const result = await handler(sqsEvent(toSqsRecord(message, 'arn:aws:sqs:us-east-1:000000000000:einvoice', 'us-east-1')), lambdaContext('einvoice'));

    const logged = warnings.mock.calls.map((args) => String(args[0]));
    warnings.mockRestore();
    sqs.destroy();
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: message.MessageId }]);
    expect(logged.filter((line) => line.includes('could not delay the redelivery'))).toEqual([]);
    expect(await getSubmission(setup.org.id, 'invoice', invoice.id)).toMatchObject({ state: 'queued', attempts: 1 });
  });

  it('takes a submit from the queue to the portal and records the QR', async () => {
    // prepare
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    const logs: string[] = [];
    const workers = startConsumers({
      queueUrls: { einvoice: config.einvoiceQueueUrl },
      sourceRoot: fileURLToPath(new URL('../', import.meta.url)),
      log: (line) => logs.push(line),
      definitions: { einvoice: { description: 'JoFotara submissions', entry: 'e-invoicing/consumer.ts', queue: 'einvoice', batchSize: 5 } },
      waitTimeSeconds: 1,
    });

    try {
      // act
      const queued = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
      const settled = await until(
        () => getSubmission(setup.org.id, 'invoice', invoice.id),
        (item) => item?.state === 'submitted',
      );

      // assess
      expect(queued.status).toBe(202);
      expect(settled).toMatchObject({ state: 'submitted', attempts: 1, qr: expect.any(String), einv_num: invoice.number });
      expect(simulator.control.submissions().filter((s) => s.uuid === settled!.uuid).map((s) => s.status)).toEqual(['SUBMITTED']);
      expect(logs.filter((line) => line.includes('failed'))).toEqual([]);
    } finally {
      await workers.stop();
    }
  });

});
