/**
 * Memory and time of the CSV export (GET /api/leads.csv): the streamed response, against building
 * the same CSV in one string (what the export used to do), in one invocation.
 *
 *   node bench/export.ts [--leads 20000]
 *
 * Seeds a temporary SQLite store with that many leads (each with 600 characters of notes), runs
 * the lead server in this process on loopback, downloads the export while counting bytes (the
 * client keeps nothing), and samples the heap every 5 ms. Peak heap is above the heap after a
 * forced GC just before each run (start node with --expose-gc for that; without it the figure
 * includes garbage). Compare the two rows with each other, not across machines.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/http/app.ts';
import { SqliteLeadStore } from '../server/storage/sqlite.ts';
import { toCsv } from '../server/leads/csv.ts';
import { parseLead } from '../core/lead/schema.ts';

const { values } = parseArgs({ options: { leads: { type: 'string', default: '20000' } } });
const count = Number(values.leads);
const TOKEN = 'bench-export-token-0123456789abcdefghij';
const gc = (globalThis as { gc?: () => void }).gc;

const dir = mkdtempSync(join(tmpdir(), 'crnz-bench-export-'));
const store = new SqliteLeadStore(join(dir, 'leads.sqlite'));
await store.migrate();
const notes = 'Two under-counter fridges running warm, compressor cycling often. '.repeat(10).slice(0, 600);
for (let i = 0; i < count; i++) {
  const lead = parseLead({ contact_name: `Bench Lead ${i}`, work_email: `lead${i}@example.co.nz`, notes, city: 'Hamilton', utm_source: 'google' }).lead!;
  await store.insertLead(lead, { spam: false, purposes: [] });
}

/** Runs `work`, sampling heapUsed; returns the peak above the starting heap, in MiB. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number; ms: number }> {
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { result, peakMiB: (peak - base) / 2 ** 20, ms };
}

const app = await buildApp({ store, exportToken: TOKEN });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;

const streamed = await measure(
  () =>
    new Promise<{ bytes: number; firstByteMs: number }>((resolveRun, reject) => {
      const started = performance.now();
      let firstByteMs = 0;
      let bytes = 0;
      get({ host: '127.0.0.1', port, path: '/api/leads.csv', headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          if (!bytes) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () => resolveRun({ bytes, firstByteMs }));
        res.on('error', reject);
      }).on('error', reject);
    }),
);
const oneString = await measure(async () => Buffer.byteLength(toCsv(await store.listLeads())));

await app.close();
await store.close();
rmSync(dir, { recursive: true, force: true });

const rows = [
  {
    way: 'streamed (GET /api/leads.csv)',
    leads: count,
    MiB: streamed.result.bytes / 2 ** 20,
    'first byte ms': streamed.result.firstByteMs,
    'total ms': streamed.ms,
    'peak heap MiB': streamed.peakMiB,
  },
  {
    way: 'one string (listLeads + toCsv)',
    leads: count,
    MiB: oneString.result / 2 ** 20,
    'first byte ms': oneString.ms,
    'total ms': oneString.ms,
    'peak heap MiB': oneString.peakMiB,
  },
].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && !Number.isInteger(v) ? Number(v.toFixed(1)) : v])));
console.table(rows);
if (!gc) console.log('(run with node --expose-gc bench/export.ts for a clean heap baseline)');
const out = resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, `export-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(rows, null, 2));
