/**
 * fast-check as the Vitest suite sees it (vitest.config.ts points `fast-check` here): the real
 * library, with one setting for the number of runs of every property. A property's `numRuns` is
 * what a developer's `npm test` runs. Under CI, a property of more than CI_MIN_RUNS runs runs a
 * quarter of them, but never fewer than CI_MIN_RUNS: the large counts (up to 3000) are for hunting
 * locally, and each CI run draws a new seed, so the runs add up over builds. PROPERTY_RUNS=full runs
 * every property in full anywhere. PROPERTY_SEED (and PROPERTY_PATH) replay the case a failure
 * printed, as fast-check's report gives them.
 */
// The library's own file, by path: the name `fast-check` is this file in the suite.
import real from '../../node_modules/fast-check/lib/fast-check.js';

export * from '../../node_modules/fast-check/lib/fast-check.js';

export const CI_MIN_RUNS = 200;

/** The runs a property that asks for `asked` makes here. */
export function propertyRuns(asked: number, ci = Boolean(process.env.CI) && process.env.PROPERTY_RUNS !== 'full'): number {
  return ci ? Math.min(asked, Math.max(CI_MIN_RUNS, Math.ceil(asked / 4))) : asked;
}

type Params = Parameters<typeof real.assert>[1];

/** A failure's seed and path from the environment, to run again the case it printed. */
function replay(env = process.env): Params {
  if (env.PROPERTY_SEED === undefined) return {};
  return { seed: Number(env.PROPERTY_SEED), ...(env.PROPERTY_PATH === undefined ? {} : { path: env.PROPERTY_PATH }) };
}

/** fast-check's assert, with `numRuns` as propertyRuns says. */
export const assert = ((property: Parameters<typeof real.assert>[0], params?: Params) =>
  real.assert(property as never, {
    ...params,
    ...(params?.numRuns === undefined ? {} : { numRuns: propertyRuns(params.numRuns) }),
    ...replay(),
  })) as typeof real.assert;

export default { ...real, assert };
