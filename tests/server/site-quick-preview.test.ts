/**
 * The quick preview inside the site editor, on both stores, with the real preview renderer and the
 * real release build: Preview renders the page at once and keeps it with the preview, so any instance
 * serves it as it is, without building; the build is then made behind it, so publishing what was
 * previewed finds it made, while publishing a different change calls that build off rather than
 * wait for it; and when the quick preview cannot render, Preview builds the site instead and the
 * owner still gets the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { QuickPreview } from '../../server/site/quick-preview.ts';
import { one } from '../../server/storage/steps.ts';
import { cookieHeader, inboxSession, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { fakeBuild, ROOT, siteApp, type SiteApp } from '../support/site-editor.ts';
import type { RunBuild } from '../../server/site/site-builder.ts';
import { waitFor } from '../support/peers.ts';
import { readEntries } from '../../server/site/content.ts';

const GUIDE = '/site/entries/guides/commercial-fridge-prices-nz';
const ROUTE = '/commercial-fridge-prices-nz';
const GUIDE_KEY = 'guides/commercial-fridge-prices-nz';
const HELD = 'Held Back';

describe.each(storeKinds)('the quick preview on %s', (kind) => {
  let t: TestStore;
  let a: SiteApp;
  let b: SiteApp;
  let live: QuickPreview;
  let owner: Browser;
  const builds = { a: 0, b: 0 };
  /** Builds of content whose guide heading says HELD run until they are called off. */
  const aborted: boolean[] = [];
  const counted =
    (instance: keyof typeof builds): RunBuild =>
    async (contentDir, outDir, signal, ...rest) => {
      builds[instance]++;
      if (String(readEntries(contentDir).get(GUIDE_KEY)?.data.heading).includes(HELD)) {
        await new Promise((done) => signal?.addEventListener('abort', done));
        aborted.push(Boolean(signal?.aborted));
        signal?.throwIfAborted();
      }
      return fakeBuild(contentDir, outDir, signal, ...rest);
    };
  const onA = inboxSession(
    () => a.app,
    () => t.store,
  );
  const previewOf = async (heading: string) => {
    const e = (await onA.call(owner, 'GET', GUIDE)).json();
    const made = await onA.call(owner, 'POST', `${GUIDE}/preview`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version });
    expect(made.statusCode).toBe(200);
    const { address, share } = made.json() as { address: string; share: string };
    const stored = await t.store.read(() => one('SELECT page FROM site_previews WHERE id = ?', address.split('/')[3]));
    return { address, share, page: stored?.page as string | null, e };
  };

  beforeAll(async () => {
    t = await createTestStore(kind);
    live = new QuickPreview({ root: ROOT });
    // Both serve the project's real release build, which the rendered page's scripts are matched to.
    a = await siteApp(t.store, { run: counted('a'), releaseDist: join(ROOT, 'dist'), quickPreview: live });
    b = await siteApp(t.store, { run: counted('b'), releaseDist: join(ROOT, 'dist') });
    owner = await onA.signedIn('owner@example.nz', 'owner');
  });

  afterAll(async () => {
    for (const i of [a, b]) {
      await i.publisher.stop();
      await i.app.close();
      rmSync(i.work, { recursive: true, force: true });
    }
    await t.cleanup();
  });

  it('renders the page at once, which every instance serves as it is; its build is made behind it for the publish', { timeout: 120_000 }, async () => {
    // Opening the list of pages loads the quick preview's renderer, before any page is opened.
    expect(live.warmed).toBe(false);
    expect((await onA.call(owner, 'GET', '/site')).statusCode).toBe(200);
    expect(live.warmed).toBe(true);
    const heading = `Commercial Fridge Prices in New Zealand, Seen at Once on ${kind}`;
    const { address, share, page, e } = await previewOf(heading);
    expect(page).toContain(`<h1`);
    expect(page).toContain(heading);
    expect(page).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self'/);
    const cookie = cookieHeader(owner);
    const seen = await b.app.inject({ method: 'GET', url: address, headers: { cookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain(heading);
    expect(seen.body).toMatch(/Preview: this change is not on the website yet\./);
    expect(seen.headers['cache-control']).toBe('no-store');
    const shared = await b.app.inject({ method: 'GET', url: `${address}?t=${new URL(share).searchParams.get('t')}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain(heading);
    // Neither instance built anything for the owner to see it.
    expect(builds.b).toBe(0);
    // Then instance A builds it behind the preview, and publishing the same change finds it built.
    await waitFor(() => builds.a === 1, { what: 'the preview’s build made behind it', timeoutMs: 30_000 });
    const published = await onA.call(owner, 'POST', `${GUIDE}/publish`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version });
    expect(published.statusCode).toBe(200);
    expect(builds.a).toBe(1);
    expect((await a.app.inject({ method: 'GET', url: ROUTE })).body).toContain(heading);
  });

  it('renders a change to the business details at once too, on a page the version did not change', { timeout: 60_000 }, async () => {
    // The stand-in build A published has none of the real pages' scripts, which a quick preview is
    // matched to: A serves the real release build again, at the same version.
    a.site.swap(join(ROOT, 'dist'), a.site.version);
    const before = builds.a;
    // A version holds only the entries it changed: the contact page comes from the release's.
    const details = (await onA.call(owner, 'GET', '/site/entries/business/details')).json();
    const email = `kia.ora.${kind}@commercialrefrigeration.nz`;
    const prices = structuredClone(details.published.data.guidePrices);
    prices.displayFridge.from = 1_600;
    const made = await onA.call(owner, 'POST', '/site/entries/business/details/preview', {
      data: { ...details.published.data, email, guidePrices: prices },
      basedOn: details.version,
    });
    expect(made.statusCode).toBe(200);
    // A new price shows best on the price guide, where the preview opens; the new e-mail address on
    // the contact page, which the answer names beside it, at the same preview.
    const { name, address, also } = made.json() as { name: string; address: string; also: { name: string; address: string }[] };
    expect([name, address]).toEqual(['Commercial Fridge Prices NZ', expect.stringMatching(/\/commercial-fridge-prices-nz$/)]);
    expect(also).toEqual([{ name: 'Contact & Quotes', address: address.replace('/commercial-fridge-prices-nz', '/contact') }]);
    const stored = await t.store.read(() => one('SELECT page FROM site_previews WHERE id = ?', address.split('/')[3]));
    expect(stored?.page).toContain('NZ$1,600 to NZ$4,000');
    expect(stored?.page).toContain(`mailto:${email}`);
    expect(stored?.page).toContain('<h1');
    // Its build is made behind it, as any quick preview's is.
    await waitFor(() => builds.a === before + 1, { what: 'the business details’ build made behind the preview', timeoutMs: 30_000 });
  });

  it('calls off the build made behind a preview when a different change is published meanwhile', { timeout: 60_000 }, async () => {
    // The stand-in build A published has none of the real pages' scripts, which a quick preview is
    // matched to: A serves the real release build again, at the same version.
    a.site.swap(join(ROOT, 'dist'), a.site.version);
    const before = builds.a;
    const { e, page } = await previewOf(`Commercial Fridge Prices in New Zealand, ${HELD} on ${kind}`);
    expect(page).toContain(HELD);
    await waitFor(() => aborted.length === 0 && builds.a === before + 1, { what: 'the held build behind the preview to start', timeoutMs: 30_000 });
    const heading = `Commercial Fridge Prices in New Zealand, Changed Again on ${kind}`;
    // Without the call-off this publish would wait for the held build, which never ends on its own.
    const published = await onA.call(owner, 'POST', `${GUIDE}/publish`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version });
    expect(published.statusCode).toBe(200);
    expect(aborted).toEqual([true]);
    expect((await a.app.inject({ method: 'GET', url: ROUTE })).body).toContain(heading);
  });

  it('builds the site for the preview when the quick preview cannot render it', { timeout: 60_000 }, async () => {
    await live.stop();
    const before = builds.a;
    const heading = `Commercial Fridge Prices in New Zealand, Built on ${kind}`;
    const { address, page } = await previewOf(heading);
    expect(page).toBeNull();
    expect(builds.a).toBe(before + 1);
    const cookie = cookieHeader(owner);
    const seen = await a.app.inject({ method: 'GET', url: address, headers: { cookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain(heading);
  });

  it('shows a page opened and not changed as this instance serves it: nothing rendered, nothing built', { timeout: 30_000 }, async () => {
    // The quick preview is stopped (above): a preview that needed a render would build the site.
    const before = builds.a;
    const e = (await onA.call(owner, 'GET', GUIDE)).json();
    const made = await onA.call(owner, 'POST', `${GUIDE}/preview`, { data: e.published.data, body: e.published.body, basedOn: e.version });
    expect(made.statusCode).toBe(200);
    const stored = await t.store.read(() => one('SELECT page FROM site_previews WHERE id = ?', (made.json() as { address: string }).address.split('/')[3]));
    expect(stored?.page).toBe(a.site.assets.get(ROUTE)?.body.toString('utf8'));
    expect(builds.a).toBe(before);
  });
});
