import { describe, expect, it } from 'vitest';
import { amountForRequest, emptyEntryLine, entryFigures, lineProblems, readAmount, type EntryLine } from './entry-lines';

const line = (values: Partial<EntryLine>): EntryLine => ({ ...emptyEntryLine(), account_id: 'acc', ...values });

describe('journal entry figures', () => {
  it('sums in minor units, so amounts a float would get wrong balance exactly', () => {
    // 0.1 + 0.2 !== 0.3 in floating point; in fils it is 100 + 200 = 300.
    const figures = entryFigures([line({ debit: '0.1' }), line({ debit: '0.2' }), line({ credit: '0.3' })], 'JOD');
    expect(figures).toMatchObject({ balanced: true, readable: true, debits: { amount: 300 }, credits: { amount: 300 }, difference: { amount: 0 } });
  });

  it('finds a one-fil difference', () => {
    const figures = entryFigures([line({ debit: '100.001' }), line({ credit: '100' })], 'JOD');
    expect(figures.balanced).toBe(false);
    expect(figures.difference).toEqual({ amount: 1, currency: 'JOD' });
  });

  it('is not balanced with nothing in it, or with an unreadable amount', () => {
    expect(entryFigures([line({}), line({})], 'JOD').balanced).toBe(false);
    expect(entryFigures([line({ debit: '1,5' }), line({ credit: '1.5' })], 'JOD')).toMatchObject({ balanced: false, readable: false });
  });

  it("reads amounts at the currency's precision, as the API does", () => {
    expect(readAmount('12.345', 'JOD')).toEqual({ state: 'amount', money: { amount: 12345, currency: 'JOD' } });
    expect(readAmount('12.345', 'USD')).toEqual({ state: 'invalid', reason: 'decimals' });
    expect(readAmount('-1', 'JOD')).toEqual({ state: 'invalid', reason: 'format' });
    expect(readAmount('  ', 'JOD')).toEqual({ state: 'empty' });
    expect(amountForRequest('7.5', 'JOD')).toBe('7.500');
    expect(amountForRequest('0', 'JOD')).toBeNull();
  });

  it('names what keeps a line from posting', () => {
    expect(lineProblems(line({ account_id: '', debit: '1', credit: '2' }), 'JOD')).toEqual(['account', 'both']);
    expect(lineProblems(line({ debit: '0' }), 'JOD')).toEqual(['neither']);
    expect(lineProblems(line({ credit: 'abc' }), 'JOD')).toEqual(['creditFormat']);
    expect(lineProblems(line({ debit: '5' }), 'JOD')).toEqual([]);
  });
});
