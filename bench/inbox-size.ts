/**
 * The inbox's JavaScript on first load, compressed: every script dist/inbox/index.html loads and
 * everything those import statically, gzip and brotli as the server sends them. Fails above the
 * budget (120 KB), and shows that no public page loads the inbox's code. The Reports view and its
 * charts load only when opened (a dynamic import): first load plus that must fit the budget too.
 * Run after `npm run build`: node bench/inbox-size.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist');
const BUDGET = 120 * 1024;

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

const withReports = closure(scriptsOf(readFileSync(join(dist, 'inbox/index.html'), 'utf8')), true);
const later = [...withReports].filter((f) => !inboxFiles.has(f));
const laterGzip = later.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
for (const file of later) console.log(`${relative(dist, file).padEnd(40)} (loaded when opened)`);
const allGzip = gzip + laterGzip;
console.log(`inbox with the reports opened: gzip ${(allGzip / 1024).toFixed(1)} KB (budget ${BUDGET / 1024} KB)`);

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
if (allGzip > BUDGET || leaking.length) process.exit(1);
