/** The Node flags `npm start` gives the server (its memory settings), read from a checkout's package.json, so tests and benches run the server as it runs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function startFlags(checkout: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--max-'));
}
