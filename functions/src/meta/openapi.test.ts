import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../routes.js';
import { generateOpenApi, OPENAPI_FILE } from './generate-openapi.js';
import { call } from '../../test/client.js';

describe('OpenAPI document', () => {
  it('is up to date with the route definitions (run `npm run openapi` when this fails)', async () => {
    const fresh = await generateOpenApi();
    const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('covers every route of the table and is served with version 0.1.0', async () => {
    const res = await call('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.info.version).toBe('0.1.0');
    const operations = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const expected = Object.values(routeTable).flatMap((r) => r.routes as readonly string[]);
    expect(operations.sort()).toEqual([...expected].sort());
  });
});
