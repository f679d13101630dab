import { int64BigEndian } from '../codecs/value/scalar-bytes.js';
import { checkEpochCounter } from './check-epoch-counter.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type {
  AggregateFieldMetadata,
  CounterFieldMetadata,
  EntityMetadata,
} from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
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
  api: string = kind === 'counter' ? 'increment' : 'aggregate',
): K extends 'counter' ? CounterFieldMetadata : AggregateFieldMetadata {
  const field = meta.fields.find((f) => f.property === property);
  if (!field || field.kind !== kind) {
    // A wrong property name is a bad argument of this call, not a bad declaration.
    const candidates = meta.fields.filter((f) => f.kind === kind).map((f) => f.property);
    const decorator = kind === 'counter' ? '@Counter' : '@Aggregate';
    throw new InvalidArgumentError({
      api,
      argument: 'property',
      entity: meta.name,
      value: property,
      expected:
        candidates.length === 0
          ? `a ${decorator} property, but ${meta.name} declares none`
          : `a ${decorator} property (${candidates.join(', ')})`,
    });
  }
  return field as K extends 'counter' ? CounterFieldMetadata : AggregateFieldMetadata;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The amount as an int64. Only a bigint within int64 or a safe integer is accepted: `BigInt()` would also take
 * `'0x10'`, `true` or `[7]`, turning a caller's mistake into a silent write (InvalidArgumentError).
 *
 * @example
 * ```ts
 * toInt64('increment', 'by', 'Video', 'likes', 1); // 1n
 * ```
 */
export function toInt64(
  api: string,
  argument: string,
  entity: string,
  property: string,
  amount: unknown,
): bigint {
  const ok =
    typeof amount === 'bigint'
      ? amount >= INT64_MIN && amount <= INT64_MAX
      : typeof amount === 'number' && Number.isSafeInteger(amount);
  if (!ok)
    throw new InvalidArgumentError({
      api,
      argument,
      entity,
      property,
      value: amount,
      expected: 'a bigint within int64 or a safe integer',
    });
  return BigInt(amount as bigint | number);
}

/**
 * The timestamp of an aggregate's time bucket: a valid Date (InvalidArgumentError otherwise), in microseconds.
 *
 * @example
 * ```ts
 * bucketMicros('Video', 'views', new Date(0)); // 0n
 * ```
 */
export function bucketMicros(entity: string, property: string, bucket: unknown): bigint {
  if (!(bucket instanceof Date) || Number.isNaN(bucket.getTime()))
    throw new InvalidArgumentError({
      api: 'aggregate',
      argument: 'bucket',
      entity,
      property,
      value: bucket,
      expected: 'a valid Date',
    });
  return BigInt(bucket.getTime()) * 1000n;
}

/**
 * The increment rule for a `@Counter` property (missing cell = 0 on the server; not idempotent, never retried).
 * `by` must be a bigint within int64 or a safe integer (InvalidArgumentError otherwise, before anything is sent).
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
    by: toInt64('increment', 'by', meta.name, property, by),
  });
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The mutations setting (resetting) a `@Counter` property to `value`: a DeleteFromColumn of every cell the counter
 * has, then a SetCell of the 8-byte big-endian value **at timestamp 0**, as `put` sets a `@CounterMap`'s counters.
 * The epoch cell is older than any increment's, whatever the client's clock, so an increment the server orders
 * after the set reads it and counts from it, and no cell written before the set survives it to be read instead.
 * `value` must be a bigint within int64 or a safe integer, and within ±(2^53-1) for a `number` counter, and the
 * counter's family must keep a cell at the epoch (no `maxAge` GC) — InvalidArgumentError otherwise, before anything
 * is sent.
 *
 * @example
 * ```ts
 * await mutateRow(conn, meta.table, key, counterSet(meta, 'likes', 0));
 * ```
 */
export function counterSet(meta: EntityMetadata, property: string, value: bigint | number): Mutation[] {
  const api = `Repository<${meta.name}>.setCounter`;
  const field = fieldOf(meta, property, 'counter', api);
  checkEpochCounter(meta, field.family, property, api);
  const int64 = toInt64(api, 'value', meta.name, property, value);
  if (field.codec.name === 'int64AsNumber' && (int64 > MAX_SAFE || int64 < -MAX_SAFE))
    throw new InvalidArgumentError({
      api,
      argument: 'value',
      entity: meta.name,
      property,
      value,
      expected: 'a value within ±(2^53-1) for a number counter',
    });
  const bytes = int64BigEndian(int64);
  return [
    { kind: 'deleteFromColumn', family: field.family, qualifier: field.qualifier },
    { kind: 'setCell', family: field.family, qualifier: field.qualifier, timestampMicros: 0n, value: bytes },
  ];
}

/**
 * The AddToCell mutation feeding `input` into an `@Aggregate` property. Cells with the same timestamp merge; pass
 * `bucket` (a Date) for time buckets, otherwise the clock's current millisecond is used (each call its own cell).
 * `input` must be a bigint within int64 or a safe integer and `bucket` a valid Date (InvalidArgumentError
 * otherwise).
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
      : bucketMicros(meta.name, property, options.bucket);
  return Object.freeze({
    kind: 'addToCell',
    family: field.family,
    qualifier: field.qualifier,
    timestampMicros,
    input: toInt64('aggregate', 'value', meta.name, property, input),
  });
}
