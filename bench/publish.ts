/**
 * The site editor's speed, as the owner meets it: from pressing Publish (the API call the inbox
 * makes) to the changed page being served, by every instance; and from pressing Preview to the
 * preview being ready. Real servers, the real build, the release's real content.
 *
 *   npm run build && node bench/publish.ts [--samples 8]
 *
 * (a) One lead server on SQLite.
 * (b) Two lead servers on one PostgreSQL, on one machine but each with a work folder of its own (as
 *     on two machines): the publish goes to the first; whichever claims its build builds it once and
 *     stores it in the database, and both fetch and serve it. `--only postgres` runs (b) alone.
 *
 * Besides the times, the site builds made for publishes on every instance together, per publish
 * (each instance's "built and stored" log line), and the memory editing adds to an instance: the
 * resident memory of its process and every process it started (its builds), read from /proc when it
 * has started and after each round, the most less the first. The quick preview renders in the
 * site editor's process (which checks text too), a process the server started, so it is counted.
 *
 * The owner opens the Site section's list of pages first (which loads the instance's preview renderer).
 * Each round opens the price guide in the editor,
 * previews a heading never published and publishes another, so no publish reuses a build; then a
 * new emergency line in the business details, which changes every page, previewed first and then
 * published as previewed at once (its build made behind the preview may not be done), and another
 * published after LOOK_MS of looking at its preview, as an owner would. Only successful
 * answers are counted. The first round is a warm-up (Astro's cache, the compressed copies, the
 * preview renderer loading) and is not counted; its guide preview is reported on its own,
 * as the first preview an owner makes just after opening the editor.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { createTestStore, type StoreKind } from '../tests/support/stores.ts';
import { percentile } from './nearest-rank.ts';
import { call, signIn } from './owner-session.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { samples: { type: 'string', default: '8' }, only: { type: 'string' }, 'tap-ms': { type: 'string', default: '0' } } });
const samples = Number(values.samples);
/** `--only postgres`: the two instances on PostgreSQL alone (the figures the build-once work is judged by). */
const only = values.only;
/** `--tap-ms 3000`: how long the owner takes to find the page in the list and tap it (0: opened at once, the worst case). */
const tapMs = Number(values['tap-ms']);
const GUIDE = '/inbox/api/site/entries/guides/commercial-fridge-prices-nz';
const BUSINESS = '/inbox/api/site/entries/business/details';
const ROUTE = '/commercial-fridge-prices-nz';
/** How long the owner looks at a preview before pressing Publish, in the second business-details edit. */
const LOOK_MS = 15_000;

/** A process's program, for the memory breakdown: the script it runs (the build's, the compressor's), or its command. */
function programOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = args.find((arg) => /\.(?:[cm]?[jt]s)$/.test(arg) && !arg.includes('ends-with-parent'));
    return (script ?? args[0] ?? String(pid)).split('/').slice(-2).join('/');
  } catch {
    return String(pid);
  }
}

/**
 * The resident memory of a process and all it started, in MB (Linux's /proc; 0 where there is none),
 * and each process's share (the server's own includes its threads, the quick preview's among them).
 */
function treeRss(pid: number | undefined): { mb: number; parts: string[] } {
  if (pid === undefined) return { mb: 0, parts: [] };
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      parents.set(Number(name), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(Number(name), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // It ended while being read.
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents)
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
  }
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    mb: mb([...tree].reduce((kb, p) => kb + (rss.get(p) ?? 0), 0)),
    parts: [...tree].filter((p) => (rss.get(p) ?? 0) > 0).map((p) => `${p === pid ? 'server' : programOf(p)} ${mb(rss.get(p)!)} MB`),
  };
}

async function servedBy(server: ServerProcess, text: string): Promise<boolean> {
  const res = await fetch(`${server.url}${ROUTE}`);
  return (await res.text()).includes(text);
}

interface Figures {
  answer: number[];
  everywhere: number[];
  preview: number[];
  /** The first round's preview, pressed just after the entry was opened: the preview renderer perhaps still loading. */
  firstPreview: number[];
  /** A new emergency line in the business details, which every page shows: Preview pressed to ready. */
  businessPreview: number[];
  /** The same line published at once after its preview: press to served by every instance. */
  business: number[];
  /** Another line published LOOK_MS after its preview was ready: press to served by every instance. */
  businessLooked: number[];
  failed: number;
  /** Each instance's memory (MB, with what it started) once started, and the most seen after a round. */
  startedMb: number[];
  mostMb: number[];
  /** What each instance's most was made of: its processes and their memory. */
  mostParts: string[][];
  /** Site builds made for publishes, on every instance together (their log lines), and the publishes made. */
  builds: number;
  /** The same builds, by the instance that made them (the first is the one the owner edits on). */
  buildsBy: number[];
  publishes: number;
}

/** Waits until every server's guide page holds `text`; the milliseconds since `pressed`, or undefined after two minutes. */
async function servedEverywhere(servers: ServerProcess[], text: string, pressed: number): Promise<number | undefined> {
  const pending = new Set(servers);
  while (pending.size > 0 && Date.now() - pressed < 120_000) {
    for (const server of [...pending]) if (await servedBy(server, text)) pending.delete(server);
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 100));
  }
  return pending.size > 0 ? undefined : Date.now() - pressed;
}

async function scenario(kind: StoreKind, instances: number): Promise<Figures> {
  const t = await createTestStore(kind);
  const work = mkdtempSync(join(tmpdir(), 'crnz-bench-site-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const servers: ServerProcess[] = [];
  const figures: Figures = {
    answer: [],
    everywhere: [],
    preview: [],
    firstPreview: [],
    businessPreview: [],
    business: [],
    businessLooked: [],
    failed: 0,
    startedMb: [],
    mostMb: [],
    mostParts: [],
    builds: 0,
    buildsBy: [],
    publishes: 0,
  };
  try {
    // Each instance a work folder of its own, as on separate machines: nothing is shared but the database.
    const env = (i: number) => ({ DATABASE_URL: t.url, PUBLIC_ORIGIN: origin, HSTS: 'false', SITE_WORK_DIR: join(work, `instance-${i}`), LOG_LEVEL: 'info' });
    // A loaded machine may take a while to start a server.
    servers.push(await startServer(env(0), { port, startMs: 120_000 }));
    for (let i = 1; i < instances; i++) servers.push(await startServer(env(i), { startMs: 120_000 }));
    figures.startedMb = servers.map((s) => treeRss(s.child.pid).mb);
    figures.mostMb = [...figures.startedMb];
    figures.mostParts = servers.map(() => []);
    const owner = await signIn(t.url, origin, servers[0]!);
    // As the owner goes: the Site section's list of pages, then the page.
    await call(servers[0]!, origin, owner, 'GET', '/inbox/api/site');
    await new Promise((tapped) => setTimeout(tapped, tapMs));
    for (let round = 0; round <= samples; round++) {
      const entry = (await call(servers[0]!, origin, owner, 'GET', GUIDE)).json as {
        version: number;
        published: { data: Record<string, unknown>; body: string };
      };
      const stamp = `${kind} ${instances} round ${round} ${Date.now()}`;
      const previewed = Date.now();
      const preview = await call(servers[0]!, origin, owner, 'POST', `${GUIDE}/preview`, {
        data: { ...entry.published.data, heading: `Commercial Fridge Prices, Preview ${stamp}` },
        body: entry.published.body,
        basedOn: entry.version,
      });
      const previewMs = Date.now() - previewed;
      const heading = `Commercial Fridge Prices, Published ${stamp}`;
      const pressed = Date.now();
      const published = await call(servers[0]!, origin, owner, 'POST', `${GUIDE}/publish`, {
        data: { ...entry.published.data, heading },
        body: entry.published.body,
        basedOn: entry.version,
      });
      const answerMs = Date.now() - pressed;
      if (published.status !== 200 || preview.status !== 200) {
        figures.failed++;
        console.error(`round ${round}: publish ${published.status}, preview ${preview.status}`, published.json, preview.json);
        continue;
      }
      const everywhereMs = await servedEverywhere(servers, heading, pressed);
      // The business details: a new emergency line, which every page of the site states.
      // Previewed, then published after `lookMs`; the times from Preview pressed to ready, and from Publish pressed to served everywhere.
      const detailsRound = async (line: string, lookMs: number) => {
        const details = (await call(servers[0]!, origin, owner, 'GET', BUSINESS)).json as { version: number; published: { data: Record<string, unknown> } };
        const detailsEdit = {
          data: { ...details.published.data, emergencyLine: { digits: `0800 100 ${line}`, shownAs: `0800 100 ${line}` } },
          basedOn: details.version,
        };
        const detailsPreviewed = Date.now();
        const detailsPreview = await call(servers[0]!, origin, owner, 'POST', `${BUSINESS}/preview`, detailsEdit);
        const previewMs = Date.now() - detailsPreviewed;
        if (lookMs > 0) await new Promise((looked) => setTimeout(looked, lookMs));
        const detailsPressed = Date.now();
        const detailsPublished = await call(servers[0]!, origin, owner, 'POST', `${BUSINESS}/publish`, detailsEdit);
        const servedMs =
          detailsPublished.status === 200 && detailsPreview.status === 200
            ? await servedEverywhere(servers, `tel:+64800100${line}`, detailsPressed)
            : undefined;
        return { previewMs, servedMs };
      };
      const { previewMs: businessPreviewMs, servedMs: businessMs } = await detailsRound(String(100 + round), 0);
      const { servedMs: businessLookedMs } = await detailsRound(String(500 + round), LOOK_MS);
      const roundMb = servers.map((s, i) => {
        const now = treeRss(s.child.pid);
        if (now.mb < figures.mostMb[i]!) return now.mb;
        figures.mostMb[i] = now.mb;
        figures.mostParts[i] = now.parts;
        return now.mb;
      });
      if (everywhereMs === undefined || businessMs === undefined || businessLookedMs === undefined) {
        figures.failed++;
        console.error(`round ${round}: not served everywhere within two minutes`);
        continue;
      }
      if (round === 0) {
        figures.firstPreview.push(previewMs);
        continue;
      }
      figures.answer.push(answerMs);
      figures.everywhere.push(everywhereMs);
      figures.preview.push(previewMs);
      figures.businessPreview.push(businessPreviewMs);
      figures.business.push(businessMs);
      figures.businessLooked.push(businessLookedMs);
      console.error(
        `${kind} x${instances} round ${round}: preview ${previewMs} ms, publish answered ${answerMs} ms, served everywhere ${everywhereMs} ms, business details preview ${businessPreviewMs} ms, then served everywhere ${businessMs} ms (${businessLookedMs} ms after looking); memory now ${roundMb.join(', ')} MB`,
      );
    }
    // Three publishes a round (the guide and two business-details changes).
    figures.publishes = 3 * (samples + 1);
    figures.buildsBy = servers.map((s) => s.output().split('built and stored a published version').length - 1);
    figures.builds = figures.buildsBy.reduce((a, b) => a + b, 0);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await t.cleanup();
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}

const line = (label: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `| ${label} | ${ms.length} | ${percentile(sorted, 50)} ms | ${percentile(sorted, 95)} ms | ${sorted.at(-1)} ms |`;
};

const results: string[] = ['| Measure | n | p50 | p95 | max |', '| --- | ---: | ---: | ---: | ---: |'];
const scenarios = [
  ['sqlite', 1],
  ['postgres', 2],
] as const;
for (const [kind, instances] of scenarios.filter(([kind]) => !only || kind === only)) {
  const f = await scenario(kind, instances);
  const name = `${kind === 'sqlite' ? '(a) SQLite, one instance' : '(b) PostgreSQL, two instances'}`;
  results.push(
    line(`${name}: first Preview, just after opening the page ${tapMs / 1000} s after the list`, f.firstPreview),
    line(`${name}: Preview ready`, f.preview),
    line(`${name}: Publish answered`, f.answer),
    line(`${name}: served by every instance`, f.everywhere),
    line(`${name}: business details Preview ready`, f.businessPreview),
    line(`${name}: business details, previewed, served by every instance`, f.business),
    line(`${name}: business details, previewed, looked at for ${LOOK_MS / 1000} s, served by every instance`, f.businessLooked),
  );
  results.push(
    `| ${name}: memory added while editing, per instance (started → most) | ${f.startedMb.length} | ${f.startedMb.map((m, i) => `${f.mostMb[i]! - m} MB (${m} → ${f.mostMb[i]} MB)`).join(', ')} | | |`,
    `| ${name}: each instance's most, by process | ${f.mostParts.length} | ${f.mostParts.map((parts) => parts.join(' + ')).join('; ')} | | |`,
  );
  results.push(
    `| ${name}: site builds per publish, all instances together (by instance: ${f.buildsBy.join(', ')}) | ${f.publishes} | ${(f.builds / f.publishes).toFixed(2)} | | |`,
  );
  if (f.failed) results.push(`| ${name}: rounds that failed | ${f.failed} | | | |`);
}
const out = join(root, 'bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'publish.md'), `${results.join('\n')}\n`);
console.log(results.join('\n'));
