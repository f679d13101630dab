import { AbortedError } from '../errors/aborted-error.js';
import { ConnectionClosedError } from '../errors/connection-closed-error.js';
import { DeadlineExceededError } from '../errors/deadline-exceeded-error.js';
import { checkMilliseconds, checkSignal } from '../errors/check-argument.js';
import type { AttemptRecord, CallRecord, OperationRecord } from '../observe/call-record.js';
import type { BoundCallOptions } from './call-timeouts.js';
import { IdleWatch } from './idle-watch.js';

/** Why a call was stopped from outside its own attempts. */
export type StopReason = AbortedError | ConnectionClosedError | DeadlineExceededError;

/**
 * The calls listening to each connection's close signal: one listener per connection instead of an add and a
 * remove on the signal per call (EventTarget's are slow enough to show in a point read's cost).
 */
/** The deadlines of all calls in flight. */
const DEADLINE_WATCH = new IdleWatch();

const closeWatchers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * The life of one call: its overall deadline, the caller's AbortSignal and the connection's close signal, merged
 * into one signal that attempts listen to. `stopReason()` says which of them ended the call, as the typed error
 * the caller sees.
 *
 * @example
 * ```ts
 * const scope = new CallScope('MutateRow', connection.closeSignal, { signal, timeoutMs: 5_000 });
 * scope.throwIfStopped(); // before sending
 * ```
 */
export class CallScope {
  readonly deadlineAt: number | undefined;
  readonly startedAt = Date.now();
  // Made on first use of `signal`: an AbortController per call is a measurable part of a point read's cost, and
  // most calls never need one (attempts register with `onStop`).
  private controller: AbortController | undefined;
  private readonly unwatchDeadline: (() => void) | undefined;
  /** The deadline's budget in ms, for its DeadlineExceededError. */
  private readonly budgetMs: number | undefined;
  private reason: StopReason | undefined;
  private readonly cleanups: Array<() => void> = [];
  private stopListeners: Array<() => void> | undefined;
  /** The public call's record, when it is observed: every attempt of this RPC is counted in it. */
  readonly record: CallRecord | undefined;
  private attempts = 0;
  /** This RPC in the call's record (one operation of the built-in metrics). */
  private readonly operation: OperationRecord | undefined;

  /** `options.appProfileId`: the profile the RPC runs under (the built-in metrics' `app_profile`). */
  constructor(
    readonly rpc: string,
    closeSignal: AbortSignal,
    options: BoundCallOptions & {
      readonly appProfileId?: string | undefined;
      readonly tableId?: string | undefined;
    },
  ) {
    const { signal, timeoutMs, deadlineAt } = options;
    this.record = options.record;
    this.operation = options.record?.operation(rpc, options.appProfileId, options.tableId);
    // A signal that is no AbortSignal would fail deep in the transport (or be ignored): refused like a bad deadline.
    checkSignal({ api: rpc, argument: 'signal' }, signal);
    if (timeoutMs !== undefined) checkMilliseconds({ api: rpc, argument: 'timeoutMs' }, timeoutMs);
    // A deadline shared with earlier RPCs of the same public call (see BoundCallOptions) wins over a fresh one.
    this.deadlineAt = deadlineAt ?? (timeoutMs === undefined ? undefined : this.startedAt + timeoutMs);
    this.watchClose(closeSignal);
    if (signal) this.listen(signal, () => new AbortedError(rpc, signal.reason));
    this.budgetMs =
      this.deadlineAt === undefined ? undefined : (timeoutMs ?? this.deadlineAt - this.startedAt);
    if (this.deadlineAt !== undefined && this.reason === undefined) {
      const budget = this.budgetMs!;
      const left = this.deadlineAt - this.startedAt;
      if (left <= 0) {
        // Begun past the public call's deadline: stopped before anything is sent.
        this.stop(new DeadlineExceededError(rpc, budget));
      } else {
        // One shared timer for every call's deadline (most calls end long before it): a timer set and cleared per
        // call is a measurable part of a point write's cost.
        this.unwatchDeadline = DEADLINE_WATCH.start(left, () =>
          this.stop(new DeadlineExceededError(rpc, budget)),
        );
      }
    }
  }

  /** Aborted with the stop reason when the call is stopped (for APIs that take an AbortSignal). */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.reason !== undefined) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /**
   * Runs `listener` once when the call is stopped (at once if it already is); the returned function unregisters
   * it. A cheaper `signal.addEventListener('abort', ...)` for the SDK's own attempts.
   */
  onStop(listener: () => void): () => void {
    if (this.reason !== undefined) {
      listener();
      return () => undefined;
    }
    const listeners = (this.stopListeners ??= []);
    listeners.push(listener);
    return () => {
      const index = listeners.indexOf(listener);
      if (index >= 0) listeners.splice(index, 1);
    };
  }

  /** Like `listen`, through the connection's one shared listener (see `closeWatchers`). */
  private watchClose(closeSignal: AbortSignal): void {
    if (closeSignal.aborted) {
      this.stop(new ConnectionClosedError(this.rpc));
      return;
    }
    let watchers = closeWatchers.get(closeSignal);
    if (watchers === undefined) {
      const all = new Set<() => void>();
      closeSignal.addEventListener('abort', () => {
        for (const stop of all) stop();
        all.clear();
      });
      closeWatchers.set(closeSignal, all);
      watchers = all;
    }
    const onClose = (): void => this.stop(new ConnectionClosedError(this.rpc));
    watchers.add(onClose);
    this.cleanups.push(() => watchers.delete(onClose));
  }

  private listen(source: AbortSignal, reason: () => StopReason): void {
    if (source.aborted) {
      this.stop(reason());
      return;
    }
    const onAbort = (): void => this.stop(reason());
    source.addEventListener('abort', onAbort, { once: true });
    this.cleanups.push(() => source.removeEventListener('abort', onAbort));
  }

  private stop(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.controller?.abort(reason);
    const listeners = this.stopListeners;
    this.stopListeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }

  /** The typed error that stopped the call, if it was stopped. */
  stopReason(): StopReason | undefined {
    return this.reason;
  }

  /**
   * An attempt of this RPC begins (the first try, or a retry): counted in the call's record, and a child span of the
   * call's when it is traced. Undefined when nobody observes the call. `round`: the try's number when one try
   * sends several requests (MutateRows splits a batch); default the count of tries so far.
   */
  beginAttempt(round?: number): AttemptRecord | undefined {
    if (this.operation === undefined) return undefined;
    this.attempts++;
    return this.operation.attempt(round ?? this.attempts);
  }

  /** Throws the stop reason, if any: call before sending anything. */
  throwIfStopped(): void {
    if (this.reason !== undefined) throw this.reason;
  }

  /**
   * Stops the call at its deadline now, as the deadline watch will a moment later. For an attempt whose own gRPC
   * deadline was the call's (capped by what was left): its DEADLINE_EXCEEDED can arrive before the shared watch
   * fires, and it is the call's deadline all the same, not a transport failure.
   */
  expireDeadline(): void {
    if (this.budgetMs !== undefined) this.stop(new DeadlineExceededError(this.rpc, this.budgetMs));
  }

  /** Milliseconds left before the overall deadline (undefined: none). */
  remainingMs(): number | undefined {
    return this.deadlineAt === undefined ? undefined : this.deadlineAt - Date.now();
  }

  /** Stops listening and drops the deadline watch; call when the call is over. */
  dispose(): void {
    this.operation?.end();
    this.unwatchDeadline?.();
    for (const cleanup of this.cleanups) cleanup();
    this.cleanups.length = 0;
  }
}

/**
 * Settles with `promise`, or rejects with the scope's stop reason as soon as the scope is stopped. The promise's
 * own later rejection is absorbed, so an abandoned attempt never becomes an unhandled rejection.
 *
 * @example
 * ```ts
 * const scope = new CallScope('MutateRow', conn.closeSignal, { timeoutMs: 5_000 });
 * const answer = await raceStop(scope, Promise.resolve('sent'));
 * ```
 */
export function raceStop<T>(scope: CallScope, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopped = scope.stopReason();
    if (stopped !== undefined) {
      promise.catch(() => undefined);
      reject(stopped);
      return;
    }
    // `onStop`, not the scope's AbortSignal: making that signal costs an AbortController per call.
    const unlisten = scope.onStop(() => reject(scope.stopReason()));
    promise.then(
      (value) => {
        unlisten();
        resolve(value);
      },
      (error: unknown) => {
        unlisten();
        reject(error);
      },
    );
  });
}
