import type { Role } from '@daftar/shared';
import type { CategoryOption } from '@daftar/shared/schemas/categories';
import type { ProductPublic } from '@daftar/shared/schemas/products';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { STORAGE_KEYS } from '../../../lib/storage';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

/** A signed-in member of ORG with `role`: the answers every screen of the shell reads first. */
export function session(role: Role) {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, ORG);
  return {
    'GET /api/v1/users/me': () => ({ json: { id: 'u1', email: 'rami@example.jo', full_name: 'Rami Saleh', is_active: true, is_superuser: false, is_verified: true, onboarding_completed: true, created_at: '2025-01-01T00:00:00Z' } }),
    'GET /api/v1/organizations': () => ({ json: { data: [{ id: ORG, name: 'Saleh Grocery', base_currency: 'JOD', fiscal_year_start_month: 1 }], count: 1 } }),
    [`GET ${API}/members`]: () => ({ json: { data: [{ user_id: 'u1', role, email: 'rami@example.jo', full_name: 'Rami Saleh' }], count: 1 } }),
  };
}

export function product(overrides: Partial<ProductPublic> = {}): ProductPublic {
  return {
    id: 'prod-1',
    organization_id: ORG,
    sku: 'RICE-5',
    name: 'Basmati rice 5 kg',
    name_ar: 'أرز بسمتي 5 كغ',
    item_type: 'product',
    category_id: 'cat-food',
    unit_of_measure: 'piece',
    sale_price: '7.250',
    price_includes_tax: true,
    tax_id: 'tax-16',
    cost: '5.100',
    barcodes: ['6251234567890'],
    supplier_name: 'Amman Wholesale',
    image_file_id: null,
    image_url: null,
    description: null,
    is_tracked_inventory: true,
    reorder_point: '10',
    reorder_points: [],
    is_active: true,
    quantity_on_hand: '42',
    stock_status: 'in_stock',
    version: 3,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-02-01T00:00:00Z',
    ...overrides,
  };
}

export function category(overrides: Partial<CategoryOption> = {}): CategoryOption {
  return { id: 'cat-food', name: 'Food', name_ar: 'أغذية', category_type: 'product', parent_id: null, color: null, is_active: true, ...overrides };
}

export function tax(overrides: Partial<TaxOption> = {}): TaxOption {
  return {
    id: 'tax-16',
    code: 'GST16',
    name: 'General sales tax',
    name_ar: 'ضريبة المبيعات العامة',
    rate: '16',
    tax_category: 'standard',
    jofotara_category: 'S',
    special_tax_type: null,
    special_tax_amount: null,
    is_default: true,
    is_active: true,
    ...overrides,
  } as TaxOption;
}

/** The catalogue's reference reads: categories of both kinds and the taxes. */
export const referenceReaders = {
  [`GET ${API}/categories/list`]: (request: { url: string }) => {
    const type = new URL(request.url, 'http://x').searchParams.get('category_type');
    const all = [category(), category({ id: 'cat-repair', name: 'Repairs', name_ar: 'صيانة', category_type: 'service' })];
    const data = all.filter((c) => !type || c.category_type === type);
    return { json: { data, count: data.length } };
  },
  [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax(), tax({ id: 'tax-0', code: 'Z', name: 'Zero rated', name_ar: 'خاضع بنسبة الصفر', rate: '0', tax_category: 'zero_rated', is_default: false })], count: 2 } }),
};

/** Radix measures itself with ResizeObserver, which jsdom lacks. */
export function prepareScreens() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
