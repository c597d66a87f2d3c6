/**
 * A task run now and then every interval, one run at a time, until stopped: the outbox worker's
 * poll and the notice scheduler's check. Its timers never keep the process alive.
 */
export class Repeater {
  readonly #run: () => Promise<unknown>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(run: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void) {
    this.#run = run;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Runs now instead of at the next interval, unless a run is under way or it is stopped. */
  soon(): void {
    if (!this.#stopped && !this.#running) this.#schedule(0);
  }

  /** No run starts after this; resolves when the one under way (if any) has finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#running = this.#run()
        .catch(this.#onError)
        .finally(() => {
          this.#running = undefined;
          if (!this.#stopped) this.#schedule(this.#intervalMs);
        });
    }, ms);
    this.#timer.unref();
  }
}
