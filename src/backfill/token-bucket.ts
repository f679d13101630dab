import { abortableSleep } from '../transport/abortable-sleep.js';

/**
 * The clock and sleep a {@link TokenBucket} runs on: the real ones by default, a fake pair in tests (so that a rate
 * is checked by counting grants against simulated time, never by measuring wall-clock time).
 *
 * @example
 * ```ts
 * const clock: BucketClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
 * ```
 */
export interface BucketClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const REAL_CLOCK: BucketClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => abortableSleep(ms, signal),
};

/**
 * A token bucket: `ratePerSecond` tokens a second, holding at most `burst` (default: a tenth of a second's worth,
 * at least one), so that over any interval of t seconds at most `burst + rate·t` takes are granted.
 *
 * @example
 * ```ts
 * const bucket = new TokenBucket(500);
 * for (const row of rows) { await bucket.take(); await migrate(row); }
 * ```
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();
  readonly burst: number;

  constructor(
    readonly ratePerSecond: number,
    options: { readonly burst?: number; readonly clock?: BucketClock } = {},
  ) {
    this.clock = options.clock ?? REAL_CLOCK;
    this.burst = options.burst ?? Math.max(1, ratePerSecond / 10);
    this.tokens = this.burst;
    this.last = this.clock.now();
  }

  private readonly clock: BucketClock;

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
  }

  /** Waits until a token is available and takes it. Callers are served in order. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(async () => {
      this.refill();
      // The epsilon absorbs floating-point residue, which could otherwise ask for sleeps too small to advance time.
      while (this.tokens < 1 - 1e-9) {
        await this.clock.sleep(((1 - this.tokens) / this.ratePerSecond) * 1000, signal);
        this.refill();
      }
      this.tokens = Math.max(0, this.tokens - 1);
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}
