/**
 * Visitors while a staff member attacks the site editor: the public page and the quote form must
 * keep their speed (p95 within 300 ms) while the attacks run. A real lead server on SQLite serving
 * the built site; a staff member signed in as the inbox signs in.
 *
 *   npm run build && node bench/staff-load.ts [--quiet 5] [--duration 20]
 *
 * First `--quiet` seconds with visitors only, then `--duration` seconds with the attacks as well:
 *   - draft saves, one after another, of hostile text: 59,000 quotes deep, lists nested by
 *     indent and on one line, quotes and lists mixed, an article 5,000 quotes deep, bold marks
 *     that crash the build's compiler, and a plain 59,000-character text the checker reads whole;
 *   - photo uploads, three at once, again and again: a 10,000 × 10,000 PNG (about 300 KB), and real
 *     photos at the largest sizes taken (24 and 48 million pixels, distinct so none is a repeat).
 * Visitors meanwhile: GET /contact and POST / (a new quote each time), each arriving every 50 ms
 * whether or not the last was answered. Only successful answers are timed. The server's memory is sampled every 100 ms.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { freePort, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { createTestStore, formBody } from '../tests/support/stores.ts';
import { percentile } from './nearest-rank.ts';
import { signIn, type Owner } from './owner-session.ts';

const { values } = parseArgs({ options: { quiet: { type: 'string', default: '5' }, duration: { type: 'string', default: '20' } } });
const quietMs = Number(values.quiet) * 1000;
const attackMs = Number(values.duration) * 1000;
const ARTICLE = '/inbox/api/site/entries/blog/display-fridge-maintenance';
const BUDGET_MS = 300;

const hostileBodies: [string, string][] = [
  ['59,000 quotes deep', `${'>'.repeat(59_000)} x`],
  [
    'lists nested by indent, 240 deep',
    Array.from({ length: 240 }, (_, i) => `${'  '.repeat(i)}- item`)
      .join('\n')
      .slice(0, 59_000),
  ],
  ['29,000 list items on one line', `${'- '.repeat(29_000)}x`],
  ['quotes and lists mixed', `${'> - '.repeat(14_000)}x`],
  ['an article 5,000 quotes deep', `${'>'.repeat(5_000)} Deep\n`],
  ['bold marks that crash the compiler', `${'**'.repeat(10_000)}x${'**'.repeat(10_000)}`],
  ['59,000 characters of plain paragraphs', 'Cool rooms keep stock cold and safe. '.repeat(1_600).slice(0, 59_000)],
];

console.error('making the photos (the 100-million-pixel PNG takes a while)...');
const hugePng = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#336699' } })
  .png({ compressionLevel: 9 })
  .toBuffer();
/** A camera-sized photo, distinct by `n`: smooth colour, as a photo is, rather than noise (which AVIF takes minutes to encode). */
async function cameraPhoto(width: number, height: number, n: number): Promise<Buffer> {
  const noise = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + n, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(noise).resize(width, height).jpeg({ quality: 85 }).toBuffer();
}
const photos: [string, Buffer][] = [
  ['JPEG 24 MP', await cameraPhoto(5712, 4284, 1)],
  ['JPEG 24 MP', await cameraPhoto(5712, 4284, 2)],
  ['JPEG 48 MP', await cameraPhoto(8064, 6048, 3)],
  ['JPEG 48 MP', await cameraPhoto(8064, 6048, 4)],
];
console.error(
  `PNG ${(hugePng.length / 1024).toFixed(0)} KB (10,000 × 10,000); photos ${photos.map(([, p]) => `${(p.length / 1024 / 1024).toFixed(1)} MB`).join(', ')}`,
);

const t = await createTestStore('sqlite');
const work = mkdtempSync(join(tmpdir(), 'crnz-bench-staff-'));
const port = await freePort();
const origin = `http://localhost:${port}`;
let server: ServerProcess | undefined;

interface Timings {
  contact: number[];
  quote: number[];
  rssMb: number[];
}
const quiet: Timings = { contact: [], quote: [], rssMb: [] };
const attacked: Timings = { contact: [], quote: [], rssMb: [] };
const attackAnswers = new Map<string, Map<number, number[]>>();
let phase: Timings = quiet;
let stopping = false;

function answered(what: string, status: number, ms: number) {
  const byStatus = attackAnswers.get(what) ?? new Map<number, number[]>();
  byStatus.set(status, [...(byStatus.get(status) ?? []), ms]);
  attackAnswers.set(what, byStatus);
}

/** The server's resident memory now, in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * One visitor kind, arriving every 50 ms whether or not earlier ones were answered (as visitors do):
 * a stall of the server shows as every request that arrived during it, not as one slow one.
 */
async function visitor(what: 'contact' | 'quote', url: string) {
  let n = 0;
  const pending = new Set<Promise<void>>();
  while (!stopping) {
    const started = performance.now();
    const timings = phase;
    const request = (async () => {
      const res =
        what === 'contact'
          ? await fetch(`${url}/contact`)
          : await fetch(`${url}/`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
              body: formBody({ contact_name: `Visitor ${n++}` }),
            });
      await res.arrayBuffer();
      if (res.ok) timings[what].push(performance.now() - started);
    })()
      .catch(() => undefined)
      .finally(() => pending.delete(request));
    pending.add(request);
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(pending);
}

async function saves(url: string, staff: Owner, data: unknown, basedOn: number, until: number) {
  while (Date.now() < until) {
    for (const [name, body] of hostileBodies) {
      const started = performance.now();
      const res = await fetch(`${url}${ARTICLE}/draft`, {
        method: 'PUT',
        headers: { cookie: staff.cookie, origin, 'x-csrf-token': staff.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ data, body, basedOn }),
      });
      await res.arrayBuffer();
      answered(`draft: ${name}`, res.status, performance.now() - started);
    }
  }
}

async function uploads(url: string, staff: Owner, until: number) {
  let round = 0;
  while (Date.now() < until) {
    // Three at once: the huge PNG and two real photos, a different pair each round until they run out.
    const batch: [string, Buffer][] = [['PNG 10,000 × 10,000', hugePng], ...photos.slice(round * 2, round * 2 + 2)];
    if (batch.length === 1) batch.push(['PNG 10,000 × 10,000', hugePng], ['PNG 10,000 × 10,000', hugePng]);
    round++;
    await Promise.all(
      batch.map(async ([name, bytes]) => {
        const started = performance.now();
        const res = await fetch(`${url}/inbox/api/site/photos`, {
          method: 'POST',
          headers: { cookie: staff.cookie, origin, 'x-csrf-token': staff.csrf, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(bytes),
        });
        await res.arrayBuffer();
        answered(`upload: ${name}`, res.status, performance.now() - started);
      }),
    );
  }
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  if (sorted.length === 0) return '| 0 | - | - | - |';
  return `| ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${sorted.at(-1)!.toFixed(0)} ms |`;
};

let failed = false;
try {
  server = await startServer({ DATABASE_URL: t.url, PUBLIC_ORIGIN: origin, HSTS: 'false', SITE_WORK_DIR: work, LOG_LEVEL: 'error' }, { port });
  const staff = await signIn(t.url, origin, server, { email: 'staff@example.nz', role: 'staff' });
  const opened = await fetch(`${server.url}${ARTICLE}`, { headers: { cookie: staff.cookie } });
  const entry = (await opened.json()) as { published: { data: unknown }; version: number };
  const pid = server.child.pid!;
  const sampler = setInterval(() => phase.rssMb.push(rssMb(pid)), 100);
  const visitors = [visitor('contact', server.url), visitor('quote', server.url)];
  await new Promise((r) => setTimeout(r, quietMs));
  phase = attacked;
  const until = Date.now() + attackMs;
  await Promise.all([saves(server.url, staff, entry.published.data, entry.version, until), uploads(server.url, staff, until)]);
  stopping = true;
  await Promise.all(visitors);
  clearInterval(sampler);

  const lines = ['| Visitors | Phase | n | p50 | p95 | max |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  for (const [label, what] of [
    ['GET /contact', 'contact'],
    ['POST / (quote)', 'quote'],
  ] as const)
    for (const [name, timings] of [
      ['quiet', quiet],
      ['under attack', attacked],
    ] as const)
      lines.push(`| ${label} | ${name} ${summary(timings[what])}`);
  console.log(lines.join('\n'));
  console.log(`\nserver memory (RSS): quiet peak ${Math.max(...quiet.rssMb).toFixed(0)} MB, under attack peak ${Math.max(...attacked.rssMb).toFixed(0)} MB`);
  const answers = ['| Attack | answers | n | p50 | p95 | max |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  for (const [what, byStatus] of attackAnswers) for (const [status, ms] of byStatus) answers.push(`| ${what} | ${status} ${summary(ms)}`);
  console.log(`\n${answers.join('\n')}`);
  for (const what of ['contact', 'quote'] as const) {
    const sorted = [...attacked[what]].sort((a, b) => a - b);
    if (sorted.length === 0 || percentile(sorted, 95) > BUDGET_MS) {
      console.error(`${what}: p95 under attack is over ${BUDGET_MS} ms`);
      failed = true;
    }
  }
  if ([...attackAnswers.values()].some((byStatus) => [...byStatus.keys()].some((s) => s >= 500 && s !== 503))) {
    console.error('an attack was answered with a 5xx other than 503');
    failed = true;
  }
} finally {
  stopping = true;
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await t.cleanup();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
