/**
 * RATE_LIMIT_MAX quote posts per RATE_LIMIT_WINDOW per client, one fixed window per key. On
 * PostgreSQL the counters live in the shared database, so every instance counts the same posts;
 * on SQLite (one instance) they live in memory, bounded. IPv6 clients are keyed by their /64,
 * which one household or server usually holds whole.
 */
import { isIPv6 } from 'node:net';
import type { RateLimitCounter } from '../storage/types.ts';

export type { RateLimitCounter };

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** The rate-limit key of a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counters in this process: at most `maxKeys` keys; past that, expired ones go, then the oldest. */
export class MemoryRateLimitCounter implements RateLimitCounter {
  readonly #hits = new Map<string, { hits: number; resetAt: number }>();
  readonly #maxKeys: number;

  constructor(maxKeys = 50_000) {
    this.#maxKeys = maxKeys;
  }

  get size(): number {
    return this.#hits.size;
  }

  async hit(key: string, windowMs: number, now = Date.now()): Promise<{ hits: number; resetInMs: number }> {
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.#hits.delete(key);
      if (this.#hits.size >= this.#maxKeys) this.#evict(now);
      entry = { hits: 0, resetAt: now + windowMs };
      this.#hits.set(key, entry);
    }
    entry.hits++;
    return { hits: entry.hits, resetInMs: entry.resetAt - now };
  }

  #evict(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
    // Still full: the oldest windows go first (a Map keeps insertion order).
    for (const key of this.#hits.keys()) {
      if (this.#hits.size < this.#maxKeys) break;
      this.#hits.delete(key);
    }
  }
}

export class RateLimiter {
  readonly #counter: RateLimitCounter;
  readonly #max: number;
  readonly #windowMs: number;
  readonly #keyPrefix: string;

  /** `keyPrefix` keeps one limiter's counts apart from another's in the same shared table. */
  constructor(counter: RateLimitCounter, max: number, windowMs: number, keyPrefix = '') {
    this.#counter = counter;
    this.#max = max;
    this.#windowMs = windowMs;
    this.#keyPrefix = keyPrefix;
  }

  /** Counts one request from `ip`; says whether it is allowed and, if not, how many seconds until it would be. */
  async hit(ip: string): Promise<RateLimitVerdict> {
    const { hits, resetInMs } = await this.#counter.hit(this.#keyPrefix + clientKey(ip), this.#windowMs);
    return { allowed: hits <= this.#max, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
  }
}
