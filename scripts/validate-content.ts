/**
 * Checks content files with the rules every entry must pass (src/lib/content-check.ts), without
 * running Astro:
 *   node scripts/validate-content.ts [file ...]   (default: every content file)
 * Prints each error with its path in the entry, and the word count of MDX bodies; exits 1 on any error.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { collectionNames, entryFromText, readEntries, routesOf } from '../src/lib/content-entries.ts';
import { checkEntry } from '../src/lib/content-check.ts';
import { collectionFiles } from '../src/lib/content-files.ts';
import type { CollectionName } from '../src/lib/content-schemas.ts';
import { countWords } from '../src/lib/word-count.ts';

const root = new URL('../src/content/', import.meta.url).pathname;
const routes = routesOf(readEntries(root).values());

function allFiles(): string[] {
  return [...readEntries(root).values()].map((e) => join(root, e.collection, `${e.id}.${collectionFiles[e.collection]}`));
}

export function validateFile(file: string): { errors: string[]; words?: number } {
  const collection = basename(dirname(file));
  if (!(collectionNames as string[]).includes(collection)) return { errors: [`${file}: not in a known collection folder`] };
  const id = basename(file).replace(/\.[a-z]+$/, '');
  const entry = entryFromText(collection as CollectionName, id, readFileSync(file, 'utf8'));
  const errors = checkEntry(entry.collection, entry.data, entry.body, routes).map((p) => `${file}: ${p.path || '(root)'}: ${p.message}`);
  return entry.body === undefined ? { errors } : { errors, words: countWords(entry.body) };
}

if (import.meta.main) {
  const files = process.argv.slice(2).length ? process.argv.slice(2) : allFiles();
  let failed = 0;
  for (const file of files) {
    const { errors, words } = validateFile(file);
    if (errors.length) failed++;
    for (const e of errors) console.error(e);
    console.log(`${errors.length ? 'FAIL' : 'ok  '} ${file}${words !== undefined ? ` (${words} words)` : ''}`);
  }
  process.exit(failed ? 1 : 0);
}
