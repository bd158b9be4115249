/**
 * Route groups (issue #13): a Lambda whose routes load group by group on the first request that
 * needs each. What a group's module defines must be what the Lambda declared for it.
 */
import { describe, expect, it } from 'vitest';
import { toApiGatewayEvent, lambdaContext } from '../../../infra/local/apigw.js';
import { routeTable } from '../routes.js';
import { createHandler, defineRouteGroup, Reply, route, routeDefinitions, routeGroups } from './api.js';

const ITEMS = '/api/v1/items';
const answer = (name: string) => route({ access: 'public', handler: async () => Reply.json(200, { answered_by: name }) });

function itemsLambda(options: { failFirstRead?: boolean; wrongKeys?: boolean } = {}) {
  const loads = { reads: 0, writes: 0 };
  let readFailures = options.failFirstRead ? 1 : 0;
  const routes = routeGroups('items', [
    {
      takes: (key) => key.startsWith('GET '),
      load: async () => {
        loads.reads++;
        if (readFailures-- > 0) throw new Error('chunk not readable');
        return {
          routes: defineRouteGroup('items', {
            [`GET ${ITEMS}`]: answer('list'),
            [`GET ${ITEMS}/my-items`]: answer('mine'),
            [`GET ${ITEMS}/{id}`]: answer('one'),
          }),
        };
      },
    },
    {
      load: async () => {
        loads.writes++;
        return {
          routes: defineRouteGroup('items', {
            [`POST ${ITEMS}`]: answer('create'),
            [`PUT ${ITEMS}/{id}`]: answer('replace'),
            ...(options.wrongKeys ? {} : { [`DELETE ${ITEMS}/{id}`]: answer('delete') }),
          }),
        };
      },
    },
  ]);
  const handler = createHandler(routes);
  const send = async (method: string, url: string) => {
    const res = await handler(toApiGatewayEvent({ method, url, headers: {}, body: undefined }, '$default', {}), lambdaContext('items'));
    return { status: res.statusCode!, body: res.body ? JSON.parse(res.body) : undefined };
  };
  return { routes, loads, send };
}

describe('route groups', () => {
  it('load a group on the first request to any of its routes, once, and never the other groups', async () => {
    const { loads, send } = itemsLambda();
    expect(loads).toEqual({ reads: 0, writes: 0 });
    expect(await send('GET', `${ITEMS}/abc`)).toEqual({ status: 200, body: { answered_by: 'one' } });
    expect(await send('GET', ITEMS)).toEqual({ status: 200, body: { answered_by: 'list' } });
    expect(await send('GET', `${ITEMS}/my-items`)).toEqual({ status: 200, body: { answered_by: 'mine' } });
    expect(loads).toEqual({ reads: 1, writes: 0 });
    expect(await send('PUT', `${ITEMS}/abc`)).toEqual({ status: 200, body: { answered_by: 'replace' } });
    expect(loads).toEqual({ reads: 1, writes: 1 });
  });

  it('answer 404 and 405 from the declared keys alone, loading nothing', async () => {
    const { loads, send } = itemsLambda();
    expect((await send('GET', '/api/v1/nothing')).status).toBe(404);
    expect((await send('PATCH', `${ITEMS}/abc`)).status).toBe(405);
    expect(loads).toEqual({ reads: 0, writes: 0 });
  });

  it('try a group again after its import failed (a 500 for that request only)', async () => {
    const { loads, send } = itemsLambda({ failFirstRead: true });
    expect((await send('GET', ITEMS)).status).toBe(500);
    expect(await send('GET', ITEMS)).toEqual({ status: 200, body: { answered_by: 'list' } });
    expect(loads.reads).toBe(2);
  });

  it('refuse a group whose module does not define exactly its declared routes', async () => {
    const { routes, send } = itemsLambda({ wrongKeys: true });
    expect((await send('POST', ITEMS)).status).toBe(500);
    await expect(routeDefinitions(routes)).rejects.toThrow(/declares .*DELETE \/api\/v1\/items\/\{id\}/);
  });

  it('give every definition in the route table order, whatever the groups', async () => {
    const { routes } = itemsLambda();
    const { resource, defs } = await routeDefinitions(routes);
    expect(resource).toBe('items');
    expect(Object.keys(defs)).toEqual([...routeTable.items.routes]);
  });

  it('give every route of the table to one group: the first that takes it, the rest to the group that takes no particular one', () => {
    const load = async () => ({ routes: defineRouteGroup('items', {}) });
    const { groups } = routeGroups('items', [{ takes: (key) => key.includes('/my-items'), load }, { takes: (key) => key.startsWith('GET '), load }, { load }]);
    expect(groups.map((g) => g.keys)).toEqual([
      [`GET ${ITEMS}/my-items`],
      [`GET ${ITEMS}`, `GET ${ITEMS}/{id}`],
      [`POST ${ITEMS}`, `PUT ${ITEMS}/{id}`, `DELETE ${ITEMS}/{id}`],
    ]);
  });

  it('refuse groups that leave routes to no one or to two, and a group that takes nothing', () => {
    const load = async () => ({ routes: defineRouteGroup('items', {}) });
    expect(() => routeGroups('items', [{ takes: (key) => key.startsWith('GET '), load }])).toThrow(/exactly one route group takes the routes the others do not/);
    expect(() => routeGroups('items', [{ load }, { load }])).toThrow(/exactly one route group/);
    expect(() => routeGroups('items', [{ takes: (key) => key.startsWith('PATCH '), load }, { load }])).toThrow(/route group 1 takes no route/);
  });
});
