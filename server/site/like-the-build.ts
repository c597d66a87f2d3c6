/**
 * A page rendered by the site editor's preview renderer (quick-preview.ts), made to load as the
 * built page does. The markup is the same templates'; only the way scripts are named differs (by
 * their source files, /src/…), so each is pointed at the same script in the build being served:
 * - a component's script and an interactive component (an island) load the served build's file
 *   for the same source;
 * - the page gets its content security policy as a built page does: the site's directives and the
 *   hash of each inline script and style on it.
 * A page with a script the served build does not have (a block no live page uses yet) is refused
 * with NotLikeTheBuild: the caller builds the site instead, which is slower but always right.
 */
import { createHash } from 'node:crypto';
import type { Asset } from '../http/plugins/static.ts';
import { contentSecurity } from './content.ts';

export class NotLikeTheBuild extends Error {}

interface Island {
  componentUrl: string;
  rendererUrl: string;
  beforeHydrationUrl: string | undefined;
}

interface ServedScripts {
  /** By the component's file name (no extension) and export. */
  islands: Map<string, Island>;
  /** The build's script files by their name less the content hash (`BaseLayout.astro_astro_type_script_index_0_lang`). */
  files: Map<string, string>;
}

const ISLAND = /<astro-island\b[^>]*>/g;
const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]*)"[^>]*>\s*<\/script>/g;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
/** A component's script as the renderer names it: the component's path, its index among its scripts. */
const SOURCE_COMPONENT_SCRIPT = /^\/src\/(?:[^?]*\/)?([^/?]+)\?astro&type=script&index=(\d+)&lang\.ts$/;
/** Anything left that names a source file, which a browser would ask the site for in vain. */
const SOURCE_LEFTOVER = /(?:src|href|url)="\/(?:@|src\/|node_modules\/)/;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function setAttribute(tag: string, name: string, value: string | undefined): string {
  const pattern = new RegExp(`\\s${name}="[^"]*"`);
  if (value === undefined) return tag.replace(pattern, '');
  return pattern.test(tag) ? tag.replace(pattern, ` ${name}="${value}"`) : tag.replace(/>$/, ` ${name}="${value}">`);
}

/** A file's name less its folder, its extension and (in a build) its content hash. */
function baseName(url: string): string {
  const file = url.slice(url.lastIndexOf('/') + 1);
  return file.replace(/(?:\.[A-Za-z0-9_-]{8})?\.(?:js|jsx|ts|tsx|mjs)$/, '');
}

const scanned = new WeakMap<ReadonlyMap<string, Asset>, ServedScripts>();

/** The served build's islands and script files, read once per build. */
function servedScripts(served: ReadonlyMap<string, Asset>): ServedScripts {
  let known = scanned.get(served);
  if (known) return known;
  known = { islands: new Map(), files: new Map() };
  const pages = new Set<Asset>();
  for (const [path, asset] of served) {
    if (asset.type.startsWith('text/html')) pages.add(asset);
    else if (path.startsWith('/_astro/') && path.endsWith('.js')) known.files.set(path.slice('/_astro/'.length).replace(/\.[A-Za-z0-9_-]{8}\.js$/, ''), path);
  }
  for (const page of pages) {
    for (const [tag] of page.body.toString('utf8').matchAll(ISLAND)) {
      const componentUrl = attribute(tag, 'component-url');
      const rendererUrl = attribute(tag, 'renderer-url');
      if (!componentUrl || !rendererUrl) continue;
      known.islands.set(`${baseName(componentUrl)}#${attribute(tag, 'component-export')}`, {
        componentUrl,
        rendererUrl,
        beforeHydrationUrl: attribute(tag, 'before-hydration-url'),
      });
    }
  }
  scanned.set(served, known);
  return known;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy a built page carries in its <meta>: the site's directives, and the page's own scripts and styles by hash. */
function policyOf(html: string): string {
  const { directives, scriptResources } = contentSecurity();
  const scripts = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/ld\+json"/.test(attrs!))
    .map(([, , body]) => sha256(body!));
  const styles = [...html.matchAll(INLINE_STYLE)].map(([, body]) => sha256(body!));
  return `${directives.join(';')}; script-src ${[...scriptResources, ...new Set(scripts)].join(' ')}; style-src 'self' ${[...new Set(styles)].join(' ')};`;
}

/** `html` whose scripts are named by their sources, as the served build would load it; throws NotLikeTheBuild when a script has no match. */
export function likeTheBuild(html: string, served: ReadonlyMap<string, Asset>): Buffer {
  const known = servedScripts(served);
  let page = html.replace(SCRIPT_SRC, (tag, src: string) => {
    const script = SOURCE_COMPONENT_SCRIPT.exec(src);
    const built = script && known.files.get(`${script[1]}_astro_type_script_index_${script[2]}_lang`);
    if (!built) throw new NotLikeTheBuild(`the served build has no script for ${src}`);
    return tag.replace(`src="${src}"`, `src="${built}"`);
  });
  page = page.replace(ISLAND, (tag) => {
    const key = `${baseName(attribute(tag, 'component-url') ?? '')}#${attribute(tag, 'component-export')}`;
    const island = known.islands.get(key);
    if (!island) throw new NotLikeTheBuild(`the served build has no island ${key}`);
    let built = setAttribute(tag, 'component-url', island.componentUrl);
    built = setAttribute(built, 'renderer-url', island.rendererUrl);
    return setAttribute(built, 'before-hydration-url', island.beforeHydrationUrl);
  });
  const leftover = SOURCE_LEFTOVER.exec(page);
  if (leftover) throw new NotLikeTheBuild(`the page still names a source file: ${leftover[0]}`);
  const meta = `<meta http-equiv="content-security-policy" content="${policyOf(page)}">`;
  const head = /<meta charset="[^"]*">/i.exec(page) ?? /<head\b[^>]*>/i.exec(page);
  if (!head) throw new NotLikeTheBuild('the page has no <head>');
  const at = head.index + head[0].length;
  return Buffer.from(page.slice(0, at) + meta + page.slice(at));
}
