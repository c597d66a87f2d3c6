/**
 * Backlog drain rate: how fast the outbox e-mails a backlog of queued leads into a local SMTP
 * peer, with one lead server and with two on one PostgreSQL.
 *
 *   node bench/drain.ts [--leads 2000] [--instances 1,2] [--concurrency 4] [--server path/to/server/main.ts]
 *
 * The leads are queued in one transaction while the servers are already running (as after an
 * outage), then the clock runs until the SMTP peer has accepted one message per lead. `--server`
 * runs another checkout's server (e.g. a git worktree of an older commit) for a before/after
 * figure. Needs PostgreSQL at TEST_DATABASE_URL (default the local server).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { leadColumns } from '../core/lead/schema.ts';
import { startServer, tinySite, type ServerProcess } from '../tests/support/server-process.ts';
import { createTestStore, formBody } from '../tests/support/stores.ts';
import { startSmtp } from '../tests/support/peers.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '2000' },
    instances: { type: 'string', default: '1,2' },
    concurrency: { type: 'string', default: '4' },
    server: { type: 'string' },
  },
});
const leads = Number(values.leads);
const concurrency = values.concurrency;

/** Queues `count` leads with one pending e-mail job each, in one transaction (works on every schema version). */
async function queueBacklog(url: string, count: number) {
  const fields = Object.fromEntries(new URLSearchParams(formBody()));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const cols = ['id', 'created_at', ...leadColumns];
    for (let start = 0; start < count; start += 500) {
      const ids = Array.from({ length: Math.min(500, count - start) }, () => randomUUID());
      const params: unknown[] = [];
      const rows = ids.map((id, i) => {
        const values = [id, new Date(), ...leadColumns.map((c) => (c === 'contact_name' ? `Backlog ${start + i}` : (fields[c] ?? '')))];
        return `(${values.map((v) => `$${params.push(v)}`).join(', ')})`;
      });
      await client.query(`INSERT INTO leads (${cols.join(', ')}) VALUES ${rows.join(', ')}`, params);
      const jobParams: unknown[] = [];
      const jobs = ids.map((id) => `($${jobParams.push(randomUUID())}, $${jobParams.push(id)}, 'new-lead', $${jobParams.push(Date.now())})`);
      await client.query(`INSERT INTO outbox (id, lead_id, purpose, next_attempt_at) VALUES ${jobs.join(', ')}`, jobParams);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

const results: { instances: number; leads: number; seconds: number; perSecond: number; messages: number }[] = [];
const dist = tinySite();
for (const instances of values.instances.split(',').map(Number)) {
  const db = await createTestStore('postgres');
  await db.store.close();
  const smtp = await startSmtp();
  const servers: ServerProcess[] = [];
  try {
    const env = {
      DATABASE_URL: db.url,
      DIST_DIR: dist,
      SMTP_URL: smtp.url,
      OUTBOX_POLL_INTERVAL: '200ms',
      OUTBOX_CONCURRENCY: concurrency,
      LOG_LEVEL: 'error',
    };
    for (let i = 0; i < instances; i++) servers.push(await startServer(env, values.server ? { script: resolve(values.server) } : {}));
    await queueBacklog(db.url, leads);
    const started = performance.now();
    const deadline = Date.now() + 15 * 60_000;
    while (smtp.messages.length < leads) {
      if (Date.now() > deadline) throw new Error(`only ${smtp.messages.length} of ${leads} e-mails after 15 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const row = { instances, leads, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(leads / seconds), messages: smtp.messages.length };
    results.push(row);
    console.log(JSON.stringify(row));
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await smtp.close();
    await db.cleanup();
  }
}
console.table(results);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const out = join(root, 'bench', 'results', `drain-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ leads, concurrency, server: values.server ?? 'this checkout', results }, null, 2));
console.log(`results written to ${out}`);
