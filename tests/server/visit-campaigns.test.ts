/**
 * A beacon's campaign is anyone's text, and the owner reads it in the Reports. On both stores:
 * control, line-breaking and direction-changing characters never reach the database; a day keeps
 * only its first campaigns as rows of their own (the rest counted as "(other)"), also when two
 * instances flush at once; and quote posts with invented campaigns neither add rows nor show a
 * quote rate past 100 %.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { DEFAULTS } from '../../server/config.ts';
import { addVisitCounts, type PageCount, type VisitorCount } from '../../server/storage/visit-counts.ts';
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
  const beacon = (on: FastifyInstance, campaign: string, visitor: string | number = 1) =>
    on.inject({
      method: 'POST',
      url: '/visit',
      remoteAddress: '203.0.113.9',
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
    for (const [i, campaign] of hostile.entries()) expect((await beacon(app, campaign, i)).statusCode).toBe(204);
    await app.visitTally!.flush();
    const stored = await campaignsOf(today);
    expect(stored).toEqual(['arabic', 'bell', 'evilgnp.exe', 'iso', 'left', 'line break', 'padded', 'spring sale']);
    for (const campaign of stored) expect(campaign).not.toMatch(UNSAFE);
    const [views] = await rawQuery<{ n: string | number }>(kind, t.url, 'SELECT SUM(views) AS n FROM visit_pages');
    expect(Number(views!.n)).toBe(hostile.length);
  });

  it(`keeps a day's first ${CAP} campaigns and counts the rest as "(other)", across restarts`, async () => {
    for (let i = 0; i < CAP + 10; i++) await beacon(app, `campaign-${String(i).padStart(2, '0')}`, i);
    await app.visitTally!.flush();
    const first = Array.from({ length: CAP }, (_, i) => `campaign-${String(i).padStart(2, '0')}`);
    expect(await campaignsOf(today)).toEqual([OTHER_CAMPAIGN, ...first].sort());

    // Another instance (or this one restarted) knows nothing of them in memory: the database decides.
    const second = await build(t.reopen());
    try {
      await beacon(second, 'campaign-05', 'a');
      await beacon(second, 'a-new-one', 'b');
      await second.visitTally!.flush();
    } finally {
      await second.close();
    }
    expect(await campaignsOf(today)).toEqual([OTHER_CAMPAIGN, ...first].sort());
    const [other] = await rawQuery<{ n: string | number }>(kind, t.url, `SELECT SUM(visitors) AS n FROM visit_visitors WHERE campaign = '${OTHER_CAMPAIGN}'`);
    expect(Number(other!.n)).toBe(11);
  });

  it('keeps to the limit when two instances flush new campaigns at the same moment', async () => {
    const other = t.reopen();
    const batch = (day: string, prefix: string) => {
      const rows = Array.from({ length: CAP }, (_, i) => ({ day, source: 'direct', campaign: `${prefix}-${i}`, device: 'desktop' }));
      return {
        pages: rows.map((r): PageCount => ({ ...r, page: '/', views: 1, visitors: 1 })),
        visitors: rows.map((r): VisitorCount => ({ ...r, visitors: 1 })),
        forms: [],
        vitals: [],
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
