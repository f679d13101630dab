import type { BigtableConnection } from './bigtable-connection.js';

/**
 * Bounds of the target rate, as Google's Java client (`RateLimitingServerStreamingCallable`) and google-cloud-cpp's
 * `MutateRowsLimiter` bound it: a factor is clamped to [0.7, 1.3], the rate to [0.1, 100,000] requests per second.
 *
 * @example
 * ```ts
 * const strict: MutateRowsLimiterBounds = { ...DEFAULT_LIMITER_BOUNDS, minQps: 1 };
 * ```
 */
export interface MutateRowsLimiterBounds {
  readonly minQps: number;
  readonly maxQps: number;
  readonly minFactor: number;
  readonly maxFactor: number;
}

/** The bounds Google's clients use. */
export const DEFAULT_LIMITER_BOUNDS: MutateRowsLimiterBounds = Object.freeze({
  minQps: 0.1,
  maxQps: 100_000,
  minFactor: 0.7,
  maxFactor: 1.3,
});

/** How far back the request rate is measured when the service first asks for flow control. */
const OBSERVE_MS = 1_000;

/** What a MutateRows response says about load (`RateLimitInfo`): wait `periodMs` between changes, scale by `factor`. */
export interface RateLimitHint {
  readonly periodMs: number;
  readonly factor: number;
}

/**
 * Server-driven flow control of MutateRows requests (`RateLimitInfo`, FeatureFlags `mutate_rows_rate_limit` and
 * `mutate_rows_rate_limit2`). Off until a response carries a hint; then every request waits for its slot at the
 * target rate, which starts at the rate observed (requests in the last second-long window) and is multiplied by each hint's factor
 * (clamped), at most once per the hint's period; a response without a hint turns it off again (the service no
 * longer asks). A failure that signals overload (DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE) while it is
 * on lowers the rate by the smallest factor. Pure apart from the clock, which tests inject.
 *
 * @example
 * ```ts
 * const limiter = new MutateRowsLimiter();
 * await sleep(limiter.reserve());        // before each request
 * limiter.onResponse({ periodMs: 1_000, factor: 0.8 }); // after each response
 * ```
 */
export class MutateRowsLimiter {
  private on = false;
  private rate = 0;
  private nextSlotAt = 0;
  private changedAt = Number.NEGATIVE_INFINITY;
  private periodMs = 0;
  // Requests counted per second-long window while off (this one and the one before), to start from the rate
  // actually used: two counters instead of a timestamp per request.
  private windowStart = Number.NEGATIVE_INFINITY;
  private inWindow = 0;
  private inPreviousWindow = 0;

  constructor(
    private readonly bounds: MutateRowsLimiterBounds = DEFAULT_LIMITER_BOUNDS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the service currently asks for flow control. */
  get enabled(): boolean {
    return this.on;
  }

  /** The target rate in requests per second while enabled. */
  get qps(): number {
    return this.rate;
  }

  /** Reserves the next request's slot; returns how many milliseconds to wait before sending it (0 when off). */
  reserve(): number {
    const now = this.now();
    if (!this.on) {
      this.count(now);
      return 0;
    }
    const at = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = at + 1_000 / this.rate;
    return at - now;
  }

  /** Takes a MutateRows response's hint (undefined: the response carried none). */
  onResponse(hint: RateLimitHint | undefined): void {
    if (hint === undefined) {
      if (this.on) {
        this.on = false;
        // The rate observed while limited is not the free rate: the next start measures afresh.
        this.windowStart = Number.NEGATIVE_INFINITY;
        this.inWindow = 0;
        this.inPreviousWindow = 0;
      }
      return;
    }
    const now = this.now();
    if (!this.on) {
      this.on = true;
      this.count(now, 0);
      this.rate = this.clampRate(Math.max(this.inWindow, this.inPreviousWindow) / (OBSERVE_MS / 1_000));
      this.nextSlotAt = now;
      this.changedAt = Number.NEGATIVE_INFINITY;
    }
    this.periodMs = Math.max(0, hint.periodMs);
    this.adjust(now, hint.factor);
  }

  /** Takes a failed request's gRPC code: overload lowers the rate while flow control is on. */
  onFailure(code: number | undefined): void {
    if (!this.on || (code !== 4 && code !== 8 && code !== 14)) return;
    this.adjust(this.now(), this.bounds.minFactor);
  }

  /** Counts `added` requests at `now`, moving to a new window when the current one is over. */
  private count(now: number, added = 1): void {
    const elapsed = now - this.windowStart;
    if (elapsed >= OBSERVE_MS) {
      this.inPreviousWindow = elapsed < 2 * OBSERVE_MS ? this.inWindow : 0;
      this.inWindow = 0;
      this.windowStart = now;
    }
    this.inWindow += added;
  }

  private adjust(now: number, factor: number): void {
    if (now - this.changedAt < this.periodMs) return;
    const clamped = Math.min(this.bounds.maxFactor, Math.max(this.bounds.minFactor, factor));
    if (!Number.isFinite(clamped)) return;
    this.rate = this.clampRate(this.rate * clamped);
    this.changedAt = now;
    // A slot reserved at the old rate further out than one slot at the new rate is pulled in (speeding up).
    this.nextSlotAt = Math.min(this.nextSlotAt, now + 1_000 / this.rate);
  }

  private clampRate(rate: number): number {
    return Math.min(this.bounds.maxQps, Math.max(this.bounds.minQps, rate));
  }
}

const LIMITERS = new WeakMap<BigtableConnection, MutateRowsLimiter>();

/**
 * The flow control shared by every MutateRows request of a connection (all tables, all batches at once), as
 * Google's clients share it per client.
 *
 * @example
 * ```ts
 * const wait = mutateRowsLimiterOf(conn).reserve();
 * ```
 */
export function mutateRowsLimiterOf(connection: BigtableConnection): MutateRowsLimiter {
  let limiter = LIMITERS.get(connection);
  if (limiter === undefined) {
    limiter = new MutateRowsLimiter();
    LIMITERS.set(connection, limiter);
  }
  return limiter;
}
