/**
 * Typed HTTP errors, mapped to responses once (in http/api.ts). Bodies are FastAPI-compatible:
 * `{"detail": "message"}`, or for validation `{"detail": [{loc, msg, type}]}`.
 */
export interface ValidationIssue { loc: (string | number)[]; msg: string; type: string }

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((d) => d.msg).join('; '));
  }
}

export class BadRequest extends HttpError { constructor(detail: string) { super(400, detail); } }
export class Unauthorized extends HttpError {
  constructor(detail = 'Could not validate credentials') { super(401, detail, { 'WWW-Authenticate': 'Bearer' }); }
}
export class Forbidden extends HttpError {
  constructor(detail = "The user doesn't have enough privileges") { super(403, detail); }
}
export class NotFound extends HttpError { constructor(detail = 'Not found') { super(404, detail); } }
export class MethodNotAllowed extends HttpError { constructor() { super(405, 'Method Not Allowed'); } }
export class Conflict extends HttpError { constructor(detail: string) { super(409, detail); } }
export class Gone extends HttpError { constructor(detail: string) { super(410, detail); } }
export class PayloadTooLarge extends HttpError { constructor(detail = 'Request body too large') { super(413, detail); } }
export class UnsupportedMediaType extends HttpError { constructor(detail: string) { super(415, detail); } }
export class TooManyRequests extends HttpError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super(429, detail, retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {});
  }
}
export class ValidationError extends HttpError { constructor(issues: ValidationIssue[]) { super(422, issues); } }
