/** A fixed-window counter per client address: RATE_LIMIT_MAX posts per RATE_LIMIT_WINDOW. */
export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Counts one request; says whether it is allowed and, if not, how many seconds until it would be. */
  hit(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    if (this.#hits.size > 10_000) this.#sweep(now);
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.#windowMs };
      this.#hits.set(key, entry);
    }
    entry.count++;
    return { allowed: entry.count <= this.#max, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}
