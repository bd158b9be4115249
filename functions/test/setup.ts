import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ensureBuckets, ensureQueues, ensureTable } from '../../infra/local/emulators.js';
import { localEnvironment } from '../../infra/local/environment.js';
import { buckets } from '../src/platform/resources.js';

/**
 * Each test file gets its own table, buckets and queues (names carry a random suffix), set in the
 * environment before any handler module is imported.
 */
const endpoints = inject('endpoints');
const suffix = randomBytes(4).toString('hex');
const table = `daftar-test-${suffix}`;
const bucketNames = Object.fromEntries(Object.entries(buckets).map(([logical, b]) => [logical, `${b.localName}-${suffix}`]));

await ensureTable(endpoints.dynamo, table);
await ensureBuckets(endpoints.s3, bucketNames, []);
const queueUrls = await ensureQueues(endpoints.sqs, `${suffix}-`);
Object.assign(process.env, localEnvironment(endpoints, { table, buckets: bucketNames, queueUrls, appUrl: 'http://localhost:3000' }));
process.env.LOG_LEVEL = 'warn';
