import { int64Codec } from '../codecs/value/int64-codec.js';
import { MetadataError } from '../errors/metadata-error.js';
import { ValueEncodingError } from '../errors/value-encoding-error.js';
import type {
  AggregateFieldMetadata,
  CounterFieldMetadata,
  EntityMetadata,
} from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { located } from './locate-error.js';
import type { Clock } from './save-timestamp.js';
import { saveTimestampMicros } from './save-timestamp.js';

/**
 * The AddToCell mutation of an aggregate input.
 *
 * @example
 * ```ts
 * const m: AddToCellMutation = aggregateInput(meta, 'views', 1);
 * ```
 */
export type AddToCellMutation = Extract<Mutation, { kind: 'addToCell' }>;

/**
 * A ReadModifyWriteRow increment of one counter cell (same shape as the transport's increment rule).
 *
 * @example
 * ```ts
 * await readModifyWriteRow(conn, table, key, [counterIncrement(meta, 'likes', 1)]);
 * ```
 */
export interface CounterIncrement {
  readonly kind: 'increment';
  readonly family: string;
  readonly qualifier: Uint8Array;
  readonly by: bigint;
}

function fieldOf<K extends 'counter' | 'aggregate'>(
  meta: EntityMetadata,
  property: string,
  kind: K,
): K extends 'counter' ? CounterFieldMetadata : AggregateFieldMetadata {
  const field = meta.fields.find((f) => f.property === property);
  if (!field || field.kind !== kind)
    throw new MetadataError([
      {
        entity: meta.name,
        property,
        message: `is not declared as ${kind === 'counter' ? '@Counter' : '@Aggregate'}`,
      },
    ]);
  return field as K extends 'counter' ? CounterFieldMetadata : AggregateFieldMetadata;
}

function toInt64(entity: string, property: string, amount: bigint | number): bigint {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount))
    throw new ValueEncodingError({
      entity,
      property,
      codec: 'int64',
      direction: 'encode',
      value: amount,
      limit: 'a safe integer amount',
    });
  const n = BigInt(amount);
  located(entity, property, () => int64Codec.encode(n)); // range check with the codec's own message
  return n;
}

/**
 * The increment rule for a `@Counter` property (missing cell = 0 on the server; not idempotent, never retried).
 *
 * @example
 * ```ts
 * await readModifyWriteRow(conn, meta.table, key, [counterIncrement(meta, 'likes', 1)]);
 * ```
 */
export function counterIncrement(
  meta: EntityMetadata,
  property: string,
  by: bigint | number,
): CounterIncrement {
  const field = fieldOf(meta, property, 'counter');
  return Object.freeze({
    kind: 'increment',
    family: field.family,
    qualifier: field.qualifier,
    by: toInt64(meta.name, property, by),
  });
}

/**
 * The AddToCell mutation feeding `input` into an `@Aggregate` property. Cells with the same timestamp merge; pass
 * `bucket` (a Date) for time buckets, otherwise the clock's current millisecond is used (each call its own cell).
 *
 * @example
 * ```ts
 * await mutateRow(conn, meta.table, key, [aggregateInput(meta, 'views', 1, { bucket: startOfDay })]);
 * ```
 */
export function aggregateInput(
  meta: EntityMetadata,
  property: string,
  input: bigint | number,
  options: { readonly bucket?: Date; readonly now?: Clock } = {},
): AddToCellMutation {
  const field = fieldOf(meta, property, 'aggregate');
  const timestampMicros =
    options.bucket === undefined
      ? saveTimestampMicros(options.now)
      : BigInt(options.bucket.getTime()) * 1000n;
  return Object.freeze({
    kind: 'addToCell',
    family: field.family,
    qualifier: field.qualifier,
    timestampMicros,
    input: toInt64(meta.name, property, input),
  });
}
