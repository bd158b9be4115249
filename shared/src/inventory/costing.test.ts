import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_POSITION, InsufficientStock, countTo, issue, mulDiv, parseQuantity, quantityText, receive, type StockPosition, type ValuationMethod } from './costing.js';

const units = (n: number) => n * 1000;

describe('the worked example of issue 14 (FIFO)', () => {
  it('receive 10 at 0.200 and 10 at 0.260, sell 15, count 4: COGS 3.300, shrinkage 0.260, 4 left worth 1.040', () => {
    let p: StockPosition = EMPTY_POSITION;
    p = receive(p, units(10), 2000, '2026-11-01', 'fifo').position;
    p = receive(p, units(10), 2600, '2026-11-02', 'fifo').position;
    expect(p).toMatchObject({ on_hand: 20_000, value: 4600 });
    const sale = issue(p, units(15), 'fifo', false);
    expect(sale.cost).toBe(3300); // 10 × 0.200 + 5 × 0.260
    expect(sale.position).toMatchObject({ on_hand: 5000, value: 1300, layers: [{ quantity: 5000, value: 1300, received_on: '2026-11-02' }] });
    const count = countTo(sale.position, units(4), '2026-11-03', 'fifo');
    expect(count).toMatchObject({ difference: -1000, value: -260 });
    expect(count.position).toMatchObject({ on_hand: 4000, value: 1040 });
  });

  it('under moving average the same story costs the average', () => {
    let p: StockPosition = EMPTY_POSITION;
    p = receive(p, units(10), 2000, '2026-11-01', 'average').position;
    p = receive(p, units(10), 2600, '2026-11-02', 'average').position;
    const sale = issue(p, units(15), 'average', false);
    expect(sale.cost).toBe(3450); // 15 × 0.230
    expect(sale.position).toMatchObject({ on_hand: 5000, value: 1150, layers: [] });
    const count = countTo(sale.position, units(4), '2026-11-03', 'average');
    expect(count.value).toBe(-230);
    expect(count.position.value).toBe(920);
  });
});

describe('costing', () => {
  it('refuses to sell what is not there unless negative stock is allowed', () => {
    const p = receive(EMPTY_POSITION, units(2), 500, '2026-11-01', 'fifo').position;
    expect(() => issue(p, units(3), 'fifo', false)).toThrow(InsufficientStock);
  });

  it('sells into negative stock at the last cost and trues it up with the next receipt', () => {
    let p = receive(EMPTY_POSITION, units(2), 400, '2026-11-01', 'fifo').position; // 0.200 each
    const sale = issue(p, units(5), 'fifo', true);
    expect(sale).toMatchObject({ cost: 1000, short: 3000 });
    expect(sale.position).toMatchObject({ on_hand: -3000, value: -600 });
    // 10 arrive at 0.300: the 3 sold short really cost 0.900, 0.300 more than credited.
    const r = receive(sale.position, units(10), 3000, '2026-11-05', 'fifo');
    expect(r.trueUp).toBe(300);
    p = r.position;
    expect(p).toMatchObject({ on_hand: 7000, value: 2100, layers: [{ quantity: 7000, value: 2100 }] });
  });

  it('rounds a part of a layer and leaves the remainder with the last unit', () => {
    // 3 units for 1.000: a third each is 333.33 fils.
    let p = receive(EMPTY_POSITION, units(3), 1000, '2026-11-01', 'fifo').position;
    const a = issue(p, units(1), 'fifo', false);
    const b = issue(a.position, units(1), 'fifo', false);
    const c = issue(b.position, units(1), 'fifo', false);
    expect([a.cost, b.cost, c.cost]).toEqual([333, 334, 333]);
    expect(c.position).toMatchObject({ on_hand: 0, value: 0, layers: [] });
    p = c.position;
    expect(p.value).toBe(0);
  });

  it('mulDiv rounds half away from zero with integers only', () => {
    expect(mulDiv(5, 1, 2)).toBe(3);
    expect(mulDiv(-5, 1, 2)).toBe(-3);
    expect(mulDiv(9_007_199_254_740, 1_000_000, 1_000_000)).toBe(9_007_199_254_740);
  });

  it('writes and reads quantities in thousandths', () => {
    expect(quantityText(2500)).toBe('2.5');
    expect(quantityText(-250)).toBe('-0.25');
    expect(quantityText(10_000)).toBe('10');
    expect(parseQuantity('0.750')).toBe(750);
    expect(parseQuantity(3)).toBe(3000);
    expect(parseQuantity('1.2345')).toBeNull();
  });
});

type Step = { kind: 'in'; quantity: number; value: number } | { kind: 'out'; quantity: number } | { kind: 'count'; quantity: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('in' as const), quantity: fc.integer({ min: 1, max: 50_000 }), value: fc.integer({ min: 0, max: 200_000 }) }),
  fc.record({ kind: fc.constant('out' as const), quantity: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('count' as const), quantity: fc.integer({ min: 0, max: 60_000 }) }),
);

describe('costing properties', () => {
  for (const method of ['fifo', 'average'] as ValuationMethod[]) {
    it(`${method}: the value held is what came in less what went out, to the fil; FIFO layers add up to it`, () => {
      fc.assert(
        fc.property(fc.array(step, { maxLength: 40 }), fc.boolean(), (steps, allowNegative) => {
          let p: StockPosition = EMPTY_POSITION;
          let booked = 0; // the inventory account
          let quantity = 0;
          for (const s of steps) {
            if (s.kind === 'in') {
              const r = receive(p, s.quantity, s.value, '2026-11-01', method);
              booked += s.value - r.trueUp;
              quantity += s.quantity;
              p = r.position;
            } else if (s.kind === 'out') {
              if (!allowNegative && s.quantity > Math.max(p.on_hand, 0)) continue;
              const r = issue(p, s.quantity, method, allowNegative);
              booked -= r.cost;
              quantity -= s.quantity;
              p = r.position;
            } else {
              if (p.on_hand < 0 && !p.last_cost) continue;
              const r = countTo(p, s.quantity, '2026-11-01', method);
              booked += r.value;
              quantity += r.difference;
              p = r.position;
            }
            expect(p.value).toBe(booked);
            expect(p.on_hand).toBe(quantity);
            if (method === 'fifo' && p.on_hand > 0) {
              expect(p.layers.reduce((a, l) => a + l.value, 0)).toBe(p.value);
              expect(p.layers.reduce((a, l) => a + l.quantity, 0)).toBe(p.on_hand);
            }
            if (p.on_hand === 0) expect(p.value).toBe(0);
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
