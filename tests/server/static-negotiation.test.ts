/**
 * The static site's content negotiation on the real build: Accept-Encoding by its q-values (a
 * coding refused with q=0, by name or by `*;q=0`, is never sent) and If-None-Match by RFC 9110
 * (lists, `*`, weak comparison), with fast-check over random headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app.ts';
import { createTestStore, type TestStore } from '../support/stores.ts';
import { distDir } from '../support/dist.ts';

/** A page the build stores as brotli, gzip and plain. */
const PAGE = '/contact';

describe('static site content negotiation', () => {
  let t: TestStore;
  let app: FastifyInstance;
  let plain: string;
  let etag: string;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    app = await buildApp({ store: t.store, distDir });
    const res = await app.inject({ url: PAGE });
    plain = res.body;
    etag = String(res.headers.etag);
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  const get = (headers: Record<string, string>) => app.inject({ url: PAGE, headers });

  /** The body as the client reads it once it undoes the Content-Encoding sent. */
  function decoded(res: Awaited<ReturnType<typeof get>>): string {
    const coding = res.headers['content-encoding'];
    if (coding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
    if (coding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
    expect(coding).toBeUndefined();
    return res.rawPayload.toString('utf8');
  }

  describe('Accept-Encoding', () => {
    it.each([
      // [header, coding sent ('identity': none, no Content-Encoding)]
      ['br;q=0', 'identity'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br', 'br'],
      ['*;q=0', 'identity'],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['br;q=0, gzip;q=0, *', 'identity'],
      ['*', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity;q=1, br;q=0.5, gzip;q=0.4', 'identity'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['BR', 'br'],
      ['GZip;Q=0.9, br;q=0', 'gzip'],
      ['br ; q=0 , gzip ; q=0.001', 'gzip'],
      ['*;q=0, gzip', 'gzip'],
      ['identity;q=0, gzip;q=0.5', 'gzip'],
      // Every coding refused, identity too: the page is sent plain rather than a 406.
      ['identity;q=0', 'identity'],
      ['identity', 'identity'],
      ['', 'identity'],
    ] as const)('%j: sends %s', async (header, coding) => {
      const res = await get({ 'accept-encoding': header });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'] ?? 'identity').toBe(coding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(decoded(res)).toBe(plain);
    });

    it('negotiates the 404 page the same way', async () => {
      const res = await app.inject({ url: '/no-such-page', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBe('gzip');
    });

    const CODINGS = ['br', 'gzip', 'identity', '*', 'deflate', 'zstd', 'compress', 'x-gzip'] as const;
    /** A qvalue as RFC 9110 12.4.2 writes it: 0 or 1 with up to three decimals, or anything between. */
    const qvalue = fc.oneof(
      fc.constantFrom('0', '0.0', '0.000', '1', '1.0', '1.000'),
      fc.integer({ min: 1, max: 999 }).map((n) => `0.${String(n).padStart(3, '0').replace(/0+$/, '')}`),
    );
    const ows = fc.constantFrom('', ' ', '  ', '\t');
    const anyCase = (name: string) => fc.boolean().map((upper) => (upper ? name.toUpperCase() : name));
    /** A well-formed Accept-Encoding: each coding at most once, with its weight or none. */
    const acceptEncoding = fc.uniqueArray(fc.constantFrom(...CODINGS), { maxLength: CODINGS.length }).chain((names) =>
      fc.tuple(
        ...names.map((name) =>
          fc.record({
            name: fc.constant(name),
            written: anyCase(name),
            q: fc.option(qvalue, { nil: undefined }),
            qName: anyCase('q'),
            a: ows,
            b: ows,
            comma: fc.constantFrom(',', ', ', ' ,', ',\t'),
          }),
        ),
      ),
    );

    it('sends, for any well-formed header, a coding of the highest q the header gives any stored coding, never one it refuses with q=0', async () => {
      await fc.assert(
        fc.asyncProperty(acceptEncoding, async (entries) => {
          const header = entries.map((e, i) => (i ? e.comma : '') + (e.q === undefined ? e.written : `${e.written}${e.a};${e.b}${e.qName}=${e.q}`)).join('');
          const weight = (name: string) => {
            const entry = entries.find((e) => e.name === name);
            return entry ? Number(entry.q ?? 1) : undefined;
          };
          // RFC 9110 12.5.3: a coding named takes its own weight, else that of `*`; identity not
          // named and with no `*` is acceptable, ranked below any coding named.
          const q = (coding: string) => weight(coding) ?? weight('*') ?? (coding === 'identity' ? undefined : 0);
          const res = await get({ 'accept-encoding': header });
          const sent = res.headers['content-encoding'] ?? 'identity';
          const context = `${JSON.stringify(header)} sent ${sent}`;
          expect(res.statusCode, context).toBe(200);
          expect(['br', 'gzip', 'identity'], context).toContain(sent);
          expect(decoded(res), context).toBe(plain);
          // The codings this header lets the server send, checked against what it sent on every run.
          // A compressed one: not refused, and weighing at least as much as every other the page has.
          // Plain: because every coding was refused, or identity weighs at least as much as each
          // (when identity has no weight of its own, only the first can be).
          const identity = q('identity');
          const fits = (coding: 'br' | 'gzip' | 'identity') =>
            coding === 'identity'
              ? (['br', 'gzip'] as const).every((other) => q(other)! <= 0 || q(other)! <= (identity ?? 0))
              : q(coding)! > 0 && q('br')! <= q(coding)! && q('gzip')! <= q(coding)! && (identity === undefined || identity <= q(coding)!);
          expect((['br', 'gzip', 'identity'] as const).filter(fits), context).toContain(sent);
        }),
        { numRuns: 300 },
      );
    });

    it('answers any header at all with 200 and a body it can read, and never a coding the header does not name or reach with *', async () => {
      const noise = fc.string({ unit: fc.constantFrom(...'brgzipidentityBRGZIP*;q=0.15,Q \t"'.split('')), maxLength: 60 });
      await fc.assert(
        fc.asyncProperty(fc.oneof(noise, fc.string({ maxLength: 60 })), async (header) => {
          const res = await get({ 'accept-encoding': header });
          const sent = res.headers['content-encoding'];
          const context = `${JSON.stringify(header)} sent ${String(sent)}`;
          expect(res.statusCode, context).toBe(200);
          expect(decoded(res), context).toBe(plain);
          const reachable = ['br', 'gzip'].filter((coding) => header.toLowerCase().includes(coding) || header.includes('*'));
          expect([undefined, ...reachable], context).toContain(sent);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('If-None-Match', () => {
    const opaque = () => etag.slice(1, -1);

    // {etag} stands for the page's ETag, {opaque} for it without its quotes.
    it.each([
      ['the ETag', 304, '{etag}'],
      ['a list holding it', 304, '"older", {etag}'],
      ['a list holding it, no spaces', 304, '"older",{etag},"newer"'],
      ['its weak form (weak comparison)', 304, 'W/{etag}'],
      ['a list holding its weak form', 304, 'W/"older" , W/{etag}'],
      ['*', 304, '*'],
      ['an unquoted member, then it', 304, 'older, {etag}'],
      ['another tag', 200, '"older"'],
      ['a list without it', 200, '"older", W/"newer"'],
      ['it unquoted', 200, '{opaque}'],
      ['a tag holding it after a comma', 200, '"a,{opaque}"'],
      ['an empty field', 200, ''],
    ] as const)('%s: %i', async (_, status, template) => {
      const header = template.replace('{etag}', etag).replace('{opaque}', opaque());
      const res = await app.inject({ url: PAGE, headers: { 'if-none-match': header } });
      expect(res.statusCode, header).toBe(status);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toContain('must-revalidate');
      expect(res.headers.vary).toContain('Accept-Encoding');
      if (status === 304) expect(res.body).toBe('');
      else expect(res.body).toBe(plain);
    });

    it('answers a missing page 404, whatever If-None-Match says', async () => {
      const res = await app.inject({ url: '/no-such-page', headers: { 'if-none-match': '*' } });
      expect(res.statusCode).toBe(404);
    });

    it('answers 304 exactly when a member of a random list is the ETag, strong or weak', async () => {
      const otherTag = fc.stringMatching(/^[\x21\x23-\x7e]{0,24}$/).filter((s) => s !== opaque());
      const member = fc.record({ ours: fc.boolean(), other: otherTag, weak: fc.boolean(), a: fc.constantFrom('', ' ', '\t'), b: fc.constantFrom('', ' ') });
      await fc.assert(
        fc.asyncProperty(fc.array(member, { minLength: 1, maxLength: 6 }), async (members) => {
          const header = members.map((m) => `${m.a}${m.weak ? 'W/' : ''}"${m.ours ? opaque() : m.other}"${m.b}`).join(',');
          const res = await app.inject({ url: PAGE, headers: { 'if-none-match': header } });
          expect(res.statusCode, header).toBe(members.some((m) => m.ours) ? 304 : 200);
        }),
        { numRuns: 200 },
      );
    });
  });
});
