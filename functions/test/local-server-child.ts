/**
 * The local runtime's HTTP server alone, in a process of its own, created as `npm start`
 * (infra/local/start.ts) creates it: for tests that must see whether a request stops the process.
 * The environment (table, buckets, emulator endpoints) is the parent test's. Prints `{"port": N}`
 * once listening on a free port of 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { outboxMail } from '../../infra/local/mail.js';
import { createLocalServer } from '../../infra/local/server.js';

const server = createLocalServer({
  webDist: process.env.LOCAL_SERVER_WEB_DIST ?? '/nonexistent',
  mail: outboxMail(process.env.LOCAL_SERVER_OUTBOX ?? '/nonexistent'),
  notBuiltPage: 'not built',
  log: (line) => console.error(`[http] ${line}`),
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
