/**
 * A page from the preview renderer made to load as the served build's pages do: each component
 * script and island pointed at the served build's file for it, no source path left, and a content
 * security policy holding the hash of each inline script and style. A page with a script the served
 * build lacks (or any a development server would add) is refused, so the caller builds instead.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Asset } from '../../server/http/plugins/static.ts';
import { likeTheBuild, NotLikeTheBuild } from '../../server/site/like-the-build.ts';

const asset = (type: string, body: string): Asset => ({ type, body: Buffer.from(body), etag: '"x"', cacheControl: 'public' });

const BUILT_ISLAND =
  '<astro-island uid="a" component-url="/_astro/QuoteForm.dyYErQvf.js" component-export="QuoteForm" renderer-url="/_astro/client.XI9U0KhD.js" ssr client="visible"></astro-island>';
const BUILT_SCRIPT = '/_astro/BaseLayout.astro_astro_type_script_index_0_lang.DMyLw58Y.js';

const served = new Map<string, Asset>([
  ['/contact/', asset('text/html; charset=utf-8', `<html><head></head><body>${BUILT_ISLAND}</body></html>`)],
  [BUILT_SCRIPT, asset('text/javascript', 'void 0')],
  ['/_astro/QuoteForm.dyYErQvf.js', asset('text/javascript', 'void 0')],
]);

const INLINE_SCRIPT = '(()=>{self.Astro=1})();';
const STYLE = '.prose{color:#111}';

/** A page as the preview renderer makes it: scripts and islands named by their sources, the served stylesheet added. */
function devPage({ island = 'QuoteForm', script = 'BaseLayout' } = {}): string {
  return [
    '<!DOCTYPE html><html lang="en-NZ"><head><meta charset="utf-8"><title>Contact</title>',
    '<script type="application/ld+json">{"@type":"LocalBusiness"}</script>',
    `<style>${STYLE}</style>`,
    `<script>${INLINE_SCRIPT}</script>`,
    '</head><body><h1>Contact us</h1>',
    `<astro-island uid="b" component-url="/src/components/${island}.tsx" component-export="${island}" renderer-url="@astrojs/react/client.js" before-hydration-url="astro:scripts/before-hydration.js" ssr client="visible"></astro-island>`,
    `<script type="module" src="/src/layouts/${script}.astro?astro&type=script&index=0&lang.ts"></script>`,
    '</body></html>',
  ].join('');
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('a page from the preview renderer, made to load as the build does', () => {
  it('points scripts and islands at the served build and carries its own policy', () => {
    const page = likeTheBuild(devPage(), served).toString('utf8');
    expect(page).toContain('<h1>Contact us</h1>');
    expect(page).toContain(`<script type="module" src="${BUILT_SCRIPT}"></script>`);
    expect(page).toContain('component-url="/_astro/QuoteForm.dyYErQvf.js"');
    expect(page).toContain('renderer-url="/_astro/client.XI9U0KhD.js"');
    for (const gone of ['/src/', '@astrojs/react', 'before-hydration-url']) expect(page).not.toContain(gone);
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(page)?.[1];
    expect(policy).toContain(`script-src 'self' ${hash(INLINE_SCRIPT)};`);
    expect(policy).toContain(`style-src 'self' ${hash(STYLE)};`);
    expect(policy).toContain("default-src 'self';");
    // The data block is not a script a browser runs: no hash for it.
    expect(policy).not.toContain(hash('{"@type":"LocalBusiness"}'));
    // Before anything it governs, and after the character set (which must come first).
    expect(page.indexOf('content-security-policy')).toBeGreaterThan(page.indexOf('<meta charset'));
    expect(page.indexOf('content-security-policy')).toBeLessThan(page.indexOf('<style'));
  });

  it('refuses a page whose island or component script the served build does not have', () => {
    expect(() => likeTheBuild(devPage({ island: 'CoolRoomCalculator' }), served)).toThrow(NotLikeTheBuild);
    expect(() => likeTheBuild(devPage({ script: 'ArticleLayout' }), served)).toThrow(NotLikeTheBuild);
  });

  it('refuses a page that would still ask for a source file, or a script the build does not make', () => {
    const page = devPage().replace('<h1>', '<img src="/@fs/srv/site/src/assets/van.jpg" alt=""><h1>');
    expect(() => likeTheBuild(page, served)).toThrow(NotLikeTheBuild);
    expect(() => likeTheBuild(devPage().replace('<head>', '<head><link rel="preload" href="/node_modules/x.js">'), served)).toThrow(NotLikeTheBuild);
    expect(() => likeTheBuild(devPage().replace('</head>', '<script type="module" src="/@vite/client"></script></head>'), served)).toThrow(NotLikeTheBuild);
  });
});
