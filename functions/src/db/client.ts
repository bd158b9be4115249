import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config.js';

/**
 * The SDK's logger middleware calls `logger.info` with every command's input and output run
 * through a filter of sensitive fields: a walk of the whole request (a till sale's transaction is
 * 25 KB) even when the logger throws it away, as its default does. A logger without `info` skips
 * it; failures still reach our own logging through the errors thrown.
 */
const quiet = { debug() {}, warn() {}, error() {} } as unknown as NonNullable<ConstructorParameters<typeof DynamoDBClient>[0]>['logger'];

/** How the functions' client is made; the bench's bare baselines use the same (bench/api.ts, ledger.ts, pos.ts). */
export const dynamoClientOptions = { logger: quiet };

/** One client per container; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB where set. */
export const dynamo = new DynamoDBClient(dynamoClientOptions);
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export const entityConfig = () => ({ client: documentClient, table: config.tableName });
