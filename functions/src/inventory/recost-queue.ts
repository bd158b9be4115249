/**
 * Re-costings owed (inventory/recost.ts), as the postings and the period close see them: the
 * message that starts one once the posting that owes it has committed, and the earliest date one
 * still owed starts from. Small on purpose: every Lambda that moves stock or closes a period loads
 * it; the SQS client is loaded by the first send (postings that are not back-dated never load it).
 */
import { StockRecost, type RecostTarget } from '../db/stockRecost.js';

let sqs: import('@aws-sdk/client-sqs').SQSClient | undefined;

export async function enqueueRecost(organizationId: string, requestId: string): Promise<void> {
  const { config } = await import('../platform/config.js');
  const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
  sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  await sqs.send(new SendMessageCommand({ QueueUrl: config.stockRecostQueueUrl, MessageBody: JSON.stringify({ organization_id: organizationId, request_id: requestId }) }));
}

/** The earliest date a re-costing still owed starts from (null: none owed): what closing a period waits for. */
export async function earliestOwedRecost(organizationId: string): Promise<string | null> {
  const { data } = await StockRecost.query.byKind({ organization_id: organizationId, kind: 'request' }).go({ pages: 'all' });
  const dates = data.flatMap((r) => ((r.targets as RecostTarget[] | undefined) ?? []).map((t) => t.from));
  return dates.length ? dates.sort()[0]! : null;
}
