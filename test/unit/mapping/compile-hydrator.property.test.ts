// The hydrators generated per entity (issue 14) must return and throw exactly what the general hydrator does, for
// any field layout (names that need quoting, shared qualifiers, collections beside columns, every codec and field
// kind), any key layout and any cells: undeclared ones, several versions, any order, bytes that do not decode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Entity, Family, KeyPart } from '../../../decorators/index.js';
import { compareBytes } from '../../../src/codecs/key/bytes.js';
import {
  booleanCodec,
  bytesCodec,
  dateCodec,
  float64Codec,
  int64AsNumberCodec,
  int64Codec,
  jsonCodec,
  stringCodec,
} from '../../../src/codecs/value/index.js';
import type { ValueCodec } from '../../../src/codecs/value/value-codec.js';
import { compileHydrator } from '../../../src/mapping/compile-hydrator.js';
import { hydrateEntityGeneral } from '../../../src/mapping/hydrate-entity-general.js';
import type { EntityMetadata, FieldMetadata } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { Cell, RowData } from '../../../src/model/row-data.js';

@Entity({ table: 'compiled_hydrator_delimited' })
@Family('a')
class Delimited {
  @KeyPart(0, 'string') device!: string;
  @KeyPart(1, { type: 'int64', width: 6 }) seq!: bigint;
}

@Entity({ table: 'compiled_hydrator_ordered', encoding: 'orderedCode', prefix: 'p' })
@Family('a')
class Ordered {
  @KeyPart(0, 'bytes') id!: Uint8Array;
  @KeyPart(1, 'timestamp') at!: Date;
}

@Entity({ table: 'compiled_hydrator_delimited', parent: Delimited, literal: 'c' })
@Family('a')
class Child {
  @KeyPart(0, 'reversedInt64') n!: bigint;
}

const bases = [Delimited, Ordered, Child].map((c) => resolveEntity(c as never) as EntityMetadata);
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

const codecs: ReadonlyArray<ValueCodec<unknown>> = [
  stringCodec,
  float64Codec,
  int64Codec,
  int64AsNumberCodec,
  booleanCodec,
  bytesCodec,
  dateCodec,
  jsonCodec,
] as ReadonlyArray<ValueCodec<unknown>>;
/** Property names a generator must quote or keep apart (a digit string, quotes, line separators, a keyword). */
const property = fc.constantFrom(
  'name',
  'x y',
  'q"u\'o`te',
  'back\\slash',
  '\u2028ls',
  '0',
  'class',
  'länge',
);
const family = fc.constantFrom('a', 'b', 'c"d');
const qualifier = fc.oneof(
  fc.constantFrom('n', 'cpu', 'q'.repeat(30)).map(enc),
  fc.uint8Array({ maxLength: 2 }),
);
const codec = fc.constantFrom(...codecs);

const field: fc.Arbitrary<FieldMetadata> = fc.oneof(
  fc.record({
    kind: fc.constant('column' as const),
    property,
    family,
    qualifier,
    codec,
    optional: fc.boolean(),
    nullable: fc.boolean(),
    versioned: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('map' as const), property, family, keyCodec: codec, valueCodec: codec }),
  fc.record({ kind: fc.constant('set' as const), property, family, keyCodec: codec }),
  fc.record({
    kind: fc.constant('counter' as const),
    property,
    family,
    qualifier,
    codec: fc.constantFrom(int64Codec, int64AsNumberCodec) as fc.Arbitrary<ValueCodec<unknown>>,
  }),
  fc.record({
    kind: fc.constant('aggregate' as const),
    property,
    family,
    qualifier,
    aggregate: fc.constantFrom('sum' as const, 'min' as const, 'hll' as const),
    codec: fc.constantFrom(int64Codec, int64AsNumberCodec, bytesCodec) as fc.Arbitrary<ValueCodec<unknown>>,
    versioned: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('version' as const),
    property,
    family,
    qualifier,
    codec: fc.constant(int64Codec as ValueCodec<unknown>),
  }),
);

/** A layout the validator may refuse (it is the hydrators' agreement that is under test, not the layout). */
const layout = fc.record({
  base: fc.constantFrom(...bases),
  fields: fc.array(field, { maxLength: 7 }),
});

/** A value some codec decodes (or not), so that rows hold both decodable and undecodable cells. */
const value = fc.oneof(
  fc.constantFrom(...[0n, -1n, 2n ** 53n].map((v) => int64Codec.encode(v))),
  fc.double().map((v) => float64Codec.encode(v)),
  fc.constantFrom(Uint8Array.of(0), Uint8Array.of(1), Uint8Array.of(0xff, 0xfe), enc('"json"'), enc('{}')),
  fc.uint8Array({ maxLength: 9 }),
);
const cell: fc.Arbitrary<Cell> = fc.record({
  family: fc.oneof(family, fc.constant('undeclared')),
  qualifier: fc.oneof(qualifier, fc.constantFrom(...['a', 'b', 'c'].map(enc))),
  timestampMicros: fc.bigInt({ min: 0n, max: 3n }).map((ms) => ms * 1000n),
  value,
  labels: fc.constant([]),
});

function keyOf(meta: EntityMetadata, pick: number): Uint8Array {
  switch (meta.target) {
    case Delimited:
      return meta.key.codec.encode({ device: `d${pick}`, seq: BigInt(pick) });
    case Ordered:
      return meta.key.codec.encode({ id: Uint8Array.of(pick, 0), at: new Date(pick * 1000) });
    default:
      return meta.key.codec.encode({ device: 'dev', seq: 1n, n: BigInt(pick) });
  }
}

/** Bigtable's order within a row: family, then qualifier ascending, then newest first. */
function bigtableOrder(list: readonly Cell[]): Cell[] {
  return [...list].sort(
    (a, b) =>
      (a.family < b.family ? -1 : a.family > b.family ? 1 : 0) ||
      compareBytes(a.qualifier, b.qualifier) ||
      (a.timestampMicros > b.timestampMicros ? -1 : a.timestampMicros < b.timestampMicros ? 1 : 0),
  );
}

type Outcome = { value: unknown } | { error: unknown };
function outcome(fn: () => unknown): Outcome {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

/** Everything observable of a result: own keys in order, prototype, values, Map/Set order; errors in full. */
function observable(result: Outcome): unknown {
  if ('error' in result) {
    const error = result.error as Error;
    return { class: error.constructor.name, message: error.message, own: { ...error } };
  }
  const entity = result.value as Record<string, unknown>;
  return {
    proto: Object.getPrototypeOf(entity) as unknown,
    keys: Reflect.ownKeys(entity),
    values: Reflect.ownKeys(entity).map((k) => {
      const v = entity[k as string];
      return v instanceof Map ? ['Map', [...v]] : v instanceof Set ? ['Set', [...v]] : v;
    }),
  };
}

function agree(meta: EntityMetadata, row: RowData): void {
  const hydrate = compileHydrator(meta)!;
  expect(observable(outcome(() => hydrate(row)))).toStrictEqual(
    observable(outcome(() => hydrateEntityGeneral(meta, row))),
  );
}

describe('compiled hydrators equal the general hydrator', () => {
  it('for any field layout and any cells in any order', () => {
    fc.assert(
      fc.property(layout, fc.nat(5), fc.array(cell, { maxLength: 24 }), ({ base, fields }, pick, cells) => {
        const meta = { ...base, fields };
        agree(meta, { key: keyOf(base, pick), cells });
        agree(meta, { key: keyOf(base, pick), cells: bigtableOrder(cells) });
      }),
      { numRuns: 1500 },
    );
  });

  it('for row keys that do not decode', () => {
    fc.assert(
      fc.property(layout, fc.uint8Array({ maxLength: 12 }), ({ base, fields }, key) => {
        agree({ ...base, fields }, { key, cells: [] });
      }),
      { numRuns: 300 },
    );
  });
});
