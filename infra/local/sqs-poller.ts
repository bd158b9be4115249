/**
 * What Lambda's SQS event source mapping does in the cloud, for the local runtime: long-poll a
 * queue, hand each batch to the consumer as an `SQSEvent`, delete what was processed. Messages
 * that are not deleted come back after the queue's visibility timeout, and the queue's redrive
 * policy moves them to the dead-letter queue after `maxReceiveCount` receives — the emulator (or
 * SQS) does that part, exactly as in the cloud.
 *
 * Semantics follow the event source mapping with `ReportBatchItemFailures`:
 * - the handler returns nothing (or no failures): every message of the batch is deleted;
 * - it returns `{ batchItemFailures: [{ itemIdentifier }] }`: all but those messages are deleted;
 *   an identifier that is empty or not in the batch fails the whole batch;
 * - it throws: nothing is deleted.
 */
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './apigw.js';

export type SqsConsumerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void | undefined>;

export interface QueuePollerOptions {
  /** The consumer's name, used as the Lambda function name in its context and in logs. */
  name: string;
  sqs: SQSClient;
  queueUrl: string;
  /** MaxNumberOfMessages per receive (1–10), the event source mapping's batch size. */
  batchSize: number;
  /** Loads the consumer module's `handler` (imported on first message, like a cold start). */
  loadHandler: () => Promise<SqsConsumerHandler>;
  /** Long-poll wait, at most 5 s so that stopping never waits long. */
  waitTimeSeconds?: number;
  region?: string;
  log?: (line: string) => void;
}

export interface QueuePoller {
  readonly name: string;
  /** Ends the current long poll and waits for an in-flight batch to finish. */
  stop(): Promise<void>;
}

export interface BatchOutcome { deleted: string[]; kept: string[] }

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => { clearTimeout(timer); signal.removeEventListener('abort', wake); resolve(); };
    const timer = setTimeout(wake, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

export function toSqsRecord(message: Message, eventSourceARN: string, awsRegion: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...(attributes.SequenceNumber ? { SequenceNumber: attributes.SequenceNumber } : {}),
      ...(attributes.MessageGroupId ? { MessageGroupId: attributes.MessageGroupId } : {}),
      ...(attributes.MessageDeduplicationId ? { MessageDeduplicationId: attributes.MessageDeduplicationId } : {}),
      ...(attributes.AWSTraceHeader ? { AWSTraceHeader: attributes.AWSTraceHeader } : {}),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([key, value]) => [
        key,
        {
          dataType: value.DataType ?? 'String',
          ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
          ...(value.BinaryValue !== undefined ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') } : {}),
        },
      ]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN,
    awsRegion,
  };
}

/** Which messages of a batch are deleted, given what the handler did. */
export function settleBatch(records: SQSRecord[], outcome: { result: SQSBatchResponse | void | undefined } | { error: unknown }): BatchOutcome {
  const all = records.map((r) => r.messageId);
  if ('error' in outcome) return { deleted: [], kept: all };
  const failures = outcome.result && typeof outcome.result === 'object' ? outcome.result.batchItemFailures ?? [] : [];
  const failed = new Set<string>();
  for (const failure of failures) {
    // Lambda fails the whole batch when an identifier is missing or unknown.
    if (!failure?.itemIdentifier || !all.includes(failure.itemIdentifier)) return { deleted: [], kept: all };
    failed.add(failure.itemIdentifier);
  }
  return { deleted: all.filter((id) => !failed.has(id)), kept: all.filter((id) => failed.has(id)) };
}

export function startQueuePoller(opts: QueuePollerOptions): QueuePoller {
  const log = opts.log ?? ((line: string) => console.log(line));
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const waitTimeSeconds = Math.min(opts.waitTimeSeconds ?? 5, 5);
  const batchSize = Math.max(1, Math.min(10, opts.batchSize));
  const abort = new AbortController();
  let handlerPromise: Promise<SqsConsumerHandler> | undefined;

  async function queueArn(): Promise<string> {
    const attrs = await opts.sqs.send(new GetQueueAttributesCommand({ QueueUrl: opts.queueUrl, AttributeNames: ['QueueArn'] }), { abortSignal: abort.signal });
    return attrs.Attributes?.QueueArn ?? `arn:aws:sqs:${region}:000000000000:${opts.queueUrl.split('/').pop()}`;
  }

  async function handleBatch(messages: Message[], eventSourceARN: string) {
    const records = messages.map((m) => toSqsRecord(m, eventSourceARN, region));
    let outcome: { result: SQSBatchResponse | void | undefined } | { error: unknown };
    try {
      if (!handlerPromise) {
        handlerPromise = opts.loadHandler();
        // A module that failed to load is loaded again for the next batch (after a fix, say).
        handlerPromise.catch(() => { handlerPromise = undefined; });
      }
      const handler = await handlerPromise;
      outcome = { result: await handler({ Records: records }, lambdaContext(opts.name)) };
    } catch (error) {
      outcome = { error };
      log(`[sqs] ${opts.name}: batch of ${records.length} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const { deleted, kept } = settleBatch(records, outcome);
    if (deleted.length) {
      const byId = new Map(records.map((r) => [r.messageId, r.receiptHandle]));
      const result = await opts.sqs.send(new DeleteMessageBatchCommand({
        QueueUrl: opts.queueUrl,
        Entries: deleted.map((id, i) => ({ Id: String(i), ReceiptHandle: byId.get(id)! })),
      }));
      for (const f of result.Failed ?? []) log(`[sqs] ${opts.name}: delete failed for entry ${f.Id}: ${f.Message}`);
    }
    if (kept.length && !('error' in outcome)) log(`[sqs] ${opts.name}: ${kept.length} of ${records.length} messages reported as failed; they return after the visibility timeout`);
  }

  const loop = (async () => {
    let arn: string | undefined;
    while (!abort.signal.aborted) {
      try {
        arn ??= await queueArn();
        const received = await opts.sqs.send(new ReceiveMessageCommand({
          QueueUrl: opts.queueUrl,
          MaxNumberOfMessages: batchSize,
          WaitTimeSeconds: waitTimeSeconds,
          AttributeNames: ['All'],
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }), { abortSignal: abort.signal });
        const messages = received.Messages ?? [];
        if (!messages.length) continue;
        // A batch that started is finished even when stopping: its messages are in flight.
        await handleBatch(messages, arn);
      } catch (error) {
        if (abort.signal.aborted) break;
        log(`[sqs] ${opts.name}: polling failed: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(1000, abort.signal);
      }
    }
  })();

  return {
    name: opts.name,
    async stop() { abort.abort(); await loop; },
  };
}
