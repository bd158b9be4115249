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

/** Parses the request body for a route that declares one. Unknown/oversize input is a 4xx. */
export async function parseBody(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
  type: BodyType,
  maxBytes = MAX_BODY_BYTES,
): Promise<ParsedBody> {
  const raw = rawBody(event);
  if (raw.length > maxBytes) throw new PayloadTooLarge(`Request body exceeds ${maxBytes} bytes`);
  const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

  if (type === 'multipart') {
    if (contentType !== 'multipart/form-data') throw new UnsupportedMediaType('Content-Type must be multipart/form-data');
    return parseMultipart(raw, headers['content-type']!, maxBytes);
  }
  if (raw.length === 0) return { value: undefined, files: [] };
  if (type === 'form') {
    if (contentType !== 'application/x-www-form-urlencoded' && contentType !== 'multipart/form-data') {
      throw new UnsupportedMediaType('Content-Type must be application/x-www-form-urlencoded');
    }
    if (contentType === 'multipart/form-data') {
      const parsed = await parseMultipart(raw, headers['content-type']!, maxBytes);
      return parsed;
    }
    return { value: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
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

function parseMultipart(raw: Buffer, contentType: string, maxBytes: number): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let bb: ReturnType<typeof Busboy>;
    try {
      // Browsers send filenames as raw UTF-8 (Arabic names included); busboy's default is latin1.
      bb = Busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fileSize: maxBytes, files: 5, fields: 50 } });
    } catch (err) {
      reject(new UnsupportedMediaType(`Malformed multipart body: ${(err as Error).message}`));
      return;
    }
    bb.on('field', (name, value) => { fields[name] = value; });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => reject(new PayloadTooLarge(`File exceeds ${maxBytes} bytes`)));
      stream.on('end', () => files.push({ field, filename: info.filename ?? 'upload', contentType: info.mimeType, content: Buffer.concat(chunks) }));
    });
    bb.on("error", (err: unknown) => reject(new ValidationError([{ loc: ["body"], msg: `Malformed multipart body: ${String((err as Error)?.message ?? err)}`, type: "multipart_invalid" }])));
    bb.on('close', () => resolve({ value: fields, files }));
    bb.end(raw);
  });
}
