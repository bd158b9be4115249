import { buckets, queues } from '@daftar/functions/platform/resources';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators.js';

export interface LocalEndpoints { dynamo: string; s3: string; sqs: string; awsExtras: string }

/**
 * The environment the functions see locally: the same variables CDK sets in the cloud, plus the
 * SDK's standard AWS_ENDPOINT_URL_* pointing at the emulators. No handler branches on it.
 */
export function localEnvironment(endpoints: LocalEndpoints, names: { table: string; buckets: Record<string, string>; queueUrls: Record<string, string>; appUrl: string }) {
  const env: Record<string, string> = {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamo,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_SESV2: endpoints.awsExtras,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.awsExtras,
    S3_FORCE_PATH_STYLE: 'true',
    TABLE_NAME: names.table,
    JWT_SECRET_ID: 'daftar/jwt-signing-key',
    EINVOICING_KEY_SECRET_ID: 'daftar/einvoicing-key',
    APP_URL: names.appUrl,
  };
  for (const [logical, b] of Object.entries(buckets)) env[b.env] = names.buckets[logical]!;
  for (const [logical, q] of Object.entries(queues)) env[q.env] = names.queueUrls[logical]!;
  return env;
}
