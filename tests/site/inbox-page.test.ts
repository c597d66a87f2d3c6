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
});
