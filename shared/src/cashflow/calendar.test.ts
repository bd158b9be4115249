import { describe, expect, it } from 'vitest';
import {
  ISLAMIC_YEARS,
  addDays,
  calendarCovers,
  daysBetween,
  daysToEidAlFitr,
  eidDays,
  isBeforeEidAlAdha,
  isDateText,
  isLastTenOfRamadan,
  isRamadan,
  ramadanDay,
  seasonOf,
  weekday,
} from './calendar.js';

describe('dates as text', () => {
  it('accepts real dates only', () => {
    expect(isDateText('2024-02-29')).toBe(true);
    expect(isDateText('2023-02-29')).toBe(false);
    expect(isDateText('2024-2-9')).toBe(false);
    expect(isDateText(20240229)).toBe(false);
  });

  it('adds days across a leap day and a year end, and counts them back', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('knows Friday, the weekly day off', () => {
    // 2025-05-09 is a Friday; 2025-05-07 a Wednesday.
    expect(weekday('2025-05-09')).toBe(5);
    expect(weekday('2025-05-07')).toBe(3);
  });
});

describe('the table', () => {
  it('covers 2020 to 2035 in order, every Ramadan 29 or 30 days, al-Adha 67–69 days after al-Fitr', () => {
    const years = ISLAMIC_YEARS.map((y) => y.ramadan_start.slice(0, 4));
    expect(years[0]).toBe('2020');
    expect(years[years.length - 1]).toBe('2035');
    ISLAMIC_YEARS.forEach((y, i) => {
      expect(isDateText(y.ramadan_start) && isDateText(y.eid_al_fitr) && isDateText(y.eid_al_adha)).toBe(true);
      expect([29, 30]).toContain(daysBetween(y.ramadan_start, y.eid_al_fitr));
      expect(daysBetween(y.eid_al_fitr, y.eid_al_adha)).toBeGreaterThanOrEqual(67);
      expect(daysBetween(y.eid_al_fitr, y.eid_al_adha)).toBeLessThanOrEqual(69);
      if (i > 0) expect([354, 355, 356]).toContain(daysBetween(ISLAMIC_YEARS[i - 1]!.ramadan_start, y.ramadan_start));
      expect(y.hijri_year).toBe(1441 + i);
    });
  });

  it("keeps Jordan's own start of Ramadan 1443 (3 April 2022) and 1447 (19 February 2026), a day after Umm al-Qura", () => {
    expect(isRamadan('2022-04-02')).toBe(false);
    expect(ramadanDay('2022-04-03')).toBe(1);
    expect(isRamadan('2026-02-18')).toBe(false);
    expect(ramadanDay('2026-02-19')).toBe(1);
  });

  it('has two Ramadans in 2030', () => {
    expect(isRamadan('2030-01-05')).toBe(true);
    expect(isRamadan('2030-12-26')).toBe(true);
    expect(isRamadan('2030-06-01')).toBe(false);
  });

  it('answers for 2020–2035 only', () => {
    expect(calendarCovers('2019-12-31')).toBe(false);
    expect(calendarCovers('2035-12-31')).toBe(true);
  });
});

describe('Ramadan and the Eids of 2024 (1445: Ramadan 11 March – 9 April, al-Fitr 10 April, al-Adha 16 June)', () => {
  it('starts and ends Ramadan on the announced days', () => {
    expect(isRamadan('2024-03-10')).toBe(false);
    expect(ramadanDay('2024-03-11')).toBe(1);
    expect(ramadanDay('2024-04-09')).toBe(30);
    expect(isRamadan('2024-04-10')).toBe(false);
    expect(daysToEidAlFitr('2024-04-09')).toBe(0);
  });

  it('counts the last ten days of Ramadan', () => {
    expect(isLastTenOfRamadan('2024-03-30')).toBe(false);
    expect(isLastTenOfRamadan('2024-03-31')).toBe(true);
    expect(isLastTenOfRamadan('2024-04-09')).toBe(true);
  });

  it('gives three days of al-Fitr and four of al-Adha, Arafah and the days before it as the run-up', () => {
    expect(eidDays('2024-04-10')).toEqual({ eid: 'al_fitr', day: 1 });
    expect(eidDays('2024-04-12')).toEqual({ eid: 'al_fitr', day: 3 });
    expect(eidDays('2024-04-13')).toBeNull();
    expect(eidDays('2024-06-15')).toBeNull();
    expect(eidDays('2024-06-16')).toEqual({ eid: 'al_adha', day: 1 });
    expect(eidDays('2024-06-19')).toEqual({ eid: 'al_adha', day: 4 });
    expect(eidDays('2024-06-20')).toBeNull();
    expect(isBeforeEidAlAdha('2024-06-15')).toBe(true);
    expect(isBeforeEidAlAdha('2024-06-11')).toBe(true);
    expect(isBeforeEidAlAdha('2024-06-10')).toBe(false);
  });

  it('gives each day one kind, the most specific first', () => {
    expect(seasonOf('2024-03-11')).toBe('ramadan');
    expect(seasonOf('2024-04-05')).toBe('ramadan_last_ten');
    expect(seasonOf('2024-04-10')).toBe('eid_al_fitr');
    expect(seasonOf('2024-06-14')).toBe('before_eid_al_adha');
    expect(seasonOf('2024-06-17')).toBe('eid_al_adha');
    expect(seasonOf('2024-08-01')).toBe('ordinary');
  });
});
