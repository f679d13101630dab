import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * A call ran out of time: its overall deadline passed (every attempt, backoff and, for reads, the consumer's
 * time between rows). `cause` is the last attempt's failure, if any.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof DeadlineExceededError) console.log(e.rpc, e.deadlineMs); }
 * ```
 */
export class DeadlineExceededError extends BigtableMapperError {
  readonly rpc: string;
  readonly deadlineMs: number;

  constructor(rpc: string, deadlineMs: number, cause?: unknown) {
    super('DEADLINE_EXCEEDED', `${rpc} did not finish within its deadline of ${deadlineMs} ms`, { cause });
    this.rpc = rpc;
    this.deadlineMs = deadlineMs;
  }
}
