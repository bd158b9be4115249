import type { Promotion, PromotionCheck, PromotionFigures, PromotionRule, PromotionUse } from '../api/keys';
import { API, product } from '../../products/testing/fixtures';

export { API, ORG, category, prepareScreens, product, session } from '../../products/testing/fixtures';
export { location } from '../../inventory/testing/fixtures';

export const PROMOTIONS = `${API}/promotions`;

/** Orange juice, in the drinks category, 1.250 a bottle. */
export const juice = product({
  id: 'prod-juice',
  sku: 'JUICE-1',
  name: 'Orange juice 1 L',
  name_ar: 'عصير برتقال 1 لتر',
  category_id: 'cat-drinks',
  sale_price: '1.250',
  barcodes: ['6251111000111'],
});

export function rule(overrides: Partial<PromotionRule> = {}): PromotionRule {
  return { id: 'rule-1', promotion_id: 'promo-1', product_ids: ['prod-juice'], days_of_week: [5], ...overrides };
}

/** 10 % off juice on Fridays, active, never used. */
export function promotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 'promo-1',
    name: 'Juice Fridays',
    name_ar: 'جمعة العصير',
    description: null,
    status: 'active',
    promotion_type: 'percent',
    priority: 10,
    exclusive: false,
    stackable: false,
    usage_limit_total: null,
    usage_limit_per_customer: null,
    used_total: 0,
    discount_total: '0.000',
    reward: { type: 'percent', percent: '10' },
    rules: [rule()],
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

export function figures(overrides: Partial<PromotionFigures> = {}): PromotionFigures {
  return {
    promotion_id: 'promo-1',
    used_total: 0,
    customers: 0,
    discount_total: '0.000',
    usage_limit_total: null,
    remaining: null,
    first_used_at: null,
    last_used_at: null,
    ...overrides,
  };
}

export function use(overrides: Partial<PromotionUse> = {}): PromotionUse {
  return {
    id: 'use-1',
    promotion_id: 'promo-1',
    customer_id: null,
    reference_type: 'pos_transaction',
    reference_id: 'sale-1',
    discount: '0.250',
    location_id: null,
    created_at: '2026-11-27T10:00:00Z',
    ...overrides,
  };
}

/** The server's answer for a Thursday cart: not on this day (the promotion runs on Fridays). */
export function wrongDay(overrides: Partial<PromotionCheck> = {}): PromotionCheck {
  return {
    promotion_id: 'promo-1',
    eligible: false,
    discount: '0.000',
    lines: [],
    reason_key: 'promotion.why.wrong_day',
    reason_params: { weekday: '4', days: '5' },
    reason: 'Not on this day of the week',
    ...overrides,
  };
}

/** The catalogue's search (by `search`), a product by id, and the categories' short list. */
export const catalogueReaders = (products = [juice]) => ({
  [`GET ${API}/products-services`]: (request: { url: string }) => {
    const search = (new URL(request.url, 'http://x').searchParams.get('search') ?? '').toLowerCase();
    const data = products.filter((p) => !search || p.name.toLowerCase().includes(search) || p.sku.toLowerCase().includes(search));
    return { json: { data, count: data.length } };
  },
  ...Object.fromEntries(products.map((p) => [`GET ${API}/products-services/${p.id}`, () => ({ json: p })])),
  [`GET ${API}/categories/list`]: () => ({
    json: {
      data: [
        { id: 'cat-drinks', name: 'Drinks', name_ar: 'مشروبات', category_type: 'product', parent_id: null, color: null, is_active: true },
        { id: 'cat-food', name: 'Food', name_ar: 'أغذية', category_type: 'product', parent_id: null, color: null, is_active: true },
        { id: 'cat-rent', name: 'Rent', name_ar: 'إيجار', category_type: 'expense', parent_id: null, color: null, is_active: true },
      ],
      count: 3,
    },
  }),
});
