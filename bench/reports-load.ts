/**
 * Four three-year Reports at once with 100,000 leads, while a visitor asks for the home page: each
 * report's answer time, the page's p50, p95 and max meanwhile, and each server's memory (resident
 * before, peak after). The servers are real processes (`node server/main.ts` on a one-page site):
 * one on a SQLite file, two sharing one PostgreSQL database (a schema of TEST_DATABASE_URL, dropped
 * afterwards). The four ranges differ by a day, so no report shares another's computation. Only
 * 200 answers count; any other answer fails the run. Budget: each report within 5 s, the page
 * within 300 ms.
 *
 *   node bench/reports-load.ts [--leads 100000] [--rounds 3] [--store sqlite|postgres|both]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { invite } from '../server/inbox/invite.ts';
import { startServer, tinySite, type ServerProcess } from '../tests/support/server-process.ts';
import type { StoreKind } from '../tests/support/stores.ts';
import { seedLeads } from './seed-leads.ts';
import { percentile } from './nearest-rank.ts';

const { values } = parseArgs({
  options: { leads: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' }, store: { type: 'string', default: 'both' } },
});
const LEADS = Number(values.leads);
const ROUNDS = Number(values.rounds);
const ORIGIN = 'http://localhost:4321';
const REPORT_BUDGET_MS = 5_000;
const PAGE_BUDGET_MS = 300;
// Three years to the seed's last day (24 November 2026), each starting a day later than the one before.
const RANGES = [0, 1, 2, 3].map((shift) => `/inbox/api/reports?from=2023-11-${25 + shift}&to=2026-11-23`);

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);

/** An owner signed in with a one-time link, as the CLI invites them; the session is in the database, so every server knows it. */
async function ownerCookie(t: Awaited<ReturnType<typeof seedLeads>>, server: ServerProcess): Promise<string> {
  const added = await invite(t.store, { email: 'bench@example.nz', role: 'owner', publicOrigin: ORIGIN });
  const session = await fetch(`${server.url}/inbox/api/session`);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const signIn = await fetch(`${server.url}/inbox/api/auth/link`, {
    method: 'POST',
    headers: { cookie: cookiesOf(session).join('; '), origin: ORIGIN, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(added!.link).searchParams.get('link') }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return cookiesOf(signIn).join('; ');
}

/** Resident and peak resident memory of a process, MB (Linux). */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - start;
}

let missed = false;
for (const kind of (values.store === 'both' ? ['sqlite', 'postgres'] : [values.store]) as StoreKind[]) {
  const seedStart = performance.now();
  const t = await seedLeads(kind, LEADS);
  console.log(`${kind}: ${LEADS} leads seeded (arrival columns filled) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const env = { DATABASE_URL: t.url, DIST_DIR: tinySite(), PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'error' };
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < (kind === 'postgres' ? 2 : 1); i++) servers.push(await startServer(env));
    const cookie = await ownerCookie(t, servers[0]!);
    const before = servers.map((s) => memoryMb(s.child.pid!).rss);
    for (let round = 1; round <= ROUNDS; round++) {
      let reporting = true;
      const pageTimes: number[] = [];
      // The visitor: one home page after another, round robin over the servers, until the reports are in.
      const visitor = (async () => {
        for (let i = 0; reporting; i++) pageTimes.push(await timed(`${servers[i % servers.length]!.url}/`));
      })();
      const reports = await Promise.all(RANGES.map((path, i) => timed(`${servers[i % servers.length]!.url}${path}`, { cookie })));
      reporting = false;
      await visitor;
      pageTimes.sort((a, b) => a - b);
      const page = { p50: percentile(pageTimes, 50), p95: percentile(pageTimes, 95), max: pageTimes.at(-1)! };
      if (reports.some((ms) => ms > REPORT_BUDGET_MS) || page.max > PAGE_BUDGET_MS) missed = true;
      console.log(
        `${kind} round ${round}: reports ${reports.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}; ` +
          `home page (${pageTimes.length}) p50 ${page.p50.toFixed(1)} ms, p95 ${page.p95.toFixed(1)} ms, max ${page.max.toFixed(1)} ms`,
      );
    }
    const after = servers.map((s) => memoryMb(s.child.pid!));
    console.log(`${kind} memory: ${servers.map((_, i) => `server ${i + 1} ${before[i]} MB before, peak ${after[i]!.peak} MB`).join('; ')}`);
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await t.cleanup();
  }
}
if (missed) {
  console.log(`budget missed: a report over ${REPORT_BUDGET_MS / 1000} s or the home page over ${PAGE_BUDGET_MS} ms`);
  process.exitCode = 1;
}
