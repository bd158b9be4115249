import middy, { type MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { hasRank, type Role } from '@daftar/shared';
import { routeTable, type ResourceName, type RouteKey } from '../routes.js';
import { config } from '../platform/config.js';
import { withCallCache } from '../platform/call-cache.js';
import { readingAhead } from '../db/get-together.js';
import { logger, setCorrelationId } from '../platform/logger.js';
import { parseBody, type BodyType, type UploadedFile } from './body.js';
import { BadRequest, Forbidden, HttpError, MethodNotAllowed, NotFound, Unauthorized, ValidationError, statusOf, type ValidationIssue } from './errors.js';
import { resolvePrincipal, type Principal } from './principal.js';
import { writeAudit, type AuditActor, type AuditEntry } from './audit.js';
import { compileRoutes, matchRoute } from './router.js';

/**
 * Who may call a route. `{ org: role }` routes act inside one organization (path or
 * X-Organization-ID header) and need at least that role there.
 */
export type Access = 'public' | 'user' | 'superuser' | { org: Role };

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<B = unknown, Q = unknown> {
  event: APIGatewayProxyEventV2;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Q;
  body: B;
  files: UploadedFile[];
  headers: Record<string, string | undefined>;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
  principal: Principal | null;
  /** Set on `{ org }` routes: the organization acted in and the caller's role there. */
  organizationId: string | null;
  role: Role | null;
  /** Records what this call changed; written to the audit log once the call succeeds. */
  audit(entry: AuditEntry): void;
  actor(): AuditActor;
}

export interface RouteDef<B extends Schema = Schema, Q extends Schema = Schema> {
  access: Access;
  summary?: string;
  body?: B;
  bodyType?: BodyType;
  /** Largest accepted body in bytes (defaults to MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  query?: Q;
  /** Response schema, for the OpenAPI document. */
  response?: z.ZodType;
  status?: number;
  /**
   * `false`: no generic record when the route recorded nothing (it writes its own audit records —
   * postings inside their transaction — or changes nothing worth recording); what it gives
   * `ctx.audit` is still written.
   */
  autoAudit?: boolean;
  /**
   * The reads the handler will make, started beside the caller's authentication (one round trip
   * for both: the principal's items and these go in one BatchGetItem, db/get-together.ts
   * `readingAhead`). Called once the caller's token has verified and the body has validated,
   * with the validated body; whatever it answers or throws is ignored, and the handler's own reads
   * of the same keys take what it read. Only for reads whose keys the request alone gives.
   */
  readAhead?: (request: { organizationId: string; params: Record<string, string>; headers: Record<string, string | undefined>; body: Out<B> }) => unknown;
  handler: (ctx: RouteContext<Out<B>, Out<Q>>) => Promise<unknown>;
}

/** A response other than 200 JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
  static json(status: number, body: unknown) { return new Reply(status, body); }
  static html(html: string, status = 200) { return new Reply(status, html, { 'content-type': 'text/html; charset=utf-8' }); }
  static binary(content: Buffer, contentType: string, filename?: string) {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (filename) headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
    return new Reply(200, content, headers);
  }
  static redirect(location: string) { return new Reply(302, '', { location }); }
}

/** The signed-in person behind a call; a call made with an API key is refused (403, `why`). */
export function signedInPrincipal(ctx: RouteContext<unknown, unknown>, why = 'This call needs a signed-in user, not an API key') {
  if (!ctx.principal) throw new Unauthorized();
  if (ctx.principal.kind !== 'user') throw new Forbidden(why);
  return ctx.principal;
}
export const signedInUser = (ctx: RouteContext<unknown, unknown>, why?: string) => signedInPrincipal(ctx, why).user;

export const route = <B extends Schema = undefined, Q extends Schema = undefined>(def: RouteDef<B, Q>) => def;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteDef = RouteDef<any, any>;
export type RouteDefs<R extends ResourceName> = { [K in RouteKey<R>]: AnyRouteDef };

/**
 * Declares a resource's implementations; the type demands exactly the table's routes, also when
 * the definitions are built rather than written out (a key the table lacks is `never`).
 */
export function defineRoutes<R extends ResourceName, D extends RouteDefs<R> = RouteDefs<R>>(resource: R, defs: D & Record<Exclude<keyof D, RouteKey<R>>, never>) {
  return { resource, defs: defs as RouteDefs<R> };
}
export type ResourceRoutes = ReturnType<typeof defineRoutes<ResourceName>>;
/** A resource's definitions, all at once (`defineRoutes`), whatever the resource. */
export interface DeclaredRoutes { resource: ResourceName; defs: Record<string, AnyRouteDef> }

/**
 * Some of a resource's routes, in a module of their own: what a lazily loaded route group
 * (`routeGroups`) exports as `routes`. The type admits only the table's keys of the resource.
 */
export function defineRouteGroup<R extends ResourceName, D extends Partial<RouteDefs<R>> = Partial<RouteDefs<R>>>(resource: R, defs: D & Record<Exclude<keyof D, RouteKey<R>>, never>) {
  return { resource, defs: defs as Record<string, AnyRouteDef> };
}

/** What a route group's module exports: its definitions (`defineRouteGroup`). */
type GroupModule = () => Promise<{ routes: { resource: ResourceName; defs: Record<string, AnyRouteDef> } }>;

/** A route group as declared: which of the resource's routes it takes, and the module that implements them. */
export interface RouteGroupSpec<R extends ResourceName = ResourceName> {
  /** The routes of the route table this group takes, by key; the one group without it takes the rest. */
  takes?: (key: RouteKey<R>) => boolean;
  load: GroupModule;
}

/** A route group with its keys resolved from the route table. */
export interface RouteGroup {
  keys: readonly string[];
  load: GroupModule;
}

/**
 * A resource whose routes are loaded group by group, on the first request that needs each
 * (issue #13). A Lambda's cold start then compiles and runs the request pipeline and the route
 * keys only; the first call of a route loads its group's module — its schemas, its domain code
 * and the entities those use — and keeps it for the life of the instance. A listing of tills
 * no longer pays for the sale's posting engine, promotions and loyalty rules. Groups are chosen
 * by what their code pulls in: routes that share most of their modules belong together. Each
 * group names the routes it takes from the route table (the first group that takes a key gets
 * it), and exactly one takes the rest, so every route of the table has exactly one group.
 */
export function routeGroups<R extends ResourceName>(resource: R, specs: RouteGroupSpec<R>[]) {
  const rest = specs.filter((spec) => !spec.takes);
  if (rest.length !== 1) throw new Error(`${resource}: exactly one route group takes the routes the others do not`);
  const keys = specs.map((): string[] => []);
  for (const key of routeTable[resource].routes as readonly RouteKey<R>[]) {
    const taker = specs.findIndex((spec) => spec.takes?.(key));
    keys[taker >= 0 ? taker : specs.indexOf(rest[0]!)]!.push(key);
  }
  const empty = keys.findIndex((k) => !k.length);
  if (empty >= 0) throw new Error(`${resource}: route group ${empty + 1} takes no route`);
  return { resource, groups: specs.map((spec, i): RouteGroup => ({ keys: keys[i]!, load: spec.load })) };
}
export type GroupedRoutes = ReturnType<typeof routeGroups<ResourceName>>;

/**
 * Every definition of a resource, whether declared at once or in groups (the OpenAPI document
 * and the tests need them all). A group whose module does not define exactly its keys is an
 * error: the router would otherwise send a request to a module that cannot answer it.
 */
export async function routeDefinitions(routes: DeclaredRoutes | GroupedRoutes): Promise<DeclaredRoutes> {
  if ('defs' in routes) return routes;
  const defs: Record<string, AnyRouteDef> = {};
  for (const group of routes.groups) {
    const { routes: loaded } = await group.load();
    checkGroup(routes.resource, group, loaded);
    Object.assign(defs, loaded.defs);
  }
  // In the route table's order, whatever the grouping (the OpenAPI document lists them so).
  const ordered = Object.fromEntries(routeTable[routes.resource].routes.filter((key) => defs[key]).map((key) => [key, defs[key]!]));
  return { resource: routes.resource, defs: { ...ordered, ...defs } };
}

function checkGroup(resource: ResourceName, group: RouteGroup, loaded: { resource: ResourceName; defs: Record<string, AnyRouteDef> }) {
  const declared = [...group.keys].sort().join('\n');
  const defined = Object.keys(loaded.defs).sort().join('\n');
  if (loaded.resource !== resource || declared !== defined) {
    throw new Error(`${resource}: a route group defines ${Object.keys(loaded.defs).join(', ')} (${loaded.resource}) but declares ${group.keys.join(', ')}`);
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function zodIssues(error: z.ZodError, source: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [source, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

export function validate<S extends z.ZodType>(schema: S, value: unknown, source: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(zodIssues(result.error, source));
  return result.data;
}

function lowerHeaders(headers: APIGatewayProxyEventV2['headers']) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}

export function errorResponse(err: unknown): APIGatewayProxyStructuredResultV2 {
  if (err instanceof HttpError) {
    const status = statusOf(err);
    return {
      statusCode: status,
      headers: { 'content-type': 'application/json', ...err.headers },
      body: JSON.stringify({ detail: err.detail }),
    };
  }
  logger.error('unhandled error', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  return { statusCode: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ detail: 'Internal Server Error' }) };
}

function toResponse(result: unknown, def: AnyRouteDef): APIGatewayProxyStructuredResultV2 {
  if (result instanceof Reply) {
    if (Buffer.isBuffer(result.body)) {
      return { statusCode: result.status, headers: result.headers, body: result.body.toString('base64'), isBase64Encoded: true };
    }
    if (typeof result.body === 'string') return { statusCode: result.status, headers: result.headers, body: result.body };
    return {
      statusCode: result.status,
      headers: { 'content-type': 'application/json', ...result.headers },
      body: JSON.stringify(result.body),
    };
  }
  return { statusCode: def.status ?? 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result ?? null) };
}

async function authorize(def: AnyRouteDef, principal: Principal | null, organizationId: string | null): Promise<Role | null> {
  const access = def.access;
  if (access === 'public') return null;
  if (!principal) throw new Unauthorized('Not authenticated');
  if (access === 'user' || access === 'superuser') {
    if (principal.kind !== 'user') throw new Forbidden('API keys can only call organization routes');
    if (access === 'superuser' && !principal.user.is_superuser) throw new Forbidden();
    return null;
  }
  // Organization routes: another organization's resources answer 404, as missing ones do.
  if (principal.kind === 'api_key') {
    if (principal.membership.organization_id !== organizationId) throw new NotFound('Organization not found');
  }
  let role: Role | null = principal.membership?.role ?? null;
  if (!role && principal.kind === 'user' && principal.user.is_superuser) role = 'owner';
  if (!role) throw new NotFound('Organization not found');
  if (!hasRank(role, access.org)) throw new Forbidden();
  return role;
}

/**
 * Behind CloudFront, API Gateway's source IP is the edge's; CloudFront forwards the viewer's
 * address in CloudFront-Viewer-Address ("ip:port"), which per-IP limits and audit records need.
 */
function clientIp(event: APIGatewayProxyEventV2, headers: Record<string, string | undefined>): string | null {
  const viewer = headers['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return event.requestContext.http.sourceIp ?? null;
}

function organizationOf(def: AnyRouteDef, params: Record<string, string>, headers: Record<string, string | undefined>) {
  if (typeof def.access !== 'object') return null;
  const fromPath = params.organization_id;
  const fromHeader = headers['x-organization-id']?.trim() || undefined;
  if (fromPath && fromHeader && fromPath !== fromHeader) {
    throw new BadRequest('X-Organization-ID header does not match the organization in the path');
  }
  const id = fromPath ?? fromHeader;
  if (!id) throw new BadRequest('X-Organization-ID header is required');
  return id;
}

/**
 * A route that sends its own `content-security-policy` (a Reply header, lower case: the API
 * reference page, meta/handler.ts) keeps it. Every other HTML answer gets the security headers'
 * strict default (`default-src 'none'`, `sandbox`), under which a page can run no script and load
 * no style of its own.
 */
const routeContentSecurityPolicy: MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> = {
  after: async (request) => {
    const headers = request.response?.headers;
    const own = headers?.['content-security-policy'];
    if (!headers || own === undefined) return;
    delete headers['content-security-policy'];
    headers['Content-Security-Policy'] = own;
  },
};

/** A route's definition, or how to load it (its group's module, imported once per instance). */
type DefinitionSource = AnyRouteDef | (() => Promise<AnyRouteDef>);

function definitionSources(routes: DeclaredRoutes | GroupedRoutes): Map<string, DefinitionSource> {
  if ('defs' in routes) return new Map(Object.entries(routes.defs));
  const sources = new Map<string, DefinitionSource>();
  for (const group of routes.groups) {
    let loading: Promise<Record<string, AnyRouteDef>> | undefined;
    const load = () => (loading ??= group.load().then(({ routes: loaded }) => {
      checkGroup(routes.resource, group, loaded);
      return loaded.defs;
    }).catch((error: unknown) => {
      loading = undefined; // a failed import is tried again by the next request
      throw error;
    }));
    for (const key of group.keys) sources.set(key, async () => (await load())[key]!);
  }
  return sources;
}

/** Builds a resource's Lambda handler: route matching and the whole request pipeline. */
export function createHandler(routes: DeclaredRoutes | GroupedRoutes) {
  const { resource } = routes;
  const sources = definitionSources(routes);
  const missing = routeTable[resource].routes.filter((key) => !sources.has(key));
  if (missing.length) throw new Error(`${resource}: no implementation for ${missing.join(', ')}`);
  const compiled = compileRoutes([...sources]);

  const dispatch = async (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const headers = lowerHeaders(event.headers);
    const requestId = headers['x-correlation-id'] ?? event.requestContext?.requestId ?? context?.awsRequestId ?? 'local';
    setCorrelationId(requestId);
    const method = event.requestContext.http.method.toUpperCase();
    const path = event.rawPath;
    const started = Date.now();
    let response: APIGatewayProxyStructuredResultV2;
    try {
      const match = matchRoute(compiled, method, path);
      if (match.kind === 'not_found') throw new NotFound();
      if (match.kind === 'method_not_allowed') throw new MethodNotAllowed();
      const { route: compiledRoute, params } = match;
      const def = typeof compiledRoute.def === 'function' ? await compiledRoute.def() : compiledRoute.def;

      const organizationId = organizationOf(def, params, headers);
      const readBody = async () => {
        const parsed = await parseBody(event, headers, def.bodyType ?? 'json', def.maxBodyBytes);
        return { files: parsed.files, value: def.body ? validate(def.body, parsed.value ?? (def.bodyType === 'multipart' ? {} : undefined), 'body') : parsed.value };
      };
      // A route that reads ahead has its body read first, so the reads can start beside the
      // principal's; a bad body is still answered after authentication, as on every route.
      const early = def.readAhead && organizationId && def.access !== 'public' ? await readBody().then((read) => ({ read }), (error: unknown) => ({ error })) : null;
      const alongside = early && 'read' in early ? () => readingAhead(() => def.readAhead!({ organizationId: organizationId!, params, headers, body: early.read.value })) : undefined;
      const principal = def.access === 'public' ? null : await resolvePrincipal(headers, organizationId ?? undefined, alongside);
      const role = await authorize(def, principal, organizationId);

      const query = def.query ? validate(def.query, event.queryStringParameters ?? {}, 'query') : undefined;
      let body: unknown;
      let files: UploadedFile[] = [];
      if (def.body || def.bodyType === 'multipart') {
        if (early && 'error' in early) throw early.error;
        const read = early ? early.read : await readBody();
        files = read.files;
        body = read.value;
      }

      const audits: AuditEntry[] = [];
      const ip = clientIp(event, headers);
      const userAgent = headers['user-agent'] ?? null;
      const ctx: RouteContext = {
        event, method, path, params, query, body, files, headers, ip, userAgent, requestId,
        principal, organizationId, role,
        audit: (entry) => { audits.push(entry); },
        actor: () => ({
          organization_id: organizationId,
          user_id: principal?.user?.id ?? null,
          user_email: principal?.user?.email ?? null,
          api_key_id: principal?.kind === 'api_key' ? principal.apiKey.id : null,
          ip_address: ip,
          user_agent: userAgent,
        }),
      };
      const result = await def.handler(ctx);
      response = toResponse(result, def);

      if (MUTATING.has(method) && response.statusCode! < 400 && (audits.length || def.autoAudit !== false)) {
        if (!audits.length) {
          const entityId = Object.entries(params).filter(([k]) => k !== 'organization_id').map(([, v]) => v).pop() ?? null;
          audits.push({ action: `${resource}.${method.toLowerCase()}`, entity_type: resource, entity_id: entityId, narrative: { key: 'audit.request', params: { method, path: compiledRoute.path } } });
        }
        await Promise.all(audits.map((a) => writeAudit(ctx.actor(), a)));
      }
    } catch (err) {
      response = errorResponse(err);
    }
    logger.info('request', { method, path, status: response.statusCode, ms: Date.now() - started });
    return response;
  };

  const origins = config.corsOrigins;
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    // Before the security headers, so that its `after` runs once they are set.
    .use(routeContentSecurityPolicy)
    .use(httpSecurityHeaders())
    .use(httpCors({ origins: origins.length ? origins : [], credentials: true, headers: 'Authorization,Content-Type,X-Organization-ID,Idempotency-Key,X-API-Key' }))
    // One call, one cache: what several modules read during the request is read once (platform/call-cache.ts).
    .handler((event, context) => withCallCache(() => dispatch(event, context)));
  return handler;
}
