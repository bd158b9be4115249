import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAwsExtras, startDynamo, startS3, startSqs } from '../../infra/local/emulators.js';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamo: string; s3: string; sqs: string; awsExtras: string };
    outboxDir: string;
    jwtSecret: string;
  }
}

/** One set of emulators for the whole run: DynamoDB Local in memory, s3rver, fauxqs, SES/Secrets. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'daftar-test-'));
  const jwtSecret = 'test-signing-key-0123456789abcdef0123456789abcdef';
  const [dynamo, s3, sqs, extras] = await Promise.all([
    startDynamo(),
    startS3({ directory: join(dir, 's3') }),
    startSqs(),
    startAwsExtras({ outboxDir: join(dir, 'outbox'), secrets: { 'daftar/jwt-signing-key': jwtSecret, 'daftar/einvoicing-key': randomBytes(32).toString('base64') } }),
  ]);
  project.provide('endpoints', { dynamo: dynamo.endpoint, s3: s3.endpoint, sqs: sqs.endpoint, awsExtras: extras.endpoint });
  project.provide('outboxDir', extras.outboxDir);
  project.provide('jwtSecret', jwtSecret);
  return async () => {
    await Promise.allSettled([dynamo.stop(), s3.stop(), sqs.stop(), extras.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}
