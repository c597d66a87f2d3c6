/**
 * A preview of an unpublished edit: the real page, made with the same templates and styles as the
 * live site, at /inbox/preview/ID/ROUTE: the page rendered at once when the preview was made (kept
 * with it), or else the site built with the edit. It opens for anyone signed in to the inbox, or
 * with the preview's share link (?t=…, kept only as a hash) until the link ends. Never cached,
 * never indexed (the inbox's headers), and the address is not sent on to other sites
 * (no-referrer): it carries a secret.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { loadSite, type Asset } from '../http/plugins/static.ts';
import { PREVIEW_CSP } from '../http/plugins/security.ts';
import { sitePath } from '../http/paths.ts';
import { renderText } from '../html/render.ts';
import { secretHash } from '../security/secrets.ts';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../inbox/context.ts';
import { previewById } from '../storage/site-versions.ts';
import { sessionUser } from '../storage/sign-in-data.ts';
import type { LeadStore } from '../storage/types.ts';
import type { SitePublisher } from './site-publisher.ts';
import { changedKeys } from './version-publisher.ts';
import { siteWords } from './site-words.ts';
import { PHOTO_FORMATS, PHOTO_PATH, photoFileNames } from '../../core/photo-sizes.ts';
import { photoFile } from '../storage/site-photos.ts';
import { photoIdsOf } from '../../core/photo-refs.ts';
import { sendPage } from '../http/send-page.ts';

export const PREVIEW_PREFIX = '/inbox/preview';

/** Previews kept in memory on an instance: a few at a time is what one business looks at. */
const LOADED_MAX = 4;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface PreviewPageOptions {
  store: LeadStore;
  site: SitePublisher;
}

/**
 * The page with a line at its top saying it is a preview, so nobody takes a shared link for the
 * live site, or, once what it shows is live (published since, or never changed), saying that. It
 * uses classes the site's own stylesheet has (the page's CSP allows no inline style).
 */
export function withPreviewBanner(html: Buffer, live = false): Buffer {
  const text = html.toString('utf8');
  const body = /<body\b[^>]*>/i.exec(text);
  if (!body) return html;
  const at = body.index + body[0].length;
  const banner = `<div role="note" class="border-b bg-amber-100 px-4 py-3 text-center font-semibold text-slate-900">${renderText(live ? siteWords.previewLive : siteWords.previewBanner)}</div>`;
  return Buffer.from(text.slice(0, at) + banner + text.slice(at));
}

/** A photo's address in a page (in `src`, or in a `srcset` list). */
const PHOTO_URL = new RegExp(`${PHOTO_PATH}([0-9a-f]+-\\d+\\.(?:avif|webp))`, 'g');

/**
 * The page's photos sent to the preview's own address: the live site does not have a photo the
 * change adds yet. Opened with the share link, each photo's address carries it too.
 */
export function withPreviewPhotos(html: Buffer, id: string, token: string | undefined): Buffer {
  const query = token === undefined ? '' : `?t=${encodeURIComponent(token)}`;
  return Buffer.from(html.toString('utf8').replace(PHOTO_URL, (_, name: string) => `${PREVIEW_PREFIX}/${id}${PHOTO_PATH}${name}${query}`));
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const previewPagePlugin: FastifyPluginAsync<PreviewPageOptions> = async (app, { store, site }) => {
  await app.register(cookie);
  const loaded = new Map<string, Map<string, Asset>>();

  async function assetsOf(id: string, entries: Parameters<SitePublisher['previewFolder']>[0]): Promise<Map<string, Asset>> {
    let assets = loaded.get(id);
    if (!assets) {
      assets = loadSite(await site.previewFolder(entries));
      loaded.set(id, assets);
      if (loaded.size > LOADED_MAX) loaded.delete(loaded.keys().next().value!);
    }
    return assets;
  }

  /** A photo the preview's entries show, as uploaded to this database (a page rendered at once has no build to take it from). */
  async function storedPhoto(name: string, entries: Parameters<SitePublisher['previewFolder']>[0]) {
    const id = photoIdsOf(Object.values(entries)).find((photo) => photoFileNames(photo).includes(name));
    if (!id) return undefined;
    const body = await store.read(() => photoFile(id, name));
    const type = PHOTO_FORMATS.find(({ ext }) => name.endsWith(`.${ext}`))?.type;
    return body && type ? { body, type } : undefined;
  }

  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => {
    const shell = reply.server.pageShell;
    const main = `<div class="mx-auto max-w-3xl px-4 py-12"><h1 class="text-2xl font-bold">${renderText(siteWords.previewHeading)}</h1><p class="mt-2">${renderText(message)}</p></div>`;
    return sendPage(
      request,
      reply.code(status).header('Referrer-Policy', 'no-referrer').type('text/html; charset=utf-8'),
      shell
        ? shell.render(siteWords.previewHeading, main)
        : `<!doctype html><title>${renderText(siteWords.previewHeading)}</title><p>${renderText(message)}</p>`,
    );
  };

  app.get(`${PREVIEW_PREFIX}/:id/*`, async (request: FastifyRequest<{ Params: { id: string; '*': string }; Querystring: { t?: unknown } }>, reply) => {
    const { id } = request.params;
    if (!ID.test(id)) return refuse(request, reply, 404, siteWords.previewGone);
    const preview = await store.read(() => previewById(id));
    if (!preview) return refuse(request, reply, 404, siteWords.previewGone);
    const session = request.cookies[SESSION_COOKIE];
    const signedIn = session ? await store.transact(() => sessionUser(secretHash(session), SESSION_IDLE_MS)) : undefined;
    const token = typeof request.query.t === 'string' && request.query.t.length <= 100 ? request.query.t : undefined;
    if (!signedIn) {
      if (!token || !sameHash(secretHash(token), preview.tokenHash)) return refuse(request, reply, 403, siteWords.previewNotYours);
      if (Date.now() >= preview.expiresAt) return refuse(request, reply, 410, siteWords.previewEnded);
    }
    const path = sitePath(`/${request.params['*']}`);
    const shown = async (html: Buffer) => {
      // What it shows may have been published since it was made: its top line then says so.
      const live = changedKeys(site.contentOf(await site.latest()), site.contentOf(preview)).length === 0;
      return sendPage(
        request,
        reply
          .header('Referrer-Policy', 'no-referrer')
          // The inbox shows the preview at phone width beside the page's fields; no other site may frame it.
          .header('Content-Security-Policy', PREVIEW_CSP)
          .header('X-Frame-Options', 'SAMEORIGIN')
          .type('text/html; charset=utf-8'),
        withPreviewPhotos(withPreviewBanner(html, live), id, signedIn ? undefined : token),
      );
    };
    if (preview.page !== null && path.replace(/(.)\/$/, '$1') === preview.route) return shown(Buffer.from(preview.page));
    if (path.startsWith(PHOTO_PATH)) {
      const stored = await storedPhoto(path.slice(PHOTO_PATH.length), preview.entries);
      if (stored) return reply.header('Referrer-Policy', 'no-referrer').type(stored.type).send(stored.body);
    }
    const assets = await assetsOf(id, preview.entries);
    const asset = path ? assets.get(path) : undefined;
    if (asset && path.startsWith(PHOTO_PATH) && asset.type.startsWith('image/'))
      return reply.header('Referrer-Policy', 'no-referrer').type(asset.type).send(asset.body);
    if (!asset || !asset.type.startsWith('text/html')) return refuse(request, reply, 404, siteWords.previewGone);
    return shown(asset.body);
  });
};
