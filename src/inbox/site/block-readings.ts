import { createContext } from 'react';
import type { InsertChoice } from './insert-choices.ts';

/**
 * The site's blocks by how each is written (`<Price of="displayFridge" />`), with its name and what
 * it shows now: a block in the article editor shows the owner that, not its tag.
 */
export const BlockReadings = createContext<ReadonlyMap<string, InsertChoice>>(new Map());

/** A block as the text writes it, from its tag and its one setting, if any. */
export function writtenBlock(name: string, props: Record<string, string>): string {
  const settings = Object.entries(props).map(([key, value]) => ` ${key}="${value}"`);
  return `<${name}${settings.join('')} />`;
}

/** The tag and setting of a block choice (`<Calculator tool="leaseBuy" />`), for putting it in the editor. */
export function blockParts(written: string): { name: string; props: Record<string, string> } {
  const name = /^<([A-Za-z]+)/.exec(written)?.[1] ?? '';
  const props = Object.fromEntries([...written.matchAll(/([a-zA-Z]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { name, props };
}
