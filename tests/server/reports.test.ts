/**
 * The reports on both stores: leads stored and worked through the inbox's API, their times set in
 * the database, then GET /inbox/api/reports read back figure by figure (weeks across the end of
 * daylight time, the funnel by furthest stage, won value, time to first contact); the range's
 * refusals; and the owners' Google Ads file parsed with csv-parse.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../server/http/app.ts';
import { nzInstant } from '../../core/nz-time.ts';
import type { Insight } from '../../core/lead/insight.ts';
import { inboxSession } from '../support/inbox-session.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery, storeKinds, type TestStore } from '../support/stores.ts';

const MINUTE = 60_000;
const nz = (date: string, hhmm: string) => nzInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)));

describe.each(storeKinds)('reports on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  const { call, signedIn } = inboxSession(
    () => app,
    () => t.store,
  );

  beforeEach(async () => {
    t = await createTestStore(kind);
    app = await buildApp({ store: t.store, leadPurposes: [], inbox: { publicOrigin: 'http://localhost:4321' } });
  });
  afterEach(async () => {
    await app.close();
    await t.cleanup();
  });

  /** Posts a lead through the form, then moves its arrival (and first action) to the given times. */
  async function leadAt(name: string, arrived: Date, fields: Record<string, string> = {}): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/', headers: JSON_ACCEPT, payload: formBody({ contact_name: name, ...fields }) });
    expect(res.statusCode).toBe(200);
    const id = (await t.store.listLeads()).find((l) => l.contact_name === name)!.id;
    await t.backdate(id, arrived);
    return id;
  }
  const firstAction = (id: string, at: Date) => rawQuery(kind, t.url, `UPDATE leads SET first_action_at = ${at.getTime()} WHERE id = '${id}'`);

  it('counts leads by week, source and stage, with won value and time to first contact', async () => {
    const owner = await signedIn('owner@example.nz');
    const googleAds = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'waikato', gclid: 'Cj0KCQiAgclidOne', referrer: '' };
    const plain = { utm_source: '', utm_medium: '', utm_campaign: '', gclid: '', referrer: '', timeframe: '1–2 weeks', site_type: 'New build' };
    // Sunday 5 April 2026 at 11:30 pm is NZST (daylight time ended that morning): still the week of 30 March.
    const won = await leadAt('Won Lead', nz('2026-04-05', '23:30'), googleAds);
    const lost = await leadAt('Lost Lead', nz('2026-03-31', '09:00'), { ...plain, referrer: 'https://www.facebook.com/' });
    await leadAt('Waiting Lead', nz('2026-04-07', '10:00'), { ...plain, city: 'Dunedin' });
    await leadAt('Outside Lead', nz('2026-03-29', '23:30'), plain); // the Sunday before the range

    for (const status of ['contacted', 'quoted']) expect((await call(owner, 'POST', `/leads/${lost}/status`, { status })).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/leads/${lost}/status`, { status: 'lost', lost_reason: 'price' })).statusCode).toBe(200);
    expect((await call(owner, 'POST', `/leads/${won}/status`, { status: 'won', job_value: 12_500.5 })).statusCode).toBe(200);
    await firstAction(won, new Date(nz('2026-04-05', '23:30').getTime() + 600 * MINUTE)); // after hours: 10 h
    await firstAction(lost, new Date(nz('2026-03-31', '09:00').getTime() + 25 * MINUTE)); // office hours: 25 min

    const res = await call(owner, 'GET', '/reports?from=2026-03-30&to=2026-04-12');
    expect(res.statusCode).toBe(200);
    const insight = res.json<Insight>();
    expect(insight.total).toBe(3);
    expect(insight.weeks.map((w) => [w.week, w.total])).toEqual([
      ['2026-03-30', 2],
      ['2026-04-06', 1],
    ]);
    expect(insight.weeks[0]!.bySource).toMatchObject({ google_ads: 1, social: 1 });
    expect(insight.weeks[1]!.bySource.direct).toBe(1);
    expect(insight.funnel).toEqual([
      { stage: 'new', count: 3 },
      { stage: 'contacted', count: 2 },
      { stage: 'quoted', count: 2 },
      { stage: 'won', count: 1 },
    ]);
    expect(insight.lostReasons).toEqual([{ reason: 'price', count: 1 }]);
    expect(insight.won).toEqual({
      count: 1,
      cents: 1_250_050,
      bySource: [{ label: 'Google Ads', count: 1, cents: 1_250_050 }],
      byCampaign: [{ label: 'waikato', count: 1, cents: 1_250_050 }],
    });
    expect(insight.response.businessHours).toEqual({ answered: 1, waiting: 1, medianMinutes: 25, p90Minutes: 25 });
    expect(insight.response.afterHours).toEqual({ answered: 1, waiting: 0, medianMinutes: 600, p90Minutes: 600 });
    expect(insight.byCity.find((c) => c.label === 'Dunedin')?.count).toBe(1);
  });

  it('answers an empty range with zeros, defaults to twelve weeks, and refuses a backwards or malformed range', async () => {
    const staff = await signedIn('staff@example.nz', 'staff');
    const empty = await call(staff, 'GET', '/reports?from=2020-01-06&to=2020-01-12');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Insight>()).toMatchObject({ total: 0, weeks: [{ week: '2020-01-06', total: 0 }], byService: [], lost: 0 });
    const fallback = (await call(staff, 'GET', '/reports')).json<Insight>();
    expect(fallback.weeks).toHaveLength(12);
    for (const bad of ['from=2026-05-01&to=2026-04-01', 'from=yesterday', 'from=2020-01-01&to=2026-01-01', 'from=1990-01-01'])
      expect((await call(staff, 'GET', `/reports?${bad}`)).statusCode, bad).toBe(400);
  });

  it('gives owners the Google Ads file with a Won job row per won lead, once, and refuses staff', async () => {
    const owner = await signedIn('owner@example.nz');
    const staff = await signedIn('staff@example.nz', 'staff');
    const clicked = { utm_source: 'google', utm_medium: 'cpc' };
    const won = await leadAt('Won Click', nz('2026-11-16', '09:00'), { ...clicked, gclid: 'Cj0KCQiAwonclick' });
    await leadAt('Open Click', nz('2026-11-17', '09:00'), { ...clicked, gclid: 'Cj0KCQiAopenclick' });
    await leadAt('No Click', nz('2026-11-17', '10:00'), { gclid: '' });
    // Won, then changed and won again: still one Won job row, at the last time it was marked won.
    for (const status of ['won', 'quoted', 'won']) {
      const body = status === 'won' ? { status, job_value: 8_400 } : { status };
      expect((await call(owner, 'POST', `/leads/${won}/status`, body)).statusCode).toBe(200);
    }
    const wonAt = Number((await rawQuery<{ at: number }>(kind, t.url, `SELECT status_changed_at AS at FROM leads WHERE id = '${won}'`))[0]!.at);

    expect((await call(staff, 'GET', '/google-ads.csv')).statusCode).toBe(403);
    const res = await call(owner, 'GET', '/google-ads.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="google-ads-conversions-/);
    const [parameters, ...rest] = res.body.split('\r\n');
    expect(parameters).toBe('Parameters:TimeZone=Pacific/Auckland');
    const rows = parse(rest.join('\r\n'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency']);
    expect(rows).toEqual([
      {
        'Google Click ID': 'Cj0KCQiAwonclick',
        'Conversion Name': 'Quote request',
        'Conversion Time': '2026-11-16 09:00:00',
        'Conversion Value': '',
        'Conversion Currency': '',
      },
      {
        'Google Click ID': 'Cj0KCQiAwonclick',
        'Conversion Name': 'Won job',
        'Conversion Time': new Intl.DateTimeFormat('sv-SE', { timeZone: 'Pacific/Auckland', dateStyle: 'short', timeStyle: 'medium' }).format(wonAt),
        'Conversion Value': '8400.00',
        'Conversion Currency': 'NZD',
      },
      {
        'Google Click ID': 'Cj0KCQiAopenclick',
        'Conversion Name': 'Quote request',
        'Conversion Time': '2026-11-17 09:00:00',
        'Conversion Value': '',
        'Conversion Currency': '',
      },
    ]);
    const perConversion = new Set(rows.map((r) => `${r['Google Click ID']}|${r['Conversion Name']}`));
    expect(perConversion.size).toBe(rows.length);
  });
});
