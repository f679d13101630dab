import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { CounterFieldMetadata, EntityMetadata, MapFieldMetadata } from '../metadata/entity-metadata.js';
import type { AddToCellMutation, CounterIncrement } from './counter-operations.js';
import { bucketMicros, toInt64 } from './counter-operations.js';
import { located } from './locate-error.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The increments of a `@CounterMap` for one ReadModifyWriteRow: one rule per distinct key, with `counter` (the
 * key's counter as a `@Counter` field) to decode the reply with.
 *
 * @example
 * ```ts
 * const { rules } = counterMapIncrements(meta, meta.fields[0] as MapFieldMetadata, [['bob', 1]]);
 * ```
 */
export interface CounterMapIncrements {
  readonly rules: readonly CounterIncrement[];
  /** Per rule: the key as given (its first occurrence) and the counter the rule changes. */
  readonly targets: ReadonlyArray<{ readonly key: unknown; readonly counter: CounterFieldMetadata }>;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

function encodeMember(meta: EntityMetadata, field: MapFieldMetadata, api: string, key: unknown): Uint8Array {
  if (key === undefined || key === null)
    throw new InvalidArgumentError({
      api,
      argument: 'key',
      entity: meta.name,
      property: field.property,
      value: key,
      expected: 'a map key',
    });
  return located(meta.name, field.property, () => field.keyCodec.encode(key));
}

/**
 * The rules incrementing keys of a `@CounterMap` in one atomic ReadModifyWriteRow. A key given twice is one rule
 * with the sum of its amounts (so that the reply has one value per key). Amounts must be bigints within int64 or
 * safe integers, and so must each key's sum; keys must encode with the map's key codec; at least one pair must be
 * given — InvalidArgumentError (or the codec's error, located) otherwise, before anything is sent.
 *
 * @example
 * ```ts
 * counterMapIncrements(meta, meta.fields[0] as MapFieldMetadata, [['bob', 1], ['carol', 1]]).rules.length; // 2
 * ```
 */
export function counterMapIncrements(
  meta: EntityMetadata,
  field: MapFieldMetadata,
  amounts: ReadonlyArray<readonly [unknown, unknown]>,
): CounterMapIncrements {
  const api = `Repository<${meta.name}>.increment`;
  if (amounts.length === 0)
    throw new InvalidArgumentError({
      api,
      argument: 'amounts',
      entity: meta.name,
      property: field.property,
      value: amounts,
      expected: 'at least one [key, amount] pair',
    });
  const byQualifier = new Map<string, { key: unknown; qualifier: Uint8Array; by: bigint }>();
  for (const [key, amount] of amounts) {
    const qualifier = encodeMember(meta, field, api, key);
    const by = toInt64(api, 'amount', meta.name, field.property, amount);
    const id = hex(qualifier);
    const seen = byQualifier.get(id);
    if (seen === undefined) byQualifier.set(id, { key, qualifier, by });
    else {
      seen.by += by;
      if (seen.by < INT64_MIN || seen.by > INT64_MAX)
        throw new InvalidArgumentError({
          api,
          argument: 'amount',
          entity: meta.name,
          property: field.property,
          value: seen.by,
          expected: `amounts of key ${String(key)} summing to an int64`,
        });
    }
  }
  const rules: CounterIncrement[] = [];
  const targets: Array<{ key: unknown; counter: CounterFieldMetadata }> = [];
  for (const { key, qualifier, by } of byQualifier.values()) {
    rules.push(Object.freeze({ kind: 'increment', family: field.family, qualifier, by }));
    const counter: CounterFieldMetadata = {
      kind: 'counter',
      property: field.property,
      family: field.family,
      qualifier,
      codec: field.valueCodec,
    };
    targets.push({ key, counter });
  }
  return { rules, targets };
}

/**
 * The AddToCell mutations feeding keys of an `@AggregateMap` in one MutateRow, all in the time bucket `bucket`. A
 * key given twice is two inputs, which the server merges as the family's aggregate does (sum, min, max, hll). The
 * same checks as {@link counterMapIncrements}, before anything is sent.
 *
 * @example
 * ```ts
 * aggregateMapInputs(meta, meta.fields[0] as MapFieldMetadata, [['👍', 1]], new Date(0)).length; // 1
 * ```
 */
export function aggregateMapInputs(
  meta: EntityMetadata,
  field: MapFieldMetadata,
  inputs: ReadonlyArray<readonly [unknown, unknown]>,
  bucket: Date,
): AddToCellMutation[] {
  const api = `Repository<${meta.name}>.aggregate`;
  if (inputs.length === 0)
    throw new InvalidArgumentError({
      api,
      argument: 'inputs',
      entity: meta.name,
      property: field.property,
      value: inputs,
      expected: 'at least one [key, value] pair',
    });
  const timestampMicros = bucketMicros(meta.name, field.property, bucket);
  return inputs.map(([key, value]) =>
    Object.freeze({
      kind: 'addToCell' as const,
      family: field.family,
      qualifier: encodeMember(meta, field, api, key),
      timestampMicros,
      input: toInt64(api, 'value', meta.name, field.property, value),
    }),
  );
}
