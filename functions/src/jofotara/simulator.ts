/**
 * A stand-in for the JoFotara portal (JORDAN.md §1.2), for tests and the local runtime: ISTD runs
 * no sandbox, and the real portal records every invoice it accepts.
 *
 * `POST /core/invoices/` behaves as the portal does, as far as the sources show:
 * - Client-Id / Secret-Key must match a configured pair, else 403;
 * - the body must be JSON `{"invoice": "<base64>"}`, else 400;
 * - the XML is validated against the OASIS UBL 2.1 Invoice XSD and the portal's cross-checks
 *   (shared/src/jofotara/crossCheck.ts); failures answer NOT_SUBMITTED with EINV_* errors in the
 *   shape of the live replies in shared/jordan/responses;
 * - a pair limited to some taxpayer tracks refuses other tracks with the live `invoice-persist`
 *   "not authorized to submit this type of invoice" error;
 * - an accepted invoice answers SUBMITTED with EINV_INV_UUID (its UUID), EINV_NUM (its ID), a QR
 *   string and the invoice "signed"; sending the same UUID again answers ALREADY_SUBMITTED.
 *
 * Accepted invoices are kept in memory and, with `statePath`, in a JSON file so a restarted
 * `npm start` still answers ALREADY_SUBMITTED. `control` (and the HTTP surface under
 * `/_simulator/`, unauthenticated, for local use only) queues failures and slow replies, lists what
 * the portal received and resets it.
 *
 * Error bodies that are not EINV_* replies (403, 400, 404, injected 5xx) follow Spring Boot's
 * default `{timestamp, status, error, path}`: the wrapped upstream error in the live reply of
 * jafar-albadarneh/jofotara#9 shows the portal is a Spring application.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { jofotara } from '@daftar/shared';
import { childElement, childElements, parseXml, type XmlElement } from '@daftar/shared/jofotara/xml';
import { JOFOTARA_INVOICES_PATH } from './client.js';

type JoFotaraTrack = jofotara.JoFotaraTrack;

/** `<repo>/functions/src/jofotara/` → `<repo>/../shared/jordan/xsd/` (as shared/src/jofotara/fixtures.ts). */
export const DEFAULT_XSD_DIR = new URL('../../../../shared/jordan/xsd/', import.meta.url);
const INVOICE_XSD = 'maindoc/UBL-Invoice-2.1.xsd';
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_LOGGED_SUBMISSIONS = 500;

export interface SimulatorCredential {
  clientId: string;
  secretKey: string;
  /** Tracks this device may submit; all when absent (JORDAN.md §1.1: the track must match the registration). */
  tracks?: readonly JoFotaraTrack[];
}

/** The pair the simulator accepts when none is configured; for the local runtime's seed data. */
export const SIMULATOR_DEFAULT_CREDENTIAL: SimulatorCredential = {
  clientId: 'daftar-simulator-client-id',
  secretKey: 'daftar-simulator-secret-key',
};

export interface JofotaraSimulatorOptions {
  credentials?: readonly SimulatorCredential[];
  /** Folder holding `maindoc/UBL-Invoice-2.1.xsd` and `common/*.xsd`. */
  xsdDir?: string | URL;
  /** JSON file that keeps accepted invoices across restarts. */
  statePath?: string;
  /**
   * HTTP status of a NOT_SUBMITTED reply. The only live one seen was 400 (#9); the SDKs also
   * expect 200 (JORDAN.md §1.2 "HTTP status codes").
   */
  rejectionStatus?: 200 | 400;
  now?: () => Date;
}

export interface InjectedFailure {
  /** Answer with this status instead of processing; absent: only delay, then process normally. */
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Body of the injected answer: a string is sent as text, anything else as JSON. */
  body?: unknown;
}

export interface SimulatorMessage {
  code: string;
  category: string;
  message: string;
}

export interface SimulatorSubmission {
  sequence: number;
  received_at: string;
  /** Last four characters of the Client-Id used (the simulator keeps no credentials in its log). */
  client_id_last4: string;
  invoice_id: string | null;
  uuid: string | null;
  icv: string | null;
  track: JoFotaraTrack | null;
  status: 'SUBMITTED' | 'ALREADY_SUBMITTED' | 'NOT_SUBMITTED';
  http_status: number;
  errors: SimulatorMessage[];
}

interface AcceptedInvoice {
  invoice_id: string;
  uuid: string;
  number: string;
  qr: string;
  signed_invoice: string;
  accepted_at: string;
}

interface SimulatorState {
  accepted: Record<string, AcceptedInvoice>;
  submissions: SimulatorSubmission[];
}

export interface JofotaraSimulatorControl {
  /** The next `count` portal requests get `failure` instead of (or, with only a delay, before) normal processing. */
  failNext(count: number, failure: InjectedFailure): void;
  /** Forgets accepted invoices, the log and queued failures (and clears the state file). */
  reset(): Promise<void>;
  /** Every invoice the portal evaluated, oldest first. */
  submissions(): SimulatorSubmission[];
  addCredential(credential: SimulatorCredential): void;
  /** Resolves pending delays at once (used when stopping). */
  cancelDelays(): void;
}

export interface JofotaraSimulator {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  control: JofotaraSimulatorControl;
}

// ---------------------------------------------------------------------------------------------
// UBL 2.1 schema validation (xmllint compiled to WebAssembly)

const schemaSets = new Map<string, Promise<{ schema: XMLFileInfo; preload: XMLFileInfo[] }>>();

async function filesUnder(directory: string, relative = ''): Promise<string[]> {
  const entries = await readdir(join(directory, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(directory, name)));
    else if (entry.name.endsWith('.xsd')) files.push(name);
  }
  return files.sort();
}

/** The schema files, read once per folder and kept for the process's life. */
function loadSchemaSet(xsdDir: string | URL) {
  const directory = typeof xsdDir === 'string' ? xsdDir : fileURLToPath(xsdDir);
  let set = schemaSets.get(directory);
  if (!set) {
    set = (async () => {
      const names = await filesUnder(directory);
      const files = await Promise.all(names.map(async (fileName) => ({ fileName, contents: await readFile(join(directory, fileName), 'utf8') })));
      const schema = files.find((file) => file.fileName === INVOICE_XSD);
      if (!schema) throw new Error(`${INVOICE_XSD} not found under ${directory}`);
      return { schema, preload: files.filter((file) => file !== schema) };
    })();
    set.catch(() => schemaSets.delete(directory));
    schemaSets.set(directory, set);
  }
  return set;
}

const NAMESPACE_PREFIXES: [string, string][] = [
  [jofotara.UBL_CBC_NAMESPACE, 'cbc'],
  [jofotara.UBL_CAC_NAMESPACE, 'cac'],
  [jofotara.UBL_EXT_NAMESPACE, 'ext'],
  [jofotara.UBL_INVOICE_NAMESPACE, 'inv'],
];

function readableSchemaMessage(message: string): string {
  let text = message.replace(/^Schemas validity error : /, '').replace(/^parser error : /, 'Not well-formed XML: ');
  for (const [namespace, prefix] of NAMESPACE_PREFIXES) text = text.split(`{${namespace}}`).join(`${prefix}:`);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/**
 * Validates one document against the UBL 2.1 Invoice XSD; returns the problems, none when valid.
 * Exported for tests that check the simulator's own output (the signed invoice) stays valid.
 */
export async function validateUblInvoice(xml: string, xsdDir: string | URL = DEFAULT_XSD_DIR): Promise<string[]> {
  const { schema, preload } = await loadSchemaSet(xsdDir);
  try {
    const result = await validateXML({ xml: [{ fileName: 'invoice.xml', contents: xml }], schema, preload, maxMemoryPages: 4096 });
    if (result.valid) return [];
    const located = result.errors.filter((error) => error.loc);
    return (located.length ? located : result.errors).map((error) =>
      error.loc ? `line ${error.loc.lineNumber}: ${readableSchemaMessage(error.message)}` : readableSchemaMessage(error.message),
    );
  } catch (error) {
    return [`The document could not be read as XML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`];
  }
}

// ---------------------------------------------------------------------------------------------
// Reading what the portal needs from the invoice

interface InvoiceFacts {
  id: string;
  uuid: string;
  icv: string | null;
  track: JoFotaraTrack | null;
  sellerName: string;
  sellerTin: string;
  payable: string;
  taxAmount: string;
}

const TRACK_BY_DIGIT: Record<string, JoFotaraTrack> = { '1': 'income', '2': 'general_sales', '3': 'special_sales' };

/** Text of `parent/cac:<aggregate>/cbc:<basic>`, empty when absent. */
function grandchildText(parent: XmlElement | undefined, aggregate: string, basic: string): string {
  const middle = parent ? childElement(parent, jofotara.UBL_CAC_NAMESPACE, aggregate) : undefined;
  return (middle ? childElement(middle, jofotara.UBL_CBC_NAMESPACE, basic)?.text.trim() : undefined) ?? '';
}

/** Facts read from an invoice that passed the XSD, so the elements are where the schema puts them. */
function invoiceFacts(xml: string): InvoiceFacts {
  const root = parseXml(xml);
  const cbc = jofotara.UBL_CBC_NAMESPACE;
  const cac = jofotara.UBL_CAC_NAMESPACE;
  const typeName = childElement(root, cbc, 'InvoiceTypeCode')?.attributes.get('name') ?? '';
  const icvReference = childElements(root, cac, 'AdditionalDocumentReference').find((reference) => childElement(reference, cbc, 'ID')?.text.trim() === 'ICV');
  const supplierParty = childElement(root, cac, 'AccountingSupplierParty');
  const supplier = supplierParty ? childElement(supplierParty, cac, 'Party') : undefined;
  const monetary = childElement(root, cac, 'LegalMonetaryTotal');
  const taxTotal = childElement(root, cac, 'TaxTotal');
  return {
    id: childElement(root, cbc, 'ID')?.text.trim() ?? '',
    uuid: childElement(root, cbc, 'UUID')?.text.trim() ?? '',
    icv: icvReference ? (childElement(icvReference, cbc, 'UUID')?.text.trim() ?? null) : null,
    track: TRACK_BY_DIGIT[typeName.slice(-1)] ?? null,
    sellerName: grandchildText(supplier, 'PartyLegalEntity', 'RegistrationName'),
    sellerTin: grandchildText(supplier, 'PartyTaxScheme', 'CompanyID'),
    payable: monetary ? (childElement(monetary, cbc, 'PayableAmount')?.text.trim() ?? '') : '',
    taxAmount: taxTotal ? (childElement(taxTotal, cbc, 'TaxAmount')?.text.trim() ?? '0') : '0',
  };
}

// ---------------------------------------------------------------------------------------------
// What the simulator answers with on acceptance

/**
 * The QR payload. ISTD does not document EINV_QR's format (JORDAN.md §1.2 only says to print it),
 * so the simulator writes a base64 TLV in the style of Saudi ZATCA's QR (tag byte, length byte,
 * UTF-8 value): 1 seller name, 2 seller TIN, 3 acceptance time, 4 invoice total, 5 general tax,
 * 6 invoice UUID, 7 SHA-256 of the submitted XML (base64). Consumers must treat it as opaque.
 */
function buildQr(facts: InvoiceFacts, acceptedAt: string, digest: string): string {
  const fields: [number, string][] = [
    [1, facts.sellerName],
    [2, facts.sellerTin],
    [3, acceptedAt],
    [4, facts.payable],
    [5, facts.taxAmount],
    [6, facts.uuid],
    [7, digest],
  ];
  const parts = fields.map(([tag, value]) => {
    let bytes = Buffer.from(value, 'utf8');
    // One length byte: a long name is cut at a character boundary.
    for (let chars = [...value]; bytes.length > 255; chars = chars.slice(0, -1)) bytes = Buffer.from(chars.slice(0, -1).join(''), 'utf8');
    return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** Reads a simulator QR back into its tagged fields (tests, debugging). */
export function readSimulatorQr(qr: string): Record<number, string> {
  const bytes = Buffer.from(qr, 'base64');
  const fields: Record<number, string> = {};
  for (let i = 0; i + 2 <= bytes.length; ) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    fields[tag] = bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return fields;
}

/** Index just past the root element's start tag. */
function rootStartTagEnd(xml: string): number {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < xml.length && /\s/.test(xml[i]!)) i += 1;
    if (xml.startsWith('<?', i)) i = xml.indexOf('?>', i) + 2;
    else if (xml.startsWith('<!--', i)) i = xml.indexOf('-->', i) + 3;
    else if (xml.startsWith('<!', i)) {
      const subset = xml.indexOf('[', i);
      const close = xml.indexOf('>', i);
      i = subset !== -1 && subset < close ? xml.indexOf(']', subset) : i;
      i = xml.indexOf('>', i) + 1;
    } else break;
    if (i <= 0) throw new Error('Unterminated XML prolog');
  }
  let quote: string | null = null;
  for (let j = i + 1; j < xml.length; j += 1) {
    const c = xml[j]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j + 1;
  }
  throw new Error('The root start tag is not closed');
}

/**
 * The invoice with an enveloped XML-DSig signature in its UBLExtensions, where the portal puts
 * its own. The simulator's signature is NOT cryptographic evidence of anything: the digest is a
 * plain SHA-256 of the submitted bytes (no canonicalization), and the "signature value" an HMAC
 * under a random key that lives and dies with the process; there is no certificate. It only
 * gives the signed copy the right shape, and it stays valid against the UBL 2.1 XSD.
 */
function signInvoice(xml: string, digest: string, signingKey: Buffer): string {
  const signatureValue = createHmac('sha256', signingKey).update(digest).digest('base64');
  const extension = [
    `<ext:UBLExtension xmlns:ext="${jofotara.UBL_EXT_NAMESPACE}">`,
    '<ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>',
    '<ext:ExtensionContent>',
    '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="jofotara-simulator-signature">',
    '<ds:SignedInfo>',
    '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>',
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#hmac-sha256"/>',
    '<ds:Reference URI="">',
    '<ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></ds:Transforms>',
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>',
    `<ds:DigestValue>${digest}</ds:DigestValue>`,
    '</ds:Reference>',
    '</ds:SignedInfo>',
    `<ds:SignatureValue>${signatureValue}</ds:SignatureValue>`,
    '</ds:Signature>',
    '</ext:ExtensionContent>',
    '</ext:UBLExtension>',
  ].join('');
  const afterRoot = rootStartTagEnd(xml);
  // The schema allows one UBLExtensions, first in the Invoice: join it if the invoice has one.
  const existing = /<([A-Za-z_][\w.-]*:)?UBLExtensions(\s[^>]*)?>/.exec(xml.slice(afterRoot));
  if (existing && xml.slice(afterRoot, afterRoot + existing.index).trim() === '') {
    const at = afterRoot + existing.index + existing[0].length;
    return `${xml.slice(0, at)}${extension}${xml.slice(at)}`;
  }
  const block = `<ext:UBLExtensions xmlns:ext="${jofotara.UBL_EXT_NAMESPACE}">${extension}</ext:UBLExtensions>`;
  return `${xml.slice(0, afterRoot)}\n  ${block}${xml.slice(afterRoot)}`;
}

// ---------------------------------------------------------------------------------------------
// Replies

/**
 * Cross-check failures as EINV errors. The three codes seen live (#24) are used verbatim with
 * their live messages; the others follow the same camelCase naming.
 */
const CROSS_CHECK_ERRORS: Record<jofotara.CrossCheckName, { code: string; message: string }> = {
  line_extension_amount: { code: 'lineExtensionAmount', message: 'Line extension amount is incorrect' },
  taxable_amount: { code: 'taxableAmount', message: 'Taxable amount is incorrect' },
  rounding_amount: { code: 'roundingAmount', message: 'Rounding amount is incorrect' },
  tax_exclusive_amount: { code: 'totalExclusiveAmount', message: 'Total exclusive amount is incorrect' },
  tax_inclusive_amount: { code: 'totalInclusiveAmount', message: 'Total inclusive amount is incorrect' },
  payable_amount: { code: 'totalPayableAmount', message: 'Total payable amount is incorrect' },
  line_general_tax: { code: 'lineTaxAmount', message: 'Line tax amount is incorrect' },
  allowance_total_amount: { code: 'totalDiscountAmount', message: 'Total discount amount is incorrect' },
  document_tax_amount: { code: 'totalTaxAmount', message: 'Total tax amount is incorrect' },
  structure: { code: 'invoice-structure', message: 'Invoice structure is invalid' },
};

const XSD_VALID_INFO = {
  type: 'INFO',
  status: 'PASS',
  EINV_CODE: 'XSD_VALID',
  EINV_CATEGORY: 'XSD validation',
  EINV_MESSAGE: 'Complied with UBL 2.1 standards',
};

const einvError = (message: SimulatorMessage) => ({
  type: 'ERROR',
  status: 'ERROR',
  EINV_CODE: message.code,
  EINV_CATEGORY: message.category,
  EINV_MESSAGE: message.message,
});

function notSubmittedBody(errors: SimulatorMessage[], xsdValid: boolean) {
  return {
    EINV_RESULTS: { status: 'ERROR', INFO: xsdValid ? [XSD_VALID_INFO] : [], WARNINGS: [], ERRORS: errors.map(einvError) },
    EINV_STATUS: 'NOT_SUBMITTED',
    EINV_SINGED_INVOICE: null,
    EINV_QR: null,
    EINV_NUM: null,
    EINV_INV_UUID: null,
  };
}

function acceptedBody(status: 'SUBMITTED' | 'ALREADY_SUBMITTED', accepted: AcceptedInvoice) {
  return {
    EINV_RESULTS: { status: 'PASS', INFO: [XSD_VALID_INFO], WARNINGS: [], ERRORS: [] },
    EINV_STATUS: status,
    EINV_SINGED_INVOICE: accepted.signed_invoice,
    EINV_QR: accepted.qr,
    EINV_NUM: accepted.number,
    EINV_INV_UUID: accepted.uuid,
  };
}

function springError(status: number, path: string, now: Date) {
  return { timestamp: now.toISOString().replace('Z', '+00:00'), status, error: STATUS_CODES[status] ?? 'Error', path };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.writableEnded || res.destroyed) return;
  const isText = typeof body === 'string';
  const payload = body === undefined ? '' : isText ? body : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json' }),
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

class BodyTooLarge extends Error {}

function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Strict base64: what `Buffer.from(…, 'base64')` would silently repair is refused, as a Java decoder does. */
function decodeBase64(value: string): Buffer | null {
  const compact = value.replace(/[\r\n]/g, '');
  if (compact === '' || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

const last4 = (value: string) => value.slice(-4);

// ---------------------------------------------------------------------------------------------
// State

function emptyState(): SimulatorState {
  return { accepted: {}, submissions: [] };
}

function loadState(statePath: string | undefined): SimulatorState {
  if (!statePath || !existsSync(statePath)) return emptyState();
  try {
    const parsed = JSON.parse(readFileSync(statePath, 'utf8')) as Partial<SimulatorState>;
    return { accepted: parsed.accepted ?? {}, submissions: Array.isArray(parsed.submissions) ? parsed.submissions : [] };
  } catch (error) {
    throw new Error(`JoFotara simulator state ${statePath} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The simulator

export function createJofotaraSimulator(options: JofotaraSimulatorOptions = {}): JofotaraSimulator {
  const credentials: SimulatorCredential[] = [...(options.credentials ?? [SIMULATOR_DEFAULT_CREDENTIAL])];
  const xsdDir = options.xsdDir ?? DEFAULT_XSD_DIR;
  const rejectionStatus = options.rejectionStatus ?? 400;
  const now = options.now ?? (() => new Date());
  const signingKey = randomBytes(32);
  let state = loadState(options.statePath);
  const failures: InjectedFailure[] = [];
  const delays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let saving: Promise<void> = Promise.resolve();

  const persist = (): Promise<void> => {
    const statePath = options.statePath;
    if (!statePath) return Promise.resolve();
    const snapshot = JSON.stringify(state, null, 2);
    // Writes are chained so an older snapshot never lands after a newer one; rename makes each atomic.
    saving = saving.then(async () => {
      await mkdir(dirname(statePath), { recursive: true });
      const temporary = `${statePath}.${process.pid}.tmp`;
      await writeFile(temporary, snapshot);
      await rename(temporary, statePath);
    });
    return saving;
  };

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          delays.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      delays.add(entry);
    });

  const record = async (submission: Omit<SimulatorSubmission, 'sequence' | 'received_at'>, receivedAt: Date) => {
    const sequence = (state.submissions.at(-1)?.sequence ?? 0) + 1;
    state.submissions.push({ sequence, received_at: receivedAt.toISOString(), ...submission });
    if (state.submissions.length > MAX_LOGGED_SUBMISSIONS) state.submissions.splice(0, state.submissions.length - MAX_LOGGED_SUBMISSIONS);
    await persist();
  };

  const control: JofotaraSimulatorControl = {
    failNext(count, failure) {
      for (let i = 0; i < count; i += 1) failures.push({ ...failure });
    },
    async reset() {
      failures.length = 0;
      control.cancelDelays();
      state = emptyState();
      await persist();
    },
    submissions: () => state.submissions.map((submission) => ({ ...submission, errors: [...submission.errors] })),
    addCredential(credential) {
      credentials.push({ ...credential });
    },
    cancelDelays() {
      for (const entry of delays) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      delays.clear();
    },
  };

  async function submitInvoice(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): Promise<void> {
    const receivedAt = now();
    const clientId = header(req, 'client-id') ?? '';
    const secretKey = header(req, 'secret-key') ?? '';
    const credential = credentials.find((c) => c.clientId === clientId && c.secretKey === secretKey);
    if (!clientId || !secretKey || !credential) return send(res, 403, springError(403, path, receivedAt));

    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return send(res, 400, springError(400, path, receivedAt));
    }
    const encoded = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>).invoice : undefined;
    const decoded = typeof encoded === 'string' ? decodeBase64(encoded) : null;
    if (!decoded) return send(res, 400, springError(400, path, receivedAt));

    const base = { client_id_last4: last4(clientId), invoice_id: null, uuid: null, icv: null, track: null };
    const reject = async (errors: SimulatorMessage[], xsdValid: boolean, facts?: InvoiceFacts) => {
      await record(
        {
          ...base,
          ...(facts ? { invoice_id: facts.id, uuid: facts.uuid, icv: facts.icv, track: facts.track } : {}),
          status: 'NOT_SUBMITTED',
          http_status: rejectionStatus,
          errors,
        },
        receivedAt,
      );
      send(res, rejectionStatus, notSubmittedBody(errors, xsdValid));
    };

    let xml: string;
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(decoded);
    } catch {
      return reject([{ code: 'XSD_INVALID', category: 'XSD validation', message: 'Schema validation failed: the invoice is not UTF-8 text' }], false);
    }
    const schemaProblems = await validateUblInvoice(xml, xsdDir);
    if (schemaProblems.length) {
      const errors = schemaProblems.slice(0, 20).map((problem) => ({ code: 'XSD_INVALID', category: 'XSD validation', message: `Schema validation failed: ${problem}` }));
      return reject(errors, false);
    }

    const facts = invoiceFacts(xml);
    const failedChecks = jofotara.crossCheck(xml);
    if (failedChecks.length) {
      const seen = new Set<string>();
      const errors: SimulatorMessage[] = [];
      for (const failure of failedChecks) {
        const mapped = CROSS_CHECK_ERRORS[failure.check];
        if (seen.has(mapped.code)) continue;
        seen.add(mapped.code);
        const message = failure.check === 'structure' ? `${mapped.message}: ${failure.message}` : failure.line === undefined ? mapped.message : `${mapped.message} (line ${failure.line})`;
        errors.push({ code: mapped.code, category: 'invoice', message });
      }
      return reject(errors, true, facts);
    }

    if (credential.tracks && (!facts.track || !credential.tracks.includes(facts.track))) {
      return reject([{ code: 'invoice-persist', category: 'Invoice', message: 'invoice: This user is not authorized to submit this type of invoice.' }], true, facts);
    }

    const factsRecord = { ...base, invoice_id: facts.id, uuid: facts.uuid, icv: facts.icv, track: facts.track, errors: [] };
    const known = state.accepted[facts.uuid];
    if (known) {
      await record({ ...factsRecord, status: 'ALREADY_SUBMITTED', http_status: 200 }, receivedAt);
      return send(res, 200, acceptedBody('ALREADY_SUBMITTED', known));
    }

    const digest = createHash('sha256').update(decoded).digest('base64');
    const acceptedAt = receivedAt.toISOString();
    const accepted: AcceptedInvoice = {
      invoice_id: facts.id,
      uuid: facts.uuid,
      number: facts.id,
      qr: buildQr(facts, acceptedAt, digest),
      signed_invoice: Buffer.from(signInvoice(xml, digest, signingKey), 'utf8').toString('base64'),
      accepted_at: acceptedAt,
    };
    state.accepted[facts.uuid] = accepted;
    await record({ ...factsRecord, status: 'SUBMITTED', http_status: 200 }, receivedAt);
    send(res, 200, acceptedBody('SUBMITTED', accepted));
  }

  async function controlSurface(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const route = `${req.method} ${path.replace(/\/+$/, '')}`;
    const readJson = async (): Promise<Record<string, unknown>> => {
      const raw = (await readRequestBody(req)).toString('utf8');
      if (!raw.trim()) return {};
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SyntaxError('Expected a JSON object');
      return parsed as Record<string, unknown>;
    };
    const optionalInteger = (value: unknown, name: string, min: number, max: number): number | undefined => {
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new SyntaxError(`${name} must be an integer from ${min} to ${max}`);
      return value;
    };
    try {
      switch (route) {
        case 'POST /_simulator/fail': {
          const input = await readJson();
          const count = optionalInteger(input.count, 'count', 1, 1000) ?? 1;
          const status = optionalInteger(input.status, 'status', 100, 599);
          const delayMs = optionalInteger(input.delayMs, 'delayMs', 0, 600_000);
          control.failNext(count, { status, delayMs, body: input.body });
          return send(res, 200, { queued: failures.length });
        }
        case 'GET /_simulator/submissions': {
          const data = control.submissions();
          return send(res, 200, { data, count: data.length });
        }
        case 'POST /_simulator/reset':
          await control.reset();
          return send(res, 200, { message: 'Simulator reset' });
        case 'POST /_simulator/credentials': {
          const input = await readJson();
          const tracks = input.tracks;
          if (typeof input.client_id !== 'string' || !input.client_id || typeof input.secret_key !== 'string' || !input.secret_key) {
            throw new SyntaxError('client_id and secret_key are required strings');
          }
          if (tracks !== undefined && (!Array.isArray(tracks) || !tracks.every((t) => (jofotara.JOFOTARA_TRACKS as readonly unknown[]).includes(t)))) {
            throw new SyntaxError(`tracks must be a list of ${jofotara.JOFOTARA_TRACKS.join(', ')}`);
          }
          control.addCredential({ clientId: input.client_id, secretKey: input.secret_key, ...(tracks ? { tracks: tracks as JoFotaraTrack[] } : {}) });
          return send(res, 201, { message: 'Credential added' });
        }
        default:
          return send(res, 404, { message: 'Control routes: POST /_simulator/fail {count,status,delayMs,body}, GET /_simulator/submissions, POST /_simulator/reset, POST /_simulator/credentials {client_id,secret_key,tracks}' });
      }
    } catch (error) {
      if (error instanceof SyntaxError) return send(res, 400, { message: error.message });
      throw error;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://simulator').pathname;
    try {
      if (path.startsWith('/_simulator/') || path === '/_simulator') return await controlSurface(req, res, path);
      const isEndpoint = path.replace(/\/+$/, '') === JOFOTARA_INVOICES_PATH.replace(/\/+$/, '');
      if (!isEndpoint) {
        req.resume();
        return send(res, 404, springError(404, path, now()));
      }
      if (req.method === 'OPTIONS') {
        req.resume();
        return send(res, 204, undefined, { allow: 'POST, OPTIONS' });
      }
      if (req.method !== 'POST') {
        req.resume();
        return send(res, 405, req.method === 'HEAD' ? undefined : springError(405, path, now()), { allow: 'POST, OPTIONS' });
      }
      // The whole request arrives before any (slow) processing, as at the portal: a client that
      // times out during the delay still had its invoice delivered, and it is then processed.
      let body: Buffer;
      try {
        body = await readRequestBody(req);
      } catch (error) {
        if (error instanceof BodyTooLarge) return send(res, 413, springError(413, path, now()), { connection: 'close' });
        throw error;
      }
      const injected = failures.shift();
      if (injected) {
        if (injected.delayMs) await delay(injected.delayMs);
        if (injected.status !== undefined) return send(res, injected.status, injected.body ?? springError(injected.status, path, now()));
      }
      await submitInvoice(req, res, path, body);
    } catch (error) {
      send(res, 500, springError(500, path, now()));
      if (!(error instanceof Error && /ECONNRESET|aborted/i.test(error.message))) {
        console.error(`[jofotara-simulator] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
  }

  return { handle, control };
}

export interface StartedJofotaraSimulator {
  /** Base URL to put in JOFOTARA_BASE_URL, e.g. http://127.0.0.1:49152. */
  url: string;
  control: JofotaraSimulatorControl;
  stop(): Promise<void>;
}

/** Serves the simulator on `port` (a free one when absent) on 127.0.0.1. */
export async function startJofotaraSimulator(options: JofotaraSimulatorOptions & { port?: number; host?: string } = {}): Promise<StartedJofotaraSimulator> {
  const { port = 0, host = '127.0.0.1', ...simulatorOptions } = options;
  const simulator = createJofotaraSimulator(simulatorOptions);
  const server = createServer((req, res) => void simulator.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    control: simulator.control,
    stop: () =>
      new Promise<void>((resolve) => {
        simulator.control.cancelDelays();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

