/**
 * The route table's asynchronous side, locally: one SQS poller per consumer (the event source
 * mapping) and one timer per schedule (the EventBridge rule). Handlers are imported from
 * `<sourceRoot>/<entry>` on first use, like a cold start.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { consumers, schedules } from '@daftar/functions/routes';
import { startQueuePoller, type QueuePoller, type SqsConsumerHandler } from './sqs-poller.js';
import { startSchedule, type ScheduleRunner, type ScheduledHandler } from './schedules.js';

export interface ConsumerDefinition { description: string; entry: string; queue: string; batchSize: number }
export interface ScheduleDefinition { description: string; entry: string; expression: string; localIntervalSeconds: number }

export interface Workers { names: string[]; stop(): Promise<void> }

async function importHandler<T>(sourceRoot: string, entry: string): Promise<T> {
  const mod = (await import(pathToFileURL(join(sourceRoot, entry)).href)) as { handler?: T };
  if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
  return mod.handler;
}

export interface ConsumerOptions {
  /** Queue URLs by logical queue name (what ensureQueues returns). */
  queueUrls: Record<string, string>;
  /** Where entries are found: functions/src. */
  sourceRoot: string;
  log: (line: string) => void;
  /** Defaults to the route table's consumers. */
  definitions?: Record<string, ConsumerDefinition>;
  waitTimeSeconds?: number;
}

/** Starts one poller per consumer. */
export function startConsumers(opts: ConsumerOptions): Workers {
  const defs = Object.entries(opts.definitions ?? (consumers as Record<string, ConsumerDefinition>));
  for (const [name, def] of defs) {
    if (!opts.queueUrls[def.queue]) throw new Error(`Consumer ${name} drains unknown queue "${def.queue}" (see functions/src/platform/resources.ts)`);
  }
  // Queue URLs of the emulator do not parse as endpoints; the configured endpoint is the right one.
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  const pollers: QueuePoller[] = defs.map(([name, def]) => startQueuePoller({
    name,
    sqs,
    queueUrl: opts.queueUrls[def.queue]!,
    batchSize: def.batchSize,
    waitTimeSeconds: opts.waitTimeSeconds,
    loadHandler: () => importHandler<SqsConsumerHandler>(opts.sourceRoot, def.entry),
    log: opts.log,
  }));
  return {
    names: defs.map(([name, def]) => `${name} ← ${def.queue}`),
    async stop() {
      await Promise.all(pollers.map((p) => p.stop()));
      sqs.destroy();
    },
  };
}

export interface ScheduleOptions {
  sourceRoot: string;
  log: (line: string) => void;
  /** Defaults to the route table's schedules. */
  definitions?: Record<string, ScheduleDefinition>;
  /** First run this long after start (later runs every `localIntervalSeconds`). */
  firstRunAfterMs?: number;
}

/** Fires every schedule every `localIntervalSeconds`, the first time shortly after start. */
export function startSchedules(opts: ScheduleOptions): Workers {
  const defs = Object.entries(opts.definitions ?? (schedules as Record<string, ScheduleDefinition>));
  const runners: ScheduleRunner[] = defs.map(([name, def]) => startSchedule({
    name,
    expression: def.expression,
    intervalSeconds: def.localIntervalSeconds,
    firstRunAfterMs: opts.firstRunAfterMs ?? 15_000,
    loadHandler: () => importHandler<ScheduledHandler>(opts.sourceRoot, def.entry),
    log: opts.log,
  }));
  return {
    names: defs.map(([name, def]) => `${name} every ${def.localIntervalSeconds} s (cloud: ${def.expression})`),
    async stop() { await Promise.all(runners.map((r) => r.stop())); },
  };
}
