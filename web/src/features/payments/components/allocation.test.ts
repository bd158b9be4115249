import { describe, expect, it } from 'vitest';
import { autoAllocate, capAtBalance, minorUnits, oldestFirst, summarize, type OpenDocument } from './allocation';

const doc = (id: string, issue_date: string, balance_due: string, due_date: string | null = null): OpenDocument => ({
  id, number: id.toUpperCase(), issue_date, due_date, total: balance_due, balance_due,
});

// Listed newest first, as the API answers.
const documents = [doc('inv-3', '2025-04-10', '8.000'), doc('inv-2', '2025-03-20', '15.000'), doc('inv-1', '2025-03-01', '11.600')];

describe('payment allocation', () => {
  it('allocates oldest first, each document at most its balance due, the rest left over', () => {
    expect(autoAllocate('30', documents, 'JOD')).toEqual({ 'inv-1': '11.600', 'inv-2': '15.000', 'inv-3': '3.400' });
    expect(summarize('30', autoAllocate('30', documents, 'JOD'), 'JOD')).toMatchObject({ amount: 30000, allocated: 30000, unallocated: 0 });
  });

  it('keeps what exceeds every balance as the unallocated remainder', () => {
    const allocations = autoAllocate('40.001', documents, 'JOD');
    expect(allocations).toEqual({ 'inv-1': '11.600', 'inv-2': '15.000', 'inv-3': '8.000' });
    expect(summarize('40.001', allocations, 'JOD').unallocated).toBe(5401);
  });

  it('leaves later documents empty once the payment is used up', () => {
    expect(autoAllocate('5.5', documents, 'JOD')).toEqual({ 'inv-1': '5.500', 'inv-2': '', 'inv-3': '' });
  });

  it('orders by issue date, then due date, then number', () => {
    const sameDay = [doc('b', '2025-01-01', '1', '2025-02-01'), doc('a', '2025-01-01', '1', '2025-03-01'), doc('c', '2024-12-31', '1')];
    expect(oldestFirst(sameDay).map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });

  it('caps a typed amount at the balance due, and leaves smaller or unreadable text alone', () => {
    expect(capAtBalance('20', '15.000', 'JOD')).toBe('15.000');
    expect(capAtBalance('15.0001', '15.000', 'JOD')).toBe('15.0001');
    expect(capAtBalance('14.9', '15.000', 'JOD')).toBe('14.9');
    expect(capAtBalance('1.', '15.000', 'JOD')).toBe('1.');
  });

  it('reads amounts exactly, at the currency precision, never as floats', () => {
    expect(minorUnits('0.1', 'JOD')).toBe(100);
    expect(minorUnits('12.345', 'JOD')).toBe(12345);
    expect(minorUnits('12.3456', 'JOD')).toBeNull();
    expect(minorUnits('12.345', 'USD')).toBeNull();
    expect(minorUnits('-1', 'JOD')).toBeNull();
    expect(minorUnits('', 'JOD')).toBeNull();
    // 0.1 + 0.2 in floats is 0.30000000000000004; in fils it is 300.
    expect(summarize('0.3', { a: '0.1', b: '0.2' }, 'JOD')).toMatchObject({ allocated: 300, unallocated: 0 });
  });

  it('reports allocations above the payment as a negative remainder, and unreadable ones by document', () => {
    expect(summarize('10', { a: '8', b: '3', c: '1.2345', d: '' }, 'JOD')).toEqual({ amount: 10000, allocated: 11000, unallocated: -1000, unreadable: ['c'] });
    expect(summarize('', { a: '8' }, 'JOD').unallocated).toBeNull();
  });
});
