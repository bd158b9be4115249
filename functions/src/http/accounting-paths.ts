/**
 * SPEC §7 lists several organization routes twice: once as `…/{organization_id}/<path>` and again
 * as `…/{organization_id}/accounting/<path>`, answering identically. A handler writes each route
 * once and lets `alsoUnderAccounting` add the accounting-prefixed copies (the same route objects).
 */
import type { AnyRouteDef } from './api.js';

const ORG = '/api/v1/organizations/{organization_id}';
type Org = typeof ORG;

/** `GET …/{organization_id}/contacts` → `GET …/{organization_id}/accounting/contacts`. */
export type UnderAccounting<K> = K extends `${infer Method} ${Org}/${infer Rest}` ? `${Method} ${Org}/accounting/${Rest}` : never;

/** The given routes, and the same routes again under `…/{organization_id}/accounting/`. */
export function alsoUnderAccounting<D extends Record<string, AnyRouteDef>>(defs: D): D & { [K in keyof D as UnderAccounting<K>]: D[K] } {
  const copies = Object.entries(defs).map(([key, def]) => [underAccounting(key), def] as const);
  return { ...defs, ...Object.fromEntries(copies) } as D & { [K in keyof D as UnderAccounting<K>]: D[K] };
}

function underAccounting<K extends string>(key: K): UnderAccounting<K> {
  const [method, path] = key.split(' ') as [string, string];
  if (!path.startsWith(`${ORG}/`)) throw new Error(`${key}: only organization routes stand again under accounting/`);
  return `${method} ${ORG}/accounting/${path.slice(ORG.length + 1)}` as UnderAccounting<K>;
}

