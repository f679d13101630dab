import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { concatBytes } from './bytes.js';
import type { KeyValue } from './key-codec-types.js';
import type { KeyLayout } from './key-layout.js';
import { fnv1a32 } from './salt-hash.js';

type Values = Readonly<Record<string, KeyValue>>;

/**
 * The value of a key field, or a KeyEncodingError when it is missing.
 *
 * @example
 * ```ts
 * keyFieldValue(layout, { deviceId: 'x' }, 'deviceId'); // 'x'
 * ```
 */
export function keyFieldValue(layout: KeyLayout, values: Values, name: string): KeyValue {
  const v = values[name];
  if (v === undefined || v === null) throw layout.invalid(name, v, 'a value for every key field');
  return v;
}

/**
 * Rethrows an error of the schema layer, which sees stored values (padded decimals, reversed numbers), with the
 * value the caller passed.
 *
 * @example
 * ```ts
 * try { layout.schema.encode(stored); } catch (error) { rethrowWithValue(layout, error, values); }
 * ```
 */
export function rethrowWithValue(layout: KeyLayout, error: unknown, values: Values): never {
  if (error instanceof KeyEncodingError && error.field !== undefined && layout.fieldIndex.has(error.field)) {
    const value = values[error.field];
    if (value !== undefined && value !== error.value) {
      throw new KeyEncodingError(
        { entity: layout.entity, field: error.field, value, limit: error.limit },
        error,
      );
    }
  }
  throw error;
}

/**
 * The salt bucket of a salted key: the hash of its `of` fields' encodings, modulo the bucket count.
 *
 * @example
 * ```ts
 * saltBucketOf(layout, { userId: 'u1' }); // 3
 * ```
 */
export function saltBucketOf(layout: KeyLayout, values: Values): number {
  const { salt, fieldIndex, schema, segments } = layout;
  const parts: Uint8Array[] = [];
  salt!.of.forEach((name, i) => {
    const index = fieldIndex.get(name)!;
    if (i > 0) parts.push(Uint8Array.of(0x00));
    parts.push(schema.encodeField(index, segments[index]!.toStored(keyFieldValue(layout, values, name))));
  });
  return fnv1a32(concatBytes(parts)) % salt!.buckets;
}

/**
 * Stored values of the leading run of `values`, literals and a determinable salt included; `stop` is the index of
 * the first segment not given.
 *
 * @example
 * ```ts
 * const { stored, stop, saltKnown } = storedKeyPrefix(layout, { tenant: 'acme' }, true);
 * ```
 */
export function storedKeyPrefix(
  layout: KeyLayout,
  values: Values,
  allowPartialSalt: boolean,
): { stored: KeyValue[]; stop: number; saltKnown: boolean } {
  const { entity, fields, fieldIndex, salt, segments, invalid } = layout;
  for (const name of Object.keys(values)) {
    if (values[name] !== undefined && !fieldIndex.has(name)) {
      throw invalid(name, values[name], `a key field of ${entity} (${fields.join(', ')})`);
    }
  }
  const given = fields.filter((f) => values[f] !== undefined);
  const run = fields.slice(0, given.length);
  if (given.some((f, i) => f !== run[i])) {
    throw invalid(
      given.find((f, i) => f !== run[i]),
      given,
      `leading fields in key order (${fields.join(', ')})`,
    );
  }
  const saltKnown = salt ? salt.of.every((f) => values[f] !== undefined) : true;
  if (!saltKnown && !allowPartialSalt) {
    throw invalid(
      'salt',
      salt!.of,
      'the salt fields among the leading values (else there is one prefix per bucket)',
    );
  }
  const stored: KeyValue[] = [];
  let stop = segments.length;
  for (const [i, s] of segments.entries()) {
    if (s.spec.type === 'salt') stored.push(saltKnown ? s.toStored(saltBucketOf(layout, values)) : 0);
    else if (s.spec.type === 'literal') stored.push(s.toStored(''));
    else if (values[s.name!] !== undefined) stored.push(s.toStored(values[s.name!]!));
    else {
      stop = i;
      break;
    }
  }
  return { stored, stop, saltKnown };
}
