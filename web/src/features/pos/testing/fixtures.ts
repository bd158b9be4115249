import type { PosSession, PosTerminal, PosTransaction } from '@daftar/shared/schemas/pos';
import type { PromotionPublic } from '@daftar/shared/schemas/promotions';
import type { PosLoyaltyStanding } from '@daftar/shared/schemas/loyalty';
import { API, category, product, referenceReaders, session, tax } from '../../products/testing/fixtures';

export { API, category, product, referenceReaders, session, tax };
export const POS = `${API}/pos`;

export function terminal(overrides: Partial<PosTerminal> = {}): PosTerminal {
  return {
    id: 'term-1',
    name: 'Front till',
    location_id: 'main',
    cash_account_id: 'acc-cash',
    receipt_prefix: 'FT',
    receipt_header: 'Jabal Amman, Rainbow St.',
    receipt_footer: null,
    max_cashier_discount_percent: 10,
    is_active: true,
    current_session_id: 'sess-1',
    last_number: 0,
    last_sale_at: null,
    created_at: '2026-11-01T08:00:00Z',
    updated_at: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}

export function openSession(overrides: Partial<PosSession> = {}): PosSession {
  const zero = { sales: '0.000', refunds: '0.000', net: '0.000', count: 0 };
  return {
    id: 'sess-1',
    terminal_id: 'term-1',
    terminal_name: 'Front till',
    cashier_id: 'u1',
    cashier_name: 'Rami Saleh',
    status: 'open',
    opening_float: '20.000',
    opened_at: '2026-11-26T07:00:00Z',
    closed_at: null,
    note: null,
    close_entry_id: null,
    report: {
      sales_count: 0,
      returns_count: 0,
      items_sold: '0',
      net_sales: '0.000',
      tax: '0.000',
      discounts: '0.000',
      gross_sales: '0.000',
      refunds: '0.000',
      tenders: { cash: zero, card: zero, cliq: zero, store_credit: zero, on_account: zero, gift_card: zero },
      expected: { cash: '20.000', card: '0.000', cliq: '0.000' },
      counted: null,
      difference: null,
    },
    ...overrides,
  };
}

/** What POST pos/transactions answers for a sale body (only the fields the register reads matter). */
export function postedSale(body: { id: string; sequence: number; terminal_id: string; session_id: string }, number: string): PosTransaction {
  return {
    id: body.id,
    kind: 'sale',
    status: 'completed',
    number,
    terminal_id: body.terminal_id,
    session_id: body.session_id,
    sequence: body.sequence,
    cashier_id: 'u1',
    customer_id: null,
    customer_name: null,
    occurred_at: '2026-11-26T10:15:00+03:00',
    posted_at: '2026-11-26T07:15:01Z',
    offline: false,
    lines: [],
    new_lines: [],
    payments: [],
    refunds: [],
    subtotal: '0.000',
    discount: '0.000',
    net: '0.000',
    tax: '0.000',
    total_amount: '0.000',
    tendered: '0.000',
    change: '0.000',
    original_transaction_id: null,
    journal_entry_id: 'je-1',
    stock_settled: false,
    receipt_status: 'not_sent',
    einvoice_status: null,
    note: null,
  };
}

/** An active promotion as `GET promotions/active` lists it: 10% off the rice unless told otherwise. */
export function promotion(overrides: Partial<PromotionPublic> = {}): PromotionPublic {
  return {
    id: 'promo-rice',
    name: '10% off rice',
    name_ar: 'خصم 10٪ على الأرز',
    description: null,
    status: 'active',
    promotion_type: 'percent',
    priority: 0,
    exclusive: false,
    stackable: false,
    usage_limit_total: null,
    usage_limit_per_customer: null,
    used_total: 0,
    discount_total: '0.000',
    reward: { type: 'percent', percent: '10' },
    rules: [{ id: 'rule-1', promotion_id: 'promo-rice', product_ids: ['prod-1'] }],
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

/** A customer's loyalty as account-balance carries it: 1,200 points usable, 10 fils a point, at least 100 at once, Gold (×1.5) from 1,000 lifetime points. */
export function loyaltyStanding(overrides: Partial<PosLoyaltyStanding> = {}): PosLoyaltyStanding {
  return {
    loyalty_program_id: 'lp-1',
    program_name: 'Saleh Rewards',
    program_name_ar: 'مكافآت صالح',
    status: 'active',
    points_available: 1200,
    points_value: '12.000',
    lifetime_points: 1600,
    tier: 'Gold',
    terms: {
      points_per_unit: '1',
      rounding: 'down',
      minimum_spend: '0.000',
      point_value: '0.010',
      expiry_days: 365,
      min_redemption_points: 100,
      tiers: [{ name: 'Gold', min_lifetime_points: 1000, multiplier: '1.5' }],
    },
    ...overrides,
  };
}
