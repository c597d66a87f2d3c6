/**
 * The order Vitest starts test files in: the slowest first, so the run does not end with two
 * workers idle while the third finishes a minute-long file it started last. Vitest orders by each
 * file's last duration when it has them, but a fresh clone (CI) has none and falls back to file
 * size, which put the two slowest files among the last ten to start.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first (about 20-60 s each on two cores: real site builds,
 * a development server, instances killed and waiting out their leases, many CLI processes).
 * Those that mostly wait alternate with those that keep a core busy.
 */
export const SLOWEST = [
  'tests/server/site-quick-preview.test.ts',
  'tests/server/crash-dispatch.test.ts',
  'tests/server/cli.test.ts',
  'tests/server/site-announce.test.ts',
  'tests/server/site-photos.test.ts',
  'tests/server/crash-ladder.test.ts',
  'tests/server/inbox-attack.test.ts',
  'tests/server/site-old-files.test.ts',
  'tests/server/live-preview.test.ts',
  'tests/server/faults.test.ts',
  'tests/server/site-editor.test.ts',
  'tests/server/backup.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = SLOWEST.findIndex((file) => spec.moduleId.endsWith(file));
  return at < 0 ? SLOWEST.length : at;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
