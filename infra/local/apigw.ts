/**
 * Turns an HTTP request into the API Gateway HTTP API (payload 2.0) event that the cloud hands
 * to Lambda, and the handler's result back into a response: the local runtime and the tests call
 * the deployed handlers exactly as API Gateway does.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { resourceFor } from '@daftar/functions/http/resource-table';
import { handlerEntry, type ResourceName } from '@daftar/functions/routes';

export interface HttpRequestLike {
  method: string;
  /** Path with optional query string. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Buffer;
  sourceIp?: string;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|[\w.+-]+\+json)|text\/)/i;

export function toApiGatewayEvent(req: HttpRequestLike, routeKey: string, pathParameters: Record<string, string>): APIGatewayProxyEventV2 {
  const url = new URL(req.url, 'http://localhost');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    const name = k.toLowerCase();
    if (name === 'cookie') { cookies.push(...String(v).split(/;\s*/)); continue; }
    headers[name] = Array.isArray(v) ? v.join(',') : v;
  }
  const queryStringParameters: Record<string, string> = {};
  for (const [k, v] of url.searchParams) queryStringParameters[k] = k in queryStringParameters ? `${queryStringParameters[k]},${v}` : v;
  const body = req.body && req.body.length ? req.body : undefined;
  // A text body whose bytes are not UTF-8 goes base64, as binary ones do: as a string it would
  // reach the handler with U+FFFD in place of the bytes the client sent.
  const isText = body ? TEXT_TYPES.test(headers['content-type'] ?? 'application/json') && isUtf8(body) : true;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(queryStringParameters).length ? queryStringParameters : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: { method: req.method.toUpperCase(), path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.sourceIp ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body ? !isText : false,
  };
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<ResourceName, Promise<LambdaHandler>>();

export function loadHandler(resource: ResourceName): Promise<LambdaHandler> {
  let h = handlers.get(resource);
  if (!h) {
    h = import(new URL(`../../functions/src/${handlerEntry(resource)}`, import.meta.url).href).then((m) => m.handler as LambdaHandler);
    handlers.set(resource, h);
  }
  return h;
}

export function lambdaContext(functionName: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface HttpResponseLike { status: number; headers: Record<string, string>; cookies: string[]; body: Buffer }

/** Routes a request through the table to its resource's Lambda handler. */
export async function invokeApi(req: HttpRequestLike): Promise<HttpResponseLike> {
  const path = new URL(req.url, 'http://localhost').pathname;
  const target = resourceFor(req.method, path);
  if (!target) return { status: 404, headers: { 'content-type': 'application/json' }, cookies: [], body: Buffer.from(JSON.stringify({ detail: 'Not Found' })) };
  const handler = await loadHandler(target.resource);
  const result = await handler(toApiGatewayEvent(req, target.routeKey, target.params), lambdaContext(target.resource));
  const headers: Record<string, string> = {};
  // Lambda's result reaches API Gateway as JSON, where a header set to undefined does not exist.
  for (const [k, v] of Object.entries(result.headers ?? {})) if (v !== undefined && v !== null) headers[k.toLowerCase()] = String(v);
  const raw = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    headers,
    cookies: result.cookies ?? [],
    body: result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
  };
}
