import type { CallObserver } from '../../observe/call-observer.js';
import { CallRecord } from '../../observe/call-record.js';
import type { CallInfo } from '../../observe/call-record.js';
import type { QueryExecuteOptions } from './query-executor.js';

/** The observer of a read, or none (a read made outside a mapper): only its begin and end. */
export type ReadObserver = Pick<CallObserver, 'begin' | 'end'> | undefined;

/** Begins a read's record: when someone observes, or always for explain with analyze (which also wants stats). */
function begin(observer: ReadObserver, info: CallInfo, options: QueryExecuteOptions): CallRecord | undefined {
  const analyze = options.analyze !== undefined;
  // Explain with analyze measures even a read no mapper observes.
  const record = observer
    ? observer.begin(info, analyze)
    : analyze
      ? new CallRecord(info, undefined)
      : undefined;
  if (record && analyze) record.wantsRequestStats = true;
  return record;
}

function end(observer: ReadObserver, record: CallRecord, options: QueryExecuteOptions, error: unknown): void {
  if (observer) observer.end(record, error);
  else record.durationMs = performance.now() - record.startedAt;
  options.analyze?.(record);
}

/**
 * A streamed read, observed: its record begins now (executors are called when the iteration starts) and ends when
 * the iteration ends, is broken off (`return()`) or fails, counting the rows handed out. Without a record (nobody
 * observes) the read itself is returned, with no layer in between.
 *
 * @example
 * ```ts
 * for await (const row of observeRows(observer, info, options, (record) => rowsOf(record))) use(row);
 * ```
 */
export function observeRows<T>(
  observer: ReadObserver,
  info: CallInfo,
  options: QueryExecuteOptions,
  read: (record: CallRecord | undefined) => AsyncIterable<T>,
): AsyncIterable<T> {
  const record = begin(observer, info, options);
  return record === undefined ? read(undefined) : observed(observer, record, options, read(record));
}

async function* observed<T>(
  observer: ReadObserver,
  record: CallRecord,
  options: QueryExecuteOptions,
  rows: AsyncIterable<T>,
): AsyncGenerator<T> {
  let failure: unknown;
  try {
    for await (const row of rows) {
      record.returned(1);
      yield row;
    }
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    end(observer, record, options, failure);
  }
}

/**
 * A read run to its end through a callback per row (`toArray`, `get`, `count`), observed like {@link observeRows}.
 *
 * @example
 * ```ts
 * await observeEach(observer, info, options, (record, onRow) => forEachRow(record, onRow), (k, e) => out.push(e));
 * ```
 */
export function observeEach<R extends unknown[]>(
  observer: ReadObserver,
  info: CallInfo,
  options: QueryExecuteOptions,
  read: (record: CallRecord | undefined, onRow: (...row: R) => void) => Promise<void>,
  onRow: (...row: R) => void,
): Promise<void> {
  // Unobserved, the read itself is returned: no async layer (and its promise) in between.
  let record: CallRecord | undefined;
  try {
    record = begin(observer, info, options);
    if (record === undefined) return read(undefined, onRow);
  } catch (error) {
    return Promise.reject(error);
  }
  return observedEach(observer, record, options, read, onRow);
}

async function observedEach<R extends unknown[]>(
  observer: ReadObserver,
  record: CallRecord,
  options: QueryExecuteOptions,
  read: (record: CallRecord | undefined, onRow: (...row: R) => void) => Promise<void>,
  onRow: (...row: R) => void,
): Promise<void> {
  let failure: unknown;
  try {
    await read(record, (...row) => {
      record.returned(1);
      onRow(...row);
    });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    end(observer, record, options, failure);
  }
}
