/**
 * Timers that stand in for EventBridge schedules in the local runtime: each schedule's handler is
 * invoked with an EventBridge `Scheduled Event`, shortly after start and then every
 * `intervalSeconds`. A run never overlaps the previous one of the same schedule.
 */
import { randomUUID } from 'node:crypto';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { lambdaContext } from './apigw.js';

export type ScheduledHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export interface ScheduleOptions {
  name: string;
  /** The cloud's EventBridge expression; only shown in logs and the event's rule ARN. */
  expression: string;
  intervalSeconds: number;
  firstRunAfterMs?: number;
  loadHandler: () => Promise<ScheduledHandler>;
  region?: string;
  log?: (line: string) => void;
}

export interface ScheduleRunner {
  readonly name: string;
  stop(): Promise<void>;
}

export function scheduledEvent(ruleName: string, region: string, time = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleName}`],
    detail: {},
  };
}

export function startSchedule(opts: ScheduleOptions): ScheduleRunner {
  const log = opts.log ?? ((line: string) => console.log(line));
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let handlerPromise: Promise<ScheduledHandler> | undefined;

  async function run() {
    const started = Date.now();
    try {
      handlerPromise ??= opts.loadHandler();
      const handler = await handlerPromise;
      await handler(scheduledEvent(opts.name, region), lambdaContext(opts.name));
      log(`[schedule] ${opts.name} finished in ${Date.now() - started} ms`);
    } catch (error) {
      handlerPromise = undefined;
      log(`[schedule] ${opts.name} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  }

  const arm = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const began = Date.now();
      running = run().finally(() => {
        running = undefined;
        arm(Math.max(0, opts.intervalSeconds * 1000 - (Date.now() - began)));
      });
    }, delayMs);
    // Timers alone do not keep the process alive; the HTTP server does.
    timer.unref();
  };
  arm(opts.firstRunAfterMs ?? 10_000);

  return {
    name: opts.name,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
