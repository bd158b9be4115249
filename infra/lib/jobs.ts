import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { queues, type QueueName } from '@daftar/functions/platform/resources';
import { DaftarFunction } from './daftar-function.js';
import type { ConsumerDefinitions, ScheduleDefinitions } from './definitions.js';
import { pascal, type PlatformResources } from './platform-resources.js';

export const SCHEDULED_FUNCTION_TIMEOUT = Duration.minutes(5);

/** SQS allows at most 10 messages per batch unless the function waits to gather more. */
const MAX_UNWINDOWED_BATCH = 10;

export interface JobsProps {
  schedules: ScheduleDefinitions;
  consumers: ConsumerDefinitions;
  platform: PlatformResources;
  environment: Record<string, string>;
}

/** The work that does not start with an HTTP request: EventBridge schedules and SQS consumers. */
export class Jobs extends Construct {
  readonly scheduled: Record<string, { fn: DaftarFunction; rule: events.Rule }> = {};
  readonly consumers: Record<string, DaftarFunction> = {};

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);

    for (const [name, schedule] of Object.entries(props.schedules)) {
      const fn = new DaftarFunction(this, `${pascal(name)}Function`, {
        entry: schedule.entry,
        description: `Daftar schedule: ${schedule.description}`,
        environment: props.environment,
        timeout: SCHEDULED_FUNCTION_TIMEOUT,
      });
      props.platform.grantTo(fn, { scan: true });
      const rule = new events.Rule(this, `${pascal(name)}Schedule`, {
        description: `Daftar: ${schedule.description}`,
        schedule: events.Schedule.expression(schedule.expression),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.hours(2) })],
      });
      this.scheduled[name] = { fn, rule };
    }

    for (const [name, consumer] of Object.entries(props.consumers)) {
      // `<queue>Dlq` names a queue's dead-letter queue (a consumer that records what was given up on).
      const deadLetters = consumer.queue.endsWith('Dlq');
      const base = deadLetters ? consumer.queue.slice(0, -'Dlq'.length) : consumer.queue;
      if (!(base in queues)) {
        throw new Error(`Consumer ${name} drains queue "${consumer.queue}", which platform/resources.ts does not define (${Object.keys(queues).join(', ')})`);
      }
      const queueName = base as QueueName;
      const queue = deadLetters ? props.platform.deadLetterQueues[queueName] : props.platform.queues[queueName];
      // AWS's guidance: the queue's visibility timeout at least six times the function's, so a
      // batch retried after throttling is not delivered twice while still in flight.
      const timeoutSeconds = Math.max(1, Math.floor(queues[queueName].visibilityTimeoutSeconds / 6));
      const fn = new DaftarFunction(this, `${pascal(name)}Consumer`, {
        entry: consumer.entry,
        description: `Daftar consumer: ${consumer.description}`,
        environment: props.environment,
        timeout: Duration.seconds(timeoutSeconds),
      });
      props.platform.grantTo(fn);
      fn.addEventSource(new SqsEventSource(queue, {
        batchSize: consumer.batchSize,
        reportBatchItemFailures: true,
        ...(consumer.batchSize > MAX_UNWINDOWED_BATCH ? { maxBatchingWindow: Duration.seconds(1) } : {}),
      }));
      this.consumers[name] = fn;
    }
  }
}
