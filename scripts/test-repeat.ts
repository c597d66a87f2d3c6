/**
 * npm run test:repeat -- N [vitest args]
 * Runs the Vitest suite N times in a row (each a fresh `vitest run`) and prints how many runs passed,
 * so anyone can show the suite is stable; exits 1 unless every run passed. The output of a failed
 * run is kept in test-results/repeat-<n>.log.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const [countArg, ...vitestArgs] = process.argv.slice(2);
const runs = Number(countArg ?? '10');
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`Usage: npm run test:repeat -- N [vitest args]   (N a whole number of runs, not "${countArg}")`);
  process.exit(2);
}

const vitest = join(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
mkdirSync('test-results', { recursive: true });
let passed = 0;
const durations: number[] = [];
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [vitest, 'run', ...vitestArgs], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const seconds = (Date.now() - started) / 1000;
  durations.push(seconds);
  const summary =
    stripVTControlCharacters(run.stdout)
      .match(/^\s*Tests\s+.*$/m)?.[0]
      ?.trim() ?? 'no summary';
  if (run.status === 0) passed++;
  else writeFileSync(`test-results/repeat-${i}.log`, `${run.stdout}\n${run.stderr}`);
  console.log(
    `run ${i}/${runs}: ${run.status === 0 ? 'passed' : `FAILED (exit ${run.status}, log test-results/repeat-${i}.log)`} in ${seconds.toFixed(1)} s · ${summary}`,
  );
}
durations.sort((a, b) => a - b);
console.log(`${passed} of ${runs} runs passed (median ${durations[Math.floor(durations.length / 2)]!.toFixed(1)} s a run)`);
process.exit(passed === runs ? 0 : 1);
