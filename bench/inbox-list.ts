/**
 * The inbox's list and search with 100,000 leads, on SQLite and PostgreSQL: p50 and p95 of the
 * answers the app asks for (first page of New and All with the view counts, the next page, a
 * search that finds a few leads, and one that finds none, which reads every lead), and the
 * Reports for the default twelve weeks and for a whole year (every lead of the range read and
 * counted). Answers go through the real app (session check included); only 200s count, anything
 * else fails the run.
 *
 *   node bench/inbox-list.ts [--leads 100000] [--runs 200] [--store sqlite|postgres|both]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/http/app.ts';
import { invite } from '../server/inbox/invite.ts';
import type { StoreKind } from '../tests/support/stores.ts';
import { seedLeads } from './seed-leads.ts';
import { percentile } from './nearest-rank.ts';

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '100000' }, runs: { type: 'string', default: '200' }, store: { type: 'string', default: 'both' } },
});
const LEADS = Number(values.leads);
const RUNS = Number(values.runs);
const ORIGIN = 'http://localhost:4321';

for (const kind of (values.store === 'both' ? ['sqlite', 'postgres'] : [values.store]) as StoreKind[]) {
  const seedStart = performance.now();
  const t = await seedLeads(kind, LEADS);
  console.log(`${kind}: ${LEADS} leads seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const app = await buildApp({ store: t.store, inbox: { publicOrigin: ORIGIN } });
  const added = await invite(t.store, { email: 'bench@example.nz', role: 'owner', publicOrigin: ORIGIN });
  const session = await app.inject({ method: 'GET', url: '/inbox/api/session' });
  const csrf = session.json().csrfToken as string;
  const csrfCookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const signIn = await app.inject({
    method: 'POST',
    url: '/inbox/api/auth/link',
    headers: { cookie: csrfCookie, origin: ORIGIN, 'x-csrf-token': csrf },
    payload: { token: new URL(added!.link).searchParams.get('link') },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const first = (await app.inject({ method: 'GET', url: '/inbox/api/leads?view=all', headers: { cookie } })).json() as { next: string };
  const cases: [string, string, number][] = [
    ['New, first page and counts', '/inbox/api/leads?view=new', RUNS],
    ['All, first page and counts', '/inbox/api/leads?view=all', RUNS],
    ['All, second page', `/inbox/api/leads?view=all&cursor=${first.next}`, RUNS],
    ['Search that finds a few ("kauri walker 1")', '/inbox/api/leads?view=all&q=kauri%20walker%201', RUNS],
    ['Search that finds none', '/inbox/api/leads?view=all&q=no-such-words', RUNS],
    // The seed spreads the leads over the two years to 24 November 2026.
    ['Reports, twelve weeks to 23 Nov 2026', '/inbox/api/reports?from=2026-09-01&to=2026-11-23', Math.ceil(RUNS / 4)],
    ['Reports, the year to 23 Nov 2026', '/inbox/api/reports?from=2025-11-24&to=2026-11-23', Math.ceil(RUNS / 10)],
  ];
  for (const [label, url, runs] of cases) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${label}: answered ${res.statusCode} ${res.body}`);
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(`${kind}: ${label.padEnd(46)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
  }
  await app.close();
  await t.cleanup();
}
