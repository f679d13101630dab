import { counterMapIncrements } from '../mapping/counter-map-operations.js';
import { decodeCounterReply } from '../mapping/decode-counter-reply.js';
import { rowKeyOf } from '../mapping/key-input.js';
import type { MapFieldMetadata } from '../metadata/entity-metadata.js';
import { readModifyWriteRow } from '../transport/read-modify-write-row.js';
import { writeCallOptions } from './settle-write.js';
import type { WriteTarget } from './write-target.js';

/**
 * Adds amounts to keys of a `@CounterMap` in one atomic ReadModifyWriteRow (one rule per key; a missing counter
 * counts from 0) and returns each key's new value (the body of `Repository.increment` with a map). Like a single
 * counter's increment it is never settled by a read-back, and a result out of range is a CounterOverflowError
 * (the increments were applied).
 *
 * @example
 * ```ts
 * const tags = await incrementCounterMap(target, deviceKey, meta.fields[0] as MapFieldMetadata, [['bob', 1]]);
 * ```
 */
export async function incrementCounterMap<E extends object>(
  target: WriteTarget<E>,
  key: object,
  field: MapFieldMetadata,
  amounts: ReadonlyArray<readonly [unknown, unknown]>,
): Promise<Map<unknown, bigint | number>> {
  const { meta } = target;
  const { rules, targets } = counterMapIncrements(meta, field, amounts);
  const row = await readModifyWriteRow(
    target.connection,
    target.tableId,
    rowKeyOf(meta, key),
    rules,
    writeCallOptions(target),
  );
  const values = new Map<unknown, bigint | number>();
  targets.forEach(({ key: member, counter }, i) =>
    values.set(member, decodeCounterReply(meta.name, counter, row, rules[i]!.by)),
  );
  return values;
}
