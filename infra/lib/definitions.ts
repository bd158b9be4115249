/**
 * The shapes CDK reads from functions/src/routes.ts. The stack takes them as props (defaulting
 * to the real tables) so tests can synthesize variations, e.g. a consumer before one exists.
 */
export interface ResourceDefinition {
  description: string;
  routes: readonly string[];
  /** Folders of functions/assets the resource's code reads at run time (copied beside its bundle). */
  assets?: readonly string[];
}
export type RouteTableDefinition = Readonly<Record<string, ResourceDefinition>>;

export interface ScheduleDefinition { description: string; entry: string; expression: string }
export type ScheduleDefinitions = Readonly<Record<string, ScheduleDefinition>>;

export interface ConsumerDefinition { description: string; entry: string; queue: string; batchSize: number }
export type ConsumerDefinitions = Readonly<Record<string, ConsumerDefinition>>;

/** Every route key of a table, in table order. */
export const allRouteKeys = (table: RouteTableDefinition) => Object.values(table).flatMap((r) => [...r.routes]);

/**
 * How the route table becomes API Gateway routes.
 * - `per-route`: one HTTP API route per table entry (API Gateway answers unknown paths itself and
 *   keeps per-route metrics).
 * - `grouped`: per resource, one `ANY` route per path prefix (`…/invoices` and
 *   `…/invoices/{proxy+}`), the Lambda's own router (http/api.ts) matching the exact route and
 *   answering 404/405 as it already does. The whole product (≈425 routes) then needs ≈110 routes,
 *   under API Gateway's 300-per-API quota without a quota request.
 */
export type ApiRouteMode = 'per-route' | 'grouped';

const ORG_ROOT = '/api/v1/organizations/{organization_id}';

/**
 * The prefix a path is grouped under: the first segment below the organization (or below
 * /api/v1), two for the `accounting/` family, whose second segment names the resource
 * (`accounting/bills`, `accounting/periods`). The organization path itself stays exact.
 */
export function routePrefix(path: string): string {
  if (path === ORG_ROOT) return path;
  const root = path.startsWith(`${ORG_ROOT}/`) ? ORG_ROOT : '/api/v1';
  const segments = path.slice(root.length + 1).split('/');
  const take = segments[0] === 'accounting' && segments.length > 1 ? 2 : 1;
  return `${root}/${segments.slice(0, take).join('/')}`;
}

/** The API Gateway route keys serving one resource's table entries in a mode. */
export function gatewayRouteKeys(definition: ResourceDefinition, mode: ApiRouteMode): string[] {
  if (mode === 'per-route') return [...definition.routes];
  const keys = new Set<string>();
  for (const route of definition.routes) {
    const path = route.slice(route.indexOf(' ') + 1);
    const prefix = routePrefix(path);
    keys.add(path === prefix ? `ANY ${prefix}` : `ANY ${prefix}/{proxy+}`);
  }
  return [...keys];
}

/** Grouped routes of different resources must never coincide: one prefix, one function. */
export function groupedRouteConflicts(table: RouteTableDefinition): string[] {
  const owner = new Map<string, string>();
  const conflicts: string[] = [];
  for (const [resource, definition] of Object.entries(table)) {
    for (const key of gatewayRouteKeys(definition, 'grouped')) {
      const other = owner.get(key);
      if (other && other !== resource) conflicts.push(`${key} (${other} and ${resource})`);
      owner.set(key, resource);
    }
  }
  return conflicts;
}
