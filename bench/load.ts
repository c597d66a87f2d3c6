/**
 * Load figures for the lead server on loopback, with autocannon: static pages against nginx
 * serving the same dist/ (the reference, same invocation), and POST / on SQLite and on PostgreSQL.
 *
 *   node bench/load.ts [--duration 10] [--connections 50]
 *
 * Needs a built site (npm run build), nginx for the reference (apt-get install nginx-light; the
 * static rows are skipped without it), and PostgreSQL at TEST_DATABASE_URL (default the local
 * server; the PostgreSQL rows are skipped when it does not answer). Both servers get one process
 * (nginx worker_processes 1) so the ratio compares like with like on a 2-core machine, with
 * autocannon on the other core. Compare ratios, not absolute numbers: the machine is shared.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { DatabaseSync } from 'node:sqlite';
import { freePort, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { formBody, TEST_DATABASE_URL } from '../tests/support/stores.ts';
import { startSmtp } from '../tests/support/peers.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ is missing: run npm run build first');
  process.exit(1);
}
const asset = readdirSync(join(dist, '_astro')).find((f) => f.startsWith('client.') && f.endsWith('.js'));

interface Row {
  target: string;
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  /** Answers other than the scenario's expected status (a 503 from an old keep-alive connection, say). */
  unexpected: number;
  'vs reference': string;
}
const rows: Row[] = [];

async function hit(url: string, options: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, headers: { 'accept-encoding': 'gzip' }, ...options });
}

/** Answers with the status a scenario expects (200s, or 404 for the missing page); any other answer fails the run. */
function successes(r: autocannon.Result, expected: number): number {
  return expected === 200 ? r['2xx'] : (r.statusCodeStats?.[String(expected) as keyof typeof r.statusCodeStats]?.count ?? 0);
}

/** Successful answers per second: only the expected status counts, never a 503 or a reset. */
function rate(r: autocannon.Result, expected = 200): number {
  return successes(r, expected) / r.duration;
}

function record(target: string, scenario: string, r: autocannon.Result, reference?: autocannon.Result, expected = 200): Row {
  const other = r.requests.total - successes(r, expected);
  const row: Row = {
    target,
    scenario,
    'req/s': Math.round(rate(r, expected)),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.timeouts,
    unexpected: other,
    'vs reference': reference ? `${(rate(r, expected) / rate(reference, expected)).toFixed(2)}x` : '-',
  };
  rows.push(row);
  console.log(JSON.stringify(row));
  return row;
}

const staticScenarios: [string, string, number][] = [
  ['home page (HTML)', '/', 200],
  ['article (HTML)', '/blog/lease-vs-buy/', 200],
  ['hashed asset (JS)', `/_astro/${asset}`, 200],
  ['unknown path (404)', '/no-such-page', 404],
];

/** nginx from Debian's packages, serving dist/ with the precompressed gzip files, one worker. */
async function startNginx(): Promise<{ url: string; child: ChildProcess; dir: string } | null> {
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; text/css css; application/javascript js; image/svg+xml svg; application/xml xml; text/plain txt; image/png png; }
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    error_page 404 /404.html;
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const test = spawnSync(bin, ['-t', '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) {
    console.warn(`nginx config rejected, skipping the reference:\n${test.stderr}`);
    return null;
  }
  const child = spawn(bin, ['-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) return { url, child, dir };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill();
  return null;
}

async function postgresSchemaUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const schema = `bench_${Date.now()}`;
  try {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}); skipping its rows`);
    return null;
  }
  const sep = TEST_DATABASE_URL.includes('?') ? '&' : '?';
  return {
    url: `${TEST_DATABASE_URL}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

const lost: string[] = [];
/** Every 2xx answer autocannon counted must be a stored lead. */
function checkNothingLost(store: string, r: autocannon.Result, stored: number) {
  const acknowledged = r['2xx'];
  console.log(`${store}: ${acknowledged} quotes acknowledged, ${stored} stored`);
  if (stored < acknowledged) lost.push(`${store}: ${acknowledged - stored} acknowledged quote(s) missing`);
}

const smtp = await startSmtp();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const serverEnv = { DIST_DIR: dist, SMTP_URL: smtp.url, RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'error' };
// Each post is a different quote: the same form data twice within 10 minutes is stored once.
let quoteNumber = 0;
const postOptions: Partial<autocannon.Options> = {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: formBody({ contact_name: `Load Test ${quoteNumber++}` }) }) }],
  connections: Math.min(connections, 10),
};

try {
  console.log(`autocannon, ${duration} s per scenario, ${connections} connections (10 for POST), ${cpus().length} cores: ${cpus()[0]?.model ?? ''}\n`);
  const nginx = await startNginx();
  let sqlite: ServerProcess | undefined;
  try {
    sqlite = await startServer({ ...serverEnv, DATABASE_URL: join(dataDir, 'leads.sqlite') });
    for (const [scenario, path, expected] of staticScenarios) {
      const reference = nginx ? await hit(`${nginx.url}${path}`) : undefined;
      if (reference) record('nginx (reference)', scenario, reference, undefined, expected);
      record('lead server', scenario, await hit(`${sqlite.url}${path}`), reference, expected);
    }
    const sqlitePost = await hit(`${sqlite.url}/`, postOptions);
    record('lead server, SQLite', 'POST / (quote)', sqlitePost);
    const sqliteDb = new DatabaseSync(join(dataDir, 'leads.sqlite'), { readOnly: true });
    checkNothingLost('SQLite', sqlitePost, Number((sqliteDb.prepare('SELECT count(*) AS n FROM leads').get() as { n: number }).n));
    sqliteDb.close();

    const pgDb = await postgresSchemaUrl();
    if (pgDb) {
      const pgServer = await startServer({ ...serverEnv, DATABASE_URL: pgDb.url });
      try {
        const r = await hit(`${pgServer.url}/`, postOptions);
        const c = new pg.Client({ connectionString: pgDb.url });
        await c.connect();
        checkNothingLost('PostgreSQL', r, Number((await c.query('SELECT count(*) AS n FROM leads')).rows[0].n));
        await c.end();
        const row = record('lead server, PostgreSQL', 'POST / (quote)', r);
        row['vs reference'] = `${(rate(r) / rate(sqlitePost)).toFixed(2)}x SQLite`;
      } finally {
        pgServer.child.kill('SIGTERM');
        await pgServer.exited;
        await pgDb.drop();
      }
    }
  } finally {
    if (sqlite) {
      sqlite.child.kill('SIGTERM');
      await sqlite.exited;
    }
    if (nginx) {
      nginx.child.kill('SIGQUIT');
      rmSync(nginx.dir, { recursive: true, force: true });
    }
  }
} finally {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  '\nreq/s is the mean over the run; latencies are percentiles over every request. POST rows include the outbox worker e-mailing each lead to a local SMTP sink.',
);
console.table(rows);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const out = join(root, 'bench', 'results', `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ duration, connections, rows }, null, 2));
console.log(`results written to ${out}`);
if (lost.length) {
  console.error(lost.join('\n'));
  process.exit(1);
}
const failed = rows.filter((r) => r.errors > 0 || r.unexpected > 0);
if (failed.length) {
  console.error(`errors in: ${failed.map((r) => `${r.target} ${r.scenario}`).join(', ')}`);
  process.exit(1);
}
