/**
 * A page as a visitor knows it: the name the site's own menus give its address ("Home",
 * "Emergency Repairs", "Commercial Fridge Prices NZ"), else its title without the business's name
 * after a bar. The site editor lists pages, and names them on its version cards, by these.
 */
import { footerNav, mainNav } from '../config/site.ts';
import { routeOf, titleOf, type ContentEntry } from './content-entries.ts';

const menuNames = new Map<string, string>();
for (const link of [mainNav.home, ...mainNav.links, ...mainNav.menus.flatMap((m) => m.links), ...footerNav.flatMap((g) => g.links)])
  if (!menuNames.has(link.href)) menuNames.set(link.href, link.label);

export function pageNameOf(entry: ContentEntry): string {
  const route = routeOf(entry);
  const named = route === undefined ? undefined : menuNames.get(route);
  if (named) return named;
  const title = titleOf(entry);
  const bar = title.indexOf(' | ');
  return bar > 0 ? title.slice(0, bar) : title;
}
