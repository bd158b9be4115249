import type { LoyaltyCustomer, LoyaltyProgram, LoyaltyReward, LoyaltyTransaction } from '@daftar/shared/schemas/loyalty';
import type { ProgramFigures } from '../api/keys';
import { API } from '../../products/testing/fixtures';

export { API, ORG, prepareScreens, session } from '../../products/testing/fixtures';

export const LOYALTY = `${API}/loyalty`;

/** A program of 1 point per JOD at 10 fils a point, a Gold tier at 1,000 lifetime points earning ×1.5, deferral. */
export function program(overrides: Partial<LoyaltyProgram> = {}): LoyaltyProgram {
  return {
    id: 'lp-1',
    name: 'Saleh Rewards',
    name_ar: 'مكافآت صالح',
    description: null,
    status: 'active',
    points_per_unit: '1',
    rounding: 'down',
    minimum_spend: '0.000',
    point_value: '0.010',
    expiry_days: 365,
    min_redemption_points: 100,
    tiers: [{ name: 'Gold', min_lifetime_points: 1000, multiplier: '1.5' }],
    accounting_method: 'deferral',
    redemption_rate: '0.8',
    members: 2,
    points_outstanding: 1500,
    points_value: '15.000',
    deferred_revenue: '11.880',
    created_at: '2026-10-01T09:00:00Z',
    updated_at: '2026-10-01T09:00:00Z',
    ...overrides,
  };
}

export function figures(overrides: Partial<ProgramFigures> = {}): ProgramFigures {
  return {
    loyalty_program_id: 'lp-1',
    members: 2,
    points_outstanding: 1500,
    points_value: '15.000',
    points_earned: 2000,
    points_redeemed: 400,
    points_expired: 60,
    points_taken_back: 40,
    deferred_revenue: '11.880',
    liability_account_balance: '11.880',
    redemption_ratio: '0.2',
    tiers: [
      { name: null, members: 1 },
      { name: 'Gold', members: 1 },
    ],
    expiring_soon: 120,
    ...overrides,
  };
}

/** Lina: 1,250 points (1,200 usable today), Gold. */
export function member(overrides: Partial<LoyaltyCustomer> = {}): LoyaltyCustomer {
  return {
    customer_id: 'cust-1',
    customer_loyalty_id: 'lm-1',
    customer_name: 'Lina Haddad',
    loyalty_program_id: 'lp-1',
    program_name: 'Saleh Rewards',
    status: 'active',
    points_balance: 1250,
    points_available: 1200,
    points_value: '12.500',
    lifetime_points: 1600,
    redeemed_points: 300,
    expired_points: 50,
    tier: 'Gold',
    next_expiry: { on: '2027-01-15', points: 200 },
    deferred_revenue: '9.900',
    notes: null,
    enrolled_at: '2026-10-02T09:00:00Z',
    last_activity_at: '2026-11-20T12:30:00Z',
    ...overrides,
  };
}

export function pointsLine(overrides: Partial<LoyaltyTransaction> = {}): LoyaltyTransaction {
  return {
    id: 'lt-1',
    customer_id: 'cust-1',
    loyalty_program_id: 'lp-1',
    transaction_type: 'earn',
    points: 250,
    balance_after: 1250,
    deferred_change: '1.980',
    reference_type: 'pos_transaction',
    reference_id: 'sale-1',
    location_id: 'main',
    description: null,
    journal_entry_id: 'je-1',
    reversed_by: null,
    created_by: 'u1',
    created_at: '2026-11-20T12:30:00Z',
    ...overrides,
  };
}

/** Lina's ledger, newest first: 250 earned at the till, and an office adjustment of +50 before it. */
export const ledger = () => [
  pointsLine(),
  pointsLine({ id: 'lt-0', transaction_type: 'adjust', points: 50, balance_after: 1000, deferred_change: '0.000', reference_type: 'manual', reference_id: null, description: 'Birthday gift', created_at: '2026-11-10T10:00:00Z' }),
];

export function reward(overrides: Partial<LoyaltyReward> = {}): LoyaltyReward {
  return {
    id: 'rw-1',
    loyalty_program_id: 'lp-1',
    name: '5 JOD voucher',
    name_ar: 'قسيمة 5 دنانير',
    description: null,
    points_cost: 500,
    reward_type: 'discount',
    discount_amount: '5.000',
    product_id: null,
    active: true,
    created_at: '2026-10-01T09:00:00Z',
    updated_at: '2026-10-01T09:00:00Z',
    ...overrides,
  };
}

/** A contact the enroll dialog's customer search finds. */
export const customer = (overrides: Record<string, unknown> = {}) => ({
  id: 'cust-2',
  organization_id: 'org-1',
  contact_type: 'customer',
  name: 'Omar Khalil',
  name_ar: 'عمر خليل',
  email: null,
  phone: '0790000000',
  tax_number: null,
  is_active: true,
  currency: 'JOD',
  ...overrides,
});
