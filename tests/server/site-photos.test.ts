/**
 * The owner's photos on both stores, through the inbox's API: a JPEG, PNG or HEIC is made into the
 * site's AVIF and WebP files (its kind read from its bytes, its camera data dropped), anything else
 * (a damaged file, a picture too small, a small file claiming a vast picture) is refused in words
 * and stores nothing; one photo sent to two instances at once is stored once; strangers and other
 * sites get nothing; a photo is served
 * only once a publish shows it, on every instance, and a preview shows it at its private address
 * only; an entry naming a photo nobody uploaded is refused at the field. Random bytes never get a
 * 5xx (fast-check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { all } from '../../server/storage/steps.ts';
import { auditEntries } from '../../server/storage/audit-log.ts';
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoFileName, photoFileNames, photoHeight } from '../../core/photo-sizes.ts';
import { photoKindOf, PHOTOS_BUSY, photoTurns } from '../../server/site/photo-files.ts';
import { inboxSession, type Browser } from '../support/inbox-session.ts';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.ts';
import { siteApp, type SiteApp } from '../support/site-editor.ts';
import { waitFor } from '../support/peers.ts';
import { drawnPhoto, HEIC_PHOTO } from '../support/photos.ts';

const ARTICLE = '/site/entries/blog/display-fridge-maintenance';
const ROUTE = '/blog/display-fridge-maintenance';
const OCTET = { 'content-type': 'application/octet-stream' };

/** A PNG whose header claims `width` × `height`, with no pixels behind it. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('telling a photo by its bytes', () => {
  it('reads JPEG, PNG and HEIC signatures and nothing else, whatever the name would say', async () => {
    expect(photoKindOf(await drawnPhoto('jpeg'))).toBe('jpeg');
    expect(photoKindOf(await drawnPhoto('png'))).toBe('png');
    expect(photoKindOf(HEIC_PHOTO)).toBe('heic');
    const avif = await sharp(await drawnPhoto('png'))
      .avif()
      .toBuffer();
    expect(photoKindOf(avif)).toBeUndefined();
    expect(photoKindOf(Buffer.from('GIF89a'))).toBeUndefined();
    expect(photoKindOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(photoKindOf(new Uint8Array())).toBeUndefined();
  });
});

describe.each(storeKinds)('photos for the site on %s', (kind) => {
  let t: TestStore;
  let a: SiteApp;
  let b: SiteApp;
  let owner: Browser;
  let staff: Browser;
  const onA = inboxSession(
    () => a.app,
    () => t.store,
  );
  const upload = (who: Browser, body: Buffer, headers: Record<string, string> = OCTET) => onA.call(who, 'POST', '/site/photos', body, headers);
  const fileCount = async () => Number((await t.store.read(() => all('SELECT COUNT(*) AS n FROM site_photo_files')))[0]!.n);

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

  it('makes a JPEG into each width as AVIF and WebP in the site’s shape, without its camera data; the same photo twice is one', async () => {
    const jpeg = await drawnPhoto('jpeg', { width: 2000, height: 1000, shade: 1, exif: { IFD0: { Make: 'PhoneCo', Model: 'Snapper 9' } } });
    const first = await upload(staff, jpeg);
    expect(first.statusCode).toBe(201);
    const { id } = first.json();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await upload(owner, jpeg)).json().id).toBe(id);
    const stored = await t.store.read(() => all('SELECT name, body FROM site_photo_files WHERE photo_id = ? ORDER BY name', id));
    expect(stored.map((r) => r.name).sort()).toEqual(photoFileNames(id).sort());
    for (const { ext } of PHOTO_FORMATS)
      for (const width of PHOTO_WIDTHS) {
        const body = Buffer.from(stored.find((r) => r.name === photoFileName(id, width, ext))!.body as Uint8Array);
        const meta = await sharp(body).metadata();
        expect({ format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height }).toEqual({
          format: ext,
          width,
          height: photoHeight(width),
        });
        expect(meta.exif).toBeUndefined();
      }
    // The thumbnail the editor shows, to anyone signed in and no stranger.
    const thumb = await onA.call(staff, 'GET', `/site/photos/${id}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const stranger = await onA.openBrowser();
    expect((await onA.call(stranger, 'GET', `/site/photos/${id}`)).statusCode).toBe(401);
    expect((await onA.call(staff, 'GET', `/site/photos/${'0'.repeat(24)}`)).statusCode).toBe(404);
    const audit = await t.store.read(() => auditEntries({ limit: 20 }));
    expect(audit.some((e) => e.action === 'Uploaded a photo for the site' && e.detail === id && e.actor_email === 'staff@example.nz')).toBe(true);
  });

  it('stores a photo sent to two instances at once once, and answers both with its id', async () => {
    const jpeg = await drawnPhoto('jpeg', { shade: 6 });
    const onB = inboxSession(
      () => b.app,
      () => t.store,
    );
    const [x, y] = await Promise.all([upload(owner, jpeg), onB.call(owner, 'POST', '/site/photos', jpeg, OCTET)]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(y.json().id).toBe(x.json().id);
    const rows = await t.store.read(() => all('SELECT name FROM site_photo_files WHERE photo_id = ?', x.json().id));
    expect(rows).toHaveLength(photoFileNames(x.json().id).length);
  });

  it('takes a PNG and an iPhone’s HEIC', async () => {
    for (const body of [await drawnPhoto('png', { shade: 2 }), HEIC_PHOTO]) {
      const res = await upload(owner, body);
      expect(res.statusCode).toBe(201);
      const webp = await t.store.read(() => all('SELECT body FROM site_photo_files WHERE name = ?', photoFileName(res.json().id, 1200, 'webp')));
      expect((await sharp(Buffer.from(webp[0]!.body as Uint8Array)).metadata()).width).toBe(1200);
    }
  });

  it('refuses in words what is not a photo it can use, and stores nothing for it', async () => {
    const before = await fileCount();
    const refusals: [Buffer, Record<string, string>, number, RegExp][] = [
      [Buffer.from('GIF89a\x01\x00\x01\x00'), OCTET, 422, /Only JPEG, PNG or HEIC/],
      [
        await sharp(await drawnPhoto('png'))
          .avif()
          .toBuffer(),
        OCTET,
        422,
        /Only JPEG, PNG or HEIC/,
      ],
      [Buffer.from('<?php echo 1; ?>'), OCTET, 422, /Only JPEG, PNG or HEIC/],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]), OCTET, 422, /could not be read as a photo/],
      [Buffer.concat([HEIC_PHOTO.subarray(0, 40), Buffer.alloc(200)]), OCTET, 422, /HEIC file could not be read/],
      [await drawnPhoto('jpeg', { width: 640, height: 480 }), OCTET, 422, /640 × 480 pixels: the site needs at least 800 × 600/],
      // A few hundred bytes that claim a picture of 900 million pixels.
      [claimedPng(30_000, 30_000), OCTET, 422, /more pixels than any camera photo/],
      [await drawnPhoto('jpeg', { shade: 3 }), { 'content-type': 'image/jpeg' }, 415, /the photo itself/],
      [Buffer.from('{"id":"x"}'), { 'content-type': 'application/json' }, 415, /the photo itself/],
      [Buffer.alloc(15 * 1024 * 1024 + 1, 0xff), OCTET, 413, /over 15 MB/],
    ];
    for (const [body, headers, status, words] of refusals) {
      const res = await upload(owner, body, headers);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status, error: expect.stringMatching(words) });
    }
    expect(await fileCount()).toBe(before);
  });

  // Once got through (server/site/photo-files.ts): the limit was 100 million pixels, so a 311 KB PNG of
  // 10,000 × 10,000 was decoded whole (9.8 s, the server from 243 MB to 1.4 GB) and kept.
  it('refuses a picture past the pixel limit from its header, before decoding it, as PNG and as HEIC', async () => {
    const before = await fileCount();
    // No pixels behind either header: only a refusal read from the header alone can say "more pixels".
    const png = claimedPng(10_000, 10_000);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 10_000, height: 10_000 });
    const heic = Buffer.from(HEIC_PHOTO);
    for (let at = heic.indexOf('ispe'); at >= 0; at = heic.indexOf('ispe', at + 4)) {
      heic.writeUInt32BE(10_000, at + 8);
      heic.writeUInt32BE(10_000, at + 12);
    }
    for (const body of [png, heic]) {
      const res = await upload(staff, body);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 422, error: expect.stringMatching(/more pixels than any camera photo/) });
    }
    // The largest phone photos (48 million pixels on an iPhone) are under the limit: this header is read on, and its missing pixels refused.
    const phone = await upload(staff, claimedPng(8064, 6048));
    expect({ status: phone.statusCode, error: phone.json().error }).toEqual({ status: 422, error: expect.stringMatching(/could not be read as a photo/) });
    expect(await fileCount()).toBe(before);
  });

  it('makes one photo at a time with three waiting at most; past that it answers 503 in words, and takes photos again once the line moves', async () => {
    // The line held by work the test lets go: one being made, three waiting.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const line = Array.from({ length: photoTurns.waitingMax + 1 }, () => photoTurns.run(() => held));
    expect(line.every(Boolean)).toBe(true);
    const before = await fileCount();
    const jpeg = await drawnPhoto('jpeg', { shade: 7 });
    const busy = await upload(staff, jpeg);
    expect({ status: busy.statusCode, error: busy.json().error, retry: busy.headers['retry-after'] }).toEqual({ status: 503, error: PHOTOS_BUSY, retry: '30' });
    // A picture refused from its header is refused at once, full line or not.
    const huge = await upload(staff, claimedPng(10_000, 10_000));
    expect({ status: huge.statusCode, error: huge.json().error }).toEqual({ status: 422, error: expect.stringMatching(/more pixels than any camera photo/) });
    expect(await fileCount()).toBe(before);
    // Once the line has moved on, photos are taken again.
    letGo();
    await Promise.all(line);
    expect((await upload(staff, jpeg)).statusCode).toBe(201);
  });

  it('refuses strangers, other sites and a missing CSRF token', async () => {
    const jpeg = await drawnPhoto('jpeg', { shade: 4 });
    const stranger = await onA.openBrowser();
    expect((await upload(stranger, jpeg)).statusCode).toBe(401);
    expect((await upload(owner, jpeg, { ...OCTET, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(owner, jpeg, { ...OCTET, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await upload(owner, jpeg, { ...OCTET, 'x-csrf-token': 'wrong' })).statusCode).toBe(403);
  });

  it('serves a photo only once a publish shows it, on every instance; a preview shows it at its own address only', async () => {
    const id = (await upload(owner, await drawnPhoto('jpeg', { shade: 5 }))).json().id as string;
    const file = `/photos/${photoFileName(id, 800, 'webp')}`;
    expect((await a.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
    const e = (await onA.call(owner, 'GET', ARTICLE)).json();
    const data = { ...e.published.data, photo: { id, alt: 'A technician checking a cool room door seal' } };

    const made = (await onA.call(staff, 'POST', `${ARTICLE}/preview`, { data, body: e.published.body, basedOn: e.version })).json();
    const token = new URL(made.share).searchParams.get('t')!;
    const shared = await a.app.inject({ method: 'GET', url: `${made.address}?t=${token}` });
    const inPreview = `${made.address.slice(0, made.address.indexOf(ROUTE))}${file}?t=${token}`;
    expect(shared.body).toContain(`src="${inPreview}"`);
    expect(shared.body).not.toMatch(/"\/photos\//);
    const photo = await b.app.inject({ method: 'GET', url: inPreview });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await a.app.inject({ method: 'GET', url: inPreview.replace(/\?t=.*/, '') })).statusCode).toBe(403);
    expect((await a.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);

    expect((await onA.call(owner, 'POST', `${ARTICLE}/publish`, { data, body: e.published.body, basedOn: e.version })).statusCode).toBe(200);
    for (const i of [a, b]) {
      await waitFor(async () => (await i.app.inject({ method: 'GET', url: file })).statusCode === 200, { what: 'the photo served after the publish' });
      const served = await i.app.inject({ method: 'GET', url: file });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await i.app.inject({ method: 'GET', url: ROUTE })).body).toContain(`src="${file}"`);
    }
  });

  it('refuses an entry naming a photo nobody uploaded, at the field', async () => {
    const e = (await onA.call(owner, 'GET', ARTICLE)).json();
    const data = { ...e.published.data, photo: { id: 'a'.repeat(24), alt: 'A photo that is not on the server' } };
    for (const action of ['preview', 'publish']) {
      const res = await onA.call(owner, 'POST', `${ARTICLE}/${action}`, { data, body: e.published.body, basedOn: e.version });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields['photo.id']).toBe('This photo is not on the server. Upload it again.');
    }
    const noAlt = await onA.call(owner, 'POST', `${ARTICLE}/publish`, {
      data: { ...data, photo: { id: e.published.data.photo?.id ?? 'a'.repeat(24), alt: '' } },
      body: e.published.body,
      basedOn: e.version,
    });
    expect(noAlt.statusCode).toBe(422);
    expect(noAlt.json().fields['photo.alt']).toBe('Say in a few words what the photo shows');
  });

  it('answers any bytes with a 201 or a 4xx, never a 5xx (fast-check)', async () => {
    const before = await fileCount();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          // Valid signatures followed by anything.
          fc.uint8Array({ maxLength: 600 }).map((rest) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), rest])),
          fc.uint8Array({ maxLength: 600 }).map((rest) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), rest])),
          fc.uint8Array({ maxLength: 600 }).map((rest) => Buffer.concat([HEIC_PHOTO.subarray(0, 28), rest])),
        ),
        fc.constantFrom('application/octet-stream', 'image/heic', 'application/json', 'text/plain', 'multipart/form-data; boundary=x'),
        async (bytes, type) => {
          const res = await upload(owner, Buffer.from(bytes), { 'content-type': type });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    expect(await fileCount()).toBe(before);
  });
});
