import { counterIncrement } from '../mapping/counter-operations.js';
import { decodeCounterReply } from '../mapping/decode-counter-reply.js';
import type { CounterFieldMetadata } from '../metadata/entity-metadata.js';
import { readModifyWriteRow } from '../transport/read-modify-write-row.js';
import type { WriteTarget } from './write-target.js';
import { rowKeyOf } from '../mapping/key-input.js';
import { writeCallOptions } from './settle-write.js';

/**
 * Adds `by` to a `@Counter` property with ReadModifyWriteRow and returns the new value (the body of
 * `Repository.increment`). Never settled by a read-back: an increment is not idempotent. A result out of range
 * (int64 wrap-around, or a `number` counter beyond ±(2^53-1)) is a CounterOverflowError: applied, not undone.
 *
 * @example
 * ```ts
 * const likes = await incrementCounter(target, { videoId: 'v1' }, 'likes', 1);
 * ```
 */
export async function incrementCounter<E extends object>(
  target: WriteTarget<E>,
  key: object,
  property: string,
  by: bigint | number,
): Promise<bigint | number> {
  const { meta } = target;
  const rule = counterIncrement(meta, property, by);
  const row = await readModifyWriteRow(
    target.connection,
    target.tableId,
    rowKeyOf(meta, key),
    [rule],
    writeCallOptions(target),
  );
  // counterIncrement has checked that the property is a counter.
  const field = meta.fields.find((f) => f.property === property) as CounterFieldMetadata;
  return decodeCounterReply(meta.name, field, row, rule.by);
}
