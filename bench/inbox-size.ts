/**
 * The inbox's JavaScript on first load, compressed: every script dist/inbox/index.html loads and
 * everything those import statically, gzip and brotli as the server sends them. Fails above the
 * budget (120 KB), and shows that no public page loads the inbox's code. The reports (with their
 * charts), the site editor, the people, the partners and the log load only when opened (dynamic
 * imports): the first load plus any one of them must fit the budget too. A part such a section
 * loads only when it is opened in turn (the article editor) is shown on its own, with its own budget.
 * Run after `npm run build`: node bench/inbox-size.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist');
const BUDGET = 120 * 1024;
/**
 * A part a section loads only when it is needed, on its own: the article editor (a rich-text editor
 * with the Markdown reader and writer) opens only when the owner opens an article's or guide's text,
 * never on the inbox's first load or for a lead.
 */
const PART_BUDGET = 300 * 1024;

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => join(dist, m[1]!));
}

/** The file and every module it imports statically (import … from "./x.js", import "./x.js"); with `dynamic`, also import("./x.js"). */
function closure(files: string[], dynamic = false): Set<string> {
  const seen = new Set<string>();
  const todo = [...files];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) todo.push(resolve(dirname(file), m[1]!));
    if (dynamic) for (const m of code.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)) todo.push(resolve(dirname(file), m[1]!));
  }
  return seen;
}

const inboxFiles = closure(scriptsOf(readFileSync(join(dist, 'inbox/index.html'), 'utf8')));
let gzip = 0;
let brotli = 0;
for (const file of inboxFiles) {
  const body = readFileSync(file);
  const g = gzipSync(body, { level: 9 }).length;
  const b = brotliCompressSync(body).length;
  gzip += g;
  brotli += b;
  console.log(`${relative(dist, file).padEnd(40)} ${String(body.length).padStart(8)} B  gzip ${String(g).padStart(7)}  br ${String(b).padStart(7)}`);
}
console.log(`inbox first load: gzip ${(gzip / 1024).toFixed(1)} KB, brotli ${(brotli / 1024).toFixed(1)} KB (budget ${BUDGET / 1024} KB)`);

// Each section the app loads when it is opened (a dynamic import), on top of the first load.
const opened = new Set<string>();
for (const file of inboxFiles)
  for (const m of readFileSync(file, 'utf8').matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)) opened.add(resolve(dirname(file), m[1]!));
let largest = gzip;
const gzipOf = (files: string[]) => files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
const nameOf = (file: string) => relative(dist, file).replace(/\.[\w-]+\.js$/, '');
let editorOver = false;
for (const entry of [...opened].sort()) {
  const section = closure([entry]);
  const extraGzip = gzipOf([...section].filter((f) => !inboxFiles.has(f)));
  largest = Math.max(largest, gzip + extraGzip);
  console.log(`first load + ${nameOf(entry)} when opened: gzip ${((gzip + extraGzip) / 1024).toFixed(1)} KB (budget ${BUDGET / 1024} KB)`);
  // What a section loads only when one of its own parts opens (the article editor, in the site editor).
  const inner = new Set<string>();
  for (const file of section)
    for (const m of readFileSync(file, 'utf8').matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)) inner.add(resolve(dirname(file), m[1]!));
  for (const part of [...inner].filter((f) => !section.has(f) && !opened.has(f)).sort()) {
    const partGzip = gzipOf([...closure([part])].filter((f) => !section.has(f) && !inboxFiles.has(f)));
    const over = partGzip > PART_BUDGET;
    editorOver ||= over;
    console.log(`  + ${nameOf(part)} when opened there: gzip ${(partGzip / 1024).toFixed(1)} KB more (budget ${PART_BUDGET / 1024} KB)${over ? ' OVER' : ''}`);
  }
}

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pages(join(dir, d.name)) : d.name.endsWith('.html') ? [join(dir, d.name)] : [],
  );
}
const inboxOnly = [...inboxFiles].filter((f) => /InboxApp/.test(f));
const leaking = pages(dist)
  .filter((p) => !p.startsWith(join(dist, 'inbox')))
  .filter((p) => [...closure(scriptsOf(readFileSync(p, 'utf8')))].some((f) => inboxOnly.includes(f)));
console.log(leaking.length ? `public pages loading inbox code: ${leaking.join(', ')}` : 'no public page loads the inbox code');
if (largest > BUDGET || editorOver || leaking.length) process.exit(1);
