import type { LayawayInstalment, LayawayPaymentPublic, LayawayPublic, LayawaySchedule, LayawaySummary } from '@daftar/shared/schemas/layaway';
import { API } from '../../products/testing/fixtures';

export { API, ORG, prepareScreens, product, session } from '../../products/testing/fixtures';

export const LAYAWAYS = `${API}/layaway`;

/**
 * An active monthly layaway of two rice bags for Lina: 16.820 in all (14.500 + 16 % tax), 5.000
 * deposit paid, the first instalment overdue.
 */
export function layaway(overrides: Partial<LayawayPublic> = {}): LayawayPublic {
  return {
    id: 'lay-1',
    layaway_number: 'LAY-00001',
    status: 'active',
    location_id: 'main',
    customer_id: 'cust-1',
    customer_name: 'Lina Haddad',
    currency: 'JOD',
    subtotal: '14.500',
    tax_total: '2.320',
    total: '16.820',
    amount_paid: '5.000',
    balance_due: '11.820',
    minimum_deposit: '5.000',
    payment_frequency: 'monthly',
    start_date: '2026-10-01',
    due_date: '2026-12-01',
    is_overdue: true,
    next_due_date: '2026-11-01',
    next_due_amount: '5.910',
    reservation_status: 'reserved',
    cancellation_policy: 'fee',
    cancellation_fee: '2.000',
    cancel_reason: null,
    notes: null,
    sale_document_id: null,
    sale_journal_entry_id: null,
    completed_at: null,
    cancelled_at: null,
    created_by: 'u1',
    created_at: '2026-10-01T09:00:00Z',
    updated_at: '2026-10-01T09:00:00Z',
    items: [
      {
        id: 'li-1',
        layaway_id: 'lay-1',
        product_id: 'prod-1',
        product_name: 'Basmati rice 5 kg',
        sku: 'RICE-5',
        quantity: '2',
        reserved_quantity: '2',
        unit_price: '7.250',
        price_includes_tax: false,
        tax_id: 'tax-16',
        tax_rate: '16',
        line_subtotal: '14.500',
        line_tax: '2.320',
        line_total: '16.820',
      },
    ],
    ...overrides,
  };
}

export function instalment(overrides: Partial<LayawayInstalment> = {}): LayawayInstalment {
  return { number: 1, due_date: '2026-10-01', is_deposit: true, amount: '5.000', paid: '5.000', remaining: '0.000', status: 'paid', ...overrides };
}

export function schedule(overrides: Partial<LayawaySchedule> = {}): LayawaySchedule {
  return {
    layaway_id: 'lay-1',
    currency: 'JOD',
    payment_frequency: 'monthly',
    total: '16.820',
    amount_paid: '5.000',
    balance_due: '11.820',
    is_overdue: true,
    instalments: [
      instalment(),
      instalment({ number: 2, due_date: '2026-11-01', is_deposit: false, amount: '5.910', paid: '0.000', remaining: '5.910', status: 'overdue' }),
      instalment({ number: 3, due_date: '2026-12-01', is_deposit: false, amount: '5.910', paid: '0.000', remaining: '5.910', status: 'due' }),
    ],
    ...overrides,
  };
}

export function payment(overrides: Partial<LayawayPaymentPublic> = {}): LayawayPaymentPublic {
  return {
    id: 'lp-1',
    layaway_id: 'lay-1',
    payment_type: 'deposit',
    amount: '5.000',
    payment_method: 'cash',
    session_id: null,
    account_id: null,
    journal_entry_id: 'je-1',
    date: '2026-10-01',
    notes: null,
    created_by: 'u1',
    created_at: '2026-10-01T09:00:00Z',
    ...overrides,
  };
}

export function summary(overrides: Partial<LayawaySummary> = {}): LayawaySummary {
  return {
    currency: 'JOD',
    location_id: null,
    period_start: null,
    period_end: null,
    count: 3,
    by_status: {
      active: { count: 2, total: '40.000', paid: '12.000' },
      completed: { count: 1, total: '30.000', paid: '30.000' },
      cancelled: { count: 0, total: '0.000', paid: '0.000' },
    },
    deposits_held: '12.000',
    deposits_account_balance: '12.000',
    overdue_count: 1,
    overdue_balance: '11.820',
    balance_due: '28.000',
    ...overrides,
  };
}

/** The customers the pickers search. */
export const customer = (overrides: Record<string, unknown> = {}) => ({
  id: 'cust-1',
  organization_id: 'org-1',
  contact_type: 'customer',
  name: 'Lina Haddad',
  name_ar: 'لينا حداد',
  email: null,
  phone: null,
  tax_number: null,
  is_active: true,
  currency: 'JOD',
  ...overrides,
});
