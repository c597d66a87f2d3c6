/**
 * Sets the clock of a child process (the real server started by a test), which the test cannot hand
 * a clock to: loaded first with `--import` (see `clockAtEnv`), it makes `Date` read `TEST_CLOCK_AT`
 * (an ISO instant) at start and run on from there at the real pace. Only `Date` moves: timers run on
 * their own clock, and the database keeps its own (what the server compares with the database's
 * times, such as a job's next attempt, it reads from the database).
 */
import { pathToFileURL } from 'node:url';

/** The environment that starts a child process's clock at `at`. */
export function clockAtEnv(at: Date): Record<string, string> {
  return { NODE_OPTIONS: `--import=${pathToFileURL(import.meta.filename).href}`, TEST_CLOCK_AT: at.toISOString() };
}

const start = process.env.TEST_CLOCK_AT ? Date.parse(process.env.TEST_CLOCK_AT) : NaN;
if (Number.isFinite(start)) {
  const RealDate = Date;
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    // `new Date()` is now; `new Date(anything)` is that instant, as ever.
    construct: (target, args: unknown[], newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget) as object,
    // `Date()` called as a function gives the current time as text.
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
}
