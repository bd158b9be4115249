/**
 * The shapes CDK reads from functions/src/routes.ts. The stack takes them as props (defaulting
 * to the real tables) so tests can synthesize variations, e.g. a consumer before one exists.
 */
export interface ResourceDefinition { description: string; routes: readonly string[] }
export type RouteTableDefinition = Readonly<Record<string, ResourceDefinition>>;

export interface ScheduleDefinition { description: string; entry: string; expression: string }
export type ScheduleDefinitions = Readonly<Record<string, ScheduleDefinition>>;

export interface ConsumerDefinition { description: string; entry: string; queue: string; batchSize: number }
export type ConsumerDefinitions = Readonly<Record<string, ConsumerDefinition>>;

/** Every route key of a table, in table order. */
export const allRouteKeys = (table: RouteTableDefinition) => Object.values(table).flatMap((r) => [...r.routes]);
