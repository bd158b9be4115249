/** ElectroDB's internal module of expression builders (no types of its own); see db/entity.ts. */
declare module 'electrodb/src/operations.js' {
  export const AttributeOperationProxy: {
    buildAttributes(builder: unknown, attributes: Record<string, { name: string; field: string }>): object;
    pathProxy(build: () => unknown): unknown;
  };
}
