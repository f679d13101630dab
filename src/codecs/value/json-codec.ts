import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure } from './codec-failure.js';
import { stringCodec } from './string-codec.js';

/**
 * A value JSON can carry without loss.
 *
 * @example
 * ```ts
 * const v: JsonValue = { tags: ['a'], n: 1, ok: true, none: null };
 * ```
 */
export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

// Returns the path of the first part of `value` that JSON.stringify would drop, convert or reject, so that a
// value either round-trips exactly or is refused (JSON.stringify alone turns NaN into null, Dates into strings,
// Map into {}, and drops undefined inside arrays as null).
function findLossyPart(value: unknown, path: string, seen: Set<object>): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} (${value})`;
  if (typeof value !== 'object') return `${path} (${typeof value})`;
  if (seen.has(value)) return `${path} (circular reference)`;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const bad = findLossyPart(value[i], `${path}[${i}]`, seen);
        if (bad !== undefined) return bad;
      }
      return undefined;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null)
      return `${path} (${(value as { constructor?: { name?: string } }).constructor?.name ?? 'class instance'})`;
    for (const [key, item] of Object.entries(value)) {
      // An undefined property is simply not written, which reads back as the same (absent) property.
      if (item === undefined) continue;
      const bad = findLossyPart(item, `${path}.${key}`, seen);
      if (bad !== undefined) return bad;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

/**
 * UTF-8 JSON (`JSON.stringify`, no whitespace) for schemaless values. Only values that survive the trip are
 * accepted: null, booleans, finite numbers, strings, arrays and plain objects of those. Properties set to
 * `undefined` are omitted. Anything else (NaN, bigint, Date, Map, class instances, cycles) is a
 * `ValueEncodingError` naming the offending path.
 *
 * @example
 * ```ts
 * jsonCodec.encode({ a: [1, 'x'] }); // the UTF-8 bytes of {"a":[1,"x"]}
 * ```
 */
export const jsonCodec: ValueCodec<unknown> = Object.freeze({
  name: 'json',
  encode(value: unknown): Uint8Array {
    const bad = findLossyPart(value, '$', new Set());
    if (bad !== undefined)
      throw codecFailure(
        'json',
        'encode',
        value,
        'a JSON value (null, boolean, finite number, string, array, plain object)',
        `not representable: ${bad}`,
      );
    return stringCodec.encode(JSON.stringify(value));
  },
  decode(bytes: Uint8Array): unknown {
    checkCellBytes('json', bytes);
    const text = stringCodec.decode(bytes);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw codecFailure('json', 'decode', bytes, 'valid JSON text', undefined, error);
    }
  },
});
