/** What an upload must be before it is stored: an allowed type whose bytes match what it claims. */
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '@daftar/shared';
import type { UploadedFile } from '../http/body.js';
import { PayloadTooLarge, UnsupportedMediaType, ValidationError } from '../platform/errors.js';

const ascii = (s: string) => Buffer.from(s, 'latin1');

/**
 * Leading bytes of the formats a browser cannot be trusted to label: images and PDFs are shown
 * inline by viewers, and ZIP containers (xlsx, docx) are opened by office software. Text formats
 * (CSV, JSON, XML, plain) have no signature; `application/vnd.ms-excel` is not checked because
 * Windows labels CSV files with it.
 */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).equals(ascii('%PDF-')),
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (b) => b.subarray(0, 6).equals(ascii('GIF87a')) || b.subarray(0, 6).equals(ascii('GIF89a')),
  'image/webp': (b) => b.subarray(0, 4).equals(ascii('RIFF')) && b.subarray(8, 12).equals(ascii('WEBP')),
  'application/zip': isZip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
};

function isZip(b: Buffer) {
  const head = b.subarray(0, 4);
  return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) || head.equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

const normalizeType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** The `file` part of the form, checked: 422 missing or empty, 413 too large, 415 wrong type. */
export function acceptUpload(files: UploadedFile[]): UploadedFile {
  const file = files.find((f) => f.field === 'file');
  if (!file) throw new ValidationError([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
  if (file.content.length > MAX_UPLOAD_BYTES) throw new PayloadTooLarge(`File exceeds the ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB limit`);
  if (file.content.length === 0) throw new ValidationError([{ loc: ['body', 'file'], msg: 'File is empty', type: 'file_empty' }]);
  const contentType = normalizeType(file.contentType);
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new UnsupportedMediaType(`Files of type ${contentType || 'unknown'} are not accepted`);
  }
  const matches = SIGNATURES[contentType];
  if (matches && !matches(file.content)) throw new UnsupportedMediaType(`The file's content is not ${contentType}`);
  return { ...file, contentType };
}

/**
 * A filename safe as the last segment of an S3 key and in a header: the base name only, with
 * anything but letters, digits, dot, dash and underscore replaced. The original name is kept on
 * the record and given back on download.
 */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').replace(/^_+(?=[^.])/, '').slice(-150);
  return cleaned.replace(/^_+$/, '') || 'file';
}

/** The uploader's filename without any path and without control characters. */
export function displayFilename(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'file';
}
