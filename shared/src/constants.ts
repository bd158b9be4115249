export const API_VERSION = '0.1.0';
export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;
/** Largest JSON or form body a route accepts; file uploads have their own limit. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Uploaded files: 4 MiB, and only these content types. Uploads pass through API Gateway to Lambda,
 * whose request payload limit is 6 MB after base64 encoding (4 MiB becomes ~5.6 MB with the
 * multipart envelope). Larger files would need presigned uploads straight to S3.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'text/csv',
  'text/plain',
  'application/json',
  'application/xml',
  'text/xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/zip',
] as const;
/** Sign-in throttle: this many failures inside the window answer 429 until it passes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const EMAIL_CODE_TTL_SECONDS = 15 * 60;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const INVITATION_TTL_DAYS = 7;
