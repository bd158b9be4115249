/**
 * What an attacker sends to the routes that parse forms (issue #12): multipart bodies cut short
 * inside a file part, a field or a part's headers, without a boundary or with one the body never
 * uses, too large as a whole or in one file, with too many parts; urlencoded bodies with broken
 * percent-encoding or bytes that are not UTF-8; 10 MB bodies. Each comes with the status the API
 * answers; every answer is a 4xx with a `detail`, and nothing is written.
 *
 * The bodies end inside a part on purpose: busboy then destroys the open file stream with
 * "Unexpected end of form", which used to throw as an unhandled 'error' event and stop the process.
 */
export interface MalformedBody { name: string; contentType: string; body: Buffer; status: number }

const BOUNDARY = '----daftarMalformed7d1f';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** Over API Gateway's 10 MiB, so the local server refuses it too before any handler runs. */
export const TEN_MB = 10 * 1024 * 1024 + 1;

const partHead = (name: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n`;
const field = (name: string, value: string) => Buffer.from(`${partHead(name)}${value}\r\n`);
const file = (content: Buffer | string, name = 'file') => Buffer.concat([Buffer.from(partHead(name, 'statement.csv')), Buffer.from(content), Buffer.from('\r\n')]);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);
const CSV = 'date,description,amount\n2025-01-02,Opening deposit,100.000\n';

/**
 * Multipart bodies for a route that takes at most `maxBodyBytes`; `fields` are plain fields the
 * form carries (a sign-in's username and password), put before the file.
 */
export function malformedMultipart(maxBodyBytes: number, fields: Record<string, string> = {}): MalformedBody[] {
  const own = Object.entries(fields).map(([name, value]) => field(name, value));
  const complete = Buffer.concat([...own, file(CSV), END]);
  const body = (...parts: (Buffer | string)[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
  const half = Math.ceil(maxBodyBytes / 2) + 1;
  return [
    { name: 'ending inside a file part', contentType: MULTIPART, body: body(...own, partHead('file', 'statement.csv'), CSV.slice(0, 30)), status: 422 },
    { name: 'ending inside a field', contentType: MULTIPART, body: body(...own, partHead('note'), 'half a val'), status: 422 },
    { name: "ending inside a part's headers", contentType: MULTIPART, body: body(...own, `--${BOUNDARY}\r\nContent-Disposition: form-da`), status: 422 },
    { name: 'ending right after the boundary line', contentType: MULTIPART, body: body(...own, `--${BOUNDARY}\r\n`), status: 422 },
    { name: 'without a boundary in the content type', contentType: 'multipart/form-data', body: complete, status: 415 },
    { name: 'with an empty boundary', contentType: 'multipart/form-data; boundary=', body: complete, status: 415 },
    { name: 'with a boundary the body never uses', contentType: 'multipart/form-data; boundary=not-the-one-in-the-body', body: complete, status: 422 },
    { name: 'with a boundary but a body that is not multipart', contentType: MULTIPART, body: Buffer.from('username=a&password=b'), status: 422 },
    { name: 'empty', contentType: MULTIPART, body: Buffer.alloc(0), status: 422 },
    { name: 'with a file larger than the route takes', contentType: MULTIPART, body: body(...own, file(Buffer.alloc(maxBodyBytes + 1, 'a')), END), status: 413 },
    { name: 'with parts adding up to more than the route takes', contentType: MULTIPART, body: body(...own, file(Buffer.alloc(half, 'a')), file(Buffer.alloc(half, 'b'), 'other'), END), status: 413 },
    { name: 'with more files than a form carries', contentType: MULTIPART, body: body(...own, ...Array.from({ length: 6 }, () => file(CSV)), END), status: 413 },
    { name: 'with more fields than a form carries', contentType: MULTIPART, body: body(...own, ...Array.from({ length: 51 }, (_, i) => field(`f${i}`, 'x')), file(CSV), END), status: 413 },
    { name: 'of 10 MB', contentType: MULTIPART, body: body(...own, file(Buffer.alloc(TEN_MB, 'a')), END), status: 413 },
  ];
}

/**
 * Urlencoded bodies. `parsed`: the route reads forms (422 for broken encoding); otherwise it
 * refuses the media type (415), after its size check (413 for 10 MB) unless `sizeCheckedFirst` is false.
 */
export function malformedUrlencoded(opts: { parsed: boolean; sizeCheckedFirst?: boolean }): MalformedBody[] {
  const type = 'application/x-www-form-urlencoded';
  const bad = opts.parsed ? 422 : 415;
  return [
    { name: 'with a percent-escape cut short (%E0%A4%A)', contentType: type, body: Buffer.from('username=owner%40example.jo&password=%E0%A4%A'), status: bad },
    { name: 'with a % not followed by hex digits', contentType: type, body: Buffer.from('username=%zz&password=x'), status: bad },
    { name: 'with bytes that are not UTF-8', contentType: type, body: Buffer.concat([Buffer.from('username=a&password='), Buffer.from([0xc3, 0x28, 0xff])]), status: bad },
    { name: 'urlencoded, of 10 MB', contentType: type, body: Buffer.from(`username=a&password=${'a'.repeat(TEN_MB)}`), status: opts.sizeCheckedFirst === false ? 415 : 413 },
  ];
}

/**
 * Well-formed multipart bodies with one `file` part: a real CSV statement padded with spaces at the
 * end of its last line to exactly `size` bytes. One byte over a route's file limit must be a 413 however
 * valid the file is; at the limit it is read.
 */
export function statementOfSize(size: number): Pick<MalformedBody, 'body' | 'contentType'> {
  const padding = Math.max(0, size - Buffer.byteLength(CSV));
  const content = Buffer.concat([Buffer.from(CSV.trimEnd()), Buffer.alloc(padding, ' '), Buffer.from('\n')]);
  return { contentType: MULTIPART, body: Buffer.concat([file(content), END]) };
}
