/**
 * The site's own page around the server's messages: the built 404 page (stylesheet, header,
 * footer, its hashed CSP <meta>) with its title and <main> replaced, so a visitor without
 * JavaScript whose post is refused stays on a page that looks like the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderText } from '../html/render.ts';

export interface PageShell {
  /** The whole page: `title` in <title>, `main` (trusted HTML) as the content of <main>. */
  render(title: string, main: string): string;
  /**
   * The same page without the site's menu and marketing footer, `header` (trusted HTML) in place of
   * its header: for a page with one job to do (the partner's, at night, on a phone).
   */
  renderBare(title: string, main: string, header: string): string;
}

const MAIN = /(<main\b[^>]*>)[\s\S]*(<\/main>)/;
const TITLE = /<title>[^<]*<\/title>/;
const HEADER = /<header\b[^>]*>[\s\S]*?<\/header>/;
const FOOTER = /<footer\b[^>]*>[\s\S]*?<\/footer>/;
// The 404 page's description and sharing tags describe the 404 page; they go.
const PAGE_META = /<meta (?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/g;

export function loadPageShell(distDir: string): PageShell | undefined {
  const file = join(distDir, '404.html');
  if (!existsSync(file)) return undefined;
  const html = readFileSync(file, 'utf8');
  if (!MAIN.test(html) || !TITLE.test(html)) return undefined;
  const [, siteName = ''] = /<title>[^<|]*\|\s*([^<]*)<\/title>/.exec(html) ?? [];
  const template = html.replace(PAGE_META, '');
  const render = (page: string, title: string, main: string) =>
    page
      // The site's name is already markup (it was read from the built page); only `title` is text.
      .replace(TITLE, () => `<title>${renderText(title)}${siteName ? ` | ${siteName}` : ''}</title>`)
      .replace(MAIN, (_all, open: string, close: string) => `${open}${main}${close}`);
  return {
    render: (title, main) => render(template, title, main),
    renderBare: (title, main, header) => render(template.replace(HEADER, () => header).replace(FOOTER, ''), title, main),
  };
}
