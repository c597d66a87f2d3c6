/**
 * The site's own page around the server's messages: the built 404 page (stylesheet, header,
 * footer, its hashed CSP <meta>) with its title and <main> replaced, so a visitor without
 * JavaScript whose post is refused stays on a page that looks like the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../core/escape-html.ts';

export interface PageShell {
  /** The whole page: `title` in <title>, `main` (trusted HTML) as the content of <main>. */
  render(title: string, main: string): string;
}

const MAIN = /(<main\b[^>]*>)[\s\S]*(<\/main>)/;
const TITLE = /<title>[^<]*<\/title>/;
// The 404 page's description and sharing tags describe the 404 page; they go.
const PAGE_META = /<meta (?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/g;

export function loadPageShell(distDir: string): PageShell | undefined {
  const file = join(distDir, '404.html');
  if (!existsSync(file)) return undefined;
  const html = readFileSync(file, 'utf8');
  if (!MAIN.test(html) || !TITLE.test(html)) return undefined;
  const [, siteName = ''] = /<title>[^<|]*\|\s*([^<]*)<\/title>/.exec(html) ?? [];
  const template = html.replace(PAGE_META, '');
  return {
    render: (title, main) =>
      template
        .replace(TITLE, () => `<title>${escapeHtml(title)}${siteName ? ` | ${siteName}` : ''}</title>`)
        .replace(MAIN, (_all, open: string, close: string) => `${open}${main}${close}`),
  };
}
