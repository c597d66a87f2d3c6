/**
 * The one rule for whether a browser's request came from a page of this site: the inbox's changes,
 * the partner page's answers and the visit beacon all ask it. Sec-Fetch-Site, which no page can set,
 * settles it where a browser sends it: only `same-origin` is this site, and then the Origin may be
 * `null` (the partner page, served with no-referrer, makes browsers send that on its own posts) but
 * never another site's. Without it (an older browser, a script) the Origin must name this site.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function fromThisSite(
  headers: Pick<IncomingHttpHeaders, 'origin' | 'sec-fetch-site'>,
  ourOrigin: string,
  { originMayBeMissing = false }: { originMayBeMissing?: boolean } = {},
): boolean {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  const ours = origin !== undefined && URL.canParse(origin) && new URL(origin).origin === ourOrigin;
  // A browser that says same-origin never names another site in Origin: one that does is no browser.
  if (site !== undefined) return site === 'same-origin' && (origin === undefined || origin === 'null' || ours);
  return origin === undefined ? originMayBeMissing : ours;
}

/**
 * Whether a browser says another site started the request (a link, a form, an image, a script
 * elsewhere). An address typed in or a bookmark says `none`, which is not another site.
 */
export function startedElsewhere(headers: Pick<IncomingHttpHeaders, 'sec-fetch-site'>): boolean {
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}
