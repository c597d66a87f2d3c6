/**
 * Run after `npm install` changes package-lock.json:  node scripts/lock-platform-packages.ts
 *
 * Why: the npm registry copy this project is built against lacks some platform builds of native
 * packages (for example @astrojs/compiler-binding-darwin-arm64@0.5.1). `npm install` then leaves
 * them out of package-lock.json, and `npm ci` refuses the lock as out of sync. This adds each
 * missing optional platform package to the lock with its os/cpu/libc, read from its name, so
 * `npm ci` skips it on machines it does not fit (and fetches it from the public registry on
 * machines it does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const lockPath = resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, Record<string, unknown>> };

const platforms: [RegExp, { os?: string[]; cpu?: string[]; libc?: string[] }][] = [
  [/-android-arm64$/, { os: ['android'], cpu: ['arm64'] }],
  [/-darwin-arm64$/, { os: ['darwin'], cpu: ['arm64'] }],
  [/-darwin-x64$/, { os: ['darwin'], cpu: ['x64'] }],
  [/-freebsd-x64$/, { os: ['freebsd'], cpu: ['x64'] }],
  [/-linux-arm-gnueabihf$/, { os: ['linux'], cpu: ['arm'] }],
  [/-linux-arm64-gnu$/, { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] }],
  [/-linux-arm64-musl$/, { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }],
  [/-linux-x64-gnu$/, { os: ['linux'], cpu: ['x64'], libc: ['glibc'] }],
  [/-linux-x64-musl$/, { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
  [/-wasm32-wasi$/, { cpu: ['wasm32'] }],
  [/-win32-arm64-msvc$/, { os: ['win32'], cpu: ['arm64'] }],
  [/-win32-x64-msvc$/, { os: ['win32'], cpu: ['x64'] }],
];

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  const optional = entry.optionalDependencies as Record<string, string> | undefined;
  if (!optional) continue;
  for (const [name, version] of Object.entries(optional)) {
    const platform = platforms.find(([re]) => re.test(name))?.[1];
    if (!platform) continue;
    // npm hoists to the top level unless a nested copy exists.
    const nested = `${path}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    lock.packages[top] = { version, optional: true, ...platform };
    added++;
    console.log(`added ${name}@${version}`);
  }
}

if (added) {
  const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  lock.packages = sorted;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(added ? `${added} platform package(s) added to package-lock.json` : 'package-lock.json already lists every platform package');
