/**
 * Inventory analytics through the routes: goods received and sold through the inventory and
 * invoice APIs show up in the overview, trends, rankings and performance figures (read from the
 * daily per-product figures those postings keep), and a long series gets the forecast method its
 * own backtest chose, with that backtest's error and a reorder.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { billsSetup } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { StockDaily } from '../db/stockDaily.js';
import { addDays, todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function setup() {
  const s = await billsSetup();
  const { org, as } = s;
  const O = `/api/v1/organizations/${org.id}`;
  const A = `${O}/inventory/analytics`;
  // The server's day is the organization's; the sale and the receipts are dated with it.
  const today = todayIn((await organizationSettings(org.id)).timeZone);
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Hotel Petra' }));
  const product = async (sku: string, name: string) => {
    const res = await call('POST', `${O}/products-services`, { ...as('member'), json: { sku, name, sale_price: '0.500', is_tracked_inventory: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const receive = async (product_id: string, quantity: string, unit_cost: string) => {
    const res = await call('POST', `${O}/inventory/stock-movements`, { ...as('member'), json: { movement_type: 'receipt', product_id, quantity, unit_cost, date: today } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const sell = async (lines: { product_id: string; quantity: string; unit_price: string }[]) => {
    const draft = await call('POST', `${O}/invoices/with-line-items`, { ...as('member'), json: { contact_id: customer.id, issue_date: today, lines: lines.map((l) => ({ ...l, description: 'Goods' })) } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const confirmed = await call('POST', `${O}/invoices/${(draft.body as { id: string }).id}/confirm`, as('admin'));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  };
  const get = async (path: string, status = 200) => {
    const res = await call('GET', `${A}/${path}`, as('viewer'));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as Body;
  };
  return { ...s, O, A, today, product, receive, sell, get };
}

describe('inventory analytics from real postings', () => {
  it('receive three products, sell two on one invoice, lose one croissant: every figure follows', async () => {
    const s = await setup();
    const croissant = await s.product('CRS-1', 'Croissant');
    const honey = await s.product('HNY-1', 'Jar of honey');
    const oil = await s.product('OIL-1', 'Olive oil');
    await s.receive(croissant.id, '20', '0.200');
    await s.receive(honey.id, '5', '4.000');
    await s.receive(oil.id, '10', '2.000');
    await s.sell([
      { product_id: croissant.id, quantity: '15', unit_price: '0.500' },
      { product_id: honey.id, quantity: '1', unit_price: '6.000' },
    ]);
    const lost = (await call('POST', `${s.O}/inventory/products/${croissant.id}/adjust-stock`, { ...s.as('member'), json: { quantity: '-1', reason: 'damaged', date: s.today } }));
    expect(lost.status, JSON.stringify(lost.body)).toBe(201);

    // Received 4.000 + 20.000 + 20.000; sold 3.000 + 4.000 at cost for 7.500 + 6.000; 0.200 lost.
    expect(await s.get('overview?days=30')).toEqual({
      from: addDays(s.today, -29), to: s.today, days: 30, currency: 'JOD',
      tracked_products: 3, products_in_stock: 3, low_stock: 0, out_of_stock: 0,
      stock_value: '36.800', products_sold: 2, sold: '16',
      revenue: '13.500', cost_of_sales: '7.000', gross_profit: '6.500', gross_margin_percent: 48.1,
      received_value: '44.000', adjustment_value: '-0.200',
    });

    const trends = await s.get('trends?days=7');
    expect(trends.data).toHaveLength(7);
    expect(trends.data[0]).toEqual({ date: addDays(s.today, -6), sold: '0', revenue: '0.000', cost_of_sales: '0.000', received: '0', received_value: '0.000', adjustment_value: '0.000', movements: 0 });
    // Three receipts, two issues on the invoice, one adjustment.
    expect(trends.data[6]).toEqual({ date: s.today, sold: '16', revenue: '13.500', cost_of_sales: '7.000', received: '35', received_value: '44.000', adjustment_value: '-0.200', movements: 6 });

    const top = await s.get('top-selling?days=30&limit=5');
    expect(top.data).toEqual([
      { product_id: croissant.id, sku: 'CRS-1', name: 'Croissant', name_ar: null, sold: '15', revenue: '7.500', cost_of_sales: '3.000', gross_profit: '4.500', revenue_share_percent: 55.6, days_sold: 1 },
      { product_id: honey.id, sku: 'HNY-1', name: 'Jar of honey', name_ar: null, sold: '1', revenue: '6.000', cost_of_sales: '4.000', gross_profit: '2.000', revenue_share_percent: 44.4, days_sold: 1 },
    ]);
    expect((await s.get('top-selling?days=30&limit=1')).data).toHaveLength(1);

    // The oil never sold (most value idle, first); honey's 4 last 120 days at 1 a month; croissants 8.
    const slow = await s.get('slow-moving?days=30');
    expect(slow.data.map((r: Body) => [r.name, r.on_hand, r.stock_value, r.sold, r.days_of_cover])).toEqual([
      ['Olive oil', '10', '20.000', '0', null],
      ['Jar of honey', '4', '16.000', '1', 120],
      ['Croissant', '4', '0.800', '15', 8],
    ]);

    const abc = await s.get('abc-analysis?days=30');
    expect(abc.total_value).toBe('7.000');
    // Honey cost more (4.000) and ranks first; croissants start at 57 % ranked before: still A.
    expect(abc.data.map((r: Body) => [r.name, r.value, r.abc, r.cumulative_percent, r.xyz])).toEqual([
      ['Jar of honey', '4.000', 'A', 57.1, 'Z'],
      ['Croissant', '3.000', 'A', 100, 'Z'],
    ]);
    expect(abc.summary).toEqual([
      { abc: 'A', products: 2, value: '7.000', share_percent: 100 },
      { abc: 'B', products: 0, value: '0.000', share_percent: 0 },
      { abc: 'C', products: 0, value: '0.000', share_percent: 0 },
    ]);

    expect(await s.get('dashboard-metrics')).toMatchObject({
      today: s.today, tracked_products: 3, stock_value: '36.800', sold_today: '16', revenue_today: '13.500', revenue_7_days: '13.500', revenue_30_days: '13.500', cost_of_sales_30_days: '7.000', movements_today: 6,
    });

    // Stock was worth nothing before today and 36.800 at its end: the average over 30 day-ends is 1.227,
    // turned over 7.000 / 1.227 = 5.7 times and held 1.227 × 30 / 7.000 = 5.3 days of cost of sales.
    expect(await s.get('performance-metrics?days=30')).toEqual({
      from: addDays(s.today, -29), to: s.today, days: 30, currency: 'JOD',
      cost_of_sales: '7.000', opening_stock_value: '0.000', closing_stock_value: '36.800', average_stock_value: '1.227',
      turnover: 5.7, days_of_inventory: 5.3, gross_margin_percent: 48.1,
      sell_through_percent: 47.1, shrinkage_value: '0.200', shrinkage_percent: 2.9,
    });

    // One day of history: too little to backtest, so it says so and shows no error.
    const f = await s.get(`forecast/${croissant.id}?forecast_days=3&lead_time_days=7`);
    expect(f).toMatchObject({ method: 'moving_average', chosen_by: 'too_little_history', backtest: null, history: [{ date: s.today, sold: 15 }] });
    expect(f.forecast).toEqual([1, 2, 3].map((d) => ({ date: addDays(s.today, d), value: 15, low: 15, high: 15 })));
    expect(f.reorder).toEqual({ lead_time_days: 7, lead_time_demand: 105, safety_stock: 0, reorder_point: 105, on_hand: 4, suggested_quantity: 101 });
  });

  it('a weekly series gets seasonal naive by its backtest, and ABC/XYZ split by value and steadiness', async () => {
    const s = await setup();
    const bread = await s.product('BRD-1', 'Flatbread');
    const jam = await s.product('JAM-1', 'Apricot jam');
    const saffron = await s.product('SAF-1', 'Saffron');
    await s.receive(bread.id, '30', '0.100');
    // Eight weeks of history through invoices would be 56 dated sales; these are the day items the
    // stock postings write (db/stockDaily.ts), put directly: sold in thousandths, values in fils.
    const week = [20, 30, 30, 40, 120, 90, 50];
    const put = (product_id: string, date: string, sold: number, sold_cost: number) =>
      StockDaily.put({ organization_id: s.org.id, product_id, date, sold, sold_cost, revenue: sold_cost * 2, movements: 1 }).go();
    for (let i = 1; i <= 56; i++) {
      const date = addDays(s.today, -i);
      // Bread: the weekly pattern, 0.100 a unit. Jam: 5 every day at 0.150. Saffron: 1 every 14th day at 0.400.
      await put(bread.id, date, week[(56 - i) % 7]! * 1000, week[(56 - i) % 7]! * 100);
      await put(jam.id, date, 5000, 750);
      if (i % 14 === 0) await put(saffron.id, date, 1000, 400);
    }

    const f = await s.get(`forecast/${bread.id}?days=57&forecast_days=14&lead_time_days=7`);
    expect(f).toMatchObject({ name: 'Flatbread', method: 'seasonal_naive', chosen_by: 'backtest', interval_percent: 80 });
    expect(f.history).toHaveLength(57); // 56 days of the pattern and today, when nothing was sold
    expect(f.backtest).toMatchObject({ horizon: 7, days: 28 });
    expect(f.backtest.mae).toBeGreaterThan(0); // today's zero breaks the pattern, and the backtest says so
    const mae = Object.fromEntries(f.candidates.map((c: Body) => [c.method, c.mae]));
    expect(mae.seasonal_naive).toBe(Math.min(...(Object.values(mae) as number[])));
    expect(f.forecast).toHaveLength(14);
    expect(f.forecast[0].date).toBe(addDays(s.today, 1));
    for (const d of f.forecast) expect(d.low <= d.value && d.value <= d.high).toBe(true);
    expect(f.reorder.on_hand).toBe(30);
    expect(f.reorder.suggested_quantity).toBe(Math.max(0, Math.ceil(f.reorder.reorder_point - 30 - 1e-9)));

    const abc = await s.get('abc-analysis?days=57');
    // Bread 8 weeks × 380 units at 0.100 = 304.000; jam 56 × 0.750 = 42.000; saffron 4 × 0.400 = 1.600.
    // Jam has 304.000 of 347.600 (87.5 %) ranked before it: B; saffron 99.5 %: C. Jam's 5 a day is
    // steady (X), bread's week varies (Y), saffron's once a fortnight is erratic (Z).
    expect(abc.data.map((r: Body) => [r.name, r.value, r.abc, r.xyz])).toEqual([
      ['Flatbread', '304.000', 'A', 'Y'],
      ['Apricot jam', '42.000', 'B', 'X'],
      ['Saffron', '1.600', 'C', 'Z'],
    ]);
    expect(abc.data[1]).toMatchObject({ days_sold: 56, cv: 0.134 });
    // Over 90 days, 34 of them before the jam was sold, its demand is variable, not steady.
    expect((await s.get('abc-analysis?days=90')).data.find((r: Body) => r.name === 'Apricot jam')).toMatchObject({ abc: 'B', xyz: 'Y', cv: 0.779 });
    expect((await s.get('abc-analysis?days=57&limit=1')).data).toHaveLength(1);
    expect(abc.matrix).toContainEqual({ abc: 'C', xyz: 'Z', products: 1 });
    expect(abc.summary.map((c: Body) => [c.abc, c.products, c.value])).toEqual([['A', 1, '304.000'], ['B', 1, '42.000'], ['C', 1, '1.600']]);
  });

  it('checks its inputs and the product', async () => {
    const s = await setup();
    await s.get('overview?days=0', 422);
    await s.get('top-selling?limit=101', 422);
    await s.get('forecast/no-such-product', 404);
    const res = await call('GET', `${s.A}/overview`, {});
    expect(res.status).toBe(401);
  });
});
