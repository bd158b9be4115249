/**
 * CloudFront Functions (cloudfront-js-2.0) of the distribution, as source text so the tests can
 * run the same code they deploy.
 */

/**
 * `/api/*` viewer requests: drop trailing slashes. API Gateway HTTP APIs match paths exactly,
 * the route table is written without trailing slashes, and the spec's clients write collection
 * paths with one (`/invoices/`). Normalizing here costs no API routes (see docs/infrastructure.md).
 */
export const API_PATH_NORMALIZER = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') {
    request.uri = uri.replace(/\\/+$/, '') || '/';
  }
  return request;
}`;

/**
 * Default-behaviour viewer requests: a path whose last segment has no file extension is a
 * client-side route of the SPA and is answered with /index.html. Done per request rather than
 * with distribution-wide custom error responses, which would also rewrite the API's own 403 and
 * 404 answers into the HTML page.
 */
export const SPA_ROUTE_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
