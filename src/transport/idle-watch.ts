/**
 * One watch of an {@link IdleWatch}: armed, it fires its callback once it has been silent until its deadline;
 * disarmed (or stopped), never.
 *
 * @example
 * ```ts
 * const idle = READ_IDLE_WATCH.watch(30_000, () => abandonStream(stream));
 * idle.arm(); // waiting for the next response
 * idle.disarm(); // it came
 * idle.stop(); // the attempt is over
 * ```
 */
export interface Watch {
  /** Starts (or restarts) the silence: fires after the watch's idle time unless disarmed or stopped first. */
  arm(): void;
  /** Stops counting until armed again. */
  disarm(): void;
  /** Ends the watch: it never fires again, and its watcher forgets it. */
  stop(): void;
}

/** One watch as its watcher keeps it: `deadline` is a `Date.now()` time, Infinity while disarmed. */
class WatchEntry implements Watch {
  deadline = Infinity;
  watched = false;

  constructor(
    private readonly owner: IdleWatch,
    private readonly idleMs: number,
    readonly onIdle: () => void,
  ) {}

  arm(): void {
    this.deadline = Date.now() + this.idleMs;
    this.owner.armed(this);
  }

  disarm(): void {
    this.deadline = Infinity;
  }

  stop(): void {
    this.deadline = Infinity;
    this.owner.forget(this);
  }
}

/**
 * Fires a callback when something stays silent for a given time, for many watchers on one shared timer. A
 * `setTimeout` and `clearTimeout` per ReadRows call (a point get) cost more than the rest of the read's own
 * bookkeeping; here starting, re-arming and stopping a watch are a clock read and a Set update, and the one timer
 * wakes at the earliest deadline. A {@link Watch} re-armed per response (a streaming read) stays in the Set and
 * only moves its deadline: a new entry per response, added to and deleted from this long-lived Set, was promoted
 * by V8's young-generation collector and made a 500,000-row scan's heap grow by 58 MiB of garbage (issue 30).
 *
 * @example
 * ```ts
 * const watch = new IdleWatch();
 * const stop = watch.start(30_000, () => abandonStream(stream));
 * stop(); // the stream answered, or ended
 * ```
 */
export class IdleWatch {
  private readonly watched = new Set<WatchEntry>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;

  /**
   * Calls `onIdle` once `idleMs` have passed, unless the returned function is called first. Calling `start` again
   * with the same entry is not supported: each watch is its own.
   */
  start(idleMs: number, onIdle: () => void): () => void {
    const entry = new WatchEntry(this, idleMs, onIdle);
    entry.arm();
    return () => entry.stop();
  }

  /** A watch of `idleMs` that starts disarmed, for something re-armed many times (each response of a stream). */
  watch(idleMs: number, onIdle: () => void): Watch {
    return new WatchEntry(this, idleMs, onIdle);
  }

  /** @internal Called by an entry that was just armed. */
  armed(entry: WatchEntry): void {
    if (!entry.watched) {
      entry.watched = true;
      this.watched.add(entry);
    }
    if (entry.deadline < this.timerAt) this.schedule(entry.deadline);
  }

  /** @internal Called by an entry that was stopped. */
  forget(entry: WatchEntry): void {
    if (!entry.watched) return;
    entry.watched = false;
    this.watched.delete(entry);
  }

  private schedule(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - Date.now()));
    // In-flight calls keep the process alive through their sockets; a watch alone must not.
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    const due: WatchEntry[] = [];
    for (const entry of this.watched) {
      if (entry.deadline <= now) due.push(entry);
      else if (entry.deadline < next) next = entry.deadline;
    }
    for (const entry of due) entry.stop();
    if (next !== Infinity) this.schedule(next);
    for (const entry of due) entry.onIdle();
  }
}

/** The watch every ReadRows attempt of the process shares. */
export const READ_IDLE_WATCH = new IdleWatch();
