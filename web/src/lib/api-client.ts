import { STORAGE_KEYS, storage } from './storage';

export const API_PREFIX = '/api/v1';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (sign-in). */
  form?: Record<string, string>;
  /** A multipart body (file uploads). */
  formData?: FormData;
  /** Sent as X-Organization-ID: every organization-scoped call carries it (SPEC §6). */
  organizationId?: string | null;
  signal?: AbortSignal;
  /** Called with the share of the body sent so far (0–1); uploads report progress this way. */
  onUploadProgress?: (fraction: number) => void;
  /** Extra request headers, e.g. `Idempotency-Key` on calls that move money (ARCHITECTURE §4). */
  headers?: Record<string, string>;
}

/**
 * A non-2xx answer. `body` is the parsed response (`{detail}` from this API); `detail` is the
 * text a person should read, or null when the server gave none we can show.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(`${status} ${statusText}`);
    this.name = 'ApiError';
  }

  get detail(): string | null {
    return detailText(this.body);
  }
}

/**
 * SPEC §8: a `detail` string is shown as is; a `detail` list (validation) shows its first entry's
 * `msg`; anything else has no server text.
 */
export function detailText(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('detail' in body)) return null;
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const first: unknown = detail[0];
    if (first && typeof first === 'object' && 'msg' in first && typeof first.msg === 'string' && first.msg.trim()) return first.msg;
    if (typeof first === 'string' && first.trim()) return first;
  }
  return null;
}

/** The status of a failed call, or null when the request never got an answer. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

let onUnauthorized: (() => void) | null = null;

/** The app decides what a rejected token means (local sign-out); the client only reports it. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>) {
  const url = `${API_PREFIX}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

interface RawResponse { status: number; statusText: string; contentType: string; text: string }

function parseBody({ status, contentType, text }: RawResponse): unknown {
  if (status === 204 || !text) return undefined;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function sendWithFetch(url: string, init: RequestInit): Promise<RawResponse> {
  const response = await fetch(url, init);
  return { status: response.status, statusText: response.statusText, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** fetch cannot report upload progress; XMLHttpRequest can, with the same headers and cookies. */
function sendWithProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', url);
    xhr.withCredentials = true;
    (init.headers as Headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => { if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total); };
    xhr.onload = () => {
      onProgress(1);
      resolve({ status: xhr.status, statusText: xhr.statusText, contentType: xhr.getResponseHeader('content-type') ?? '', text: xhr.responseText });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/**
 * The one way the SPA talks to the API: bearer token when signed in, the organization header on
 * organization-scoped calls, cookies included (requests may be cross-site, SPEC §9).
 */
function requestHeaders(options: RequestOptions, accept: string) {
  const headers = new Headers({ ...options.headers, Accept: accept });
  const token = storage.get(STORAGE_KEYS.accessToken);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.organizationId) headers.set('X-Organization-ID', options.organizationId);
  return { headers, token };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { headers, token } = requestHeaders(options, 'application/json');

  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  const url = buildUrl(path, options.query);
  const init: RequestInit = {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  };
  const response = options.onUploadProgress ? await sendWithProgress(url, init, options.onUploadProgress) : await sendWithFetch(url, init);
  const parsed = parseBody(response);
  if (response.status < 200 || response.status >= 300) {
    if (response.status === 401 && token) onUnauthorized?.();
    throw new ApiError(response.status, response.statusText, parsed);
  }
  return parsed as T;
}

/** A file the API answers with (PDF, export): the bytes and the name its Content-Disposition gives. */
export interface Download {
  blob: Blob;
  filename: string | null;
}

const filenameOf = (disposition: string | null) => {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
};

/**
 * A file from the API with the same credentials and headers as every call (GET, or POST with a JSON
 * body); errors as ApiError. An export too large for a Lambda reply comes back as JSON naming a
 * presigned S3 URL (`download_url`, `file_name`): that URL is fetched without credentials (S3
 * authenticates by the signature) and saved under the given name.
 */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'form' | 'formData'> & { method?: 'GET' | 'POST' } = {},
): Promise<Download> {
  const { headers, token } = requestHeaders(options, '*/*');
  let body: string | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await fetch(buildUrl(path, options.query), { method, headers, body, credentials: 'include', signal: options.signal });
  if (!response.ok) {
    const text = await response.text();
    const parsed = parseBody({ status: response.status, statusText: response.statusText, contentType: response.headers.get('content-type') ?? '', text });
    if (response.status === 401 && token) onUnauthorized?.();
    throw new ApiError(response.status, response.statusText, parsed);
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const presigned = (await response.json()) as { download_url?: string; file_name?: string };
    if (presigned.download_url) {
      const file = await fetch(presigned.download_url, { signal: options.signal });
      if (!file.ok) throw new ApiError(file.status, file.statusText, { detail: 'The export could not be downloaded from storage' });
      return { blob: await file.blob(), filename: presigned.file_name ?? null };
    }
    return { blob: new Blob([JSON.stringify(presigned)], { type: 'application/json' }), filename: filenameOf(response.headers.get('content-disposition')) };
  }
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

/** Offers a downloaded file to the person as a save, under its name. */
export function saveDownload({ blob, filename }: Download, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'PATCH' }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A list answer (ARCHITECTURE §4). */
export interface ListResponse<T> {
  data: T[];
  count: number;
}

/** Path segment from a value the user typed or the server gave. */
export const segment = (value: string) => encodeURIComponent(value);
