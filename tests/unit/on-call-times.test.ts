/**
 * The on-call times a partner picks on their page, in New Zealand time: the shortcuts' ends at the
 * edges (just before and at 7:00 am, Monday morning, across the daylight-saving changes), a typed
 * time read as the New Zealand wall clock, and what is refused.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromNzLocal, MAX_ON_CALL_DAYS, onCallPick, toNzLocal, tonightUntil, weekendUntil } from '../../server/partners/on-call-times.ts';

const nz = (at: Date) =>
  at.toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland', weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

describe('the shortcuts', () => {
  it.each([
    // [now (UTC), tonight's end, the weekend's end], both as the NZ wall clock says them
    ['2026-03-10T17:59:00Z', 'Wed, 11 Mar, 7:00 am', 'Mon, 16 Mar, 7:00 am'], // Wed 6:59 am NZDT: this morning
    ['2026-03-10T18:00:00Z', 'Thu, 12 Mar, 7:00 am', 'Mon, 16 Mar, 7:00 am'], // Wed 7:00 am: tomorrow's
    ['2026-03-15T17:59:00Z', 'Mon, 16 Mar, 7:00 am', 'Mon, 16 Mar, 7:00 am'], // Mon 6:59 am: this Monday's
    ['2026-03-15T18:00:00Z', 'Tue, 17 Mar, 7:00 am', 'Mon, 23 Mar, 7:00 am'], // Mon 7:00 am: next Monday's
    ['2026-03-15T10:00:00Z', 'Mon, 16 Mar, 7:00 am', 'Mon, 16 Mar, 7:00 am'], // Sun 11 pm
    ['2026-09-26T10:00:00Z', 'Sun, 27 Sept, 7:00 am', 'Mon, 28 Sept, 7:00 am'], // Sat 10 pm NZST, clocks go forward overnight
    ['2026-04-04T10:00:00Z', 'Sun, 5 Apr, 7:00 am', 'Mon, 6 Apr, 7:00 am'], // Sat 11 pm NZDT, clocks go back overnight
  ])('from %s', (now, tonight, weekend) => {
    expect(nz(tonightUntil(new Date(now)))).toBe(tonight);
    expect(nz(weekendUntil(new Date(now)))).toBe(weekend);
  });

  it('always end after now, at 7:00 am New Zealand time, within a day (tonight) and a week (the weekend, on a Monday)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2001-01-01'), max: new Date('2098-12-01'), noInvalidDate: true }), (now) => {
        const tonight = tonightUntil(now);
        const weekend = weekendUntil(now);
        const hour = 3_600_000;
        expect(tonight.getTime()).toBeGreaterThan(now.getTime());
        expect(tonight.getTime() - now.getTime()).toBeLessThanOrEqual(25 * hour);
        expect(weekend.getTime()).toBeGreaterThan(now.getTime());
        expect(weekend.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 24 * hour + hour);
        expect(nz(tonight)).toMatch(/, 7:00 am$/);
        expect(nz(weekend)).toMatch(/^Mon, .*, 7:00 am$/);
      }),
    );
  });
});

describe('a typed time', () => {
  it('is read as New Zealand time, whatever the zone of the machine', () => {
    expect(fromNzLocal('2026-03-11T07:00')!.toISOString()).toBe('2026-03-10T18:00:00.000Z');
    expect(fromNzLocal('2026-07-01T19:30')!.toISOString()).toBe('2026-07-01T07:30:00.000Z');
    // A time the spring change skips comes out an hour later, as the clock then reads.
    expect(nz(fromNzLocal('2026-09-27T02:30')!)).toBe('Sun, 27 Sept, 3:30 am');
    expect(toNzLocal(new Date('2026-03-10T18:00:00Z'))).toBe('2026-03-11T07:00');
  });

  it('reads back as it was written, to the minute', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2001-01-01'), max: new Date('2098-12-01'), noInvalidDate: true }), (at) => {
        expect(toNzLocal(fromNzLocal(toNzLocal(at))!)).toBe(toNzLocal(at));
      }),
    );
  });

  it.each([
    '',
    'tonight',
    '2026-02-30T07:00',
    '2026-13-01T07:00',
    '2026-03-11T24:00',
    '2026-03-11T07:60',
    '2026-03-11 07:00',
    '1999-12-31T07:00',
    '12026-03-11T07:00',
  ])('refuses %j', (typed) => {
    expect(fromNzLocal(typed)).toBeUndefined();
    expect(onCallPick('until', typed, new Date('2026-03-10T00:00:00Z'))).toEqual({ ok: false, problem: 'bad' });
  });

  it('must end after now and within the days allowed', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    expect(onCallPick('until', toNzLocal(now), now)).toEqual({ ok: false, problem: 'past' });
    expect(onCallPick('until', toNzLocal(new Date(now.getTime() + MAX_ON_CALL_DAYS * 86_400_000 + 60_000)), now)).toEqual({ ok: false, problem: 'far' });
    expect(onCallPick('until', toNzLocal(new Date(now.getTime() + MAX_ON_CALL_DAYS * 86_400_000)), now)).toEqual({
      ok: true,
      until: now.getTime() + MAX_ON_CALL_DAYS * 86_400_000,
    });
    expect(onCallPick('off', 'anything', now)).toEqual({ ok: true, until: 'off' });
    expect(onCallPick('tonight', undefined, now)).toEqual({ ok: true, until: tonightUntil(now).getTime() });
  });
});
