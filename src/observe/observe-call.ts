import type { CallObserver } from './call-observer.js';
import type { CallInfo, CallRecord } from './call-record.js';

/** What observes a call: a mapper's {@link CallObserver}, or none. */
export type OperationObserver = Pick<CallObserver, 'begin' | 'end'> | undefined;

/**
 * Runs one public call observed: a record (span, metrics, `call` event) when anyone listens, ended with the call's
 * failure if it fails. `run` gets the record (undefined when nobody listens) to count into.
 *
 * @example
 * ```ts
 * const result = await observeCall(observer, { operation: 'schema.apply', entity: undefined, table: 'devices' }, () => apply());
 * ```
 */
export async function observeCall<T>(
  observer: OperationObserver,
  info: CallInfo,
  run: (record: CallRecord | undefined) => Promise<T>,
): Promise<T> {
  const record = observer?.begin(info);
  if (record === undefined) return run(undefined);
  let failure: unknown;
  try {
    return await run(record);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    observer!.end(record, failure);
  }
}
