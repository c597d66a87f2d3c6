/**
 * The reports counted by the database equal the reports counted in JavaScript over every lead (the
 * oracle), on both stores: a varied set of leads (five sources, weeks across both daylight-time
 * changes, office and after hours, every status, won values, lost reasons, spam), leads stored by
 * the real insert path, and leads of a released database filled by migration 11. Identical requests
 * under way share one computation, and nothing is kept once it is done.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseLead } from '../../core/lead/schema.ts';
import { stageRank } from '../../core/lead/insight.ts';
import { leadStatuses, lostReasons } from '../../core/lead/status.ts';
import { addDays, nzInstant } from '../../core/nz-time.ts';
import { insightBetween, insightFor } from '../../server/leads/range-insight.ts';
import type { InboxLead } from '../../server/storage/lead-work.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { leadsArrivedBetween, oracleInsight, storeLeads } from '../support/insight-oracle.ts';
import { createTestStore, rawQuery, storeKinds, type TestStore } from '../support/stores.ts';

const MINUTE = 60_000;

const sources: Record<string, string>[] = [
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'waikato', gclid: 'Cj0KCQiAvaried' },
  { gclid: 'Cj0KCQiAonly' },
  { referrer: 'https://www.google.co.nz/' },
  { utm_source: 'bing', utm_medium: 'cpc', utm_campaign: 'bing-brand' },
  { referrer: 'https://l.facebook.com/l.php' },
  { utm_source: 'instagram', utm_medium: 'story', utm_campaign: 'winter' },
  { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'winter' },
  { referrer: 'https://hospitality.org.nz/members' },
  { referrer: 'https://www.commercialrefrigeration.nz/cool-rooms', page_url: 'https://www.commercialrefrigeration.nz/contact' },
  {},
];
const cities = ['Auckland', 'Hamilton', '', 'Dunedin', 'Tauranga'];
const services = ['Repair', 'Maintenance', '', 'Cool Room / Walk-in Freezer', 'Installation'];
const paths = ['/repairs', '/hamilton', '', '/contact', '/emergency-repairs'];

/** Lead i of a deterministic, varied set: arrivals every 7 h 13 min from 15 March 2026, so every hour and weekday comes round, over both daylight-time changes. */
function variedLead(i: number): InboxLead {
  const parsed = parseLead({
    contact_name: `Person ${i}`,
    work_email: `p${i}@example.co.nz`,
    city: cities[i % cities.length]!,
    service_type: services[i % services.length]!,
    path: paths[(i * 3) % paths.length]!,
    ...sources[i % sources.length],
  });
  if (!parsed.lead) throw new Error(JSON.stringify(parsed.errors));
  const arrived = nzInstant('2026-03-15', 0).getTime() + i * (7 * 60 + 13) * MINUTE;
  const status = leadStatuses[(i * 7) % leadStatuses.length]!;
  return {
    ...parsed.lead,
    id: `varied-${String(i).padStart(4, '0')}`,
    created_at: new Date(arrived).toISOString(),
    spam: i % 17 === 0,
    spam_reason: i % 17 === 0 ? 'test' : '',
    status,
    urgent: false,
    job_value_cents: status === 'won' ? (i % 4 === 0 ? null : 50_000 + i * 1_001) : null,
    lost_reason: status === 'lost' ? (i % 5 === 0 ? null : lostReasons[i % lostReasons.length]!) : null,
    follow_up_on: null,
    status_changed_at: null,
    // Some never answered, some answered before they arrived (a clock difference: counted as 0), most after minutes to days.
    first_action_at: i % 6 === 0 ? null : arrived + (i % 11 === 0 ? -5 * MINUTE : ((i * 97) % 4_000) * MINUTE),
    furthest_stage: status === 'lost' ? i % 3 : stageRank(status),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function testStore(kind: (typeof storeKinds)[number], options?: { migrate?: boolean }): Promise<TestStore> {
  const t = await createTestStore(kind, options);
  cleanups.push(() => t.cleanup());
  return t;
}

describe.each(storeKinds)('reports counted by %s', (kind) => {
  it('equal the count of every lead in JavaScript, for whole, partial, one-day and backwards ranges', async () => {
    const t = await testStore(kind);
    const leads = Array.from({ length: 480 }, (_, i) => variedLead(i));
    await storeLeads(t.store, leads);
    for (const [from, to] of [
      ['2026-03-09', '2026-07-05'], // every lead, and empty weeks after them
      ['2026-03-26', '2026-04-16'], // starts and ends mid-week, across the end of daylight time
      ['2026-04-05', '2026-04-05'], // the day the clocks went back
      ['2026-04-20', '2026-04-19'], // backwards: no weeks
    ] as const) {
      const counted = await t.store.read(() => insightBetween(from, to));
      expect(counted, `${from} to ${to}`).toEqual(oracleInsight(leads, from, to));
    }
    // The start of daylight time, with leads of their own.
    const spring = Array.from({ length: 60 }, (_, i) => ({
      ...variedLead(1000 + i),
      created_at: new Date(nzInstant('2026-09-24', 0).getTime() + i * 173 * MINUTE).toISOString(),
    }));
    await storeLeads(t.store, spring);
    expect(await t.store.read(() => insightBetween('2026-09-21', '2026-10-04'))).toEqual(oracleInsight(spring, '2026-09-21', '2026-10-04'));
  });

  it('counts leads stored by the insert path as the oracle counts them', async () => {
    const t = await testStore(kind);
    for (const [i, fields] of sources.entries()) {
      const parsed = parseLead({ contact_name: `Inserted ${i}`, work_email: `i${i}@example.co.nz`, city: cities[i % cities.length]!, ...fields });
      await t.store.insertLead(parsed.lead!, { spam: i === 3, purposes: [] });
    }
    const today = new Date().toISOString().slice(0, 10);
    const [from, to] = [addDays(today, -1), addDays(today, 1)];
    const stored = await t.store.read(() => leadsArrivedBetween(new Date(0), new Date(Date.now() + 60_000)));
    expect(stored).toHaveLength(sources.length - 1);
    const counted = await t.store.read(() => insightBetween(from, to));
    expect(counted).toEqual(oracleInsight(stored, from, to));
    expect(counted.bySource.map((s) => s.count)).toEqual([2, 1, 2, 2, 2]);
  });

  it('fills the arrival columns of leads stored before migration 11', async () => {
    const t = await testStore(kind, { migrate: false });
    await rawQuery(kind, t.url, readFileSync(new URL(`../fixtures/schema-v1/${kind}.sql`, import.meta.url), 'utf8'));
    await t.store.migrate();
    const stored = await t.store.read(() => leadsArrivedBetween(new Date(0), new Date('2100-01-01')));
    expect(stored).toHaveLength(2);
    const counted = await t.store.read(() => insightBetween('2026-09-01', '2026-12-31'));
    expect(counted.total).toBe(2);
    expect(counted).toEqual(oracleInsight(stored, '2026-09-01', '2026-12-31'));
  });
});

describe('reports asked for while the same range is being counted', () => {
  it('share one computation, and the next request after it counts again', async () => {
    const t = await testStore('sqlite');
    await storeLeads(
      t.store,
      Array.from({ length: 40 }, (_, i) => variedLead(i)),
    );
    let reads = 0;
    // The store as the route sees it, counting its long reads (on SQLite they run in a worker thread, so they take a while).
    const slow: LeadStore = Object.create(t.store, {
      readAside: {
        value: (...args: Parameters<LeadStore['readAside']>) => {
          reads++;
          return t.store.readAside(...args);
        },
      },
    });
    const [a, b, c, other] = await Promise.all([
      insightFor(slow, '2026-03-09', '2026-04-05'),
      insightFor(slow, '2026-03-09', '2026-04-05'),
      insightFor(slow, '2026-03-09', '2026-04-05'),
      insightFor(slow, '2026-03-16', '2026-04-05'),
    ]);
    expect(reads).toBe(2);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(other.from).toBe('2026-03-16');
    await insightFor(slow, '2026-03-09', '2026-04-05');
    expect(reads).toBe(3);
  });

  it('lets a failed computation go, so the next request tries again', async () => {
    const t = await testStore('sqlite');
    let reads = 0;
    const failing: LeadStore = Object.create(t.store, {
      readAside: {
        value: async () => {
          reads++;
          throw new Error('database gone');
        },
      },
    });
    await expect(Promise.all([insightFor(failing, '2026-03-09', '2026-04-05'), insightFor(failing, '2026-03-09', '2026-04-05')])).rejects.toThrow(
      'database gone',
    );
    expect(reads).toBe(1);
    await expect(insightFor(failing, '2026-03-09', '2026-04-05')).rejects.toThrow('database gone');
    expect(reads).toBe(2);
  });
});
