import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config.js';

/** One client per container; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB where set. */
export const dynamo = new DynamoDBClient({});
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export const entityConfig = () => ({ client: documentClient, table: config.tableName });
