/**
 * Lighthouse (mobile) on the signed-in lead list and on one lead: the budget is accessibility and
 * best practices 100. The lead server runs in this process on a throwaway SQLite file with 30 leads;
 * Lighthouse's Chromium holds the owner's session cookie.
 *
 *   node bench/inbox-lighthouse.ts [--runs 3]        (after npm run build)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium as chromiumBrowser } from 'playwright-core';
import { inboxHomeUrl, inboxLeadUrl } from '../core/inbox-links.ts';
import { buildApp } from '../server/http/app.ts';
import { invite } from '../server/inbox/invite.ts';
import { SqliteLeadStore } from '../server/storage/sqlite.ts';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import { freePort } from '../tests/support/server-process.ts';
import { formBody, JSON_ACCEPT } from '../tests/support/stores.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const root = resolve(import.meta.dirname, '..');
const port = await freePort();
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'inbox-lh-'));
const store = new SqliteLeadStore(join(dataDir, 'leads.sqlite'));
await store.migrate();
const app = await buildApp({ store, distDir: join(root, 'dist'), hsts: false, rateLimit: { max: 1000, windowMs: 60_000 }, inbox: { publicOrigin: origin } });
await app.listen({ host: '127.0.0.1', port });

for (let i = 0; i < 30; i++) {
  const urgent = i % 7 === 0;
  await app.inject({
    method: 'POST',
    url: '/',
    headers: JSON_ACCEPT,
    payload: formBody({
      contact_name: `Customer ${i}`,
      timeframe: urgent ? 'Urgent (24–72h)' : 'Planning stage',
      site_type: urgent ? 'Repair call-out' : 'New build',
    }),
  });
}
const [lead] = await store.listLeads();
const added = await invite(store, { email: 'owner@example.nz', role: 'owner', publicOrigin: origin });
const session = await app.inject({ method: 'GET', url: '/inbox/api/session' });
const signIn = await app.inject({
  method: 'POST',
  url: '/inbox/api/auth/link',
  headers: { cookie: session.cookies.map((c) => `${c.name}=${c.value}`).join('; '), origin, 'x-csrf-token': session.json().csrfToken },
  payload: { token: new URL(added!.link).searchParams.get('link') },
});
const sessionCookie = signIn.cookies.find((c) => c.name === 'inbox_session')!;

const profile = mkdtempSync(join(tmpdir(), 'inbox-lh-chromium-'));
const chromium = spawn(chromiumPath, [...chromiumArgs, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
const debugPort = await new Promise<number>((resolvePort) => {
  let err = '';
  chromium.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
    if (m) resolvePort(Number(m[1]));
  });
});

// The owner's session goes in Chromium's own cookie jar (an extra Cookie header would lose to the
// cookies the page sets itself), and Lighthouse is told to keep it.
const cdp = await chromiumBrowser.connectOverCDP(`http://127.0.0.1:${debugPort}`);
await cdp.contexts()[0]!.addCookies([{ name: 'inbox_session', value: sessionCookie.value, url: origin, httpOnly: true, sameSite: 'Lax' }]);

const misses: string[] = [];
try {
  for (const [label, path] of [
    ['signed-in list', inboxHomeUrl()],
    ['one lead', inboxLeadUrl('', lead!.id)],
  ] as const) {
    for (let run = 0; run < Number(values.runs); run++) {
      const result = await lighthouse(`${origin}${path}`, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      console.log(
        `${label} (mobile) run ${run + 1}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}${failing.length ? `; below full marks: ${failing.join(', ')}` : ''}`,
      );
      const consoleErrors =
        (lhr.audits['errors-in-console']?.details as { items?: { source?: string; description?: string; url?: string }[] } | undefined)?.items ?? [];
      for (const e of consoleErrors) console.log(`  console error (${e.source}): ${e.description} ${e.url ?? ''}`);
      for (const id of ['accessibility', 'best-practices']) if (score(id) < 100) misses.push(`${label}: ${id} ${score(id)}`);
    }
  }
} finally {
  await cdp.close();
  chromium.kill('SIGKILL');
  rmSync(profile, { recursive: true, force: true });
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (misses.length) {
  console.error(`budget missed: ${misses.join('; ')}`);
  process.exit(1);
}
