/**
 * A flood of visit beacons cannot slow the quote form: 40 connections send beacons from one
 * address (loopback) as fast as the server answers, while a quote is posted every half second; on
 * SQLite and on PostgreSQL (TEST_DATABASE_URL, default the local server; skipped when it does not
 * answer). Two scenarios each: the address's limit as configured by default (past it, beacons are
 * refused with 429 before their body is read), and no limit (every beacon hashed and counted).
 * Prints beacons answered per second (counted with 204, or refused with 429), any 5xx, and the
 * quotes' latencies; exits 1 when a budget is missed.
 *
 *   node bench/visits-flood.ts [--duration 10] [--connections 40]
 *
 * Needs a built site (npm run build): the server counts only the pages the build lists.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServer } from '../tests/support/server-process.ts';
import { createTestStore, formBody, JSON_ACCEPT, rawQuery } from '../tests/support/stores.ts';
import { CHROME } from '../tests/support/visits.ts';
import { percentile } from './nearest-rank.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '40' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
const BUDGET = { beaconsPerSecond: 2_000, quoteMs: 500 };

if (!existsSync(join(dist, 'site-pages.json'))) {
  console.error('dist/ is missing or old: run npm run build first');
  process.exit(1);
}

interface Row {
  store: string;
  limit: string;
  'beacons/s': number;
  counted: number;
  refused: number;
  '5xx': number;
  'errors/timeouts': number;
  quotes: number;
  'quote p50 ms': number;
  'quote max ms': number;
  /**
   * Page views in the database after the server's shutdown flush: `counted`, and up to one more per
   * connection (answers still on their way when autocannon stopped listening).
   */
  stored: number;
}
const rows: Row[] = [];
const misses: string[] = [];

/** Posts a quote every half second until `until`, each a different one; returns each answer's milliseconds. */
async function probeQuotes(url: string, until: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/`, { method: 'POST', headers: JSON_ACCEPT, body: formBody({ contact_name: `Flood Probe ${i}`, path: '/auckland' }) });
    await res.arrayBuffer();
    if (res.status !== 200) misses.push(`quote ${i} answered ${res.status}`);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 500));
  }
  return times;
}

const scenarios = [
  { limit: 'default', env: {} },
  { limit: 'none', env: { VISIT_RATE_LIMIT_MAX: '1000000000' } },
];
for (const [kind, scenario] of (['sqlite', 'postgres'] as const).flatMap((k) => scenarios.map((s) => [k, s] as const))) {
  let store;
  try {
    store = await createTestStore(kind, { migrate: false });
  } catch (error) {
    console.warn(`${kind}: not reachable (${(error as Error).message}); skipped`);
    continue;
  }
  const server = await startServer({ DIST_DIR: dist, DATABASE_URL: store.url, ...scenario.env });
  try {
    const until = Date.now() + duration * 1000;
    const [flood, quotes] = await Promise.all([
      autocannon({
        url: `${server.url}/visit`,
        connections,
        duration,
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
        body: JSON.stringify({ kind: 'view', path: '/auckland', utm_campaign: 'flood' }),
      }),
      // The probe starts once the flood is under way.
      new Promise((r) => setTimeout(r, 1000)).then(() => probeQuotes(server.url, until - 500)),
    ]);
    const sorted = [...quotes].sort((a, b) => a - b);
    const count = (status: string) => flood.statusCodeStats?.[status as keyof typeof flood.statusCodeStats]?.count ?? 0;
    const row: Row = {
      store: kind,
      limit: scenario.limit,
      'beacons/s': Math.round((count('204') + count('429')) / flood.duration),
      counted: count('204'),
      refused: count('429'),
      '5xx': flood['5xx'],
      'errors/timeouts': flood.errors + flood.timeouts,
      quotes: quotes.length,
      'quote p50 ms': Math.round(percentile(sorted, 50)),
      'quote max ms': Math.round(sorted.at(-1) ?? NaN),
      stored: NaN,
    };
    server.child.kill('SIGTERM');
    await server.exited;
    const [stored] = await rawQuery<{ views: string | number | null }>(kind, store.url, 'SELECT SUM(views) AS views FROM visit_pages');
    row.stored = Number(stored?.views ?? 0);
    rows.push(row);
    console.log(JSON.stringify(row));
    if (row['beacons/s'] < BUDGET.beaconsPerSecond) misses.push(`${kind}, limit ${scenario.limit}: ${row['beacons/s']} beacons/s < ${BUDGET.beaconsPerSecond}`);
    if (row.stored < row.counted || row.stored > row.counted + connections)
      misses.push(`${kind}, limit ${scenario.limit}: ${row.counted} counted but ${row.stored} stored`);
    if (row['5xx'] > 0) misses.push(`${kind}, limit ${scenario.limit}: ${row['5xx']} beacons answered 5xx`);
    if (!(row['quote max ms'] < BUDGET.quoteMs))
      misses.push(`${kind}, limit ${scenario.limit}: a quote took ${row['quote max ms']} ms (budget ${BUDGET.quoteMs})`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await store.cleanup();
  }
}

console.log(`\n${connections} connections of beacons from one address for ${duration} s, a quote every 0.5 s:`);
console.table(rows);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const out = join(root, 'bench', 'results', `visits-flood-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ duration, connections, rows, misses }, null, 2));
console.log(`results written to ${out}`);
if (misses.length) {
  console.error(`\n${misses.length} budget(s) missed:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
console.log('\nall budgets met');
