/** The built inbox page: never indexed, outside the public site (no site header, tracking or sitemap entry). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtPages, distDir, INBOX_ROUTE, metaContent } from '../support/dist.ts';

const inbox = readFileSync(join(distDir, 'inbox/index.html'), 'utf8');

describe('the inbox page', () => {
  it('says noindex, nofollow and carries the site’s strict CSP: scripts by hash, never unsafe-inline', () => {
    expect(metaContent(inbox, 'robots')).toBe('noindex, nofollow');
    const csp = /http-equiv="content-security-policy" content="([^"]+)"/i.exec(inbox)?.[1] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/'sha256-/);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('loads none of the public site’s scripts and none of its tracking', () => {
    expect(inbox).not.toContain('commercialLead');
    expect(inbox).not.toMatch(/gtag|googletagmanager/);
  });

  it('is disallowed in robots.txt, missing from the sitemap, and no public page links to it', () => {
    expect(readFileSync(join(distDir, 'robots.txt'), 'utf8')).toMatch(/^Disallow: \/inbox$/m);
    expect(readFileSync(join(distDir, 'sitemap.xml'), 'utf8')).not.toContain('/inbox');
    const pages = builtPages();
    expect(pages.map((p) => p.route)).not.toContain(INBOX_ROUTE);
    expect(pages.filter((p) => p.html.includes('href="/inbox'))).toEqual([]);
  });

  it('installs as an app: a manifest for /inbox/ with its icons, and the service worker in /inbox/ that caches nothing', () => {
    const href = /<link rel="manifest" href="([^"]+)"/.exec(inbox)?.[1];
    expect(href).toBe('/inbox/manifest.webmanifest');
    const manifest = JSON.parse(readFileSync(join(distDir, href!), 'utf8'));
    expect(manifest).toMatchObject({ start_url: '/inbox/', scope: '/inbox/', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) expect(readFileSync(join(distDir, icon.src)).subarray(1, 4).toString()).toBe('PNG');
    const worker = readFileSync(join(distDir, 'inbox/sw.js'), 'utf8');
    expect(worker).toContain("addEventListener('push'");
    expect(worker).not.toMatch(/addEventListener\('fetch'|caches\./);
  });
});
