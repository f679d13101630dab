/** One watched attempt: fired once it has been silent until `deadline` (a `Date.now()` time). */
interface Watched {
  deadline: number;
  readonly onIdle: () => void;
}

/**
 * Fires a callback when something stays silent for a given time, for many watchers on one shared timer. A
 * `setTimeout` and `clearTimeout` per ReadRows call (a point get) cost more than the rest of the read's own
 * bookkeeping; here starting, re-arming and stopping a watch are a clock read and a Set update, and the one timer
 * wakes at the earliest deadline.
 *
 * @example
 * ```ts
 * const watch = new IdleWatch();
 * const stop = watch.start(30_000, () => abandonStream(stream));
 * stop(); // the stream answered, or ended
 * ```
 */
export class IdleWatch {
  private readonly watched = new Set<Watched>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;

  /**
   * Calls `onIdle` once `idleMs` have passed, unless the returned function is called first. Calling `start` again
   * with the same entry is not supported: each watch is its own.
   */
  start(idleMs: number, onIdle: () => void): () => void {
    const entry: Watched = { deadline: Date.now() + idleMs, onIdle };
    this.watched.add(entry);
    if (entry.deadline < this.timerAt) this.schedule(entry.deadline);
    return () => void this.watched.delete(entry);
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
    const due: Watched[] = [];
    for (const entry of this.watched) {
      if (entry.deadline <= now) due.push(entry);
      else if (entry.deadline < next) next = entry.deadline;
    }
    for (const entry of due) this.watched.delete(entry);
    if (next !== Infinity) this.schedule(next);
    for (const entry of due) entry.onIdle();
  }
}

/** The watch every ReadRows attempt of the process shares. */
export const READ_IDLE_WATCH = new IdleWatch();
