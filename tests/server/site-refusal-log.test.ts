/**
 * A refused publish is an answer to the owner, not a server fault: the refusals of the publish,
 * verify and release routes (content checks, a conflict, a failed build, no release conflict) log
 * nothing at error level. Each once logged Fastify's "Promise errored, but reply.sent = true was
 * set" with a TypeError, on every refusal. A publish that goes through still drops the draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { rmSync } from 'node:fs';
import pino from 'pino';
import { inboxSession, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { BREAKS_THE_BUILD, siteApp, type SiteApp } from '../support/site-editor.ts';

const GUIDE = '/site/entries/guides/commercial-fridge-prices-nz';
/** pino's level for error. */
const ERROR = 50;

describe.each(storeKinds)('a refused publish on %s', (kind) => {
  let t: TestStore;
  let s: SiteApp;
  let owner: Browser;
  const lines: Record<string, unknown>[] = [];
  const on = inboxSession(
    () => s.app,
    () => t.store,
  );

  beforeAll(async () => {
    t = await createTestStore(kind);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    s = await siteApp(t.store, { logger: pino({ level: 'info' }, sink) });
    owner = await on.signedIn('owner@example.nz', 'owner');
  });

  afterAll(async () => {
    await s?.publisher.stop();
    await s?.app.close();
    if (s) rmSync(s.work, { recursive: true, force: true });
    await t?.cleanup();
  });

  it('answers each refusal in the owner’s words and logs nothing at error level', async () => {
    const e = (await on.call(owner, 'GET', GUIDE)).json();
    const edit = (data: Record<string, unknown>, body = e.published.body, basedOn = e.version) => ({ data: { ...e.published.data, ...data }, body, basedOn });

    const refusals: [string, () => ReturnType<typeof on.call>, number][] = [
      ['content checks', () => on.call(owner, 'POST', `${GUIDE}/publish`, edit({}, '<script>alert(1)</script>')), 422],
      ['a failed build', () => on.call(owner, 'POST', `${GUIDE}/publish`, edit({ heading: BREAKS_THE_BUILD })), 422],
      ['no release conflict', () => on.call(owner, 'POST', `${GUIDE}/release`, { keep: 'mine' }), 409],
    ];
    for (const [what, send, status] of refusals) {
      const res = await send();
      expect(res.statusCode, what).toBe(status);
      expect(res.json().error, what).toEqual(expect.any(String));
    }

    // A conflict: the guide published since the version this edit started from.
    expect((await on.call(owner, 'POST', `${GUIDE}/publish`, edit({ heading: 'Commercial Fridge Prices, Published First' }))).statusCode).toBe(200);
    const stale = await on.call(owner, 'POST', `${GUIDE}/publish`, edit({ heading: 'Commercial Fridge Prices, Edited Meanwhile' }));
    expect(stale.statusCode).toBe(409);

    // A refused publish keeps the owner's draft; a publish that goes through drops it.
    const latest = (await on.call(owner, 'GET', GUIDE)).json();
    const draft = {
      data: { ...latest.published.data, heading: 'Commercial Fridge Prices, Drafted Then Published' },
      body: latest.published.body,
      basedOn: latest.version,
    };
    expect((await on.call(owner, 'PUT', `${GUIDE}/draft`, draft)).statusCode).toBe(200);
    expect((await on.call(owner, 'POST', `${GUIDE}/publish`, { ...draft, body: '<script>alert(1)</script>' })).statusCode).toBe(422);
    expect((await on.call(owner, 'GET', GUIDE)).json().draft).not.toBeNull();
    expect((await on.call(owner, 'POST', `${GUIDE}/publish`, draft)).statusCode).toBe(200);
    expect((await on.call(owner, 'GET', GUIDE)).json().draft).toBeNull();

    // The requests were logged (the sink sees the app's lines), and none at error level.
    expect(lines.some((l) => l.msg === 'request completed')).toBe(true);
    expect(lines.filter((l) => Number(l.level) >= ERROR)).toEqual([]);
  });
});
