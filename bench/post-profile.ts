/**
 * Where a `POST /` goes: one server (this checkout's, or another's server/main.ts) under the same
 * load as bench/post-rate.ts, with V8's CPU profiler on, then the functions that took the most time.
 *
 *   node bench/post-profile.ts [--server /path/to/other/server/main.ts] [--store sqlite|postgresql] [--seconds 10] [--top 40]
 *
 * The profile (bench/results/profiles/*.cpuprofile) opens in Chrome's DevTools as well. Besides the
 * profile it prints the server's CPU time per post (user and system, from /proc), which a shared,
 * noisy machine changes far less than it changes posts per second.
 */
import { parseArgs } from 'node:util';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../tests/support/server-process.ts';
import { formBody, TEST_DATABASE_URL } from '../tests/support/stores.ts';
import { distDir } from '../tests/support/dist.ts';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: resolve(import.meta.dirname, '../server/main.ts') },
    store: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '40' },
  },
});
const script = resolve(values.server);
const out = resolve(import.meta.dirname, 'results/profiles', `${values.store}-${Date.now()}`);
mkdirSync(out, { recursive: true });

/** User plus system CPU time of a process so far, in milliseconds (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

let databaseUrl: string;
let schema = '';
let dir = '';
if (values.store === 'postgresql') {
  schema = `post_profile_${Date.now()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  databaseUrl = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
} else {
  dir = mkdtempSync(join(tmpdir(), 'post-profile-'));
  databaseUrl = join(dir, 'leads.sqlite');
}

// Children the server starts (a build) inherit NODE_OPTIONS and write profiles too: the server's is found by its pid.
const server = await startServer(
  { DIST_DIR: distDir, DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'error', NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${out}` },
  { script },
);
let quote = 0;
const posts = (seconds: number) =>
  autocannon({
    url: `${server.url}/`,
    connections: 10,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: formBody({ contact_name: `Profile Test ${quote++}` }) }) }],
  });
try {
  await posts(1);
  const before = cpuMs(server.child.pid!);
  const r = await posts(Number(values.seconds));
  const cpu = cpuMs(server.child.pid!) - before;
  if (r.errors || r.timeouts || r.non2xx) throw new Error(`${r.non2xx} answers other than 2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  console.log(`${script} on ${values.store}: ${Math.round(r['2xx'] / r.duration)} posts/s, ${((1000 * cpu) / r['2xx']).toFixed(0)} µs of server CPU per post`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  if (schema) {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile') && f.includes(`.${server.child.pid}.`));
if (!file) throw new Error(`no profile in ${out}`);
const profile = JSON.parse(readFileSync(join(out, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const root = resolve(script, '../..');
const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(`file://${root}/`, '')}:${n.callFrame.lineNumber + 1}`;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const key = name(nodes.get(id)!);
  self.set(key, (self.get(key) ?? 0) + dt);
  // A function counts once per sample however deep it recurses.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = name(nodes.get(at)!);
    if (!seen.has(k)) inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    seen.add(k);
  }
});
const top = Number(values.top);
for (const [title, times] of [
  ['self time', self],
  ['inclusive time', inclusive],
] as const) {
  console.log(`\n${title}, of ${(total / 1e3).toFixed(0)} ms sampled:`);
  for (const [key, t] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${key}`);
}
console.log(`\nprofile: ${join(out, file)}`);
