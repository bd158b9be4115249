import type { Role } from '@daftar/shared';
import type { AbcAnalysis, InventoryForecast, InventoryOverview, InventoryPerformance, SlowMoving, TopSelling } from '@daftar/shared/schemas/inventoryAnalytics';
import { signedInSession } from '../../../testing/session';

export { prepareScreens } from '../../../testing/session';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;
export const A = `${API}/inventory/analytics`;

export const session = (role: Role) => signedInSession({ organizationId: ORG, role, user: { email: 'lina@example.jo', full_name: 'Lina Haddad' }, organization: { name: 'Haddad Bakery' } });

const period = { from: '2026-08-29', to: '2026-11-26', days: 90, currency: 'JOD' };
const bread = { product_id: 'p-bread', sku: 'BRD-1', name: 'Flatbread', name_ar: 'خبز عربي' };
const jam = { product_id: 'p-jam', sku: 'JAM-1', name: 'Apricot jam', name_ar: 'مربى مشمش' };
const saffron = { product_id: 'p-saffron', sku: 'SAF-1', name: 'Saffron', name_ar: null };
const oil = { product_id: 'p-oil', sku: 'OIL-1', name: 'Olive oil', name_ar: 'زيت زيتون' };

export const overview = (o: Partial<InventoryOverview> = {}): InventoryOverview => ({
  ...period,
  tracked_products: 4, products_in_stock: 4, low_stock: 1, out_of_stock: 1,
  stock_value: '1250.400', products_sold: 3, sold: '2560',
  revenue: '695.200', cost_of_sales: '347.600', gross_profit: '347.600', gross_margin_percent: 50,
  received_value: '1500.000', adjustment_value: '-2.000',
  ...o,
});

export const performance = (): InventoryPerformance => ({
  ...period,
  cost_of_sales: '347.600', opening_stock_value: '100.000', closing_stock_value: '1250.400', average_stock_value: '600.000',
  turnover: 0.58, days_of_inventory: 155.3, gross_margin_percent: 50, sell_through_percent: 70.2, shrinkage_value: '2.000', shrinkage_percent: 0.6,
});

export const abc = (): AbcAnalysis => ({
  ...period,
  total_value: '347.600',
  summary: [
    { abc: 'A', products: 1, value: '304.000', share_percent: 87.5 },
    { abc: 'B', products: 1, value: '42.000', share_percent: 12.1 },
    { abc: 'C', products: 1, value: '1.600', share_percent: 0.5 },
  ],
  matrix: [],
  data: [
    { ...bread, value: '304.000', share_percent: 87.5, cumulative_percent: 87.5, abc: 'A', sold: '3040', days_sold: 56, cv: 0.643, xyz: 'Y' },
    { ...jam, value: '42.000', share_percent: 12.1, cumulative_percent: 99.5, abc: 'B', sold: '280', days_sold: 56, cv: 0.134, xyz: 'X' },
    { ...saffron, value: '1.600', share_percent: 0.5, cumulative_percent: 100, abc: 'C', sold: '4', days_sold: 4, cv: 3.742, xyz: 'Z' },
  ],
  count: 3,
});

export const top = (): TopSelling => ({
  ...period,
  data: [
    { ...bread, sold: '3040', revenue: '608.000', cost_of_sales: '304.000', gross_profit: '304.000', revenue_share_percent: 87.5, days_sold: 56 },
    { ...jam, sold: '280', revenue: '84.000', cost_of_sales: '42.000', gross_profit: '42.000', revenue_share_percent: 12.1, days_sold: 56 },
  ],
});

export const slow = (): SlowMoving => ({
  ...period,
  data: [
    { ...oil, on_hand: '10', stock_value: '20.000', sold: '0', days_sold: 0, days_of_cover: null },
    { ...saffron, on_hand: '6', stock_value: '2.400', sold: '4', days_sold: 4, days_of_cover: 135 },
  ],
});

const day = (offset: number) => {
  const d = new Date(Date.UTC(2026, 10, 26 + offset));
  return d.toISOString().slice(0, 10);
};

export const forecast = (productId = 'p-bread', o: Partial<InventoryForecast> = {}): InventoryForecast => {
  const p = [bread, jam, saffron].find((x) => x.product_id === productId) ?? bread;
  return {
    ...p,
    from: day(-27),
    to: day(0),
    method: 'seasonal_naive',
    chosen_by: 'backtest',
    history: Array.from({ length: 28 }, (_, i) => ({ date: day(i - 27), sold: [20, 30, 30, 40, 120, 90, 50][i % 7]! })),
    forecast: Array.from({ length: 14 }, (_, i) => ({ date: day(i + 1), value: 40, low: 31.5, high: 52 })),
    interval_percent: 80,
    backtest: { mae: 3.25, wape_percent: 6.1, bias: -0.5, horizon: 7, days: 28, points: 168 },
    candidates: [
      { method: 'naive', mae: 35.1 },
      { method: 'seasonal_naive', mae: 3.25 },
    ],
    reorder: { lead_time_days: 7, lead_time_demand: 380, safety_stock: 12.4, reorder_point: 392.4, on_hand: 30, suggested_quantity: 363 },
    ...o,
  };
};
