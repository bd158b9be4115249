/**
 * Issue #12: one anonymous request must not stop the local server for every tenant. The real
 * local HTTP server (infra/local/server.ts, as `npm start` serves it) runs in a child process; the
 * bodies an attacker sends go to it over raw sockets, each answered with a 4xx and a detail, and
 * after each one the process is still alive and still serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankTransaction } from '../src/db/bankTransaction.js';
import { FileUpload } from '../src/db/fileUpload.js';
import { systemAccounts } from '../src/ledger/chart.js';
import { createUser, organizationWithRoles, TEST_PASSWORD } from './fixtures.js';
import { malformedMultipart, malformedUrlencoded, statementOfSize, type MalformedBody } from './malformed-bodies.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');

let child: ChildProcess;
let exited: Promise<number | null>;
let port = 0;
let output = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', join(here, 'local-server-child.ts')], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((done) => child.on('exit', (code) => done(code)));
  child.stderr!.on('data', (chunk: Buffer) => { output = (output + chunk.toString()).slice(-20_000); });
  port = await new Promise<number>((done, fail) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(stdout);
      if (line) done(Number(line[1]));
    });
    child.on('exit', (code) => fail(new Error(`The local server exited (${code}) before listening:\n${output}`)));
  });
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timeout);
  }
});

interface Answer { status: number | null; detail: unknown; text: string }

/** Decodes a chunked HTTP/1.1 body. */
function unchunk(body: string) {
  let out = '';
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol < 0) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/**
 * One exchange over a raw socket: `send` writes whatever it likes; the answer is read until the
 * server closes (every request says `Connection: close`). Write errors after the server answered
 * early (EPIPE, a reset) are expected for oversized bodies and ignored.
 */
function exchange(send: (socket: ReturnType<typeof connect>) => void, timeoutMs = 30_000): Promise<Answer> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? '' : text.slice(0, split);
      const rawBody = split < 0 ? '' : text.slice(split + 4);
      const body = /transfer-encoding: chunked/i.test(head) ? unchunk(rawBody) : rawBody;
      let detail: unknown;
      try { detail = (JSON.parse(body) as { detail?: unknown }).detail; } catch { detail = undefined; }
      done({ status: status ? Number(status) : null, detail, text: text.slice(0, 300) });
    });
    socket.on('connect', () => send(socket));
  });
}

const requestHead = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;

/** A well-framed HTTP request whose body is `c.body`. */
const post = (path: string, c: Pick<MalformedBody, 'body' | 'contentType'>, headers: Record<string, string> = {}) =>
  exchange((socket) => {
    socket.write(requestHead(path, { 'Content-Type': c.contentType, 'Content-Length': c.body.length, ...headers }));
    socket.write(c.body);
  });

async function assertStillServing(after: string) {
  expect(child.exitCode, `the local server exited after ${after}:\n${output}`).toBeNull();
  const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(health.status, after).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
}

const LOGIN = '/api/v1/login/access-token';

describe('the local server under malformed bodies', () => {
  it('answers each malformed sign-in body (anonymous) with a 4xx and a detail, and keeps serving', async () => {
    const { user } = await createUser();
    const cases = [...malformedMultipart(1024 * 1024, { username: user.email, password: TEST_PASSWORD }), ...malformedUrlencoded({ parsed: true })];
    for (const c of cases) {
      const answer = await post(LOGIN, c);
      expect({ name: c.name, status: answer.status }, answer.text).toEqual({ name: c.name, status: c.status });
      expect(answer.detail, c.name).toBeTruthy();
      await assertStillServing(c.name);
    }
    // The handlers behind the server still work: the same user signs in.
    const signIn = await post(LOGIN, { contentType: 'application/x-www-form-urlencoded', body: Buffer.from(new URLSearchParams({ username: user.email, password: TEST_PASSWORD }).toString()) });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it('answers each malformed upload with a 4xx and a detail, stores nothing, and keeps serving', async () => {
    const { org, users } = await organizationWithRoles();
    const cases = [...malformedMultipart(MAX_UPLOAD_BYTES + 64 * 1024), ...malformedUrlencoded({ parsed: false })];
    for (const c of cases) {
      const answer = await post(`/api/v1/organizations/${org.id}/file-uploads/upload`, c, { Authorization: `Bearer ${users.member.token}` });
      expect({ name: c.name, status: answer.status }, answer.text).toEqual({ name: c.name, status: c.status });
      expect(answer.detail, c.name).toBeTruthy();
      await assertStillServing(c.name);
    }
    expect((await FileUpload.query.byOrganization({ organization_id: org.id }).go()).data).toEqual([]);
  });

  it('answers a bank statement over MAX_UPLOAD_BYTES with a 413 and a detail, imports nothing, and keeps serving', async () => {
    const { org, users } = await organizationWithRoles();
    const { bank: ledgerBank } = await systemAccounts(org.id, ['bank'] as const);
    const created = await fetch(`http://127.0.0.1:${port}/api/v1/organizations/${org.id}/bank-accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${users.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Operating account', bank_name: 'Arab Bank', account_id: ledgerBank.id }),
    });
    expect(created.status).toBe(201);
    const bankId = ((await created.json()) as { id: string }).id;
    const answer = await post(`/api/v1/organizations/${org.id}/bank-accounts/${bankId}/transactions/import`, statementOfSize(MAX_UPLOAD_BYTES + 1), {
      Authorization: `Bearer ${users.member.token}`,
    });
    expect(answer.status, answer.text).toBe(413);
    expect(answer.detail).toBe('The file "statement.csv" is larger than 4 MiB, the most a file may have');
    await assertStillServing('an oversized statement');
    expect((await BankTransaction.query.byId({ organization_id: org.id, bank_account_id: bankId }).go({ consistent: true })).data).toEqual([]);
  });

  it('answers bodies broken at the HTTP level (cut short, bad chunks, endless chunks) with a 4xx and a detail, and survives a client that hangs up', async () => {
    const multipart = malformedMultipart(1024 * 1024)[0]!;
    const head = (headers: Record<string, string | number>) => requestHead(LOGIN, { 'Content-Type': multipart.contentType, ...headers });

    // Fewer bytes than Content-Length says, then the client stops sending (but still reads).
    const cutShort = await exchange((socket) => socket.end(head({ 'Content-Length': multipart.body.length + 100 }) + multipart.body.toString('latin1'), 'latin1'));
    expect([cutShort.status, cutShort.detail], cutShort.text).toEqual([400, 'Malformed HTTP request']);
    await assertStillServing('a body shorter than its Content-Length');

    const badChunks = await exchange((socket) => socket.write(`${head({ 'Transfer-Encoding': 'chunked' })}zz\r\nabc\r\n`));
    expect([badChunks.status, badChunks.detail], badChunks.text).toEqual([400, 'Malformed HTTP request']);
    await assertStillServing('a broken chunked body');

    // Chunks past API Gateway's 10 MiB: answered 413 as soon as the limit is passed.
    const endless = await exchange((socket) => {
      socket.write(head({ 'Transfer-Encoding': 'chunked' }));
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const next = () => {
        if (socket.destroyed || sent++ > 12) return;
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n', next);
      };
      next();
    });
    expect(endless.status, endless.text).toBe(413);
    expect(endless.detail).toMatch(/too large/);
    await assertStillServing('an endless chunked body');

    // The client hangs up inside a file part: nobody to answer, and nothing may stop the server.
    await exchange((socket) => {
      socket.write(head({ 'Content-Length': multipart.body.length + 100 }) + multipart.body.toString('latin1'), 'latin1');
      setTimeout(() => socket.destroy(), 200);
    });
    await assertStillServing('a client that hung up mid-body');
  });
});
