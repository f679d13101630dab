import { aggregateMapInputs } from '../mapping/counter-map-operations.js';
import { rowKeyOf } from '../mapping/key-input.js';
import type { MapFieldMetadata } from '../metadata/entity-metadata.js';
import { mutateRow } from '../transport/mutate-row.js';
import { writeCallOptions } from './settle-write.js';
import type { WriteTarget } from './write-target.js';

/**
 * Feeds values into keys of an `@AggregateMap`, one AddToCell per input, all in one MutateRow (atomic for the
 * row) and in one time bucket (the body of `Repository.aggregate` with a map). Not idempotent, so never settled
 * by a read-back.
 *
 * @example
 * ```ts
 * await addToAggregateMap(target, deviceKey, meta.fields[0] as MapFieldMetadata, [['👍', 1]], new Date(0));
 * ```
 */
export async function addToAggregateMap<E extends object>(
  target: WriteTarget<E>,
  key: object,
  field: MapFieldMetadata,
  inputs: ReadonlyArray<readonly [unknown, unknown]>,
  bucket: Date,
): Promise<void> {
  const mutations = aggregateMapInputs(target.meta, field, inputs, bucket);
  await mutateRow(
    target.connection,
    target.tableId,
    rowKeyOf(target.meta, key),
    mutations,
    writeCallOptions(target),
  );
}
