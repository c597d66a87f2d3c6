/** The repeater behind the outbox's poll and the notice check: one run at a time, soon() on demand, stop() waits for the run under way. */
import { describe, expect, it } from 'vitest';
import { Repeater } from '../../server/outbox/repeater.ts';
import { waitFor } from '../support/peers.ts';

describe('Repeater', () => {
  it('runs at start, again on soon(), never two at once, and not after stop() has waited for the run under way', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const errors: unknown[] = [];
    const repeater = new Repeater(
      async () => {
        runs++;
        most = Math.max(most, ++inFlight);
        await new Promise<void>((resolve) => (release = resolve));
        inFlight--;
        if (runs === 2) throw new Error('second run failed');
      },
      60_000,
      (error) => errors.push(error),
    );
    repeater.start();
    await waitFor(() => runs === 1, { what: 'the first run' });
    repeater.soon(); // a run is under way: ignored
    release();
    await waitFor(() => inFlight === 0, { what: 'the first run to end' });
    repeater.soon();
    await waitFor(() => runs === 2, { what: 'the run asked for' });
    release();
    await waitFor(() => errors.length === 1, { what: 'the failed run to be reported' });
    repeater.soon();
    await waitFor(() => runs === 3, { what: 'a run after a failure' });
    const stopped = repeater.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false); // waits for the run under way
    release();
    await stopped;
    repeater.soon();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(3);
    expect(most).toBe(1);
    expect((errors[0] as Error).message).toBe('second run failed');
  });
});
