import type { LocationPublic, MovementType, StockLevelPublic, StockMovementPublic } from '@daftar/shared/schemas/inventory';

export type Location = LocationPublic;
export type StockLevel = StockLevelPublic;
export type StockMovement = StockMovementPublic;
export type { MovementType };

/** Every inventory read starts with this key: a posted movement refreshes them all with one invalidation. */
export const inventoryKey = (organizationId: string) => ['organizations', organizationId, 'inventory'] as const;
