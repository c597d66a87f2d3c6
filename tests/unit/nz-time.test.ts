/**
 * New Zealand calendar arithmetic: weeks that start on Monday across the NZST/NZDT changes, office
 * hours from the business config, and business time that carries over evenings and weekends.
 */
import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  isBusinessTime,
  isCalendarDate,
  nzDateTime,
  nzInstant,
  nzLastWeeks,
  nzParts,
  nzWeekOf,
  nzWeeksBetween,
  nzYearToDate,
} from '../../core/nz-time.ts';

const HOUR = 3_600_000;

describe('New Zealand time', () => {
  it('reads wall-clock time in both zones', () => {
    expect(nzDateTime(new Date('2026-01-15T00:30:00Z'))).toBe('2026-01-15 13:30:00'); // NZDT, +13
    expect(nzDateTime(new Date('2026-07-15T00:30:00Z'))).toBe('2026-07-15 12:30:00'); // NZST, +12
    expect(nzParts(new Date('2026-11-23T18:55:00Z'))).toEqual({ date: '2026-11-24', weekday: 2, minutes: 7 * 60 + 55 });
  });

  it('turns a wall-clock time back into the instant, on both sides of each change', () => {
    expect(nzInstant('2026-01-15', 13 * 60 + 30).toISOString()).toBe('2026-01-15T00:30:00.000Z');
    expect(nzInstant('2026-07-15', 12 * 60 + 30).toISOString()).toBe('2026-07-15T00:30:00.000Z');
    // 5 April 2026: clocks go back at 3 am NZDT; 8 am is NZST.
    expect(nzInstant('2026-04-05', 8 * 60).toISOString()).toBe('2026-04-04T20:00:00.000Z');
    // 27 September 2026: clocks go forward at 2 am NZST; 8 am is NZDT.
    expect(nzInstant('2026-09-27', 8 * 60).toISOString()).toBe('2026-09-26T19:00:00.000Z');
  });

  it('puts a lead in the week of its New Zealand Monday, also across the clock changes', () => {
    // Sunday 23:30 NZDT is still the week before; Monday 00:30 NZDT starts the new one (both Sunday in UTC).
    expect(nzWeekOf(new Date('2026-03-01T10:30:00Z'))).toBe('2026-02-23');
    expect(nzWeekOf(new Date('2026-03-01T11:30:00Z'))).toBe('2026-03-02');
    expect(nzWeeksBetween(new Date('2026-03-30T00:00:00Z'), new Date('2026-04-14T00:00:00Z'))).toEqual(['2026-03-30', '2026-04-06', '2026-04-13']);
    expect(nzWeeksBetween(new Date('2026-09-21T00:00:00Z'), new Date('2026-10-05T00:00:00Z'))).toEqual(['2026-09-21', '2026-09-28', '2026-10-05']);
    expect(nzWeeksBetween(new Date('2026-05-10T00:00:00Z'), new Date('2026-05-01T00:00:00Z'))).toEqual([]);
  });

  it('knows office hours: weekdays 7 am to 6 pm, Saturday 8 am to 4 pm, Sunday closed', () => {
    const at = (date: string, hhmm: string) => nzInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));
    expect(isBusinessTime(at('2026-11-24', '07:00'))).toBe(true);
    expect(isBusinessTime(at('2026-11-24', '06:59'))).toBe(false);
    expect(isBusinessTime(at('2026-11-24', '18:00'))).toBe(false);
    expect(isBusinessTime(at('2026-11-28', '15:59'))).toBe(true);
    expect(isBusinessTime(at('2026-11-28', '16:00'))).toBe(false);
    expect(isBusinessTime(at('2026-11-29', '12:00'))).toBe(false);
  });

  it('adds business time over evenings, Sundays and a clock change', () => {
    const at = (date: string, minutes: number) => nzInstant(date, minutes);
    // Tuesday 10 am + 4 h = 2 pm the same day.
    expect(addBusinessTime(at('2026-11-24', 600), 4 * HOUR)).toEqual(at('2026-11-24', 840));
    // Friday 5 pm + 4 h: one hour on Friday, three from Saturday 8 am = 11 am Saturday.
    expect(addBusinessTime(at('2026-11-27', 1020), 4 * HOUR)).toEqual(at('2026-11-28', 660));
    // Saturday 3 pm + 4 h: one hour on Saturday, Sunday closed, three from Monday 7 am = 10 am Monday.
    expect(addBusinessTime(at('2026-11-28', 900), 4 * HOUR)).toEqual(at('2026-11-30', 600));
    // Sunday night (closed) + 30 min = Monday 7:30 am.
    expect(addBusinessTime(at('2026-11-29', 1380), 0.5 * HOUR)).toEqual(at('2026-11-30', 450));
    // Saturday 4 April 3 pm NZDT + 4 h: clocks go back on Sunday; Monday 10 am is NZST.
    expect(addBusinessTime(at('2026-04-04', 900), 4 * HOUR).toISOString()).toBe('2026-04-05T22:00:00.000Z');
  });

  it('gives the reports’ ranges as New Zealand dates: whole weeks to today, and the year so far', () => {
    // Sunday 29 November 2026, 11:30 pm NZDT (still Sunday in New Zealand, Sunday morning in UTC).
    const sundayNight = new Date('2026-11-29T10:30:00Z');
    expect(nzLastWeeks(4, sundayNight)).toEqual({ from: '2026-11-02', to: '2026-11-29' });
    expect(nzLastWeeks(1, new Date('2026-11-29T11:30:00Z'))).toEqual({ from: '2026-11-30', to: '2026-11-30' }); // Monday 00:30
    expect(nzYearToDate(new Date('2026-12-31T11:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' }); // New Year's Day, 00:30
  });

  it('says an impossible date is not a calendar date, instead of throwing', () => {
    for (const date of ['2026-13-01', '2026-02-00', '2026-00-10', '2026-02-30', '2026-04-31']) expect(isCalendarDate(date), date).toBe(false);
    for (const date of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isCalendarDate(date), date).toBe(true);
  });
});
