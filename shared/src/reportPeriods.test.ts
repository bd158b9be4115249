import { describe, expect, it } from 'vitest';
import { ReportPeriodError, resolveReportPeriod } from './reportPeriods.js';

// 21 Nov 2026, 22:30 UTC is already 22 Nov in Amman (UTC+3).
const lateEvening = new Date('2026-11-21T22:30:00Z');
const midday = new Date('2026-11-21T10:00:00Z');

describe('report periods', () => {
  it("resolves months in the organization's time zone, not the server's", () => {
    const inAmman = resolveReportPeriod({ period: 'current_month' }, { timezone: 'Asia/Amman' }, new Date('2026-11-30T22:30:00Z'));
    expect(inAmman).toMatchObject({ from: '2026-12-01', to: '2026-12-31', today: '2026-12-01', as_of: '2026-12-01' });
    const inUtc = resolveReportPeriod({ period: 'current_month' }, { timezone: 'UTC' }, new Date('2026-11-30T22:30:00Z'));
    expect(inUtc).toMatchObject({ from: '2026-11-01', to: '2026-11-30', as_of: '2026-11-30' });
  });

  it('gives the previous period of the same kind, across year ends', () => {
    expect(resolveReportPeriod({ period: 'last_month' }, {}, midday)).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      as_of: '2026-10-31',
      previous: { from: '2026-09-01', to: '2026-09-30' },
    });
    const january = resolveReportPeriod({ period: 'current_month' }, {}, new Date('2027-01-10T10:00:00Z'));
    expect(january.previous).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('counts quarters and years from the fiscal year start', () => {
    expect(resolveReportPeriod({ period: 'current_quarter' }, {}, midday)).toMatchObject({ from: '2026-10-01', to: '2026-12-31' });
    expect(resolveReportPeriod({ period: 'last_quarter' }, {}, midday)).toMatchObject({ from: '2026-07-01', to: '2026-09-30' });
    // A fiscal year from April: Q3 is Oct–Dec, the year Apr 2026 – Mar 2027.
    const april = { fiscal_year_start_month: 4 };
    expect(resolveReportPeriod({ period: 'current_quarter' }, april, midday)).toMatchObject({ from: '2026-10-01', to: '2026-12-31' });
    expect(resolveReportPeriod({ period: 'current_year' }, april, midday)).toMatchObject({
      from: '2026-04-01',
      to: '2027-03-31',
      as_of: '2026-11-21',
      previous: { from: '2025-04-01', to: '2026-03-31' },
    });
    expect(resolveReportPeriod({ period: 'last_year' }, april, midday)).toMatchObject({ from: '2025-04-01', to: '2026-03-31' });
    // February in an April fiscal year belongs to the year that started the April before.
    expect(resolveReportPeriod({ period: 'current_year' }, april, new Date('2027-02-15T10:00:00Z'))).toMatchObject({ from: '2026-04-01', to: '2027-03-31' });
    expect(resolveReportPeriod({ period: 'current_quarter' }, april, new Date('2027-02-15T10:00:00Z'))).toMatchObject({ from: '2027-01-01', to: '2027-03-31' });
  });

  it('takes a custom range as given and compares it with as many days before', () => {
    const custom = resolveReportPeriod({ period: 'custom', custom_start: '2026-03-10', custom_end: '2026-03-19' }, {}, lateEvening);
    expect(custom).toMatchObject({ from: '2026-03-10', to: '2026-03-19', as_of: '2026-03-19', previous: { from: '2026-02-28', to: '2026-03-09' } });
  });

  it('refuses an incomplete or reversed custom range', () => {
    expect(() => resolveReportPeriod({ period: 'custom', custom_start: '2026-03-10' })).toThrow(ReportPeriodError);
    expect(() => resolveReportPeriod({ period: 'custom', custom_start: '2026-03-10', custom_end: '2026-03-01' })).toThrow(/on or before/);
    expect(() => resolveReportPeriod({ period: 'custom', custom_start: '2026-02-30', custom_end: '2026-03-01' })).toThrow(/YYYY-MM-DD/);
    expect(() => resolveReportPeriod({ period: 'custom', custom_start: '2025-13-01', custom_end: '2026-03-01' })).toThrow(ReportPeriodError);
  });
});
