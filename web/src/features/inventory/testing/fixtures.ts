import type { LocationPublic, StockLevelPublic, StockMovementPublic } from '@daftar/shared/schemas/inventory';
import { API } from '../../products/testing/fixtures';

export { API, ORG, prepareScreens, product, referenceReaders, session } from '../../products/testing/fixtures';

export const INVENTORY = `${API}/inventory`;

export function location(overrides: Partial<LocationPublic> = {}): LocationPublic {
  return { id: 'main', name: 'Main store', name_ar: 'المتجر الرئيسي', location_type: 'store', is_default: true, created_at: '2025-01-01T00:00:00Z', ...overrides };
}

export const warehouse = location({ id: 'loc-wh', name: 'Zarqa warehouse', name_ar: 'مستودع الزرقاء', location_type: 'warehouse', is_default: false });

export function level(overrides: Partial<StockLevelPublic> = {}): StockLevelPublic {
  return {
    product_id: 'prod-1',
    location_id: 'main',
    on_hand: '5',
    reserved: '0',
    available: '5',
    value: '1.300',
    unit_cost: '0.260',
    layers: [{ quantity: '5', value: '1.300', received_on: '2025-03-02' }],
    ...overrides,
  };
}

export function movement(overrides: Partial<StockMovementPublic> = {}): StockMovementPublic {
  return {
    id: 'mov-1',
    product_id: 'prod-1',
    location_id: 'main',
    movement_type: 'receipt',
    quantity: '10',
    value: '2.000',
    unit_cost: '0.200',
    reference_type: 'manual',
    reference_id: 'mov-1',
    reason: null,
    note: null,
    date: '2025-03-01',
    short_quantity: null,
    journal_entry_id: 'je-1',
    reverses_movement_id: null,
    reversed_by_movement_id: null,
    created_by: 'u1',
    created_at: '2025-03-01T09:00:00Z',
    ...overrides,
  };
}

/** What a posted movement answers (201): the movements and the entry that carried their cost. */
export const posted = (overrides: Partial<StockMovementPublic> = {}) => ({ status: 201, json: { movements: [movement(overrides)], journal_entry_id: 'je-9' } });
