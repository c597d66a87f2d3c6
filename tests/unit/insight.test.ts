/**
 * The reports' figures: the five sources and percentiles as pure functions; time to first contact in
 * and out of office hours, weeks across the NZDT/NZST changes, the funnel, won value and empty ranges
 * counted by an in-memory SQLite database as the server counts them; and when a nudge is due.
 */
import { describe, expect, it } from 'vitest';
import { parseLead } from '../../core/lead/schema.ts';
import { formatMinutes, formatNzd, stageRank } from '../../core/lead/insight.ts';
import { defaultRange, percentile } from '../../server/leads/range-insight.ts';
import { leadSource } from '../../core/lead/arrival.ts';
import { nudgeDueAt } from '../../server/outbox/scheduler.ts';
import { nzInstant } from '../../core/nz-time.ts';
import { isUrgent } from '../../core/lead/urgency.ts';
import type { InboxLead } from '../../server/storage/lead-work.ts';
import { storedInsight } from '../support/insight-oracle.ts';

const MINUTE = 60_000;
let n = 0;

/** A lead as the store hands it to the reports. */
function lead(fields: Record<string, string>, work: Partial<InboxLead> & { created_at: string }): InboxLead {
  const parsed = parseLead({ contact_name: 'A Person', work_email: 'a@example.co.nz', ...fields });
  if (!parsed.lead) throw new Error(JSON.stringify(parsed.errors));
  return {
    ...parsed.lead,
    id: `lead-${++n}`,
    spam: false,
    spam_reason: '',
    status: 'new',
    // As the store decides it when the lead arrives.
    urgent: isUrgent(parsed.lead),
    job_value_cents: null,
    lost_reason: null,
    follow_up_on: null,
    status_changed_at: null,
    first_action_at: null,
    furthest_stage: 0,
    ...work,
  };
}

const nz = (date: string, hhmm: string) => nzInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

describe('lead sources', () => {
  const at = { created_at: '2026-11-20T00:00:00Z' };
  it('groups leads as the owner thinks of them', () => {
    expect(leadSource(lead({ gclid: 'Cj0KCQiAabc' }, at))).toBe('google_ads');
    expect(leadSource(lead({ utm_source: 'google', utm_medium: 'cpc' }, at))).toBe('google_ads');
    expect(leadSource(lead({ utm_source: 'bing', utm_medium: 'cpc' }, at))).toBe('search');
    expect(leadSource(lead({ referrer: 'https://www.google.co.nz/' }, at))).toBe('search');
    expect(leadSource(lead({ referrer: 'https://duckduckgo.com/' }, at))).toBe('search');
    expect(leadSource(lead({ utm_source: 'google', utm_medium: 'organic' }, at))).toBe('search');
    expect(leadSource(lead({ referrer: 'https://l.facebook.com/l.php' }, at))).toBe('social');
    expect(leadSource(lead({ utm_source: 'instagram', utm_medium: 'story' }, at))).toBe('social');
    expect(leadSource(lead({ utm_source: 'newsletter', utm_medium: 'email' }, at))).toBe('referral');
    expect(leadSource(lead({ referrer: 'https://hospitality.org.nz/members' }, at))).toBe('referral');
    expect(
      leadSource(lead({ referrer: 'https://www.commercialrefrigeration.nz/cool-rooms', page_url: 'https://www.commercialrefrigeration.nz/contact' }, at)),
    ).toBe('direct');
    expect(leadSource(lead({}, at))).toBe('direct');
  });
});

describe('percentiles', () => {
  it('interpolates between the nearest ranks, so an even count has the mean of its middle pair as median', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90)).toBe(91);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 50)).toBe(55);
  });
});

describe('time to first contact', () => {
  it('splits by arrival in or out of office hours, counts the unanswered apart, and reports median and 90th percentile', async () => {
    const tuesday = '2026-11-24';
    const arrivedAt = (hhmm: string, minutes: number | null) => {
      const arrived = nz(tuesday, hhmm);
      return lead({}, { created_at: arrived.toISOString(), first_action_at: minutes === null ? null : arrived.getTime() + minutes * MINUTE });
    };
    const { response: times } = await storedInsight(
      [
        arrivedAt('09:00', 10),
        arrivedAt('10:00', 20),
        arrivedAt('11:00', 30),
        arrivedAt('17:59', 40),
        arrivedAt('12:00', null),
        arrivedAt('18:00', 600), // closing time is after hours
        arrivedAt('06:30', 90),
      ],
      tuesday,
      tuesday,
    );
    expect(times.businessHours).toEqual({ answered: 4, waiting: 1, medianMinutes: 25, p90Minutes: 37 });
    expect(times.afterHours).toEqual({ answered: 2, waiting: 0, medianMinutes: 345, p90Minutes: 549 });
  });

  it('says nothing rather than zero for nobody', async () => {
    expect((await storedInsight([], '2026-11-24', '2026-11-24')).response).toEqual({
      businessHours: { answered: 0, waiting: 0, medianMinutes: null, p90Minutes: null },
      afterHours: { answered: 0, waiting: 0, medianMinutes: null, p90Minutes: null },
    });
  });
});

describe('the insight of a range', () => {
  it('puts leads in their New Zealand week across the end of daylight time, empty weeks included', async () => {
    // Clocks went back on Sunday 5 April 2026 at 3 am NZDT.
    const leads = [
      lead({ gclid: 'Cj0KCQiAone' }, { created_at: nz('2026-03-29', '23:30').toISOString() }), // Sunday: week of 23 March
      lead({}, { created_at: nz('2026-03-30', '00:30').toISOString() }), // Monday: week of 30 March
      lead({ referrer: 'https://www.facebook.com/' }, { created_at: nz('2026-04-05', '23:59').toISOString() }), // NZST Sunday: still 30 March
      lead({}, { created_at: nz('2026-04-20', '09:00').toISOString() }),
    ];
    const insight = await storedInsight(leads, '2026-03-23', '2026-04-26');
    expect(insight.weeks.map((w) => [w.week, w.total])).toEqual([
      ['2026-03-23', 1],
      ['2026-03-30', 2],
      ['2026-04-06', 0],
      ['2026-04-13', 0],
      ['2026-04-20', 1],
    ]);
    expect(insight.weeks[1]!.bySource).toEqual({ google_ads: 0, search: 0, direct: 1, social: 1, referral: 0 });
    expect(insight.weeks[0]!.bySource.google_ads).toBe(1);
    expect(insight.total).toBe(4);
    expect(insight.withGclid).toBe(1);
  });

  it('also across the start of daylight time, and leaves out leads outside the range by New Zealand date', async () => {
    // Clocks went forward on Sunday 27 September 2026 at 2 am NZST.
    const leads = [
      lead({}, { created_at: nz('2026-09-20', '23:59').toISOString() }), // before the range
      lead({}, { created_at: nz('2026-09-27', '03:00').toISOString() }),
      lead({}, { created_at: nz('2026-09-28', '00:00').toISOString() }),
      lead({}, { created_at: nz('2026-10-05', '00:00').toISOString() }), // the day after the range
    ];
    const insight = await storedInsight(leads, '2026-09-21', '2026-10-04');
    expect(insight.weeks.map((w) => [w.week, w.total])).toEqual([
      ['2026-09-21', 1],
      ['2026-09-28', 1],
    ]);
  });

  it('counts the funnel by the furthest stage reached, lost reasons, and won value by source and campaign', async () => {
    const at = { created_at: nz('2026-11-24', '09:00').toISOString() };
    const leads = [
      lead({}, at),
      lead({}, { ...at, status: 'contacted', furthest_stage: stageRank('contacted') }),
      lead({}, { ...at, status: 'lost', lost_reason: 'price', furthest_stage: stageRank('quoted') }),
      lead({}, { ...at, status: 'lost', lost_reason: 'no_reply', furthest_stage: 0 }),
      lead({ gclid: 'Cj0KCQiAwon', utm_campaign: 'waikato' }, { ...at, status: 'won', job_value_cents: 1_250_050, furthest_stage: 3 }),
      lead({ gclid: 'Cj0KCQiAwon2', utm_campaign: 'waikato' }, { ...at, status: 'won', job_value_cents: 400_000, furthest_stage: 3 }),
      lead({ referrer: 'https://www.bing.com/' }, { ...at, status: 'won', job_value_cents: 99_900, furthest_stage: 3 }),
      lead({}, { ...at, status: 'won', job_value_cents: 5_000_000, furthest_stage: 3, spam: true }), // spam never counts
    ];
    const insight = await storedInsight(leads, '2026-11-23', '2026-11-29');
    expect(insight.funnel).toEqual([
      { stage: 'new', count: 7 },
      { stage: 'contacted', count: 5 },
      { stage: 'quoted', count: 4 },
      { stage: 'won', count: 3 },
    ]);
    expect(insight.lost).toBe(2);
    expect(insight.lostReasons).toEqual([
      { reason: 'price', count: 1 },
      { reason: 'no_reply', count: 1 },
    ]);
    expect(insight.won).toEqual({
      count: 3,
      cents: 1_749_950,
      bySource: [
        { label: 'Google Ads', count: 2, cents: 1_650_050 },
        { label: 'Other search', count: 1, cents: 99_900 },
      ],
      byCampaign: [
        { label: 'waikato', count: 2, cents: 1_650_050 },
        { label: '(none)', count: 1, cents: 99_900 },
      ],
    });
    expect(formatNzd(insight.won.cents)).toBe('$17,499.50');
  });

  it('gives zeros, empty lists and no times for an empty range, and no weeks for a backwards one', async () => {
    const empty = await storedInsight([], '2026-11-23', '2026-11-29');
    expect(empty.total).toBe(0);
    expect(empty.weeks).toHaveLength(1);
    expect(empty.weeks[0]!.bySource).toEqual({ google_ads: 0, search: 0, direct: 0, social: 0, referral: 0 });
    expect(empty.byService).toEqual([]);
    expect(empty.funnel.every((f) => f.count === 0)).toBe(true);
    expect(empty.won).toEqual({ count: 0, cents: 0, bySource: [], byCampaign: [] });
    expect(empty.response.businessHours.medianMinutes).toBeNull();
    expect((await storedInsight([], '2026-11-29', '2026-11-23')).weeks).toEqual([]);
  });

  it('defaults to twelve weeks ending today', () => {
    expect(defaultRange(nz('2026-11-25', '10:00'))).toEqual({ from: '2026-09-07', to: '2026-11-25' });
  });

  it('writes durations for people', () => {
    expect([formatMinutes(null), formatMinutes(12.4), formatMinutes(60), formatMinutes(185), formatMinutes(3120), formatMinutes(2880)]).toEqual([
      '–',
      '12 min',
      '1 h',
      '3 h 5 min',
      '2 d 4 h',
      '2 d',
    ]);
  });

  it('writes a duration under a minute in seconds, never "0 min"', () => {
    expect([
      formatMinutes(0),
      formatMinutes(0.004),
      formatMinutes(3 / 60),
      formatMinutes(0.7),
      formatMinutes(59.4 / 60),
      formatMinutes(0.999),
      formatMinutes(1.2),
    ]).toEqual(['under 1 s', 'under 1 s', '3 s', '42 s', '59 s', '1 min', '1 min']);
  });
});

describe('when a nudge is due', () => {
  const times = { urgentAfterMs: 30 * MINUTE, afterMs: 4 * 60 * MINUTE };
  it('30 minutes of clock time for an urgent lead, day or night', () => {
    const arrived = nz('2026-11-28', '23:50'); // Saturday night
    expect(nudgeDueAt(lead({ timeframe: 'Urgent (24–72h)' }, { created_at: arrived.toISOString() }), times)).toEqual(new Date(arrived.getTime() + 30 * MINUTE));
  });

  it('four office hours for any other lead: evenings and Sunday do not count', () => {
    const due = (date: string, hhmm: string) => nudgeDueAt(lead({}, { created_at: nz(date, hhmm).toISOString() }), times);
    expect(due('2026-11-24', '09:00')).toEqual(nz('2026-11-24', '13:00'));
    expect(due('2026-11-24', '17:00')).toEqual(nz('2026-11-25', '10:00')); // one hour Tuesday, three Wednesday
    expect(due('2026-11-28', '15:00')).toEqual(nz('2026-11-30', '10:00')); // Saturday 3-4 pm, Sunday closed, Monday from 7
    expect(due('2026-11-29', '11:00')).toEqual(nz('2026-11-30', '11:00')); // sent on Sunday
  });
});
