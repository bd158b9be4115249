/**
 * HTTP's view of the domain errors (platform/errors.ts): the one place a kind of error becomes a
 * status code. Bodies are FastAPI-compatible: `{"detail": "message"}`, or for validation
 * `{"detail": [{loc, msg, type}]}` (http/api.ts writes them).
 */
import { DomainError, type ErrorKind } from '../platform/errors.js';

export * from '../platform/errors.js';
/** Kept for `instanceof` checks in the pipeline and tests: every refusal is a DomainError. */
export { DomainError as HttpError } from '../platform/errors.js';

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  too_many_requests: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/** The HTTP status of a domain error. */
export const statusOf = (error: DomainError): number => STATUS[error.kind];
