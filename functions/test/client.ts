/**
 * A test client that calls the Lambda handlers through the same API Gateway v2 adapter the local
 * runtime uses (infra/local/apigw.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { invokeApi } from '../../infra/local/apigw.js';
import type { OutboxMessage } from '../../infra/local/emulators.js';

export interface CallOptions {
  token?: string;
  apiKey?: string;
  org?: string;
  json?: unknown;
  form?: Record<string, string>;
  raw?: { body: Buffer | string; contentType: string };
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  ip?: string;
}

export interface CallResult<T = any> { status: number; body: T; headers: Record<string, string>; raw: Buffer }

export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'user-agent': 'vitest', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
  if (opts.org) headers['x-organization-id'] = opts.org;
  let body: Buffer | undefined;
  if (opts.json !== undefined) { body = Buffer.from(JSON.stringify(opts.json)); headers['content-type'] ??= 'application/json'; }
  if (opts.form) { body = Buffer.from(new URLSearchParams(opts.form).toString()); headers['content-type'] = 'application/x-www-form-urlencoded'; }
  if (opts.raw) { body = Buffer.isBuffer(opts.raw.body) ? opts.raw.body : Buffer.from(opts.raw.body); headers['content-type'] = opts.raw.contentType; }
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const url = qs.size ? `${path}?${qs}` : path;
  const res = await invokeApi({ method, url, headers, body, sourceIp: opts.ip ?? '127.0.0.1' });
  const text = res.body.toString('utf8');
  let parsed: unknown = text;
  if ((res.headers['content-type'] ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, headers: res.headers, raw: res.body };
}

/** Messages the SES emulator received for `to`, oldest first. */
export function outbox(to?: string): OutboxMessage[] {
  const dir = inject('outboxDir');
  let files: string[] = [];
  try { files = readdirSync(dir).sort(); } catch { return []; }
  return files
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMessage)
    .filter((m) => !to || m.to.includes(to));
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.jo`;
