/**
 * The nightly forecasts (issue 17). The schedule (`forecasts` in routes.ts: EventBridge in the
 * cloud, a timer locally; entry forecast-schedule.ts) fans out one SQS message per organization
 * (`fanOutForecasts`); the consumer (`handler`, this file's Lambda) makes and keeps each organization's forecast of the day. Idempotent: a
 * forecast is one item per organization per day, so a message delivered twice makes the same
 * forecast again and replaces it. A failed message comes back (partial batch failure) and after
 * `maxReceiveCount` deliveries goes to the dead-letter queue (platform/resources.ts).
 */
import type { Context, ScheduledEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { organizationIdPages } from '../db/organization.js';
import { logger, setCorrelationId } from '../platform/logger.js';
import { makeForecast } from './forecast.js';

let sqs: import('@aws-sdk/client-sqs').SQSClient | undefined;

/** One message per organization, in batches of ten (SQS's batch limit). */
export async function fanOutForecasts(event?: Partial<ScheduledEvent>): Promise<{ organizations: number }> {
  setCorrelationId(event?.id);
  const { config } = await import('../platform/config.js');
  const { SQSClient, SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  let count = 0;
  for await (const ids of organizationIdPages()) {
    for (let i = 0; i < ids.length; i += 10) {
      const batch = ids.slice(i, i + 10);
      const sent = await sqs.send(new SendMessageBatchCommand({ QueueUrl: config.forecastQueueUrl, Entries: batch.map((id, j) => ({ Id: String(j), MessageBody: JSON.stringify({ organization_id: id }) })) }));
      if (sent.Failed?.length) logger.warn('forecast fan-out: some messages were refused; tomorrow makes those forecasts', { failed: sent.Failed.length });
      count += batch.length - (sent.Failed?.length ?? 0);
    }
  }
  logger.info('forecast fan-out finished', { organizations: count });
  return { organizations: count };
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  if (context?.awsRequestId) setCorrelationId(context.awsRequestId);
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records ?? []) {
    try {
      const { organization_id } = JSON.parse(record.body) as { organization_id?: unknown };
      if (typeof organization_id !== 'string') {
        logger.error('forecast: poison message dropped', { message_id: record.messageId });
        continue;
      }
      const { result } = await makeForecast(organization_id);
      logger.info('forecast made', { organization_id, made_on: result.made_on, closing_30: result.base.days[29]?.closing });
    } catch (error) {
      logger.error('forecast failed; the message comes back', { message_id: record.messageId, error: error instanceof Error ? error.message : String(error) });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
