/** What the visit tests share: browsers' user agents, a small site's pages, and a dump of the whole database. */
import type { PageKind } from '../../core/visit/beacon-fields.ts';
import { rawQuery, type StoreKind } from './stores.ts';

export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 VisitTest';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 VisitTest';
export const testPages = new Map<string, PageKind>([
  ['/', 'home'],
  ['/auckland', 'city'],
  ['/contact', 'page'],
]);

/** Every row of every table, as text: what a copy of the database would give away. */
export async function dumpDatabase(kind: StoreKind, url: string): Promise<string> {
  const tables =
    kind === 'sqlite'
      ? await rawQuery<{ name: string }>(kind, url, "SELECT name FROM sqlite_master WHERE type = 'table'")
      : await rawQuery<{ name: string }>(kind, url, 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()');
  const dump: string[] = [];
  for (const { name } of tables) dump.push(name, JSON.stringify(await rawQuery(kind, url, `SELECT * FROM ${name}`)));
  return dump.join('\n');
}
