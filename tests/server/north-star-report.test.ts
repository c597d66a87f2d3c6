/**
 * The North star in the reports, on both stores, from urgent leads whose times are known: the share
 * with someone committed within 5 minutes (a partner's acceptance, kept when the job was later handed
 * back, or a person's acknowledgement, whichever came first; exactly 5 minutes counts, a millisecond
 * more does not), its 90th percentile by nearest rank with nobody committed read as never, by month,
 * city and hour band (edges in New Zealand time across the start of daylight time), and the share of
 * requests already due that had a partner on site by the promised time. Spam and planned work are
 * left out; a request nobody has committed to yet is counted once 5 minutes have passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLead } from '../../core/lead/schema.ts';
import { attendWithinHours } from '../../core/lead/response-targets.ts';
import { addDays, nzInstant, nzParts } from '../../core/nz-time.ts';
import type { InboxLead } from '../../server/storage/lead-work.ts';
import { addPartner } from '../../server/storage/partner-records.ts';
import { run } from '../../server/storage/steps.ts';
import { insightBetween } from '../../server/leads/range-insight.ts';
import { formatInsight } from '../../server/leads/report-text.ts';
import { storeLeads } from '../support/insight-oracle.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const nz = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return nzInstant(date, h! * 60 + m!).getTime();
};

function lead(id: string, city: string, createdMs: number, extra: Partial<InboxLead> = {}): InboxLead {
  const parsed = parseLead({ contact_name: `Person ${id}`, work_email: `${id}@example.co.nz`, city, service_type: 'Repair' });
  if (!parsed.lead) throw new Error(JSON.stringify(parsed.errors));
  return {
    ...parsed.lead,
    id,
    created_at: new Date(createdMs).toISOString(),
    spam: false,
    spam_reason: '',
    status: 'new',
    urgent: true,
    job_value_cents: null,
    lost_reason: null,
    follow_up_on: null,
    status_changed_at: null,
    first_action_at: null,
    furthest_stage: 0,
    ...extra,
  };
}

/** What happened to each lead, in milliseconds after it arrived. */
interface Seed {
  lead: InboxLead;
  accepted?: { after: number; state?: 'accepted' | 'withdrawn'; onSite?: number };
  acknowledged?: number;
}

const ham = attendWithinHours('Hamilton') * HOUR;
const akl = attendWithinHours('Auckland') * HOUR;

const seeds: Seed[] = [
  // Office hours (Monday 21 September 2026, NZST): exactly 5 minutes is within, a millisecond more is not.
  { lead: lead('edge-in', 'Hamilton', nz('2026-09-21', '10:00')), accepted: { after: 5 * MINUTE, onSite: ham - MINUTE } },
  { lead: lead('edge-out', 'Hamilton', nz('2026-09-21', '11:00')), acknowledged: 5 * MINUTE + 1 },
  // Evening, 21:59: acknowledged after 1 minute, before the partner accepted after 10.
  { lead: lead('ack-first', 'Hamilton', nz('2026-09-23', '21:59')), acknowledged: MINUTE, accepted: { after: 10 * MINUTE } },
  // Night, 22:00: accepted after 3 minutes, later handed back (the acceptance still counts), on site a minute late.
  { lead: lead('night', 'Hamilton', nz('2026-09-23', '22:00')), accepted: { after: 3 * MINUTE, state: 'withdrawn', onSite: ham + MINUTE } },
  // Saturday 07:59 is evening (the office opens at 8): nobody ever.
  { lead: lead('never', 'Hamilton', nz('2026-09-26', '07:59')) },
  // Monday 28 September, daylight time: 06:59 is night, 07:00 office hours.
  { lead: lead('dst-night', 'Hamilton', nz('2026-09-28', '06:59')), accepted: { after: 20 * MINUTE } },
  { lead: lead('dst-office', 'Hamilton', nz('2026-09-28', '07:00')), accepted: { after: 2 * MINUTE, onSite: ham } },
  // October, Auckland, 18:00 (the office has closed): 4 minutes, on site by the promise.
  { lead: lead('october', 'Auckland', nz('2026-10-01', '18:00')), accepted: { after: 4 * MINUTE, onSite: akl - MINUTE } },
  // Left out: spam, and planned work.
  { lead: lead('spam', 'Hamilton', nz('2026-09-22', '10:00'), { spam: true, spam_reason: 'test' }), accepted: { after: MINUTE } },
  { lead: lead('planned', 'Hamilton', nz('2026-09-22', '11:00'), { urgent: false }), accepted: { after: 90 * MINUTE } },
];

async function seed(t: TestStore, list: readonly Seed[]): Promise<void> {
  await storeLeads(
    t.store,
    list.map((s) => s.lead),
  );
  const partner = await t.store.transact(() =>
    addPartner({
      name: `Ana ${list[0]!.lead.id}`,
      email: `ana-${list[0]!.lead.id}@example.nz`,
      phone: '',
      kind: 'technician',
      regions: ['Hamilton', 'Auckland'],
      services: ['Repair'],
      industries: [],
      on_call: true,
      paused: false,
      sms: false,
    }),
  );
  await t.store.transact(function* () {
    for (const s of list) {
      const arrived = Date.parse(s.lead.created_at);
      if (s.accepted) {
        const accepted = arrived + s.accepted.after;
        yield* run(
          `INSERT INTO partner_offers (id, lead_id, partner_id, state, created_at, expires_at, answered_at, accepted_at, on_site_at, end_reason)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          `offer-${s.lead.id}`,
          s.lead.id,
          partner!.id,
          s.accepted.state ?? 'accepted',
          arrived,
          arrived + 15 * MINUTE,
          accepted,
          accepted,
          s.accepted.onSite === undefined ? null : arrived + s.accepted.onSite,
          s.accepted.state === 'withdrawn' ? 'withdrawn' : '',
        );
      }
      if (s.acknowledged !== undefined)
        yield* run(
          "INSERT INTO lead_events (id, lead_id, at, kind, actor_email, text) VALUES (?, ?, ?, 'acknowledged', 'owner@example.nz', 'Acknowledged')",
          `ack-${s.lead.id}`,
          s.lead.id,
          arrived + s.acknowledged,
        );
    }
  });
}

describe.each(storeKinds)('the North star in the reports on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await createTestStore(kind);
    await seed(t, seeds);
  });
  afterAll(() => t?.cleanup());

  it('gives the share within 5 minutes and the 90th percentile, by month, city and hour band, and the promise kept once due', async () => {
    const { northStar } = await t.store.read(() => insightBetween('2026-09-21', '2026-10-11'));
    const group = (key: string, urgent: number, within: number, committed: number, p90Minutes: number | null) => ({
      key,
      urgent,
      within,
      committed,
      p90Minutes,
    });
    expect(northStar).toEqual({
      committed: {
        // Sorted: 1, 2, 3, 4, 5, 5 min + 1 ms, 20 min, never: the 8th of 8 is never.
        ...group('all', 8, 5, 7, null),
        waiting: 0,
        byMonth: [group('2026-09', 7, 4, 6, null), group('2026-10', 1, 1, 1, 4)],
        byCity: [group('Hamilton', 7, 4, 6, null), group('Auckland', 1, 1, 1, 4)],
        byBand: [
          // 2 min, 5 min, 5 min + 1 ms: the 3rd of 3, up to the whole second.
          group('office', 3, 2, 3, 301 / 60),
          // 1 min, 4 min, never.
          group('evening', 3, 2, 2, null),
          // 3 min, 20 min.
          group('night', 2, 1, 2, 20),
        ],
      },
      // Every one is due; on site by the promise: edge-in, dst-office (exactly on it) and october.
      onSite: { due: 8, kept: 3 },
    });
  });

  it('prints the same figures first in the command line’s report', async () => {
    const text = formatInsight(await t.store.read(() => insightBetween('2026-09-21', '2026-10-11')));
    expect(text.indexOf('Urgent requests someone committed to within 5 minutes')).toBeLessThan(text.indexOf('Funnel'));
    expect(text).toMatch(/^ {2}All +5 of 8 +62\.5% +more than 1 in 10 have nobody$/m);
    expect(text).toMatch(/^ {2}Night \(10 pm to 7 am\) +1 of 2 +50\.0% +90th percentile 20 min$/m);
    expect(text).toMatch(/^ {2}2026-10 +1 of 1 +100\.0% +90th percentile 4 min$/m);
    expect(text).toContain('  On site by the promised time: 3 of 8 already due');
  });

  it('counts a request nobody has committed to once 5 minutes have passed, and not before', async () => {
    const now = Date.now();
    const today = nzParts(new Date(now)).date;
    await seed(t, [{ lead: lead('fresh', 'Dunedin', now - MINUTE) }, { lead: lead('stale', 'Dunedin', now - 6 * MINUTE) }]);
    const { northStar } = await t.store.read(() => insightBetween(addDays(today, -1), today));
    expect(northStar.committed).toMatchObject({ urgent: 1, within: 0, committed: 0, waiting: 1, p90Minutes: null });
    // Neither is due yet: Dunedin's promise is hours away.
    expect(northStar.onSite).toEqual({ due: 0, kept: 0 });
  });
});
