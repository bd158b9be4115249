/**
 * The local runtime's one HTTP server: `/api/*` goes to the Lambda handlers through the API
 * Gateway v2 adapter (as CloudFront routes `/api/*` to the HTTP API in the cloud), `/_local/mail`
 * shows the e-mails sent, everything else is the built SPA with fallback to `index.html` (as
 * CloudFront's error response does).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { invokeApi } from './apigw.js';
import { mailPage, type MailSource } from './mail.js';

/** API Gateway HTTP APIs refuse larger payloads with 413 before any Lambda runs. */
export const API_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface LocalServerOptions {
  /** The built SPA (web/dist). */
  webDist: string;
  mail: MailSource;
  /** Served instead of the SPA when `webDist/index.html` does not exist. */
  notBuiltPage: string;
  maxBodyBytes?: number;
  /** Where failures of the server itself are reported. */
  log?: (line: string) => void;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** Vite names emitted assets `<name>-<8-char hash>.<ext>` under `assets/`: safe to cache forever. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

class BodyTooLarge extends Error {}

/**
 * Past the limit, what is still read (and dropped) before the 413, at most: closing a connection
 * with unread bytes resets it, and a reset can destroy the answer before the client reads it.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 2_000;

/**
 * The whole request body, or BodyTooLarge when it passes `limit` (declared or streamed), once
 * the rest has been read and dropped (up to DRAIN_BYTES / DRAIN_MS). Listeners rather than
 * `for await`: leaving that loop early destroys the socket, so a chunked upload over the limit
 * got no answer at all. Rejects when the client goes away mid-body.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    let drainTimer: NodeJS.Timeout | undefined;
    const done = (error?: Error) => {
      clearTimeout(drainTimer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const passLimit = () => {
      over = true;
      chunks.length = 0;
      drainTimer = setTimeout(() => done(new BodyTooLarge()), DRAIN_MS);
      drainTimer.unref();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > limit + DRAIN_BYTES) done(new BodyTooLarge());
      } else if (size > limit) passLimit();
      else chunks.push(chunk);
    };
    const onEnd = () => done(over ? new BodyTooLarge() : undefined);
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error('The client closed the connection before sending the whole body'));
    if (Number(req.headers['content-length'] ?? 0) > limit) passLimit();
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(html);
}

async function serveApi(req: IncomingMessage, res: ServerResponse, opts: LocalServerOptions) {
  const limit = opts.maxBodyBytes ?? API_MAX_BODY_BYTES;
  let body: Buffer;
  try {
    body = await readBody(req, limit);
  } catch (err) {
    if (!(err instanceof BodyTooLarge)) {
      // The client went away mid-body, or the parser's refusal (answerClientError) was the answer.
      if (req.socket.destroyed || !req.socket.writable || res.writableEnded) return;
      res.setHeader('connection', 'close');
      return sendJson(res, 400, { detail: 'The request body could not be read' });
    }
    // Answer and close. A body still arriving past the drain allowance is cut off once the
    // answer is out.
    res.setHeader('connection', 'close');
    if (!req.complete) res.once('finish', () => req.destroy());
    sendJson(res, 413, { detail: `Request body too large: the limit is ${limit / 1024 / 1024} MiB` });
    return;
  }
  const result = await invokeApi({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body, sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') });
  const headers: Record<string, string | string[]> = { ...result.headers };
  if (result.cookies.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.status, headers);
  res.end(req.method === 'HEAD' ? undefined : result.body);
}

async function serveMail(req: IncomingMessage, res: ServerResponse, opts: LocalServerOptions, url: URL) {
  const one = /^\/_local\/mail\/([^/]+)\.(json|html)$/.exec(url.pathname);
  if (one) {
    let id: string;
    try { id = decodeURIComponent(one[1]!); } catch { return sendJson(res, 400, { detail: 'Malformed message id' }); }
    const message = await opts.mail.get(id);
    if (!message) return sendJson(res, 404, { detail: 'No such message' });
    if (one[2] === 'json') return sendJson(res, 200, message, { 'cache-control': 'no-store' });
    // The message's own HTML, in a frame that may run nothing and reach nothing.
    return sendHtml(res, 200, message.html, { 'content-security-policy': "sandbox; default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'" });
  }
  if (url.pathname !== '/_local/mail' && url.pathname !== '/_local/mail/') return sendJson(res, 404, { detail: 'Not Found' });
  const messages = await opts.mail.list(200);
  const id = url.searchParams.get('id');
  const selected = id ? messages.find((m) => m.id === id) ?? (await opts.mail.get(id)) : messages[0] ?? null;
  sendHtml(res, 200, mailPage(messages, selected));
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, opts: LocalServerOptions, url: URL) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { detail: 'Method Not Allowed' }, { allow: 'GET, HEAD' });
  const root = resolve(opts.webDist);
  let pathname: string;
  try { pathname = decodeURIComponent(url.pathname); } catch { return sendJson(res, 400, { detail: 'Malformed path' }); }
  const candidate = resolve(join(root, pathname));
  if (candidate !== root && !candidate.startsWith(root + sep)) return sendJson(res, 404, { detail: 'Not Found' });

  let file = candidate;
  let info = await stat(file).catch(() => null);
  if (info?.isDirectory()) { file = join(file, 'index.html'); info = await stat(file).catch(() => null); }
  if (!info?.isFile()) {
    // A missing file with an extension is a broken asset link; anything else is a client route.
    if (extname(pathname)) return sendJson(res, 404, { detail: 'Not Found' });
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info?.isFile()) return sendHtml(res, 503, opts.notBuiltPage);
  }

  const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentTypeFor(file),
    'content-length': String(info.size),
    'last-modified': info.mtime.toUTCString(),
    etag,
    'cache-control': HASHED_ASSET.test(pathname) && file === candidate ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag, 'cache-control': headers['cache-control']! });
    return res.end();
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return res.end();
  await new Promise<void>((done, fail) => {
    createReadStream(file).on('error', fail).on('end', done).pipe(res);
  });
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (broken chunked encoding, a body
 * cut short by the client, oversized headers) get what Node would answer, with a JSON `detail`
 * as every other refusal has; then the connection is closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  // As Node does: write nothing into a response already under way (the socket's in-flight one).
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, detail] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'Request headers too large']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'The request took too long to arrive']
    : [400, 'Bad Request', 'Malformed HTTP request'];
  const body = JSON.stringify({ detail });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`, () => socket.destroy());
}

export function createLocalServer(opts: LocalServerOptions): Server {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        // The handlers log each request themselves (one JSON line with status and duration).
        await serveApi(req, res, opts);
      } else if (url.pathname === '/_local/mail' || url.pathname.startsWith('/_local/mail/')) {
        await serveMail(req, res, opts, url);
      } else {
        await serveStatic(req, res, opts, url);
      }
    } catch (err) {
      opts.log?.(`${req.method} ${url.pathname} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { detail: 'Internal Server Error' });
      else res.destroy();
    }
  });
  server.on('clientError', answerClientError);
  return server;
}
