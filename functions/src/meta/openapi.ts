import * as z from 'zod';
import { API_VERSION } from '@daftar/shared';
import { routeTable, type ResourceName } from '../routes.js';
import type { Access, RouteDef } from '../http/api.js';

type AnyDefs = Record<string, RouteDef<z.ZodType | undefined, z.ZodType | undefined>>;
type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

const validationError = {
  description: 'Validation Error',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          detail: {
            type: 'array',
            items: {
              type: 'object',
              properties: { loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }, msg: { type: 'string' }, type: { type: 'string' } },
              required: ['loc', 'msg', 'type'],
            },
          },
        },
      },
    },
  },
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPError' } } } });

function security(access: Access) {
  if (access === 'public') return [];
  if (access === 'user' || access === 'superuser') return [{ bearer: [] }];
  return [{ bearer: [] }, { apiKey: [] }];
}

function describeAccess(access: Access) {
  if (access === 'public') return 'Public.';
  if (access === 'user') return 'Any signed-in user.';
  if (access === 'superuser') return 'Superusers only.';
  return `Organization members with role ${access.org} or higher.`;
}

/** The OpenAPI 3.1 document for the given resources' route definitions. */
export function buildOpenApi(resources: { resource: ResourceName; defs: AnyDefs }[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { resource, defs } of resources) {
    for (const [key, def] of Object.entries(defs)) {
      const [method, path] = key.split(' ') as [string, string];
      const parameters: unknown[] = [];
      for (const m of path.matchAll(/\{(\w+)\}/g)) parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
      if (typeof def.access === 'object' && !path.includes('{organization_id}')) {
        parameters.push({ name: 'X-Organization-ID', in: 'header', required: true, schema: { type: 'string' } });
      }
      if (def.query) {
        const q = toSchema(def.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
        for (const [name, schema] of Object.entries(q.properties ?? {})) {
          parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
        }
      }
      const operation: Record<string, unknown> = {
        operationId: `${resource}_${method.toLowerCase()}_${path.replace(/^\/api\/v1\//, '').replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+/g, '_')}`,
        tags: [resource],
        summary: def.summary ?? `${method} ${path}`,
        description: describeAccess(def.access),
        security: security(def.access),
        parameters,
        responses: {
          [String(def.status ?? 200)]: {
            description: 'Successful Response',
            content: { 'application/json': { schema: def.response ? toSchema(def.response, 'output') : {} } },
          },
          ...(def.access === 'public' ? {} : { 401: errorResponse('Unauthorized'), 403: errorResponse('Forbidden') }),
          404: errorResponse('Not Found'),
          422: validationError,
        },
      };
      if (def.body) {
        const contentType = def.bodyType === 'form' ? 'application/x-www-form-urlencoded' : def.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
        operation.requestBody = { required: true, content: { [contentType]: { schema: toSchema(def.body, 'input') } } };
      } else if (def.bodyType === 'multipart') {
        operation.requestBody = {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
        };
      }
      (paths[path] ??= {})[method.toLowerCase()] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Daftar',
      version: API_VERSION,
      description: 'Accounting, point-of-sale and back-office API for Jordanian businesses. Errors are `{"detail": "…"}`; validation errors (422) are `{"detail": [{loc, msg, type}]}`. Lists take `skip` and `limit` and answer `{data, count}`.',
    },
    servers: [{ url: '/' }],
    tags: Object.entries(routeTable).map(([name, r]) => ({ name, description: r.description })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas: { HTTPError: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } },
    },
    paths,
  };
}
