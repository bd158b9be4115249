/**
 * Domain errors: what went wrong, in the words of the business (not found, conflict, invalid
 * input), without HTTP. Domain modules (db/, ledger/, documents/, every resource's logic) throw
 * these; the request pipeline maps each kind to its HTTP status once (http/errors.ts), and a
 * queue consumer or script can tell a refusal from a crash the same way.
 *
 * `detail` is what the caller is told: a sentence, or for invalid input the list of issues with
 * their location (`loc`, FastAPI's shape), so screens can match a message to its field by `loc`
 * and `type`, never by its English text.
 */
export interface ValidationIssue { loc: (string | number)[]; msg: string; type: string }

export type ErrorKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid'
  | 'too_many_requests'
  | 'upstream_failed'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly detail: string | ValidationIssue[],
    /** Facts a transport may pass on (a retry delay, an authentication challenge). */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((d) => d.msg).join('; '));
    this.name = new.target.name;
  }
}

export class BadRequest extends DomainError { constructor(detail: string) { super('bad_request', detail); } }
export class Unauthorized extends DomainError {
  constructor(detail = 'Could not validate credentials') { super('unauthenticated', detail, { 'WWW-Authenticate': 'Bearer' }); }
}
export class Forbidden extends DomainError {
  constructor(detail = "The user doesn't have enough privileges") { super('forbidden', detail); }
}
export class NotFound extends DomainError { constructor(detail = 'Not found') { super('not_found', detail); } }
export class MethodNotAllowed extends DomainError { constructor() { super('method_not_allowed', 'Method Not Allowed'); } }
export class Conflict extends DomainError { constructor(detail: string) { super('conflict', detail); } }
export class Gone extends DomainError { constructor(detail: string) { super('gone', detail); } }
export class PayloadTooLarge extends DomainError { constructor(detail = 'Request body too large') { super('payload_too_large', detail); } }
export class UnsupportedMediaType extends DomainError { constructor(detail: string) { super('unsupported_media_type', detail); } }
export class TooManyRequests extends DomainError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super('too_many_requests', detail, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});
  }
}
export class ValidationError extends DomainError { constructor(readonly issues: ValidationIssue[]) { super('invalid', issues); } }
/** A service Daftar depends on (the mailer, …) refused or failed: nothing was changed. */
export class UpstreamFailed extends DomainError { constructor(detail: string) { super('upstream_failed', detail); } }
/** A service Daftar depends on (a queue, …) cannot be reached now: nothing was changed, try again. */
export class Unavailable extends DomainError { constructor(detail: string) { super('unavailable', detail); } }

/** One invalid field: the usual single-issue validation error. */
export const invalidField = (loc: (string | number)[], msg: string, type = 'value_error') => new ValidationError([{ loc, msg, type }]);
