import Busboy from 'busboy';
import { MAX_BODY_BYTES } from '@daftar/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PayloadTooLarge, UnsupportedMediaType, ValidationError } from './errors.js';

export type BodyType = 'json' | 'form' | 'multipart';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ParsedBody { value: unknown; files: UploadedFile[] }

function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (event.body == null) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/**
 * Parses the request body for a route that declares one. Unknown/oversize input is a 4xx.
 * `maxBytes` caps the whole body; `maxFileBytes` each file of a multipart body, which a route that
 * takes files sets to MAX_UPLOAD_BYTES while the body may be larger by the multipart framing.
 */
export async function parseBody(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
  type: BodyType,
  maxBytes = MAX_BODY_BYTES,
  maxFileBytes = maxBytes,
): Promise<ParsedBody> {
  const raw = rawBody(event);
  if (raw.length > maxBytes) throw new PayloadTooLarge(`Request body exceeds ${maxBytes} bytes`);
  const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

  if (type === 'multipart') {
    if (contentType !== 'multipart/form-data') throw new UnsupportedMediaType('Content-Type must be multipart/form-data');
    return parseMultipart(raw, headers['content-type']!, maxFileBytes);
  }
  if (raw.length === 0) return { value: undefined, files: [] };
  if (type === 'form') {
    if (contentType !== 'application/x-www-form-urlencoded' && contentType !== 'multipart/form-data') {
      throw new UnsupportedMediaType('Content-Type must be application/x-www-form-urlencoded');
    }
    if (contentType === 'multipart/form-data') {
      const parsed = await parseMultipart(raw, headers['content-type']!, maxFileBytes);
      return parsed;
    }
    return { value: parseUrlEncoded(raw), files: [] };
  }
  if (contentType && contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new UnsupportedMediaType('Content-Type must be application/json');
  }
  try {
    return { value: JSON.parse(raw.toString('utf8')), files: [] };
  } catch (err) {
    throw new ValidationError([{ loc: ['body'], msg: `JSON decode error: ${(err as Error).message}`, type: 'json_invalid' }]);
  }
}

/**
 * Parses a whole multipart/form-data body. Every way busboy can fail ends this promise with a 4xx
 * and nothing else: a body that ends inside a part makes busboy destroy the open file stream with
 * "Unexpected end of form" too, and an 'error' event nobody listens to throws and stops the
 * process (the local server, or a warm Lambda for every request it would serve next). So each
 * file stream's 'error' is listened to, and the promise settles once, on the first problem.
 */
function parseMultipart(raw: Buffer, contentType: string, maxFileBytes: number): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const malformed = (err: unknown) =>
      fail(new ValidationError([{ loc: ['body'], msg: `Malformed multipart body: ${String((err as Error)?.message ?? err)}`, type: 'multipart_invalid' }]));
    let bb: ReturnType<typeof Busboy>;
    try {
      // Browsers send filenames as raw UTF-8 (Arabic names included); busboy's default is latin1.
      // Busboy reports 'limit' on reaching fileSize, so a file of exactly maxFileBytes needs one more.
      bb = Busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fileSize: maxFileBytes + 1, files: 5, fields: 50 } });
    } catch (err) {
      fail(new UnsupportedMediaType(`Malformed multipart body: ${(err as Error).message}`));
      return;
    }
    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) fail(new PayloadTooLarge(`Form field ${JSON.stringify(name)} is too long`));
      else fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      // Read to the end whatever happens, so busboy never waits on this stream.
      stream.on('data', (c: Buffer) => { if (!settled) chunks.push(c); });
      // Busboy stops reading the file here, so nothing past the limit is kept or parsed.
      stream.on('limit', () => fail(new PayloadTooLarge(`The file ${JSON.stringify(info.filename ?? field)} is larger than ${sizeText(maxFileBytes)}, the most a file may have`)));
      // "Unexpected end of file" when the body stops inside this part: busboy reports it as well.
      stream.on('error', malformed);
      stream.on('end', () => files.push({ field, filename: info.filename ?? 'upload', contentType: info.mimeType, content: Buffer.concat(chunks) }));
    });
    bb.on('filesLimit', () => fail(new PayloadTooLarge('Too many files in the form (at most 5)')));
    bb.on('fieldsLimit', () => fail(new PayloadTooLarge('Too many fields in the form (at most 50)')));
    bb.on('partsLimit', () => fail(new PayloadTooLarge('Too many parts in the form')));
    bb.on('error', malformed);
    bb.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ value: fields, files });
    });
    try {
      bb.end(raw);
    } catch (err) {
      malformed(err);
    }
  });
}

/** A byte limit as people read it: "4 MiB" when it is whole mebibytes. */
function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * An application/x-www-form-urlencoded body, strictly: bytes that are not UTF-8, or a `%` not
 * followed by two hex digits that decode to UTF-8 (`%E0%A4%A`), are a 422 rather than a value
 * silently changed into U+FFFD. Repeated names keep the last value, as URLSearchParams did.
 */
function parseUrlEncoded(raw: Buffer): Record<string, string> {
  const invalid = (msg: string) => new ValidationError([{ loc: ['body'], msg: `Malformed form body: ${msg}`, type: 'urlencoded_invalid' }]);
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    throw invalid('not UTF-8');
  }
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      // Not echoed: the value may be a password.
      throw invalid('a % must be followed by two hex digits encoding UTF-8');
    }
  };
  const entries: [string, string][] = [];
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    entries.push(eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))]);
  }
  return Object.fromEntries(entries);
}
