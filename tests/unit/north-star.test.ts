/**
 * The North star's rules as pure functions: the hour bands at their edges in New Zealand time on
 * both sides of the daylight-time changes, the 90th percentile by nearest rank with nobody committed
 * counted as never, what counts as judged, and the promise kept once due. A property ties the two
 * figures together: the 90th percentile is within 5 minutes exactly when at least 9 in 10 were.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMMIT_WITHIN_MS, hourBandOf, nearestRankMs, northStarOf, type UrgentLeadTimes } from '../../core/lead/north-star.ts';
import { nzInstant } from '../../core/nz-time.ts';
import { attendWithinHours } from '../../core/lead/response-targets.ts';

const MINUTE = 60_000;
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return nzInstant(date, h! * 60 + m!);
};

describe('the hour bands', () => {
  it('split office hours, evening and night at their edges, in New Zealand time on both sides of the clock changes', () => {
    const cases: [string, string, string][] = [
      // Tuesday 22 September 2026 (NZST, UTC+12).
      ['2026-09-22', '06:59', 'night'],
      ['2026-09-22', '07:00', 'office'],
      ['2026-09-22', '17:59', 'office'],
      ['2026-09-22', '18:00', 'evening'],
      ['2026-09-22', '21:59', 'evening'],
      ['2026-09-22', '22:00', 'night'],
      // Saturday: office from 08:00 to 16:00.
      ['2026-09-26', '07:59', 'evening'],
      ['2026-09-26', '08:00', 'office'],
      ['2026-09-26', '16:00', 'evening'],
      // Sunday 27 September: daylight time starts at 02:00; no office hours.
      ['2026-09-27', '01:59', 'night'],
      ['2026-09-27', '12:00', 'evening'],
      // Monday 28 September (NZDT, UTC+13): the same edges an hour earlier in UTC.
      ['2026-09-28', '06:59', 'night'],
      ['2026-09-28', '07:00', 'office'],
      // Monday 6 April 2026, the day after daylight time ended (NZST again).
      ['2026-04-06', '06:59', 'night'],
      ['2026-04-06', '07:00', 'office'],
      ['2026-04-06', '22:00', 'night'],
    ];
    expect(cases.map(([date, time]) => [date, time, hourBandOf(at(date, time))])).toEqual(cases);
    // 07:00 on Monday 28 September is 18:00 UTC on the Sunday; on a winter Monday it is 19:00 UTC.
    expect(at('2026-09-28', '07:00').toISOString()).toBe('2026-09-27T18:00:00.000Z');
    expect(at('2026-04-06', '07:00').toISOString()).toBe('2026-04-05T19:00:00.000Z');
  });
});

describe('the 90th percentile', () => {
  it('is read by nearest rank, and is null when its rank falls on a request nobody committed to', () => {
    expect(nearestRankMs([], 90)).toBeNull();
    expect(nearestRankMs([7], 90)).toBe(7);
    // 10 values: the 9th; 11 values: the 10th.
    expect(nearestRankMs([1, 2, 3, 4, 5, 6, 7, 8, 9, Infinity], 90)).toBe(9);
    expect(nearestRankMs([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, Infinity], 90)).toBe(10);
    expect(nearestRankMs([1, 2, 3, 4, 5, 6, 7, 8, Infinity, Infinity], 90)).toBeNull();
  });

  it('is within 5 minutes exactly when at least 9 in 10 had someone within 5 minutes', () => {
    const minutes = fc.oneof(fc.integer({ min: 0, max: 4 * 60 * MINUTE }), fc.integer({ min: COMMIT_WITHIN_MS - 2, max: COMMIT_WITHIN_MS + 2 }));
    fc.assert(
      fc.property(fc.array(fc.option(minutes, { nil: null }), { minLength: 1, maxLength: 60 }), (waits) => {
        const created = Date.parse('2026-10-01T00:00:00Z');
        const leads: UrgentLeadTimes[] = waits.map((w) => ({
          createdMs: created,
          city: 'Hamilton',
          acceptedMs: w === null ? null : created + w,
          acknowledgedMs: null,
          onSiteMs: null,
        }));
        const { committed } = northStarOf(leads, created + 30 * 24 * 60 * MINUTE);
        const p90Within = committed.p90Minutes !== null && committed.p90Minutes * MINUTE <= COMMIT_WITHIN_MS;
        expect([committed.urgent, p90Within]).toEqual([waits.length, committed.within * 10 >= committed.urgent * 9]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the North star of a set of urgent requests', () => {
  const created = at('2026-10-06', '02:00').getTime();
  const lead = (extra: Partial<UrgentLeadTimes>): UrgentLeadTimes => ({
    createdMs: created,
    city: 'Hamilton',
    acceptedMs: null,
    acknowledgedMs: null,
    onSiteMs: null,
    ...extra,
  });
  const promise = attendWithinHours('Hamilton') * 60 * MINUTE;

  it('takes the earlier of an acceptance and an acknowledgement, counts exactly 5 minutes as within, and leaves a fresh request out until 5 minutes pass', () => {
    const star = northStarOf(
      [
        lead({ acceptedMs: created + 10 * MINUTE, acknowledgedMs: created + MINUTE }),
        lead({ acceptedMs: created + COMMIT_WITHIN_MS }),
        lead({ acknowledgedMs: created + COMMIT_WITHIN_MS + 1 }),
        lead({ createdMs: created + 60 * MINUTE }),
        lead({ createdMs: created + 60 * MINUTE - COMMIT_WITHIN_MS }),
      ],
      created + 60 * MINUTE + MINUTE,
    );
    expect(star.committed).toMatchObject({ urgent: 4, within: 2, committed: 3, waiting: 1, p90Minutes: null });
    expect(star.committed.byBand.map((b) => [b.key, b.urgent])).toEqual([
      ['office', 0],
      ['evening', 0],
      ['night', 4],
    ]);
  });

  it('counts the promise only once due, kept when On site was marked by then', () => {
    const star = northStarOf(
      [
        lead({ acceptedMs: created + MINUTE, onSiteMs: created + promise }),
        lead({ acceptedMs: created + MINUTE, onSiteMs: created + promise + 1 }),
        lead({}),
        lead({ createdMs: created + 2 * promise, acceptedMs: created + 2 * promise, onSiteMs: created + 2 * promise + MINUTE }),
      ],
      created + promise + MINUTE,
    );
    expect(star.onSite).toEqual({ due: 3, kept: 1 });
  });
});
