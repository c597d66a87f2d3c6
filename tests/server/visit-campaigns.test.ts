/**
 * A beacon's campaign is anyone's text, and the owner reads it in the Reports. On both stores:
 * control, line-breaking and direction-changing characters never reach the database; a campaign
 * gets a row of its own by evidence (visits from several addresses, or a quote naming it), never by
 * arriving first, so one address sending invented campaigns cannot push a real one into "(other)";
 * its earlier visits move into its row when it earns it, exactly once also when two instances
 * promote it at the same moment; a day keeps at most its limit of rows and of candidates; and quote
 * posts with invented campaigns neither add rows nor show a quote rate past 100 %.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { DEFAULTS } from '../../server/config.ts';
import { addVisitCounts, CANDIDATES_PER_DAY, PROMOTE_VISITORS, type PageCount, type VisitBatch, type VisitorCount } from '../../server/storage/visit-counts.ts';
import { visitsFor } from '../../server/visits/visit-insight.ts';
import { OTHER_CAMPAIGN, quoteRate } from '../../core/visit/visit-figures.ts';
import { nzParts } from '../../core/nz-time.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery, storeKinds, type TestStore } from '../support/stores.ts';
import { CHROME, testPages } from '../support/visits.ts';

const CAP = DEFAULTS.visits.campaignsPerDay;
/** What must never be stored: controls (NUL, breaks), invisible and bidirectional formatting. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\u2028\u2029]/;

describe.each(storeKinds)('visit campaigns on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const today = nzParts(new Date()).date;
  const limits = { campaignsPerDay: CAP, kind };

  const build = (store = t.store) => buildApp({ store, visits: { pages: testPages, flushMs: 3_600_000, rateLimit: { max: 100_000, windowMs: 60_000 } } });
  /** A view from `address` (the junk sender's by default), its user agent told apart by `visitor`. */
  const beacon = (on: FastifyInstance, campaign: string, visitor: string | number = 1, address = '203.0.113.9') =>
    on.inject({
      method: 'POST',
      url: '/visit',
      remoteAddress: address,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `${CHROME} Visitor/${visitor}` },
      payload: JSON.stringify({ kind: 'view', path: '/auckland', utm_campaign: campaign }),
    });
  const campaignsOf = async (day: string) => {
    const rows = await rawQuery<{ campaign: string }>(
      kind,
      t.url,
      `SELECT campaign FROM visit_visitors WHERE day = '${day}' UNION SELECT campaign FROM visit_pages WHERE day = '${day}'`,
    );
    return rows.map((r) => r.campaign).sort();
  };
  const param = kind === 'sqlite' ? '?' : '$1';
  /** Views and visitors of one campaign's rows (all pages, sources and devices) that day. */
  const countsOf = async (day: string, campaign: string) => {
    const [pages] = await rawQuery<{ views: string | number | null }>(
      kind,
      t.url,
      `SELECT SUM(views) AS views FROM visit_pages WHERE day = '${day}' AND campaign = ${param}`,
      [campaign],
    );
    const [visitors] = await rawQuery<{ visitors: string | number | null }>(
      kind,
      t.url,
      `SELECT SUM(visitors) AS visitors FROM visit_visitors WHERE day = '${day}' AND campaign = ${param}`,
      [campaign],
    );
    return { views: Number(pages!.views ?? 0), visitors: Number(visitors!.visitors ?? 0) };
  };
  const totalViews = async (day: string) => {
    const [row] = await rawQuery<{ n: string | number | null }>(kind, t.url, `SELECT SUM(views) AS n FROM visit_pages WHERE day = '${day}'`);
    return Number(row!.n ?? 0);
  };
  /** A distinct address for each real visitor. */
  const real = (n: number) => `198.51.100.${n}`;

  beforeEach(async () => {
    t = await createTestStore(kind);
    app = await build();
  });
  afterEach(async () => {
    await app.close();
    await t.cleanup();
  });

  it('stores campaigns without controls, line breaks or direction characters, and counts them all', async () => {
    const hostile = [
      'spring\u0000sale',
      'evil\u202Egnp.exe',
      'line\nbreak\r\n',
      '  padded  ',
      '\u2066iso\u2069',
      'le\u200eft\u200f',
      'ar\u061cabic',
      '\u0007bell',
    ];
    for (const [i, campaign] of hostile.entries())
      for (let v = 0; v < PROMOTE_VISITORS; v++) expect((await beacon(app, campaign, i, real(i * PROMOTE_VISITORS + v))).statusCode).toBe(204);
    await app.visitTally!.flush();
    const stored = await campaignsOf(today);
    expect(stored).toEqual(['arabic', 'bell', 'evilgnp.exe', 'iso', 'left', 'line break', 'padded', 'spring sale']);
    for (const campaign of stored) expect(campaign).not.toMatch(UNSAFE);
    const [views] = await rawQuery<{ n: string | number }>(kind, t.url, 'SELECT SUM(views) AS n FROM visit_pages');
    expect(Number(views!.n)).toBe(hostile.length * PROMOTE_VISITORS);
  });

  // Found by the property test: a flush carrying "(other)" and no named campaign, on a day with no
  // candidate waiting, failed every time, so that instance kept its counts and never stored them.
  it('counts a view whose campaign reads "(other)" when no campaign waits for a row', async () => {
    for (const campaign of ['', '\r\n(other)', '\u200f(other)']) expect((await beacon(app, campaign, campaign)).statusCode).toBe(204);
    await app.visitTally!.flush();
    expect(app.visitTally!.pendingRows).toBe(0);
    expect(await totalViews(today)).toBe(3);
    expect(await countsOf(today, OTHER_CAMPAIGN)).toEqual({ views: 2, visitors: 2 });
  });

  it(`gives a real campaign its row after ${CAP + 10} invented ones from one address, with all its visits`, async () => {
    // One address, one user agent, then many: a script cannot pass for several visitors by changing its user agent.
    for (let i = 0; i < CAP + 10; i++) expect((await beacon(app, `junk-${i}`, i < CAP ? 'script' : i)).statusCode).toBe(204);
    await app.visitTally!.flush();
    // Its first visitor before a flush, the others after: the earlier visit moves into the row it earns.
    await beacon(app, 'REAL-spring-coolroom-sale', 'a', real(1));
    await app.visitTally!.flush();
    expect(await campaignsOf(today)).toEqual([OTHER_CAMPAIGN]);
    await beacon(app, 'REAL-spring-coolroom-sale', 'b', real(2));
    await beacon(app, 'REAL-spring-coolroom-sale', 'b', real(2));
    await beacon(app, 'REAL-spring-coolroom-sale', 'c', real(3));
    await app.visitTally!.flush();

    expect(await campaignsOf(today)).toEqual([OTHER_CAMPAIGN, 'REAL-spring-coolroom-sale']);
    expect(await countsOf(today, 'REAL-spring-coolroom-sale')).toEqual({ views: 4, visitors: 3 });
    expect(await countsOf(today, OTHER_CAMPAIGN)).toMatchObject({ views: CAP + 10 });
    expect(await totalViews(today)).toBe(CAP + 10 + 4);
    const { byCampaign } = await visitsFor(t.store, today, today);
    expect(byCampaign.find((r) => r.label === 'REAL-spring-coolroom-sale')).toMatchObject({ visitors: 3, views: 4 });

    // Another instance (or this one restarted) knows nothing of it in memory: the database decides.
    const second = await build(t.reopen());
    try {
      await beacon(second, 'REAL-spring-coolroom-sale', 'd', real(4));
      for (let i = 0; i < 10; i++) await beacon(second, `more-junk-${i}`, 'script');
      await second.visitTally!.flush();
    } finally {
      await second.close();
    }
    expect(await campaignsOf(today)).toEqual([OTHER_CAMPAIGN, 'REAL-spring-coolroom-sale']);
    expect(await countsOf(today, 'REAL-spring-coolroom-sale')).toEqual({ views: 5, visitors: 4 });
    expect(await totalViews(today)).toBe(CAP + 10 + 5 + 10);
  });

  it('gives a campaign its row when a quote names it, also when the quote comes after its visit was counted', async () => {
    for (let i = 0; i < CAP + 5; i++) await beacon(app, `junk-${i}`, 'script');
    await beacon(app, 'quoted-now', 'a', real(1));
    await beacon(app, 'quoted-later', 'b', real(2));
    await beacon(app, 'never-quoted', 'c', real(3));
    const post = (campaign: string) =>
      app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ utm_campaign: campaign, notes: `Request for ${campaign}` }) });
    expect((await post('quoted-now')).statusCode).toBe(200);
    await app.visitTally!.flush();
    expect(await campaignsOf(today)).toEqual([OTHER_CAMPAIGN, 'quoted-now']);

    expect((await post('quoted-later')).statusCode).toBe(200);
    // Any later flush promotes it, even one that carries none of its visits.
    await beacon(app, '', 'd', real(4));
    await app.visitTally!.flush();
    expect(await campaignsOf(today)).toEqual(['', OTHER_CAMPAIGN, 'quoted-later', 'quoted-now']);
    expect(await countsOf(today, 'quoted-later')).toEqual({ views: 1, visitors: 1 });
    expect(await countsOf(today, OTHER_CAMPAIGN)).toMatchObject({ views: CAP + 5 + 1 });
    const { byCampaign } = await visitsFor(t.store, today, today);
    expect(byCampaign.find((r) => r.label === 'quoted-later')).toMatchObject({ visitors: 1, views: 1, quotes: 1 });
  });

  it('lets one address bring only a few candidates, and keeps the candidates of a day bounded', async () => {
    const candidates = async () => {
      const [row] = await rawQuery<{ n: string | number }>(kind, t.url, `SELECT COUNT(*) AS n FROM visit_campaign_candidates WHERE day = '${today}'`);
      return Number(row!.n);
    };
    for (let i = 0; i < 100; i++) await beacon(app, `junk-${i}`, i);
    await app.visitTally!.flush();
    expect(await candidates()).toBeLessThanOrEqual(5);
    // Many addresses, each inventing campaigns: the day's candidates stay at the bound.
    const day = today;
    const visits = (campaigns: string[], visitors: number): VisitBatch => {
      const rows = campaigns.map((campaign) => ({ day, source: 'direct', campaign, device: 'desktop' }));
      return {
        pages: rows.map((r): PageCount => ({ ...r, page: '/', views: 1, visitors: 1 })),
        visitors: rows.map((r): VisitorCount => ({ ...r, visitors: 1 })),
        forms: [],
        vitals: [],
        campaigns: campaigns.map((campaign) => ({ day, campaign, visitors })),
      };
    };
    const flood = Array.from({ length: CANDIDATES_PER_DAY + 50 }, (_, i) => `flood-${i}`);
    await t.store.transact(() => addVisitCounts(visits(flood, 1), limits));
    expect(await candidates()).toBe(CANDIDATES_PER_DAY);
    // Stronger evidence takes the place of the weakest; it is not turned away because the table is full.
    await t.store.transact(() => addVisitCounts(visits(['two-visitors'], 2), limits));
    await t.store.transact(() => addVisitCounts(visits(['two-visitors'], 1), limits));
    expect(await campaignsOf(day)).toEqual([OTHER_CAMPAIGN, 'two-visitors']);
    expect(await countsOf(day, 'two-visitors')).toEqual({ views: 2, visitors: 2 });
    expect(await totalViews(day)).toBe(100 + flood.length + 2);
  });

  it('keeps to the limit when two instances flush new campaigns with evidence at the same moment', async () => {
    const other = t.reopen();
    const batch = (day: string, prefix: string): VisitBatch => {
      const rows = Array.from({ length: CAP }, (_, i) => ({ day, source: 'direct', campaign: `${prefix}-${i}`, device: 'desktop' }));
      return {
        pages: rows.map((r): PageCount => ({ ...r, page: '/', views: 1, visitors: 1 })),
        visitors: rows.map((r): VisitorCount => ({ ...r, visitors: 1 })),
        forms: [],
        vitals: [],
        campaigns: rows.map((r) => ({ day, campaign: r.campaign, visitors: PROMOTE_VISITORS })),
      };
    };
    const days = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'];
    for (const day of days)
      await Promise.all([t.store.transact(() => addVisitCounts(batch(day, 'one'), limits)), other.transact(() => addVisitCounts(batch(day, 'two'), limits))]);
    for (const day of days) {
      const campaigns = await campaignsOf(day);
      expect(campaigns.filter((c) => c !== OTHER_CAMPAIGN)).toHaveLength(CAP);
      expect(campaigns).toContain(OTHER_CAMPAIGN);
      // Nothing lost: every view is in a kept campaign's row or in "(other)".
      const [views] = await rawQuery<{ n: string | number }>(kind, t.url, `SELECT SUM(views) AS n FROM visit_pages WHERE day = '${day}'`);
      expect(Number(views!.n)).toBe(2 * CAP);
    }
  });

  it('moves the counts once when two instances promote the same campaigns at the same moment', async () => {
    const other = t.reopen();
    const campaigns = ['alpha', 'bravo', 'charlie', 'delta'];
    /** One visitor's views of every campaign, on two pages and both devices, as one instance flushes them. */
    const batch = (day: string, withJunk = false): VisitBatch => {
      const names = withJunk ? Array.from({ length: CAP + 5 }, (_, i) => `junk-${i}`) : campaigns;
      const rows = names.flatMap((campaign) => ['mobile', 'desktop'].map((device) => ({ day, source: 'direct', campaign, device })));
      return {
        pages: rows.flatMap((r) => ['/', '/auckland'].map((page): PageCount => ({ ...r, page, views: 2, visitors: 1 }))),
        visitors: rows.map((r): VisitorCount => ({ ...r, visitors: 1 })),
        forms: [],
        vitals: [],
        campaigns: names.map((campaign) => ({ day, campaign, visitors: 1 })),
      };
    };
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
    for (const day of days) {
      // Invented campaigns first, from one address: they earn nothing and keep nothing from the real ones.
      await t.store.transact(() => addVisitCounts(batch(day, true), limits));
      // Each round adds one distinct visitor per instance; the second round crosses the threshold on both at once.
      for (let round = 0; round < 3; round++)
        await Promise.all([t.store.transact(() => addVisitCounts(batch(day), limits)), other.transact(() => addVisitCounts(batch(day), limits))]);
    }
    for (const day of days) {
      expect(await campaignsOf(day)).toEqual([OTHER_CAMPAIGN, ...campaigns]);
      // Six flushes of each: 2 pages × 2 devices × 2 views, one visitor per device a flush.
      for (const campaign of campaigns) expect(await countsOf(day, campaign)).toEqual({ views: 6 * 8, visitors: 6 * 2 });
      expect(await countsOf(day, OTHER_CAMPAIGN)).toEqual({ views: (CAP + 5) * 8, visitors: (CAP + 5) * 2 });
      expect(await totalViews(day)).toBe((CAP + 5 + 6 * campaigns.length) * 8);
    }
    const [left] = await rawQuery<{ n: string | number }>(kind, t.url, "SELECT COUNT(*) AS n FROM visit_candidate_pages WHERE campaign NOT LIKE 'junk-%'");
    expect(Number(left!.n)).toBe(0);
  });

  it('counts quotes with a campaign no visit had under "(other)", and gives no rate past 100 %', async () => {
    await beacon(app, 'spring', 'only-one');
    const post = (campaign: string, n: number) =>
      app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ utm_campaign: campaign, notes: `Request ${campaign} ${n}` }) });
    for (let n = 0; n < 4; n++) expect((await post('spring', n)).statusCode).toBe(200);
    for (let n = 0; n < 2; n++) expect((await post(`invented-${n}`, n)).statusCode).toBe(200);
    await app.visitTally!.flush();
    const { byCampaign } = await visitsFor(t.store, today, today);
    expect(byCampaign.map((r) => r.label).sort()).toEqual([OTHER_CAMPAIGN, 'spring']);
    const spring = byCampaign.find((r) => r.label === 'spring')!;
    expect(spring).toMatchObject({ visitors: 1, quotes: 4 });
    expect(quoteRate(spring.quotes, spring.visitors)).toBeNull();
    expect(byCampaign.find((r) => r.label === OTHER_CAMPAIGN)).toMatchObject({ visitors: 0, quotes: 2 });
  });
});
