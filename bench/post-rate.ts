/**
 * `POST /` per second, this checkout against another (a released commit), in alternating runs on
 * SQLite and PostgreSQL: each round runs both servers, on a fresh database each, in turns, so both
 * see the same machine load. Only 200 answers count; any other answer, error or timeout fails
 * the run, and every acknowledged quote must be in the database afterwards.
 *
 *   node bench/post-rate.ts --against /path/to/release/server/main.ts [--rounds 3] [--seconds 6] [--warmup 1] [--store sqlite|postgresql|both]
 *
 * Beside the rate it records the server's CPU time per timed post (user and system, from /proc): on a
 * shared machine other work changes a server's posts per second far more than what a post costs it.
 *
 * Each server first takes posts for `--warmup` seconds that are not timed (they are still checked):
 * a server just started is still compiling its code, and a larger server pays more of that in the
 * first second, which a server that runs for weeks pays once. `--warmup 0` times from the start.
 *
 * Make the other checkout with `git worktree add ../release 7968fcc && (cd ../release && npm ci)`.
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../tests/support/server-process.ts';
import { formBody, TEST_DATABASE_URL } from '../tests/support/stores.ts';
import { distDir } from '../tests/support/dist.ts';

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '1' },
    store: { type: 'string', default: 'both' },
  },
});
if (!values.against) throw new Error('--against /path/to/other/server/main.ts is required');
const servers = { released: resolve(values.against), current: resolve(import.meta.dirname, '../server/main.ts') };
const rounds = Number(values.rounds);
const duration = Number(values.seconds);
const warmup = Number(values.warmup);

/** User plus system CPU time a process has used, in microseconds (Linux: /proc/PID/stat, in clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Run {
  rate: number;
  /** The server's CPU time per timed post, µs. */
  cpu: number;
}

let quote = 0;
async function run(script: string, databaseUrl: string): Promise<Run & { acknowledged: number }> {
  const server = await startServer({ DIST_DIR: distDir, DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'error' }, { script });
  try {
    const posts = async (seconds: number) => {
      const r = await autocannon({
        url: `${server.url}/`,
        connections: 10,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        // Each post a different quote: the same form data again within ten minutes is stored once.
        requests: [{ setupRequest: (request) => ({ ...request, body: formBody({ contact_name: `Rate Test ${quote++}` }) }) }],
      });
      if (r.errors || r.timeouts || r.non2xx) throw new Error(`${script}: ${r.non2xx} answers other than 2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      return r;
    };
    const warmed = warmup > 0 ? (await posts(warmup))['2xx'] : 0;
    const before = cpuMicros(server.child.pid!);
    const r = await posts(duration);
    const cpu = (cpuMicros(server.child.pid!) - before) / r['2xx'];
    return { rate: r['2xx'] / r.duration, cpu, acknowledged: warmed + r['2xx'] };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

async function sqliteRound(script: string): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'post-rate-'));
  try {
    const file = join(dir, 'leads.sqlite');
    const { acknowledged, ...measured } = await run(script, file);
    const db = new DatabaseSync(file, { readOnly: true });
    const stored = Number((db.prepare('SELECT count(*) AS n FROM leads').get() as { n: number }).n);
    db.close();
    if (stored < acknowledged) throw new Error(`SQLite: ${acknowledged - stored} acknowledged quotes missing`);
    return measured;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRound(script: string): Promise<Run> {
  const schema = `post_rate_${Date.now()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const url = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const { acknowledged, ...measured } = await run(script, url);
    const stored = Number((await admin.query(`SELECT count(*) AS n FROM ${schema}.leads`)).rows[0].n);
    if (stored < acknowledged) throw new Error(`PostgreSQL: ${acknowledged - stored} acknowledged quotes missing`);
    return measured;
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

const results: {
  store: string;
  round: number;
  released: number;
  current: number;
  ratio: string;
  'cpu µs released': number;
  'cpu µs current': number;
}[] = [];
const stores = [
  ['SQLite', sqliteRound],
  ['PostgreSQL', postgresRound],
] as const;
for (const [store, round] of stores.filter(([name]) => values.store === 'both' || name.toLowerCase() === values.store)) {
  for (let i = 1; i <= rounds; i++) {
    // The order turns each round: the run just after another is not on equal terms (a server run
    // against itself measured the second run up to 1.2x faster on SQLite).
    const [first, second] = i % 2 ? (['released', 'current'] as const) : (['current', 'released'] as const);
    const measured = { [first]: await round(servers[first]), [second]: await round(servers[second]) } as Record<'released' | 'current', Run>;
    const { released, current } = measured;
    const row = {
      store,
      round: i,
      released: Math.round(released.rate),
      current: Math.round(current.rate),
      ratio: `${(current.rate / released.rate).toFixed(2)}x`,
      'cpu µs released': Math.round(released.cpu),
      'cpu µs current': Math.round(current.cpu),
    };
    console.log(JSON.stringify(row));
    results.push(row);
  }
}
console.log(`\n${duration} s per run after ${warmup} s untimed, 10 connections, distinct quotes, only 200 answers counted, the order turned each round`);
console.table(results);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
for (const [store] of stores) {
  const rows = results.filter((r) => r.store === store);
  if (rows.length === 0) continue;
  const ratios = rows.map((r) => r.current / r.released).sort((a, b) => a - b);
  const ahead = rows.filter((r) => r.current > r.released).length;
  const cpu = sum(rows.map((r) => r['cpu µs current'])) / sum(rows.map((r) => r['cpu µs released']));
  console.log(
    `${store}: median ratio ${ratios[Math.floor((ratios.length - 1) / 2)]!.toFixed(2)}x over ${rows.length} rounds, ` +
      `sums ${(sum(rows.map((r) => r.current)) / sum(rows.map((r) => r.released))).toFixed(2)}x, current faster in ${ahead} of ${rows.length}; ` +
      `CPU per post ${cpu.toFixed(2)}x the released server's`,
  );
}
