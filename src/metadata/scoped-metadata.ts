import { isEmptyKeyRange, keyRangeContains, tighterEnd, tighterStart } from '../codecs/key/key-range.js';
import type { KeyCodec, KeyRange, KeyValue } from '../codecs/key/key-codec-types.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { formatValue } from '../errors/format-value.js';
import type { EntityMetadata } from './entity-metadata.js';

/**
 * The values a scope binds, by key-part property (`{ tenant: 'acme' }`).
 *
 * @example
 * ```ts
 * const acme: ScopeValues = { tenant: 'acme' };
 * ```
 */
export type ScopeValues = Readonly<Record<string, KeyValue>>;

function intersect(a: readonly KeyRange[], b: readonly KeyRange[]): KeyRange[] {
  const out: KeyRange[] = [];
  for (const x of a)
    for (const y of b) {
      const start = tighterStart(x.start, y.start);
      const end = tighterEnd(x.end, y.end);
      const range: KeyRange = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
      if (!isEmptyKeyRange(range)) out.push(range);
    }
  return out;
}

/**
 * The scope's values as text, for messages and `explain()`.
 *
 * @example
 * ```ts
 * describeScope({ tenant: 'acme', region: 'eu' }); // 'tenant = "acme", region = "eu"'
 * ```
 */
export function describeScope(values: ScopeValues): string {
  return Object.entries(values)
    .map(([property, value]) => `${property} = ${formatValue(value)}`)
    .join(', ');
}

/**
 * The problems of binding `values` to the entity: they must be exactly its first key parts, in key order, each a
 * non-empty value its key part encodes (an empty tenant would otherwise be a prefix of nothing in particular).
 */
function checkScopeValues(api: string, meta: EntityMetadata, values: ScopeValues): KeyRange[] {
  const parts = meta.key.parts.map((p) => p.property);
  const given = Object.keys(values);
  const refuse = (property: string | undefined, value: unknown, expected: string): never => {
    throw new InvalidArgumentError({ api, argument: 'values', entity: meta.name, property, value, expected });
  };
  if (given.length === 0) refuse(undefined, values, `at least one leading key part of ${meta.name}`);
  given.forEach((property, i) => {
    if (parts[i] !== property)
      refuse(
        property,
        values[property],
        `the leading key parts of ${meta.name} in key order (${parts.slice(0, given.length).join(', ')})`,
      );
    const value: unknown = values[property];
    const empty =
      value === undefined ||
      value === null ||
      value === '' ||
      (value instanceof Uint8Array && value.length === 0);
    if (empty) refuse(property, value, 'a non-empty key value');
  });
  return meta.key.codec.ranges(values);
}

/**
 * The entity's metadata bound to a scope: its key codec encodes only keys inside the scope (any other key is an
 * InvalidArgumentError naming entity, property and value, raised while the request is built, so before anything is
 * sent), and every range it plans is cut to the scope's ranges (a range wholly outside is refused the same way).
 * Every read, write, prefix delete, collection and cursor of a scoped repository encodes its keys and ranges with
 * this codec, so none can reach another scope's rows.
 *
 * @example
 * ```ts
 * const acme = scopedMetadata(meta, { deviceType: 'phone' }, 'Mapper.scope');
 * acme.key.codec.encode({ deviceType: 'tablet', deviceId: 'x' }); // InvalidArgumentError
 * ```
 */
export function scopedMetadata<E extends object>(
  meta: EntityMetadata<E>,
  values: ScopeValues,
  api: string,
): EntityMetadata<E> {
  const allowed = checkScopeValues(api, meta, values);
  const inner = meta.key.codec;
  const scope = describeScope(values);
  const outside = (what: string, value: unknown, property?: string): InvalidArgumentError =>
    new InvalidArgumentError({
      api: `scope(${scope})`,
      argument: what,
      entity: meta.name,
      property,
      value,
      expected: `inside the scope ${scope}`,
    });
  const codec: KeyCodec = {
    entity: inner.entity,
    fields: inner.fields,
    saltBuckets: inner.saltBuckets,
    encode(keyValues) {
      for (const property of Object.keys(values)) {
        const given = keyValues[property];
        // Named before encoding, so that the error is about the scope, not a codec's limit.
        if (given === undefined) throw outside('key', given, property);
      }
      const key = inner.encode(keyValues);
      if (!allowed.some((range) => keyRangeContains(range, key))) {
        const property = Object.keys(values).find(
          (p) => formatValue(keyValues[p]) !== formatValue(values[p]),
        );
        throw outside('key', property === undefined ? key : keyValues[property], property);
      }
      return key;
    },
    decode: (key) => inner.decode(key),
    ranges(leading, next) {
      const ranges = inner.ranges(leading, next);
      const cut = intersect(ranges, allowed);
      if (cut.length === 0) {
        const property = Object.keys(values).find(
          (p) => leading[p] !== undefined && formatValue(leading[p]) !== formatValue(values[p]),
        );
        throw outside('condition', property === undefined ? leading : leading[property], property);
      }
      return cut;
    },
  };
  return Object.freeze({
    ...meta,
    key: Object.freeze({ ...meta.key, codec: Object.freeze(codec) }),
    scope: Object.freeze({ ...values }),
  });
}
