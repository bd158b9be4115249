/** What the benches ask of an API answer (bench/api.ts `call`). */
import type { HttpResponseLike } from '../infra/local/apigw.js';

/** The answer's JSON body (null when it has none). */
export function jsonOf(res: HttpResponseLike): any {
  const text = res.body.toString('utf8');
  return text ? JSON.parse(text) : null;
}

/** The answer's JSON body, or an error naming what was asked when it is not a success. */
export function ok(res: HttpResponseLike, what: string): any {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
  return jsonOf(res);
}
