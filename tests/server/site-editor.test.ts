/**
 * The site editor on both stores, through the inbox's API: staff keep drafts but cannot publish,
 * strangers get nothing; a publish is checked by the build's own rules, built, stored as a version
 * and served at once; a refused field or a failed build leaves the site and the versions as they
 * were; an edit started before someone else published the same entry is refused, not written over
 * it; restore and "Mark as verified today" are publishes too; a second instance on the same
 * database serves each new version, and two publishes at once on two instances both land.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { nzParts } from '../../core/nz-time.ts';
import { auditEntries } from '../../server/storage/audit-log.ts';
import { listVersions } from '../../server/storage/site-versions.ts';
import { NOW_MS, run } from '../../server/storage/steps.ts';
import { cookieHeader, inboxSession, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { anotherRelease, BREAKS_THE_BUILD, siteApp, type SiteApp } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';
import { attendWithinHours, responseAreaOf } from '../../core/lead/response-targets.ts';
import { withBusinessDetails } from '../../core/business.ts';
import { publishedPriceAge } from '../../server/site/price-age.ts';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteEntryAnswer } from '../../core/inbox-api/site.ts';

const GUIDE = '/site/entries/guides/commercial-fridge-prices-nz';
const ROUTE = '/commercial-fridge-prices-nz';
const HOME = '/site/entries/pages/index';

describe.each(storeKinds)('the site editor on %s', (kind) => {
  let t: TestStore;
  let a: SiteApp;
  let b: SiteApp;
  let owner: Browser;
  let staff: Browser;
  const onA = inboxSession(
    () => a.app,
    () => t.store,
  );

  const page = async (app: FastifyInstance, url = ROUTE) => (await app.inject({ method: 'GET', url })).body;
  const entry = async (url = GUIDE) => (await onA.call(owner, 'GET', url)).json();

  beforeAll(async () => {
    t = await createTestStore(kind);
    a = await siteApp(t.store);
    b = await siteApp(t.store);
    owner = await onA.signedIn('owner@example.nz', 'owner');
    staff = await onA.signedIn('staff@example.nz', 'staff');
  });

  afterAll(async () => {
    for (const i of [a, b]) {
      await i.publisher.stop();
      await i.app.close();
      rmSync(i.work, { recursive: true, force: true });
    }
    await t.cleanup();
  });

  it('lists every page by title and route, with the price date line’s age, to anyone signed in and to no stranger', async () => {
    const list = (await onA.call(staff, 'GET', '/site')).json();
    expect(list.version).toBe(0);
    const guide = list.entries.find((e: { key: string }) => e.key === 'guides/commercial-fridge-prices-nz');
    expect(guide).toMatchObject({ route: ROUTE, edited: false, draft: false, name: 'Commercial Fridge Prices NZ' });
    // As a visitor knows each page: by the site's menus, else its title without the business's name.
    expect(list.entries.find((e: { key: string }) => e.key === 'pages/index')).toMatchObject({ route: '/', name: 'Home' });
    expect(list.entries.find((e: { key: string }) => e.key === 'pages/emergency-repairs').name).toBe('Emergency Repairs');
    expect(list.entries.find((e: { key: string }) => e.key === 'pages/404').name).toBe('Page not found');
    expect(list.entries.length).toBeGreaterThanOrEqual(36);
    expect(list.pricesVerified.date).toBe('2025-01-23');
    expect(list.pricesVerified.days).toBeGreaterThan(600);
    const stranger = await onA.openBrowser();
    expect((await onA.call(stranger, 'GET', '/site')).statusCode).toBe(401);
    expect((await onA.call(stranger, 'GET', GUIDE)).statusCode).toBe(401);
  });

  it('gives an entry its form schema, release and published content; an unknown entry is a 404', async () => {
    const e = await entry();
    expect(e.schema.properties.heading.maxLength).toBe(90);
    expect(e.schema.properties.updated).toBeUndefined();
    expect(e.hasBody).toBe(true);
    expect(e.published.body).toContain('##');
    expect(e.verifiable).toBe(true);
    expect(e.problems).toEqual([]);
    // The figures the business details hold, so the form warns where free text repeats one; the details' own form holds them.
    expect(e.figures).toContainEqual(
      expect.objectContaining({ whole: ['NZ$1,500 to NZ$4,000'], token: '{price:displayFridge}', block: '<Price of="displayFridge" />' }),
    );
    expect(e.blocks).toContainEqual({
      tag: 'Price',
      example: '<Price of="displayFridge" />',
      label: 'A price from the price list: Standard display fridge',
      alone: false,
    });
    // A calculator is a paragraph of its own, so the editor puts it after a line rather than inside one.
    const blocks = (e as SiteEntryAnswer).blocks;
    expect(blocks.filter((b) => b.alone).map((b) => b.tag)).toEqual(expect.arrayContaining(['Calculator']));
    expect(blocks.every((b) => b.alone === (b.tag === 'Calculator'))).toBe(true);
    expect((await entry('/site/entries/business/details')).figures).toEqual([]);
    // An article's related cards choose among the other articles, by title.
    const article = await entry('/site/entries/blog/lease-vs-buy');
    const offered = article.schema.properties.related.items.oneOf as { const: string; title: string }[];
    expect(offered).toHaveLength(7);
    expect(offered.map((o) => o.const)).not.toContain('lease-vs-buy');
    expect(offered).toContainEqual({ const: 'extend-freezer-life', title: expect.stringMatching(/Freezer/) });
    expect((await onA.call(owner, 'GET', '/site/entries/guides/no-such-guide')).statusCode).toBe(404);
    expect((await onA.call(owner, 'GET', '/site/entries/secrets/x')).statusCode).toBe(400);
  });

  it('lets staff keep a draft, with its problems, but not publish it', async () => {
    const e = await entry();
    const data = { ...e.published.data, title: 'Too short' };
    const saved = await onA.call(staff, 'PUT', `${GUIDE}/draft`, { data, body: e.published.body, basedOn: e.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().problems).toEqual([{ path: 'title', message: 'Needs at least 15 characters (now 9)' }]);
    expect((await entry()).draft.content.data.title).toBe('Too short');
    const refused = await onA.call(staff, 'POST', `${GUIDE}/publish`, { data: e.published.data, body: e.published.body, basedOn: e.version });
    expect(refused.statusCode).toBe(403);
    expect(await t.store.read(() => listVersions())).toEqual([]);
    expect((await onA.call(staff, 'DELETE', `${GUIDE}/draft`)).statusCode).toBe(200);
    expect((await entry()).draft).toBeNull();
  });

  it('previews an edit at a private address: signed in, or by its share link until it ends; never cached, indexed or published', async () => {
    const e = await entry();
    const heading = 'Commercial Fridge Prices in New Zealand, a Preview Only';
    const made = await onA.call(staff, 'POST', `${GUIDE}/preview`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version });
    expect(made.statusCode).toBe(200);
    const { address, share, expiresAt } = made.json();
    expect(address).toMatch(new RegExp(`^/inbox/preview/[0-9a-f-]{36}${ROUTE}$`));
    expect(share.startsWith(`http://localhost:4321${address}?t=`)).toBe(true);
    expect(expiresAt - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    const cookie = cookieHeader(staff);
    // Signed in, on either instance: the instance that did not make it builds it on the way.
    for (const i of [a, b]) {
      const seen = await i.app.inject({ method: 'GET', url: address, headers: { cookie } });
      expect(seen.statusCode).toBe(200);
      expect(seen.body).toContain(heading);
      expect(seen.body).toMatch(/<body><div role="note"[^>]*>Preview: this change is not on the website yet\./);
      expect(seen.headers['cache-control']).toBe('no-store');
      expect(seen.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(seen.headers['referrer-policy']).toBe('no-referrer');
      // The inbox shows it at phone width beside the fields; no other site may frame it.
      expect(seen.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(seen.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    expect((await a.app.inject({ method: 'GET', url: ROUTE })).headers['x-frame-options']).toBe('DENY');
    const token = new URL(share).searchParams.get('t')!;
    expect((await a.app.inject({ method: 'GET', url: `${address}?t=${token}` })).body).toContain(heading);
    expect((await a.app.inject({ method: 'GET', url: address })).statusCode).toBe(403);
    expect((await a.app.inject({ method: 'GET', url: `${address}?t=${token.slice(1)}x` })).statusCode).toBe(403);
    expect((await a.app.inject({ method: 'GET', url: `${address.replace(/[0-9a-f]{8}-/, '00000000-')}?t=${token}` })).statusCode).toBe(404);
    expect(await page(a.app)).not.toContain(heading);
    expect(await page(a.app)).not.toContain('role="note"');
    expect(await t.store.read(() => listVersions())).toEqual([]);
    // Past its seven days the share link ends; a signed-in person still sees it.
    const id = address.split('/')[3];
    await t.store.transact(() => run(`UPDATE site_previews SET expires_at = ${NOW_MS} - 1 WHERE id = ?`, id));
    expect((await a.app.inject({ method: 'GET', url: `${address}?t=${token}` })).statusCode).toBe(410);
    expect((await a.app.inject({ method: 'GET', url: address, headers: { cookie } })).statusCode).toBe(200);
    // An edit the build would refuse is not previewed either.
    const refused = await onA.call(staff, 'POST', `${GUIDE}/preview`, {
      data: { ...e.published.data, title: 'x' },
      body: e.published.body,
      basedOn: e.version,
    });
    expect(refused.statusCode).toBe(422);
    const stranger = await onA.openBrowser();
    expect((await onA.call(stranger, 'POST', `${GUIDE}/preview`, { data: e.published.data, body: e.published.body, basedOn: e.version })).statusCode).toBe(401);
  });

  it('refuses a field the build would refuse, at that field, and changes nothing', async () => {
    const e = await entry();
    const before = await page(a.app);
    const res = await onA.call(owner, 'POST', `${GUIDE}/publish`, {
      data: { ...e.published.data, faq: e.published.data.faq.slice(1) },
      body: `${e.published.body}\n<script>alert(1)</script>\n`,
      basedOn: e.version,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.faq).toBe('Needs exactly 15 items');
    expect(res.json().fields.body).toMatch(/"<script>": use one of the blocks offered/);
    expect(await page(a.app)).toBe(before);
    expect(await t.store.read(() => listVersions())).toEqual([]);
  });

  it('publishes: the page changes at once on this instance and within seconds on the other, with a version and an audit line', async () => {
    const e = await entry();
    const heading = 'Commercial Fridge Prices in New Zealand, Checked This Month';
    const res = await onA.call(owner, 'POST', `${GUIDE}/publish`, { data: { ...e.published.data, heading }, body: e.published.body, basedOn: e.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(1);
    expect(await page(a.app)).toContain(heading);
    await waitFor(async () => (await page(b.app)).includes(heading), { what: 'the new version served' });
    expect(b.site.version).toBe(1);
    const [version] = await t.store.read(() => listVersions());
    expect(version).toMatchObject({ number: 1, action: 'publish', authorEmail: 'owner@example.nz', changed: ['guides/commercial-fridge-prices-nz'] });
    const audit = await t.store.read(() => auditEntries({ limit: 50 }));
    expect(audit.some((line) => line.action === 'Published site version 1' && line.actor_email === 'owner@example.nz')).toBe(true);
    const diff = (await onA.call(staff, 'GET', '/site/versions/1')).json();
    expect(diff.entries[0].fields).toEqual([{ path: 'heading', before: e.published.data.heading, after: heading }]);
    expect((await onA.call(staff, 'GET', '/site')).json().entries.find((x: { key: string }) => x.key === 'guides/commercial-fridge-prices-nz').edited).toBe(
      true,
    );
  });

  it('publishes nothing and keeps no draft for a page sent exactly as it is live, and a preview of it says it is live', async () => {
    const e = await entry();
    const before = await t.store.read(() => listVersions());
    // A draft of the page as it is live keeps nothing, and drops the draft before it.
    const changed = { data: { ...e.published.data, heading: 'Commercial Fridge Prices, a Draft' }, body: e.published.body, basedOn: e.version };
    expect((await onA.call(staff, 'PUT', `${GUIDE}/draft`, changed)).statusCode).toBe(200);
    expect((await entry()).draft).not.toBeNull();
    const kept = await onA.call(staff, 'PUT', `${GUIDE}/draft`, { data: e.published.data, body: e.published.body, basedOn: e.version });
    expect(kept.json()).toEqual({ problems: [], unchanged: true });
    expect((await entry()).draft).toBeNull();
    // Publish pressed with nothing changed (or changed back): no version, no build, and a draft of it dropped.
    expect((await onA.call(staff, 'PUT', `${GUIDE}/draft`, changed)).statusCode).toBe(200);
    const res = await onA.call(owner, 'POST', `${GUIDE}/publish`, { data: e.published.data, body: e.published.body, basedOn: e.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: e.version, unchanged: true });
    expect(await t.store.read(() => listVersions())).toEqual(before);
    expect((await entry()).draft).toBeNull();
    // A preview of the page as it is live says so; one of a change says it is not live yet.
    const shown = async (data: unknown) => {
      const { address } = (await onA.call(owner, 'POST', `${GUIDE}/preview`, { data, body: e.published.body, basedOn: e.version })).json();
      return (await a.app.inject({ method: 'GET', url: address, headers: { cookie: cookieHeader(owner) } })).body;
    };
    expect(await shown(e.published.data)).toMatch(/<body><div role="note"[^>]*>Preview: this page is live on the website as shown here\./);
    expect(await shown({ ...e.published.data, heading: 'Commercial Fridge Prices, Not Yet Live' })).toMatch(
      /<body><div role="note"[^>]*>Preview: this change is not on the website yet\./,
    );
  });

  it('refuses an edit started before someone else published the same entry, and builds an older edit of another entry on top', async () => {
    const old = await entry();
    const homeOld = await entry(HOME);
    const first = await onA.call(owner, 'POST', `${GUIDE}/publish`, {
      data: { ...old.published.data, heading: 'Commercial Fridge Prices in New Zealand: First Edit' },
      body: old.published.body,
      basedOn: old.version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await onA.call(owner, 'POST', `${GUIDE}/publish`, {
      data: { ...old.published.data, heading: 'Commercial Fridge Prices in New Zealand: Stale Edit' },
      body: old.published.body,
      basedOn: old.version,
    });
    expect(stale.statusCode).toBe(409);
    const title = 'Commercial Refrigeration NZ: Fridges, Freezers and Cool Rooms';
    const other = await onA.call(owner, 'POST', `${HOME}/publish`, { data: { ...homeOld.published.data, title }, basedOn: homeOld.version });
    expect(other.statusCode).toBe(200);
    expect(await page(a.app)).toContain('First Edit');
    expect(await page(a.app, '/')).toContain(title);
  });

  it('publishes two edits made at once on two instances, one built on the other', async () => {
    const onB = inboxSession(
      () => b.app,
      () => t.store,
    );
    const ownerOnB = await onB.signedIn('second-owner@example.nz', 'owner');
    const guide = await entry();
    const home = await entry(HOME);
    const [x, y] = await Promise.all([
      onA.call(owner, 'POST', `${GUIDE}/publish`, {
        data: { ...guide.published.data, heading: 'Commercial Fridge Prices in New Zealand: From A' },
        body: guide.published.body,
        basedOn: guide.version,
      }),
      onB.call(ownerOnB, 'POST', `${HOME}/publish`, {
        data: { ...home.published.data, title: 'Commercial Refrigeration NZ: From SiteApp B Today' },
        basedOn: home.version,
      }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(new Set([x.json().version, y.json().version]).size).toBe(2);
    const newest = Math.max(x.json().version, y.json().version);
    for (const i of [a, b]) {
      await waitFor(async () => i.site.version === newest, { what: 'the new version served' });
      expect(await page(i.app)).toContain('From A');
      expect(await page(i.app, '/')).toContain('From SiteApp B Today');
    }
  });

  it('marks prices as verified today through one publish that moves every date line, the Site page and the reminder', async () => {
    const res = await onA.call(owner, 'POST', `${GUIDE}/verify`);
    expect(res.statusCode).toBe(200);
    const today = nzParts(new Date()).date;
    for (const route of [ROUTE, '/restaurant-refrigeration-nz', '/skope-vs-williams-refrigeration'])
      expect(await page(a.app, route)).toContain(`Last updated ${today}`);
    const list = (await onA.call(owner, 'GET', '/site')).json();
    expect(list.pricesVerified).toEqual({ date: today, days: 0 });
    expect((await entry('/site/entries/business/details')).published.data.guideDateLine.updated).toBe(today);
    const age = await publishedPriceAge(t.store, new Date());
    expect(age).toMatchObject({ date: today, days: 0, stale: false });
    expect(age!.pages.every((p) => p.date === today)).toBe(true);
    expect((await onA.call(staff, 'POST', `${GUIDE}/verify`)).statusCode).toBe(403);
    expect((await onA.call(owner, 'POST', '/site/entries/pages/index/verify')).statusCode).toBe(422);
  });

  it('restores the release’s own content in one press, as a new version both instances serve', async () => {
    const versions = (await onA.call(staff, 'GET', '/site/versions')).json().versions;
    expect(versions[0].action).toBe('verify');
    expect((await onA.call(staff, 'POST', '/site/versions/0/restore')).statusCode).toBe(403);
    const res = await onA.call(owner, 'POST', '/site/versions/0/restore');
    expect(res.statusCode).toBe(200);
    const number = res.json().version;
    expect(number).toBe(versions[0].number + 1);
    const release = (await entry()).release.data.heading;
    expect(await page(a.app)).toContain(release);
    await waitFor(async () => (await page(b.app)).includes(release), { what: 'the new version served' });
    expect((await onA.call(owner, 'GET', '/site')).json().entries.every((e: { edited: boolean }) => !e.edited)).toBe(true);
    const restored = (await onA.call(staff, 'GET', '/site/versions')).json().versions[0];
    expect(restored).toMatchObject({ number, action: 'restore', restoredFrom: 0 });
    expect((await onA.call(owner, 'POST', '/site/versions/999/restore')).statusCode).toBe(404);
  });

  it('keeps each page’s history, names each change by its page and field, and undoes one page’s changes as a new version', async () => {
    const e = await entry();
    const home = await page(a.app, '/');
    const heading = 'Commercial Fridge Prices in New Zealand: a Change to Undo';
    const faq = e.published.data.faq.map((item: { question: string; answer: string }, i: number) =>
      i === 2 ? { ...item, answer: `${item.answer} Ask us.` } : item,
    );
    const published = await onA.call(owner, 'POST', `${GUIDE}/publish`, {
      data: { ...e.published.data, heading, faq },
      body: e.published.body,
      basedOn: e.version,
    });
    const n = published.json().version;
    // The versions list names the page and the fields, never only "Business details" or a file.
    const card = (await onA.call(staff, 'GET', '/site/versions')).json().versions[0];
    expect(card.changed).toEqual([{ key: 'guides/commercial-fridge-prices-nz', title: 'Commercial Fridge Prices NZ', fields: ['heading', 'faq.2'], more: 0 }]);
    const history = (await onA.call(staff, 'GET', `${GUIDE}/versions`)).json();
    expect(history).toMatchObject({ key: 'guides/commercial-fridge-prices-nz', title: 'Commercial Fridge Prices NZ', version: n });
    expect(history.versions[0]).toMatchObject({ number: n, action: 'publish', fields: ['heading', 'faq.2'], more: 0, by: { email: 'owner@example.nz' } });
    // Every version the guide's history lists changed the guide; the home page's lists none of them.
    const all = await t.store.read(() => listVersions());
    expect(history.versions.map((v: { number: number }) => v.number)).toEqual(
      all.filter((v) => v.changed.includes('guides/commercial-fridge-prices-nz')).map((v) => v.number),
    );
    expect((await onA.call(staff, 'GET', `${HOME}/versions`)).json().versions.map((v: { number: number }) => v.number)).not.toContain(n);
    // Owners only; a version that did not change the page has nothing to undo on it.
    expect((await onA.call(staff, 'POST', `${GUIDE}/undo`, { version: n, basedOn: n })).statusCode).toBe(403);
    expect((await onA.call(owner, 'POST', `${HOME}/undo`, { version: n, basedOn: n })).statusCode).toBe(404);
    expect((await onA.call(owner, 'POST', `${GUIDE}/undo`, { version: 999, basedOn: n })).statusCode).toBe(404);
    const undone = await onA.call(owner, 'POST', `${GUIDE}/undo`, { version: n, basedOn: n });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().version).toBe(n + 1);
    expect(await page(a.app)).toContain(e.published.data.heading);
    expect(await page(a.app)).not.toContain(heading);
    expect(await page(a.app, '/')).toBe(home);
    const [newest] = await t.store.read(() => listVersions());
    expect(newest).toMatchObject({ number: n + 1, action: 'undo', restoredFrom: n, changed: ['guides/commercial-fridge-prices-nz'] });
    await waitFor(async () => !(await page(b.app)).includes(heading), { what: 'the undo served on the other instance' });
    // Pressed again: the page is as it was already.
    expect((await onA.call(owner, 'POST', `${GUIDE}/undo`, { version: n, basedOn: n + 1 })).statusCode).toBe(409);
  });

  it('publishes the business details: the server states them at once, a typo in the number is refused, and a restore brings the release’s back', async () => {
    const BUSINESS = '/site/entries/business/details';
    const refusedForm = async (app: FastifyInstance) =>
      (await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=' })).body;
    const e = await entry(BUSINESS);
    expect(e.problems).toEqual([]);
    expect(e.route).toBeNull();
    const release = e.published.data;
    expect(await refusedForm(a.app)).toContain(release.email);

    const typo = await onA.call(owner, 'POST', `${BUSINESS}/publish`, {
      data: { ...release, emergencyLine: { ...release.emergencyLine, digits: '0800 374 344' } },
      basedOn: e.version,
    });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().fields['emergencyLine.shownAs']).toMatch(/same number as the digits/);

    const edited = {
      ...release,
      email: 'hello@coldnow.example.nz',
      // Typed once, as digits; the word beside them is checked against the keypad, and the call link is worked out.
      emergencyLine: { digits: '0800 265 366', shownAs: '0800 COLD ON' },
      responseTargets: { ...release.responseTargets, Hamilton: { from: 3, to: 5 } },
    };
    const res = await onA.call(owner, 'POST', `${BUSINESS}/publish`, { data: edited, basedOn: e.version });
    expect(res.statusCode).toBe(200);
    const form = await refusedForm(a.app);
    expect(form).toContain('hello@coldnow.example.nz');
    expect(form).toContain('href="tel:+64800265366"');
    expect(form).not.toContain(release.email);
    // Each instance states the details of the version its own publisher serves; work outside any request or job, the release's.
    const statedBy = (i: SiteApp) => withBusinessDetails(i.publisher.businessDetails, () => [responseAreaOf('Hamilton').hours, attendWithinHours('Hamilton')]);
    expect(statedBy(a)).toEqual(['3-5 hours', 5]);
    await waitFor(async () => b.site.version === res.json().version, { what: 'the other instance serving the details' });
    expect(statedBy(b)).toEqual(['3-5 hours', 5]);
    expect(await refusedForm(b.app)).toContain('hello@coldnow.example.nz');
    expect(attendWithinHours('Hamilton')).toBe(6);
    const diff = (await onA.call(staff, 'GET', `/site/versions/${res.json().version}`)).json();
    expect(diff.entries[0].title).toBe('Business details');
    expect(diff.entries[0].fields).toContainEqual({ path: 'email', before: release.email, after: 'hello@coldnow.example.nz' });

    expect((await onA.call(owner, 'POST', '/site/versions/0/restore')).statusCode).toBe(200);
    expect(await refusedForm(a.app)).toContain(release.email);
    expect(statedBy(a)).toEqual(['4-6 hours', 6]);
  });

  it('keeps the owner’s edits through a new release: unedited pages follow it, a page both changed waits for the owner’s choice', async () => {
    const e = await entry();
    const mine = 'Commercial Fridge Prices in New Zealand, the Owner’s Words';
    const published = await onA.call(owner, 'POST', `${GUIDE}/publish`, {
      data: { ...e.published.data, heading: mine },
      body: e.published.body,
      basedOn: e.version,
    });
    expect(published.statusCode).toBe(200);
    // The next release changes the guide's heading (which the owner edited) and the home page's title (which they never did).
    const theirs = 'Commercial Fridge Prices in New Zealand: the Developers’ Words';
    const homeTitle = 'Commercial Refrigeration NZ: a Developers’ New Home Title';
    const root = anotherRelease((content) => {
      const guide = join(content, 'guides/commercial-fridge-prices-nz.mdx');
      writeFileSync(guide, readFileSync(guide, 'utf8').replace(/^heading: .*$/m, `heading: "${theirs}"`));
      const home = join(content, 'pages/index.yaml');
      writeFileSync(home, readFileSync(home, 'utf8').replace(/^title: .*$/m, `title: '${homeTitle}'`));
    });
    const next = await siteApp(t.store, { root });
    const onNext = inboxSession(
      () => next.app,
      () => t.store,
    );
    try {
      const ownerOnNext = await onNext.signedIn('release-owner@example.nz', 'owner');
      // The new release's instance has the owner's version built for its release, once, and serves it.
      const newest = (await t.store.read(() => listVersions()))[0]!.number;
      await waitFor(async () => (await next.publisher.catchUp(), next.site.version === newest), { what: 'the new release serving the owner’s version' });
      expect(await page(next.app)).toContain(mine);
      expect(await page(next.app, '/')).toContain(homeTitle);
      const list = (await onNext.call(ownerOnNext, 'GET', '/site')).json();
      expect(list.entries.filter((x: { releaseChanged: boolean }) => x.releaseChanged).map((x: { key: string }) => x.key)).toEqual([
        'guides/commercial-fridge-prices-nz',
      ]);
      const both = (await onNext.call(ownerOnNext, 'GET', GUIDE)).json();
      expect(both.releaseChanged).toBe(true);
      expect([both.published.data.heading, both.release.data.heading]).toEqual([mine, theirs]);
      // Staff cannot choose (their session is on the other instance's app: same store, so it counts here too).
      expect((await onNext.call(staff, 'POST', `${GUIDE}/release`, { keep: 'release' })).statusCode).toBe(403);
      // Keeping the owner's words settles it and changes nothing on the page.
      const kept = await onNext.call(ownerOnNext, 'POST', `${GUIDE}/release`, { keep: 'mine' });
      expect(kept.statusCode).toBe(200);
      expect((await onNext.call(ownerOnNext, 'GET', GUIDE)).json().releaseChanged).toBe(false);
      expect(await page(next.app)).toContain(mine);
      expect((await onNext.call(ownerOnNext, 'POST', `${GUIDE}/release`, { keep: 'release' })).statusCode).toBe(409);
      // Restoring the version from before the choice brings the choice back: nothing is decided silently.
      await onNext.call(ownerOnNext, 'POST', `/site/versions/${published.json().version}/restore`);
      expect((await onNext.call(ownerOnNext, 'GET', GUIDE)).json().releaseChanged).toBe(true);
      expect((await onNext.call(ownerOnNext, 'POST', `${GUIDE}/release`, { keep: 'release' })).statusCode).toBe(200);
      expect(await page(next.app)).toContain(theirs);
      expect(
        (await onNext.call(ownerOnNext, 'GET', '/site')).json().entries.find((x: { key: string }) => x.key === 'guides/commercial-fridge-prices-nz').edited,
      ).toBe(false);
    } finally {
      await next.publisher.stop();
      await next.app.close();
      rmSync(next.work, { recursive: true, force: true });
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('serves the newest version at start on an instance started later', async () => {
    const c = await siteApp(t.store);
    try {
      await c.publisher.catchUp();
      const latest = (await t.store.read(() => listVersions()))[0]!.number;
      expect(c.site.version).toBe(latest);
    } finally {
      await c.publisher.stop();
      await c.app.close();
      rmSync(c.work, { recursive: true, force: true });
    }
  });

  // Last: the failed version takes a number, which the tests above count on.
  it('leaves the live site as it was when the build fails, marks the version failed and says why, on both instances', async () => {
    const before = await t.store.read(() => listVersions());
    const e = await entry();
    const res = await onA.call(owner, 'POST', `${GUIDE}/publish`, {
      data: { ...e.published.data, heading: BREAKS_THE_BUILD },
      body: e.published.body,
      basedOn: e.version,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/nothing was published[\s\S]*InvalidContentEntryDataError/);
    for (const i of [a, b]) expect(await page(i.app)).not.toContain(BREAKS_THE_BUILD);
    const [failed, ...rest] = await t.store.read(() => listVersions());
    expect(rest).toEqual(before);
    expect(failed).toMatchObject({ number: before[0]!.number + 1, status: 'failed', failure: expect.stringContaining('InvalidContentEntryDataError') });
    // Every instance tells the owner why, and the next edit is made over the version still live. Either
    // instance may have run the build; each learns of the failure when it next looks for a new version.
    await Promise.all([a, b].map((i) => i.publisher.catchUp()));
    for (const i of [a, b]) expect(i.publisher.failure).toContain('InvalidContentEntryDataError');
    expect((await onA.call(owner, 'GET', '/site')).json()).toMatchObject({ version: before[0]!.number, failure: expect.stringContaining('heading') });
    const versions = (await onA.call(owner, 'GET', '/site/versions')).json().versions;
    expect(versions[0]).toMatchObject({ number: failed!.number, status: 'failed', failure: expect.stringContaining('InvalidContentEntryDataError') });
  });
});
