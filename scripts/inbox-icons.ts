/**
 * Makes the inbox app's home-screen icons from the site's own mark (public/favicon.svg):
 *   node scripts/inbox-icons.ts
 * 192 and 512 px as the mark is drawn (its rounded square); a 512 px maskable one where the mark's
 * lines sit well inside the middle 80 % (the part every shape keeps) on a full square of its blue,
 * so a phone that cuts the icon into a circle or a squircle cuts only background; and a 96 px badge,
 * the lines alone, for Android's status bar (it shows only the badge's shape). Run again after the
 * mark changes; the PNGs are kept in public/inbox/ so a build needs no image work.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const root = resolve(import.meta.dirname, '..');
const mark = readFileSync(resolve(root, 'public/favicon.svg'), 'utf8');
const out = (name: string) => resolve(root, 'public/inbox', name);

for (const size of [192, 512])
  await sharp(Buffer.from(mark), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));

// The maskable icon: the mark's square made full-bleed, its lines shrunk into the safe zone.
const lines = /<g[\s\S]*<\/g>/.exec(mark)?.[0];
const fill = /fill="(#[0-9a-f]{6})"/i.exec(mark)?.[1];
if (!lines || !fill) throw new Error('public/favicon.svg no longer has the square and lines this script expects');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${fill}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${lines}</g></svg>`;
await sharp(Buffer.from(maskable), { density: (72 * 512) / 32 })
  .resize(512, 512)
  .png()
  .toFile(out('icon-maskable-512.png'));
// The badge Android shows in the status bar takes only the icon's shape (its alpha): the lines alone, on nothing.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${lines}</svg>`;
await sharp(Buffer.from(badge), { density: (72 * 96) / 32 })
  .resize(96, 96)
  .png()
  .toFile(out('badge-96.png'));
console.log('public/inbox/icon-192.png, icon-512.png, icon-maskable-512.png and badge-96.png written');
