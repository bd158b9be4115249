import { MAX_UPLOAD_BYTES } from '@daftar/shared';
import { describe, expect, it } from 'vitest';
import { HttpError, statusOf as httpStatusOf } from '../http/errors.js';
import { acceptUpload, displayFilename, safeFilename } from './content.js';

const file = (content: Buffer, contentType: string, field = 'file') => ({ field, filename: 'f', contentType, content });
const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    return httpStatusOf(err as HttpError);
  }
};

describe('upload content checks', () => {
  it('accepts allowed types whose bytes match their claim, normalizing the declared type', () => {
    expect(acceptUpload([file(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'IMAGE/JPEG; charset=binary')]).contentType).toBe('image/jpeg');
    expect(statusOf(() => acceptUpload([file(Buffer.from('GIF89a....'), 'image/gif')]))).toBe('accepted');
    expect(statusOf(() => acceptUpload([file(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'), 'image/webp')]))).toBe('accepted');
    expect(statusOf(() => acceptUpload([file(Buffer.from('PK\x03\x04rest', 'latin1'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')]))).toBe('accepted');
    // CSV labelled by Windows as Excel is fine: that type is not sniffed.
    expect(statusOf(() => acceptUpload([file(Buffer.from('a,b\n'), 'application/vnd.ms-excel')]))).toBe('accepted');
  });

  it('answers 415 for other types and for content that contradicts its type', () => {
    expect(statusOf(() => acceptUpload([file(Buffer.from('<html>'), 'text/html')]))).toBe(415);
    expect(statusOf(() => acceptUpload([file(Buffer.from('RIFF\x10\0\0\0WAVE', 'latin1'), 'image/webp')]))).toBe(415);
    expect(statusOf(() => acceptUpload([file(Buffer.from('GIF90a'), 'image/gif')]))).toBe(415);
    expect(statusOf(() => acceptUpload([file(Buffer.from(' %PDF-1.4'), 'application/pdf')]))).toBe(415);
  });

  it('answers 422 without a file part or for an empty one, and 413 above the limit', () => {
    expect(statusOf(() => acceptUpload([]))).toBe(422);
    expect(statusOf(() => acceptUpload([file(Buffer.from('x'), 'text/plain', 'attachment')]))).toBe(422);
    expect(statusOf(() => acceptUpload([file(Buffer.alloc(0), 'text/plain')]))).toBe(422);
    expect(statusOf(() => acceptUpload([file(Buffer.alloc(MAX_UPLOAD_BYTES), 'text/plain')]))).toBe('accepted');
    expect(statusOf(() => acceptUpload([file(Buffer.alloc(MAX_UPLOAD_BYTES + 1), 'text/plain')]))).toBe(413);
  });
});

describe('filenames', () => {
  it('makes S3-safe names that keep the extension and never escape the prefix', () => {
    expect(safeFilename('report 2025.pdf')).toBe('report_2025.pdf');
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\me\\scan.png')).toBe('scan.png');
    expect(safeFilename('فاتورة.pdf')).toBe('_.pdf');
    expect(safeFilename('..')).toBe('file');
    expect(safeFilename('فاتورة')).toBe('file');
    expect(safeFilename(`${'a'.repeat(300)}.csv`)).toMatch(/^a{146}\.csv$/);
  });

  it('keeps Arabic names and drops paths and control characters', () => {
    expect(displayFilename('كشف حساب.xlsx')).toBe('كشف حساب.xlsx');
    expect(displayFilename('dir/sub/na\u0000me.txt')).toBe('name.txt');
  });
});
