/**
 * Property-based test (fast-check) of the visits' campaigns on both stores: whatever campaigns two
 * instances count on a day and however their flushes meet, no stored campaign holds a control,
 * line-breaking or direction character or untrimmed space, the day has at most its limit of
 * campaigns plus "(other)" (and the empty one, no campaign), and every view is counted somewhere.
 * And for any interleaving of invented campaigns from one address (any user agents) with real
 * campaigns visited from several addresses, over two instances flushing at any moments: every real
 * campaign ends with a row of its own holding all its views, no invented one gets a row, and the
 * day's rows, "(other)" included, add up to the views sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VisitTally, type Counted } from '../../server/visits/visit-tally.ts';
import { PROMOTE_VISITORS } from '../../server/storage/visit-counts.ts';
import { visitCampaign } from '../../core/visit/beacon-schema.ts';
import { OTHER_CAMPAIGN } from '../../core/visit/visit-figures.ts';
import { nzParts } from '../../core/nz-time.ts';
import type { LeadStore } from '../../server/storage/types.ts';
import { createTestStore, rawQuery, storeKinds, type TestStore } from '../support/stores.ts';
import { CHROME } from '../support/visits.ts';

const CAP = 5;
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\u2028\u2029]/;
const hostilePiece = fc.constantFrom(
  '\u0000',
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\n',
  '\r\n',
  '\t',
  '\u0085',
  '\u2028',
  ' ',
);
const campaign = fc.oneof(
  fc.array(fc.oneof(hostilePiece, fc.constantFrom('spring', 'sale', 'a', 'b', '(other)')), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.constantFrom('', 'winter', 'winter ', ' winter'),
);
/** Two instances' beacons: each a campaign and which of three visitors sent it. */
const instanceBeacons = fc.array(fc.record({ campaign, visitor: fc.integer({ min: 0, max: 2 }) }), { maxLength: 25 });

/** What happens on the day, in the order of `at`: a view on one instance, or a flush of one or both. */
type Step =
  | { at: number; what: 'junk'; instance: number; campaign: string; userAgent: number }
  | { at: number; what: 'real'; instance: number; campaign: string; address: string }
  | { at: number; what: 'flush'; instance: number | 'both' };
const at = fc.integer({ min: 0, max: 10_000 });
const instance = fc.integer({ min: 0, max: 1 });
const junk = fc.array(
  fc.record({
    at,
    instance,
    // Invented names, and the two a beacon may also carry: none at all, and "(other)" itself.
    campaign: fc.oneof(
      { weight: 8, arbitrary: fc.string({ maxLength: 30 }).map((s) => `junk ${s}`) },
      { weight: 1, arbitrary: fc.constantFrom('', '(other)') },
    ),
    userAgent: fc.integer({ min: 0, max: 3 }),
  }),
  { maxLength: 120, size: 'max' },
);
/** Up to four real campaigns, each visited from PROMOTE_VISITORS to five addresses of its own, one to three views each. */
const reals = fc.array(fc.array(fc.array(fc.record({ at, instance }), { minLength: 1, maxLength: 3 }), { minLength: PROMOTE_VISITORS, maxLength: 5 }), {
  minLength: 1,
  maxLength: 4,
});
const flushes = fc.array(fc.record({ at, instance: fc.oneof(instance, fc.constant('both' as const)) }), { maxLength: 8 });

describe.each(storeKinds)('visit campaigns, for any campaigns, on %s', (kind) => {
  let t: TestStore;
  let other: LeadStore;
  let run = 0;

  beforeAll(async () => {
    t = await createTestStore(kind);
    other = t.reopen();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('never stores a campaign raw, keeps each day to its limit plus "(other)" and loses no view', async () => {
    await fc.assert(
      fc.asyncProperty(instanceBeacons, instanceBeacons, async (first, second) => {
        // Each run counts on a day of its own, so runs share the database but not their days.
        const now = new Date(Date.UTC(2030, 0, 1, 0) + run++ * 86_400_000);
        const day = nzParts(now).date;
        const tallies = [t.store, other].map(
          (store) => new VisitTally({ store, flushMs: 3_600_000, rememberedVisitors: 10_000, pendingRows: 10_000, campaignsPerDay: CAP, now: () => now }),
        );
        for (const [i, beacons] of [first, second].entries())
          for (const b of beacons) {
            const view: Counted = {
              kind: 'view',
              address: '203.0.113.5',
              userAgent: `${CHROME} Visitor/${b.visitor}`,
              page: '/',
              device: 'desktop',
              source: 'direct',
              campaign: b.campaign,
            };
            tallies[i]!.count(view);
          }
        await Promise.all(tallies.map((tally) => tally.flush()));
        // A flush that failed keeps its counts in memory: none may be left.
        expect(tallies.map((tally) => tally.pendingRows)).toEqual([0, 0]);

        const rows = await rawQuery<{ campaign: string; views: string | number }>(
          kind,
          t.url,
          `SELECT campaign, SUM(views) AS views FROM visit_pages WHERE day = '${day}' GROUP BY campaign`,
        );
        const sent = new Set([...first, ...second].map((b) => visitCampaign(b.campaign)));
        for (const { campaign: stored } of rows) {
          expect(stored).not.toMatch(UNSAFE);
          expect(stored).toBe(stored.trim());
          expect(stored === OTHER_CAMPAIGN || sent.has(stored)).toBe(true);
        }
        expect(rows.filter((r) => r.campaign !== '').length).toBeLessThanOrEqual(CAP + 1);
        expect(rows.reduce((n, r) => n + Number(r.views), 0)).toBe(first.length + second.length);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('gives every real campaign its row whatever one address sends first or between, and adds every view up', async () => {
    await fc.assert(
      fc.asyncProperty(junk, reals, flushes, fc.boolean(), async (junkViews, realCampaigns, flushAt, junkFirst) => {
        const now = new Date(Date.UTC(2030, 0, 1, 0) + run++ * 86_400_000);
        const day = nzParts(now).date;
        const tallies = [t.store, other].map(
          (store) => new VisitTally({ store, flushMs: 3_600_000, rememberedVisitors: 10_000, pendingRows: 10_000, now: () => now }),
        );
        const steps: Step[] = [
          ...junkViews.map((j): Step => ({ ...j, what: 'junk', at: junkFirst ? j.at - 10_001 : j.at })),
          ...realCampaigns.flatMap((visitors, c) =>
            visitors.flatMap((views, v) => views.map((view): Step => ({ ...view, what: 'real', campaign: `real-${c}`, address: `198.51.100.${c * 10 + v}` }))),
          ),
          ...flushAt.map((f): Step => ({ ...f, what: 'flush' })),
        ].sort((a, b) => a.at - b.at);
        for (const step of steps) {
          if (step.what === 'flush') {
            await Promise.all(tallies.filter((_, i) => step.instance === 'both' || step.instance === i).map((tally) => tally.flush()));
            continue;
          }
          const view: Counted = {
            kind: 'view',
            address: step.what === 'junk' ? '203.0.113.66' : step.address,
            userAgent: `${CHROME} Visitor/${step.what === 'junk' ? step.userAgent : step.address}`,
            page: '/',
            device: 'desktop',
            source: 'direct',
            campaign: step.campaign,
          };
          tallies[step.instance]!.count(view);
        }
        await Promise.all(tallies.map((tally) => tally.flush()));
        // A flush that failed keeps its counts in memory: none may be left.
        expect(tallies.map((tally) => tally.pendingRows)).toEqual([0, 0]);

        const rows = await rawQuery<{ campaign: string; views: string | number }>(
          kind,
          t.url,
          `SELECT campaign, SUM(views) AS views FROM visit_pages WHERE day = '${day}' GROUP BY campaign`,
        );
        const stored = new Map(rows.map((r) => [r.campaign, Number(r.views)]));
        for (const [c, visitors] of realCampaigns.entries())
          expect(stored.get(`real-${c}`), `real-${c}`).toBe(visitors.reduce((n, views) => n + views.length, 0));
        expect([...stored.keys()].filter((c) => c.startsWith('junk'))).toEqual([]);
        expect(rows.reduce((n, r) => n + Number(r.views), 0)).toBe(steps.filter((s) => s.what !== 'flush').length);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
