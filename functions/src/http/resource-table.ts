import { routeTable, resourceNames, type ResourceName } from '../routes.js';
import { compileRoutes, matchRoute } from './router.js';

/**
 * Which resource's Lambda serves a request: what API Gateway's route matching does in the cloud,
 * done from the same table for the local runtime and the tests.
 */
const compiled = compileRoutes(
  resourceNames.flatMap((resource) => routeTable[resource].routes.map((key) => [key, resource] as [string, ResourceName])),
);

export function resourceFor(method: string, path: string): { resource: ResourceName; routeKey: string; params: Record<string, string> } | null {
  const m = matchRoute(compiled, method.toUpperCase(), path);
  if (m.kind === 'match') return { resource: m.route.def, routeKey: `${m.route.method} ${m.route.path}`, params: m.params };
  if (m.kind === 'method_not_allowed') {
    // Hand it to a resource owning the path, whose router answers 405.
    const any = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((verb) => matchRoute(compiled, verb, path)).find((r) => r.kind === 'match');
    if (any && any.kind === 'match') return { resource: any.route.def, routeKey: '$default', params: any.params };
  }
  return null;
}
