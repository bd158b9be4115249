/**
 * The JoFotara portal client: one POST of one invoice, and an exact reading of the reply
 * (JORDAN.md §1.2; live replies in shared/jordan/responses).
 *
 *   POST <base>/core/invoices/   Client-Id, Secret-Key, Content-Type: application/json
 *   {"invoice": "<base64 of the UTF-8 UBL 2.1 XML>"}
 *
 * Replies carry EINV_RESULTS {status, INFO, WARNINGS, ERRORS[{type, status, EINV_CODE,
 * EINV_CATEGORY, EINV_MESSAGE}]}, EINV_STATUS (SUBMITTED | ALREADY_SUBMITTED | NOT_SUBMITTED),
 * EINV_SINGED_INVOICE (sic, base64 of the signed XML), EINV_QR, EINV_NUM and EINV_INV_UUID.
 *
 * The credentials go only into the two request headers: nothing here logs, and no result or
 * error message repeats them.
 */

export const JOFOTARA_PRODUCTION_BASE_URL = 'https://backend.jofotara.gov.jo';
export const JOFOTARA_INVOICES_PATH = '/core/invoices/';
/** Odoo waits 50 s, the community clients 30 s (JORDAN.md §1.2). */
export const DEFAULT_PORTAL_TIMEOUT_MS = 30_000;

/** The portal's base URL for this deployment: JOFOTARA_BASE_URL, or production. */
export function portalBaseUrl(): string {
  return process.env.JOFOTARA_BASE_URL?.trim() || JOFOTARA_PRODUCTION_BASE_URL;
}

/**
 * The invoice endpoint under a base URL. A base that already names the endpoint (as some
 * configurations copy it from the ISTD guide) is taken as it is.
 */
export function portalInvoicesUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/core/invoices') ? `${path}/` : `${path}${JOFOTARA_INVOICES_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

export interface PortalMessage {
  /** EINV_CODE, e.g. `totalInclusiveAmount`, `invoice-persist`, `XSD_INVALID`. */
  code: string;
  /** EINV_CATEGORY, e.g. `invoice`, `XSD validation`. */
  category: string;
  /** EINV_MESSAGE as the portal wrote it. */
  message: string;
}

/** The reply, parsed JSON when it was JSON, the text otherwise. */
export type PortalRaw = unknown;

export type PortalResult =
  | {
      kind: 'submitted';
      /** EINV_INV_UUID; the invoice's own UUID. Null only if the portal left it out. */
      uuid: string | null;
      /** EINV_NUM. */
      number: string | null;
      /** EINV_QR: the string to print as a QR image on the invoice. */
      qr: string | null;
      /** EINV_SINGED_INVOICE decoded from base64 to XML text. */
      signedXml: string | null;
      warnings: PortalMessage[];
      raw: PortalRaw;
    }
  | {
      /**
       * The portal already holds this ID + UUID: an earlier attempt went through (typically one
       * whose reply was lost to a timeout). Counts as accepted; the EINV_* fields, when the portal
       * repeats them, are the stored ones.
       */
      kind: 'already_submitted';
      uuid: string | null;
      number: string | null;
      qr: string | null;
      signedXml: string | null;
      raw: PortalRaw;
    }
  | { kind: 'rejected'; status: number; errors: PortalMessage[]; warnings: PortalMessage[]; raw: PortalRaw }
  | { kind: 'auth_failed'; status: 401 | 403; raw: PortalRaw }
  /** A 4xx that is not a JoFotara rejection: the request itself was refused (400 usually). */
  | { kind: 'bad_request'; status: number; raw: PortalRaw }
  /**
   * The outcome is unknown or transient; resend the same XML (same UUID and ICV): a copy that did
   * arrive comes back as ALREADY_SUBMITTED. `unexpected_reply` is a 2xx whose body is not the
   * portal's (a proxy or maintenance page); `throttled` is 429.
   */
  | {
      kind: 'retryable';
      reason: 'timeout' | '5xx' | 'network' | 'throttled' | 'unexpected_reply';
      status?: number;
      raw?: PortalRaw;
    };

export interface SubmitToPortalInput {
  baseUrl: string;
  clientId: string;
  secretKey: string;
  /** The UBL 2.1 invoice, UTF-8 text. */
  xml: string;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function messagesOf(list: unknown): PortalMessage[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((entry) => ({
    code: String(entry.EINV_CODE ?? entry.code ?? ''),
    category: String(entry.EINV_CATEGORY ?? entry.category ?? ''),
    message: String(entry.EINV_MESSAGE ?? entry.message ?? ''),
  }));
}

/** EINV_SINGED_INVOICE is base64 of the signed XML; anything that does not decode to XML is dropped. */
function decodeSignedInvoice(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  const text = Buffer.from(compact, 'base64').toString('utf8').replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? text : null;
}

/** True for a body in the portal's EINV_* shape. */
function isPortalReply(body: unknown): body is Json {
  return isObject(body) && (typeof body.EINV_STATUS === 'string' || isObject(body.EINV_RESULTS));
}

/**
 * Reads a reply in the portal's shape. EINV_STATUS says what happened to the invoice, so it
 * decides; EINV_RESULTS.status only breaks the tie when EINV_STATUS is missing.
 */
function interpretPortalReply(status: number, body: Json): PortalResult {
  const results = isObject(body.EINV_RESULTS) ? body.EINV_RESULTS : {};
  const errors = messagesOf(results.ERRORS);
  const warnings = messagesOf(results.WARNINGS);
  const accepted = {
    uuid: stringOrNull(body.EINV_INV_UUID),
    number: stringOrNull(body.EINV_NUM),
    qr: stringOrNull(body.EINV_QR),
    signedXml: decodeSignedInvoice(body.EINV_SINGED_INVOICE),
  };
  const einvStatus = typeof body.EINV_STATUS === 'string' ? body.EINV_STATUS.trim().toUpperCase() : '';
  if (einvStatus === 'ALREADY_SUBMITTED') return { kind: 'already_submitted', ...accepted, raw: body };
  if (einvStatus === 'SUBMITTED') {
    // The portal recorded the invoice; errors beside that status cannot undo it, so they are shown as warnings.
    return { kind: 'submitted', ...accepted, warnings: [...warnings, ...errors], raw: body };
  }
  if (einvStatus === '') {
    const resultStatus = typeof results.status === 'string' ? results.status.toUpperCase() : '';
    if ((resultStatus === 'PASS' || resultStatus === 'SUCCESS') && errors.length === 0 && accepted.qr) {
      return { kind: 'submitted', ...accepted, warnings, raw: body };
    }
  }
  return { kind: 'rejected', status, errors, warnings, raw: body };
}

async function readBody(response: Response): Promise<PortalRaw> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * Sends one invoice to the portal and says what became of it. Never throws for anything the
 * network or the portal does; only a malformed `baseUrl` throws (a configuration error).
 */
export async function submitToPortal(input: SubmitToPortalInput): Promise<PortalResult> {
  const url = portalInvoicesUrl(input.baseUrl);
  const timeoutMs = input.timeoutMs ?? DEFAULT_PORTAL_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'Client-Id': input.clientId,
          'Secret-Key': input.secretKey,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({ invoice: Buffer.from(input.xml, 'utf8').toString('base64') }),
        signal: controller.signal,
        // Following a redirect would resend the credentials to wherever it points.
        redirect: 'error',
      });
    } catch (error) {
      return { kind: 'retryable', reason: isAbort(error) || controller.signal.aborted ? 'timeout' : 'network' };
    }

    let raw: PortalRaw;
    try {
      raw = await readBody(response);
    } catch (error) {
      // The headers came but the body did not: whether the invoice was recorded is unknown.
      return { kind: 'retryable', reason: isAbort(error) || controller.signal.aborted ? 'timeout' : 'network', status: response.status };
    }

    const status = response.status;
    if (status === 401 || status === 403) return { kind: 'auth_failed', status, raw };
    if (status >= 500) return { kind: 'retryable', reason: '5xx', status, raw };
    if (status === 408) return { kind: 'retryable', reason: 'timeout', status, raw };
    if (status === 429) return { kind: 'retryable', reason: 'throttled', status, raw };
    if (isPortalReply(raw)) return interpretPortalReply(status, raw);
    if (status >= 400) return { kind: 'bad_request', status, raw };
    return { kind: 'retryable', reason: 'unexpected_reply', status, raw };
  } finally {
    clearTimeout(timer);
  }
}
