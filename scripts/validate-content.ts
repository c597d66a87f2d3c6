/**
 * Checks content files against the collection schemas without running Astro:
 *   node scripts/validate-content.ts [file ...]   (default: every content file)
 * Prints each error with its path in the entry, and the word count of MDX bodies; exits 1 on any error.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, basename } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { collectionSchemas, seoLengths } from '../src/lib/content-schemas.ts';
import { fillTokensDeep } from '../src/lib/tokens.ts';
import { countWords, splitFrontmatter } from '../src/lib/word-count.ts';

const root = new URL('../src/content/', import.meta.url).pathname;
const schemas: Record<string, z.ZodType> = collectionSchemas;

function allFiles(): string[] {
  return Object.keys(schemas).flatMap((dir) => {
    try {
      return readdirSync(join(root, dir)).map((f) => join(root, dir, f));
    } catch {
      return [];
    }
  });
}

export function validateFile(file: string): { errors: string[]; words?: number } {
  const dir = basename(join(file, '..'));
  const schema = schemas[dir];
  if (!schema) return { errors: [`${file}: not in a known collection folder`] };
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  let words: number | undefined;
  if (file.endsWith('.mdx')) {
    const { frontmatter, body } = splitFrontmatter(text);
    data = parse(frontmatter);
    words = countWords(body);
  } else {
    data = parse(text);
  }
  const result = schema.safeParse(data);
  const errors = result.success ? [] : result.error.issues.map((i) => `${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
  if (result.success) {
    const filled = fillTokensDeep(result.data) as { title?: string; description?: string };
    const { title, description } = seoLengths;
    if (filled.title && filled.title.length > title.max) errors.push(`${file}: title: ${filled.title.length} characters after tokens (max ${title.max})`);
    if (filled.description && filled.description.length > description.max) errors.push(`${file}: description: over ${description.max} characters after tokens`);
  }
  return words === undefined ? { errors } : { errors, words };
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
