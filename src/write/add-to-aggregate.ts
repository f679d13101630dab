import { aggregateInput } from '../mapping/counter-operations.js';
import { mutateRow } from '../transport/mutate-row.js';
import type { WriteTarget } from './write-target.js';
import { rowKeyOf } from '../mapping/key-input.js';
import { writeCallOptions } from './settle-write.js';

/**
 * Feeds a value into an `@Aggregate` property's cell of a time bucket with AddToCell (the body of
 * `Repository.aggregate`). Not idempotent, so never settled by a read-back.
 *
 * @example
 * ```ts
 * await addToAggregate(target, { videoId: 'v1' }, 'views', 1, new Date(0));
 * ```
 */
export async function addToAggregate<E extends object>(
  target: WriteTarget<E>,
  key: object,
  property: string,
  value: bigint | number,
  bucket: Date,
): Promise<void> {
  const mutation = aggregateInput(target.meta, property, value, { bucket });
  await mutateRow(
    target.connection,
    target.tableId,
    rowKeyOf(target.meta, key),
    [mutation],
    writeCallOptions(target),
  );
}
