/**
 * The preview page (/inbox/preview/ID/ROUTE) attacked on both stores: any id, path and token
 * (fast-check, with encodings, NUL, traversal and long values) answers 403, 404 or 410, never a
 * 5xx or a hang, and shows the preview only with a session or its own token; a token is never
 * echoed into the page; another preview's token opens nothing; a page kept with its preview (the
 * quick preview's) shows at its own address only, whatever path comes with the right token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import type { SitePublisher } from '../../server/site/site-publisher.ts';
import { inboxSession, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { siteInstance } from '../support/site-editor.ts';
import { run } from '../../server/storage/steps.ts';

const GUIDE = '/site/entries/guides/commercial-fridge-prices-nz';

const hostile = fc.oneof(
  fc.constantFrom('', '%00', '\u0000', '..', '../../etc/passwd', '%2e%2e%2f', '//evil.example', 'a'.repeat(3000), '<script>', '%ZZ', '?', '#'),
  fc.string({ maxLength: 60 }),
  fc.uuid(),
);

describe.each(storeKinds)('the preview page under attack on %s', (kind) => {
  let t: TestStore;
  let app: FastifyInstance;
  let publisher: SitePublisher;
  let work: string;
  let staff: Browser;
  const session = inboxSession(
    () => app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    const instance = await siteInstance(t.store);
    ({ publisher, work } = instance);
    // With the site served, as in production: a path nothing else answers gets the site's 404 page.
    app = await buildApp({ store: t.store, site: instance.site, leadPurposes: [], inbox: { publicOrigin: 'http://localhost:4321', site: publisher } });
    staff = await session.signedIn('staff@example.nz', 'staff');
  });
  afterAll(async () => {
    await publisher.stop();
    await app.close();
    await t.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  async function preview(heading: string) {
    const e = (await session.call(staff, 'GET', GUIDE)).json();
    const made = await session.call(staff, 'POST', `${GUIDE}/preview`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version });
    expect(made.statusCode).toBe(200);
    const { address, share } = made.json() as { address: string; share: string };
    return { address, token: new URL(share).searchParams.get('t')! };
  }

  it('answers any id, path and token with a refusal, never a 5xx or a hang, and opens only with the right token', async () => {
    const mine = await preview('Commercial Fridge Prices in New Zealand, Preview A');
    const theirs = await preview('Commercial Fridge Prices in New Zealand, Preview B');
    const id = mine.address.split('/')[3]!;
    const attempt = async (tryId: string, path: string, token: string) => {
      const url = `/inbox/preview/${encodeURIComponent(tryId)}/${encodeURI(path)}?t=${encodeURIComponent(token)}`;
      const answer = await Promise.race([
        app.inject({ method: 'GET', url }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${url} hung`)), 5_000)),
      ]);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(answer.body).not.toContain('Preview A');
      return { url, answer };
    };
    const tryIds = fc.oneof(fc.constant(id), hostile);
    await fc.assert(
      fc.asyncProperty(tryIds, hostile, fc.oneof(hostile, fc.constant(theirs.token)), async (tryId, path, token) => void (await attempt(tryId, path, token))),
      { numRuns: 150 },
    );
    // Under the prefix, only a refusal, which never repeats the token (a path that resolves
    // elsewhere, "/inbox/preview/../..", is that page); a token of three characters or fewer may
    // be in any page by chance.
    await fc.assert(
      fc.asyncProperty(
        tryIds,
        hostile,
        fc.oneof(
          hostile.filter((t) => t.length > 3),
          fc.constant(theirs.token),
        ),
        async (tryId, path, token) => {
          fc.pre(new URL(`/inbox/preview/${encodeURIComponent(tryId)}/${encodeURI(path)}`, 'http://site').pathname.startsWith('/inbox/preview/'));
          const { url, answer } = await attempt(tryId, path, token);
          expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(answer.body).not.toContain(token);
        },
      ),
      { numRuns: 150 },
    );
    // Its own token opens it; the other preview's token does not.
    expect((await app.inject({ method: 'GET', url: `${mine.address}?t=${mine.token}` })).body).toContain('Preview A');
    expect((await app.inject({ method: 'GET', url: `${mine.address}?t=${theirs.token}` })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${mine.address}?t=${mine.token}&t=${theirs.token}` })).statusCode).toBe(403);
  }, 60_000);

  it('shows a page rendered at once only at its own address, whatever path comes with the right token', async () => {
    const quick = await preview('Commercial Fridge Prices in New Zealand, Preview C');
    const id = quick.address.split('/')[3]!;
    // As the quick preview keeps it: the page, stored with the preview.
    await t.store.transact(() => run('UPDATE site_previews SET page = ? WHERE id = ?', '<!doctype html><body><h1>Rendered at once C</h1></body>', id));
    expect((await app.inject({ method: 'GET', url: `${quick.address}?t=${quick.token}` })).body).toContain('Rendered at once C');
    expect((await app.inject({ method: 'GET', url: `${quick.address}/?t=${quick.token}` })).body).toContain('Rendered at once C');
    await fc.assert(
      fc.asyncProperty(hostile, async (path) => {
        const url = `/inbox/preview/${id}/${encodeURI(path)}?t=${quick.token}`;
        const answer = await Promise.race([
          app.inject({ method: 'GET', url }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${url} hung`)), 5_000)),
        ]);
        expect(answer.statusCode, url).toBeLessThan(500);
        expect(answer.body).not.toContain('Rendered at once C');
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('ends a staff member’s share links when they are removed, and leaves everyone else’s', async () => {
    const owner = await session.signedIn('owner@example.nz', 'owner');
    const leaving = await session.signedIn('leaving@example.nz', 'staff');
    const call = (browser: Browser, heading: string) =>
      session
        .call(browser, 'GET', GUIDE)
        .then((r) => r.json())
        .then((e) => session.call(browser, 'POST', `${GUIDE}/preview`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version }))
        .then((r) => {
          expect(r.statusCode).toBe(200);
          const { address, share } = r.json() as { address: string; share: string };
          return `${address}?t=${new URL(share).searchParams.get('t')!}`;
        });
    const theirs = await call(leaving, 'Commercial Fridge Prices, the Draft of Someone Leaving');
    const kept = await call(staff, 'Commercial Fridge Prices, a Draft That Stays');
    expect((await app.inject({ method: 'GET', url: theirs })).body).toContain('Someone Leaving');

    const users = (await session.call(owner, 'GET', '/users')).json().users as { id: string; email: string }[];
    const id = users.find((u) => u.email === 'leaving@example.nz')!.id;
    expect((await session.call(owner, 'DELETE', `/users/${id}`)).statusCode).toBe(200);

    const gone = await app.inject({ method: 'GET', url: theirs });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Someone Leaving');
    expect((await app.inject({ method: 'GET', url: kept })).body).toContain('a Draft That Stays');
  });
});
