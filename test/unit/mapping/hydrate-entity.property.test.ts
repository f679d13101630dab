// The one-pass hydrator (a read plan per entity, issue 14) must build exactly what the straightforward indexed
// hydrator built, for any cells in any order: checked against that implementation, kept as the oracle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Aggregate,
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../../decorators/index.js';
import { compareBytes } from '../../../src/codecs/key/bytes.js';
import { float64Codec } from '../../../src/codecs/value/float64-codec.js';
import { int64Codec } from '../../../src/codecs/value/int64-codec.js';
import { hydrateEntity } from '../../../src/mapping/hydrate-entity.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { Cell } from '../../../src/model/row-data.js';
import { referenceHydrate } from './reference-hydrate.js';

@Entity({ table: 'hydrate_property' })
@Family('d')
@Family('m')
@Family('s')
@Family('sum', { aggregate: 'sum' })
class Wide {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'float64', optional: true }) score?: number;
  @Column({ family: 'd', codec: 'string', nullable: true }) bio!: string | null;
  @Column({ family: 'd', codec: 'string', versioned: true }) history!: { timestamp: Date; value: string }[];
  @QualifierMap({ family: 'm', key: 'string', value: 'int64' }) counts!: Map<string, bigint>;
  @QualifierSet({ family: 's', key: 'string' }) tags!: Set<string>;
  @Counter({ family: 'd' }) hits!: bigint;
  @Aggregate({ family: 'sum' }) total!: bigint;
  @Aggregate({ family: 'sum', qualifier: 'daily', versioned: true }) daily!: {
    timestamp: Date;
    value: bigint;
  }[];
  @Version({ family: 'd' }) version!: bigint;
}
const meta = resolveEntity(Wide);
const key = meta.key.codec.encode({ id: 'row-1' });
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

const text = fc.string({ unit: 'grapheme-ascii', maxLength: 6 });
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v) => int64Codec.encode(v));
/** A cell of some column of Wide (or of nothing Wide declares), with a value its field can decode. */
const columnCell = fc.oneof(
  fc.tuple(fc.constant('d'), fc.constant('name'), text.map(enc)),
  fc.tuple(
    fc.constant('d'),
    fc.constant('score'),
    fc.double().map((v) => float64Codec.encode(v)),
  ),
  fc.tuple(fc.constant('d'), fc.constant('bio'), text.map(enc)),
  fc.tuple(fc.constant('d'), fc.constant('history'), text.map(enc)),
  fc.tuple(fc.constant('d'), fc.constant('hits'), int64),
  fc.tuple(fc.constant('d'), fc.constant('version'), int64),
  fc.tuple(fc.constant('d'), fc.constant('undeclared'), fc.uint8Array({ maxLength: 3 })),
  fc.tuple(fc.constant('m'), text, int64),
  fc.tuple(fc.constant('s'), text, fc.constant(new Uint8Array(0))),
  fc.tuple(fc.constant('sum'), fc.constantFrom('total', 'daily'), int64),
  fc.tuple(fc.constant('other'), text, fc.uint8Array({ maxLength: 3 })),
);
const cells = fc.array(
  fc.tuple(columnCell, fc.bigInt({ min: 0n, max: 5n })).map(([[family, qualifier, value], ms]): Cell => ({
    family,
    qualifier: typeof qualifier === 'string' ? enc(qualifier) : qualifier,
    timestampMicros: ms * 1000n,
    value,
    labels: [],
  })),
  { maxLength: 30 },
);

/** Bigtable's order within a row: family, then qualifier ascending, then newest first. */
function bigtableOrder(list: readonly Cell[]): Cell[] {
  return [...list].sort(
    (a, b) =>
      (a.family < b.family ? -1 : a.family > b.family ? 1 : 0) ||
      compareBytes(a.qualifier, b.qualifier) ||
      (a.timestampMicros > b.timestampMicros ? -1 : a.timestampMicros < b.timestampMicros ? 1 : 0),
  );
}

describe('hydrateEntity equals the indexed reference hydrator', () => {
  it('for cells in any order', () => {
    fc.assert(
      fc.property(cells, (list) => {
        expect(hydrateEntity(meta, { key, cells: list })).toEqual(
          referenceHydrate(meta, { key, cells: list }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('for cells in the order a read delivers them', () => {
    fc.assert(
      fc.property(cells, (list) => {
        const row = { key, cells: bigtableOrder(list) };
        const got = hydrateEntity(meta, row);
        expect(got).toEqual(referenceHydrate(meta, row));
        // Map and Set contents also keep the reference's iteration order (qualifier byte order).
        expect([...got.counts.keys()]).toEqual([...referenceHydrate(meta, row).counts.keys()]);
        expect([...got.tags]).toEqual([...referenceHydrate(meta, row).tags]);
      }),
      { numRuns: 500 },
    );
  });
});
