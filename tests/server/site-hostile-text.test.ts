/**
 * A staff member's text cannot stall the site, on both stores: quotes or lists nested past any
 * page's need are refused at the body, in words, before any parser reads them (a property over
 * depths and shapes; never a 5xx, nothing stored); the build's own compiler runs in the check, so
 * an article it cannot build (5,000 quotes deep) or that crashes it is refused there, not at the
 * build; and the check runs in a process of its own, so pages are served while a check runs, and a
 * check past its time limit is refused and its process replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { draftOf, listVersions } from '../../server/storage/site-versions.ts';
import { siteWords } from '../../server/site/site-words.ts';
import { checkWords, ContentChecker } from '../../server/site/content-checker.ts';
import { checkEntryForBuild, NESTING_MAX, nestingOf } from '../../src/lib/content-check.ts';
import { readEntries } from '../../src/lib/content-entries.ts';
import { inboxSession, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { ROOT, siteApp, type SiteApp } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';

const ARTICLE_KEY = 'blog/display-fridge-maintenance';
const ARTICLE = `/site/entries/${ARTICLE_KEY}`;
const NESTED = /quotes or lists inside each other \d+ deep .*at most \d+/;

/** Text with quotes and lists inside each other `depth` deep, in one of the shapes Markdown allows. */
const nestedBody = fc
  .oneof(
    // Quote marks, touching or spaced: `>>>>> x`, `> > > x`.
    fc.tuple(fc.integer({ min: NESTING_MAX + 1, max: 59_000 }), fc.constantFrom('>', '> ')).map(([depth, mark]) => `${mark.repeat(depth)} x`.slice(0, 59_990)),
    // List items on one line: `- - - x`, `1. 1. x`, `* + - x`.
    fc
      .tuple(fc.integer({ min: NESTING_MAX + 1, max: 19_000 }), fc.constantFrom('- ', '* ', '+ ', '1. ', '2) '))
      .map(([depth, mark]) => `${mark.repeat(depth)}x`.slice(0, 59_990)),
    // List items each indented under the one before, a line each.
    fc
      .tuple(fc.integer({ min: NESTING_MAX + 1, max: 240 }), fc.integer({ min: 2, max: 4 }))
      .map(([depth, step]) => Array.from({ length: depth }, (_, i) => `${' '.repeat(i * step)}- item ${i}`).join('\n')),
    // Quotes and lists mixed: `> - > - x`, and quoted lists indented under each other.
    fc.integer({ min: Math.ceil((NESTING_MAX + 1) / 2), max: 14_000 }).map((pairs) => `${'> - '.repeat(pairs)}x`.slice(0, 59_990)),
    fc.integer({ min: NESTING_MAX + 1, max: 200 }).map((depth) => Array.from({ length: depth }, (_, i) => `> ${'  '.repeat(i)}- item ${i}`).join('\n')),
  )
  // Within the body's 60,000 characters, with room for words before it.
  .map((text) => text.slice(0, 59_000));

describe('the nesting limit', () => {
  it('is generous for the site’s own articles, which nest far less', () => {
    for (const entry of readEntries(`${ROOT}/src/content`).values()) if (entry.body !== undefined) expect(nestingOf(entry.body).depth).toBeLessThanOrEqual(2);
  });

  // Once got through (src/lib/content-check.ts): the check read the body with the build's parser,
  // which takes 5,000 quotes deep, while the build's compiler made 200 MB of code of it and the
  // build failed; only the publish's build said no.
  it('refuses an article 5,000 quotes deep at the check, with the build’s own compiler behind it', async () => {
    const article = readEntries(`${ROOT}/src/content`).get(ARTICLE_KEY)!;
    const problems = await checkEntryForBuild('blog', article.data, `${'>'.repeat(5_000)} Deep\n`);
    expect(problems).toEqual([{ path: 'body', message: expect.stringMatching(NESTED) }]);
    expect(problems[0]!.message).toMatch(/5000 deep .*at most 8/);
  });
});

describe.each(storeKinds)('hostile text for the site editor on %s', (kind) => {
  let t: TestStore;
  let a: SiteApp;
  let owner: Browser;
  let staff: Browser;
  const onA = inboxSession(
    () => a.app,
    () => t.store,
  );
  const entry = async () => (await onA.call(owner, 'GET', ARTICLE)).json();
  const stored = async () => ({
    draft: (await t.store.read(() => draftOf(ARTICLE_KEY)))?.entry ?? null,
    versions: (await t.store.read(() => listVersions())).map((v) => v.number),
  });

  beforeAll(async () => {
    t = await createTestStore(kind);
    a = await siteApp(t.store, { rateLimit: 100_000 });
    owner = await onA.signedIn('owner@example.nz', 'owner');
    staff = await onA.signedIn('staff@example.nz', 'staff');
  });

  afterAll(async () => {
    await a?.publisher.stop();
    await a?.app.close();
    if (a) rmSync(a.work, { recursive: true, force: true });
    await t?.cleanup();
  });

  // Once got through (server/inbox/site-routes.ts, src/lib/content-check.ts): a staff member's draft
  // of 59,000 quotes deep was parsed on the server's one thread, seconds each, and kept.
  it('refuses quotes or lists nested past the limit at the body with 422, as a draft, a preview and a publish, and keeps nothing (fast-check)', async () => {
    const e = await entry();
    const before = await stored();
    await fc.assert(
      fc.asyncProperty(nestedBody, fc.boolean(), async (nested, after) => {
        const body = after ? `${e.published.body.slice(0, 500)}\n\n${nested}\n` : nested;
        for (const [who, method, url] of [
          [staff, 'PUT', `${ARTICLE}/draft`],
          [staff, 'POST', `${ARTICLE}/preview`],
          [owner, 'POST', `${ARTICLE}/publish`],
        ] as const) {
          const res = await onA.call(who, method, url, { data: e.published.data, body, basedOn: e.version });
          expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(422);
          expect(res.json().error).toBe(siteWords.refused);
          expect(res.json().fields.body).toMatch(NESTED);
        }
      }),
      { numRuns: 25 },
    );
    expect(await stored()).toEqual(before);
  });

  // Once got through (src/lib/content-check.ts): bold marks inside each other pass the parser the check
  // used, and end the build's compiler (a crash of its native code, which would end the server
  // with it if it ran there).
  it('refuses text that stops the build’s compiler at the body, and answers the next check', async () => {
    const e = await entry();
    const bold = `${'**'.repeat(10_000)}x${'**'.repeat(10_000)}`;
    const res = await onA.call(staff, 'PUT', `${ARTICLE}/draft`, { data: e.published.data, body: bold, basedOn: e.version });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().fields.body).toBe(checkWords.crashed);
    expect((await a.app.inject({ method: 'GET', url: '/contact' })).statusCode).toBe(200);
    const fine = await onA.call(staff, 'PUT', `${ARTICLE}/draft`, {
      data: e.published.data,
      body: `${e.published.body}\n\nA line of its own.\n`,
      basedOn: e.version,
    });
    expect(fine.statusCode, fine.body.slice(0, 300)).toBe(200);
    expect(fine.json().problems).toEqual([]);
    expect((await onA.call(staff, 'DELETE', `${ARTICLE}/draft`)).statusCode).toBe(200);
  });

  it('serves pages while a check runs, and refuses a check past its time limit, in a process then replaced', async () => {
    const e = await entry();
    const before = await stored();
    const real = a.publisher.checker;
    await real.close();
    // A checker whose process never answers: every check runs until its time limit.
    const checker = new ContentChecker({ timeLimitMs: 2_000, script: new URL('../support/silent-checker.ts', import.meta.url) });
    a.publisher.checker = checker;
    try {
      let settled = false;
      // A change (a draft of the page as it is live is not checked: it keeps nothing).
      const saving = onA
        .call(staff, 'PUT', `${ARTICLE}/draft`, { data: e.published.data, body: `${e.published.body}\n\nA line of its own.\n`, basedOn: e.version })
        .finally(() => (settled = true));
      await waitFor(() => checker.checking, { what: 'the check running' });
      const first = checker.pid;
      for (const url of ['/contact', '/']) expect((await a.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect({ settled, checking: checker.checking }).toEqual({ settled: false, checking: true });
      const res = await saving;
      expect(res.statusCode).toBe(422);
      expect(res.json().fields.body).toBe(checkWords.tooLong(2));
      expect(checker.pid).toBeUndefined();
      // The next check (of a change: an unchanged page previews as served, unchecked) starts a process of its own.
      const next = onA.call(staff, 'POST', `${ARTICLE}/preview`, {
        data: e.published.data,
        body: `${e.published.body}\n\nOne more line.\n`,
        basedOn: e.version,
      });
      await waitFor(() => checker.checking, { what: 'the next check running' });
      expect(checker.pid).toBeDefined();
      expect(checker.pid).not.toBe(first);
      expect((await next).statusCode).toBe(422);
      expect(await stored()).toEqual(before);
    } finally {
      await checker.close();
      a.publisher.checker = new ContentChecker();
    }
  });
});
