/**
 * A multipart/form-data body as a browser's form sends it: plain fields, then one file part. Used
 * by the tests of the routes that take files (uploads, catalogue imports, bank statements) and by
 * the bench's catalogue import (bench/catalogue-import.ts).
 */
export function multipartFile(
  content: Buffer,
  filename: string,
  options: { fields?: Record<string, string>; contentType?: string; field?: string } = {},
): { body: Buffer; contentType: string } {
  const { fields = {}, contentType = 'application/octet-stream', field = 'file' } = options;
  const boundary = `----daftar${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
