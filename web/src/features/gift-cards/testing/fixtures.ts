import type { GiftCardPublic, GiftCardSummary, GiftCardTransactionPublic } from '@daftar/shared/schemas/giftCards';
import type { InvoicePublic } from '@daftar/shared/schemas/invoices';
import { API } from '../../products/testing/fixtures';

export { API, ORG, prepareScreens, session } from '../../products/testing/fixtures';

export const GIFT_CARDS = `${API}/gift-cards`;

/** Numbers with a right Luhn check digit (the shared schema checks it before a number is sent). */
export const NUMBERS = ['9123456789012348', '9000111122223338', '9555544443333221', '9012345678901238', '9888777766665559'] as const;

/** An active physical card sold for 50.000 cash, 12.500 of it spent. */
export function card(overrides: Partial<GiftCardPublic> = {}): GiftCardPublic {
  return {
    id: 'gc-1',
    card_number: NUMBERS[0],
    status: 'active',
    gift_card_type: 'physical',
    location_id: 'main',
    currency: 'JOD',
    balance: '37.500',
    initial_balance: '50.000',
    has_pin: false,
    pin_locked_until: null,
    design_template: 'classic',
    notes: null,
    reference_id: null,
    customer_id: 'cust-1',
    customer_name: 'Lina Haddad',
    expires_on: '2027-12-31',
    suspended_reason: null,
    activated_at: '2026-11-01T09:00:00Z',
    last_activity_at: '2026-11-20T12:30:00Z',
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-20T12:30:00Z',
    ...overrides,
  };
}

/** A card printed in a batch, never activated. */
export const pendingCard = (overrides: Partial<GiftCardPublic> = {}) =>
  card({ id: 'gc-2', card_number: NUMBERS[1], status: 'pending', balance: '0.000', initial_balance: null, activated_at: null, last_activity_at: null, customer_id: null, customer_name: null, expires_on: null, ...overrides });

export function line(overrides: Partial<GiftCardTransactionPublic> = {}): GiftCardTransactionPublic {
  return {
    id: 'gct-1',
    gift_card_id: 'gc-1',
    transaction_type: 'activate',
    amount: '50.000',
    balance_after: '50.000',
    reference_type: null,
    reference_id: null,
    location_id: 'main',
    journal_entry_id: 'je-1',
    notes: null,
    created_by: 'u1',
    created_at: '2026-11-01T09:00:00Z',
    ...overrides,
  };
}

/** The card's ledger, newest first: sold for 50.000, then 12.500 spent on an invoice. */
export const ledger = () => [
  line({ id: 'gct-2', transaction_type: 'redeem', amount: '-12.500', balance_after: '37.500', reference_type: 'payment', reference_id: 'pay-7', created_at: '2026-11-20T12:30:00Z' }),
  line(),
];

export function summary(overrides: Partial<GiftCardSummary> = {}): GiftCardSummary {
  return {
    currency: 'JOD',
    cards: 7,
    by_status: {
      pending: { cards: 5, balance: '0.000' },
      active: { cards: 2, balance: '87.500' },
      suspended: { cards: 0, balance: '0.000' },
      deactivated: { cards: 0, balance: '0.000' },
      expired: { cards: 0, balance: '0.000' },
    },
    outstanding_liability: '87.500',
    liability_account_balance: '87.500',
    issued: '100.000',
    redeemed: '12.500',
    refunded: '0.000',
    breakage: '0.000',
    aging: [
      { bucket: '0_30', cards: 2, balance: '87.500' },
      { bucket: '31_90', cards: 0, balance: '0.000' },
      { bucket: '91_180', cards: 0, balance: '0.000' },
      { bucket: '181_365', cards: 0, balance: '0.000' },
      { bucket: 'over_365', cards: 0, balance: '0.000' },
    ],
    ...overrides,
  };
}

/** An invoice of the card's customer, confirmed and partly unpaid. */
export function invoice(overrides: Partial<InvoicePublic> = {}): InvoicePublic {
  return {
    id: 'inv-1',
    organization_id: 'org-1',
    number: 'INV-0007',
    status: 'confirmed',
    contact_id: 'cust-1',
    issue_date: '2026-11-18',
    due_date: '2026-12-18',
    currency: 'JOD',
    reference: null,
    notes: null,
    price_includes_tax: true,
    lines: [],
    subtotal: '20.000',
    discount_total: '0.000',
    net_total: '20.000',
    special_tax_total: '0.000',
    tax_total: '3.200',
    gross_total: '23.200',
    amount_paid: '0.000',
    amount_credited: '0.000',
    balance_due: '23.200',
    journal_entry_id: 'je-9',
    sent_at: null,
    promotion_ids: [], promotions: [], loyalty_points_earned: 0, loyalty_points_taken_back: 0, loyalty: null,
    confirmed_at: '2026-11-18T10:00:00Z',
    created_by: 'u1',
    version: 1,
    created_at: '2026-11-18T10:00:00Z',
    updated_at: '2026-11-18T10:00:00Z',
    ...overrides,
  };
}

/** The customers the sell and redeem dialogs offer. */
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
