import type { CallObserver } from './call-observer.js';
import type { CallInfo, CallRecord } from './call-record.js';

/** What observes a call: a mapper's {@link CallObserver}, or none. */
export type OperationObserver = Pick<CallObserver, 'begin' | 'end'> | undefined;

/**
 * Runs one public call observed: a record (span, metrics, `call` event) when anyone listens, ended with the call's
 * failure if it fails. `run` gets the record (undefined when nobody listens) to count into. The span is a child of
 * `parent`'s (a call the one observed is part of) when given, else of the active context.
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
  parent?: CallRecord,
): Promise<T> {
  const record = observer?.begin(info, false, parent);
  if (record === undefined) return run(undefined);
  return endObserved(observer!, record, run(record));
}

/**
 * Ends a begun call's record when its work settles, with the work's failure if it fails; answers as the work does.
 *
 * @example
 * ```ts
 * const saved = await endObserved(observer, record, save(target));
 * ```
 */
export async function endObserved<T>(
  observer: Pick<CallObserver, 'end'>,
  record: CallRecord,
  work: Promise<T>,
): Promise<T> {
  let failure: unknown;
  try {
    return await work;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    observer.end(record, failure);
  }
}
