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
import { int64Codec } from '../../../src/codecs/value/int64-codec.js';
import { KeyEncodingError } from '../../../src/errors/key-encoding-error.js';
import { printableKey } from '../../../src/errors/printable-key.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { hydrateEntity } from '../../../src/mapping/hydrate-entity.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { Cell, RowData } from '../../../src/model/row-data.js';
import {
  sampleVideo,
  videoWithDecorators,
  videoWithDefineEntity,
} from '../../fixtures/entities/video-entity.js';

const enc = (s: string) => new TextEncoder().encode(s);
const cell = (family: string, qualifier: string | Uint8Array, ts: bigint, value: Uint8Array): Cell => ({
  family,
  qualifier: typeof qualifier === 'string' ? enc(qualifier) : qualifier,
  timestampMicros: ts,
  value,
  labels: [],
});

@Entity({ table: 'hydrate_unit', prefix: 'h' })
@Family('d')
@Family('m')
@Family('s')
@Family('sum', { aggregate: 'sum' })
@Family('min', { aggregate: 'min' })
@Family('hll', { aggregate: 'hll' })
class Sample {
  constructor(readonly mustNotRun: string) {
    throw new Error('the hydrator must not call the constructor');
  }
  @KeyPart(0, { type: 'int64', as: 'number' }) id!: number;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) nick?: string;
  @Column({ family: 'd', codec: 'string', nullable: true }) bio!: string | null;
  @Column({ family: 'd', codec: 'string', versioned: true }) history!: { timestamp: Date; value: string }[];
  @QualifierMap({ family: 'm', key: 'string', value: 'int64' }) counts!: Map<string, bigint>;
  @QualifierSet({ family: 's', key: 'int64AsNumber' }) ids!: Set<number>;
  @Counter({ family: 'd' }) hits!: bigint;
  @Counter({ family: 'd', qualifier: 'n', as: 'number' }) hitsNumber!: number;
  @Aggregate({ family: 'sum' }) total!: bigint;
  @Aggregate({ family: 'sum', qualifier: 'daily', versioned: true }) daily!: {
    timestamp: Date;
    value: bigint;
  }[];
  @Aggregate({ family: 'min' }) low?: bigint;
  @Aggregate({ family: 'hll' }) visitors?: Uint8Array;
  @Version({ family: 'd' }) version!: bigint;
  helper(): string {
    return this.name.toUpperCase();
  }
}
const meta = resolveEntity(Sample);
const key = meta.key.codec.encode({ id: 42 });

describe('hydrateEntity', () => {
  it('creates an instance of the class without calling its constructor', () => {
    const entity = hydrateEntity(meta, { key, cells: [cell('d', 'name', 1000n, enc('ada'))] });
    expect(entity).toBeInstanceOf(Sample);
    expect(entity.id).toBe(42);
    expect(entity.helper()).toBe('ADA');
  });

  it('takes the newest cell of a column whatever the cell order', () => {
    const entity = hydrateEntity(meta, {
      key,
      cells: [
        cell('d', 'name', 1000n, enc('old')),
        cell('d', 'name', 3000n, enc('new')),
        cell('d', 'name', 2000n, enc('mid')),
      ],
    });
    expect(entity.name).toBe('new');
  });

  it('reads versions newest first, as Dates', () => {
    const entity = hydrateEntity(meta, {
      key,
      cells: [cell('d', 'history', 1_000_000n, enc('a')), cell('d', 'history', 3_000_000n, enc('c'))],
    });
    expect(entity.history).toEqual([
      { timestamp: new Date(3000), value: 'c' },
      { timestamp: new Date(1000), value: 'a' },
    ]);
  });

  it('fills defaults for absent cells: undefined, null, empty map/set/history, zero counters and sums', () => {
    const entity = hydrateEntity(meta, { key, cells: [] });
    expect(entity).toEqual({
      id: 42,
      bio: null,
      history: [],
      counts: new Map(),
      ids: new Set(),
      hits: 0n,
      hitsNumber: 0,
      total: 0n,
      daily: [],
      version: 0n,
    });
    expect(Object.keys(entity)).toContain('nick');
    expect(entity.nick).toBeUndefined();
    expect(entity.low).toBeUndefined();
    expect(entity.visitors).toBeUndefined();
  });

  it('reads maps, sets, counters and aggregates', () => {
    const row: RowData = {
      key,
      cells: [
        cell('m', 'b', 1000n, int64Codec.encode(2n)),
        cell('m', 'a', 1000n, int64Codec.encode(1n)),
        cell('s', int64Codec.encode(7n), 1000n, new Uint8Array()),
        cell('s', int64Codec.encode(3n), 1000n, Uint8Array.of(0)),
        cell('d', 'hits', 0n, int64Codec.encode(12n)),
        cell('d', 'n', 0n, int64Codec.encode(13n)),
        cell('sum', 'total', 0n, int64Codec.encode(100n)),
        cell('sum', 'daily', 86_400_000_000n, int64Codec.encode(5n)),
        cell('sum', 'daily', 172_800_000_000n, int64Codec.encode(6n)),
        cell('min', 'low', 0n, int64Codec.encode(-3n)),
        cell('hll', 'visitors', 0n, Uint8Array.of(1, 2, 3)),
      ],
    };
    const entity = hydrateEntity(meta, row);
    expect(entity.counts).toEqual(
      new Map([
        ['a', 1n],
        ['b', 2n],
      ]),
    );
    expect([...entity.counts.keys()]).toEqual(['a', 'b']);
    expect(entity.ids).toEqual(new Set([3, 7]));
    expect([entity.hits, entity.hitsNumber, entity.total, entity.low]).toEqual([12n, 13, 100n, -3n]);
    expect(entity.daily).toEqual([
      { timestamp: new Date(172_800_000), value: 6n },
      { timestamp: new Date(86_400_000), value: 5n },
    ]);
    expect(entity.visitors).toEqual(Uint8Array.of(1, 2, 3));
  });

  it('ignores cells of undeclared families and qualifiers', () => {
    const entity = hydrateEntity(meta, {
      key,
      cells: [
        cell('zzz', 'name', 1n, enc('x')),
        cell('d', 'unknown', 1n, Uint8Array.of(0xff)),
        cell('d', 'name', 1n, enc('ok')),
      ],
    });
    expect(entity.name).toBe('ok');
  });

  it('names entity, property, row key and column when a stored value cannot be decoded', () => {
    const row: RowData = { key, cells: [cell('d', 'hits', 0n, Uint8Array.of(1, 2))] };
    const error = catchError(() => hydrateEntity(meta, row));
    expect(error).toBeInstanceOf(ValueEncodingError);
    expect((error as ValueEncodingError).cell).toEqual({ key, family: 'd', qualifier: enc('hits') });
    expect((error as Error).message).toBe(
      `Sample.hits: cannot decode 2 bytes "\\x01\\x02" in row "${printableKey(key)}" column d:hits ` +
        'with codec int64: expected exactly 8 bytes (big-endian int64)',
    );
  });

  it('refuses a row key of another entity with a KeyEncodingError', () => {
    expect(() => hydrateEntity(meta, { key: enc('other#1'), cells: [] })).toThrow(KeyEncodingError);
  });
});

describe('save then hydrate (pure round trip)', () => {
  for (const [style, declare] of [
    ['decorators', videoWithDecorators],
    ['defineEntity', videoWithDefineEntity],
  ] as const) {
    it(`gives back the entity declared with ${style} (version incremented)`, () => {
      const Video = declare('pure_round_trip');
      const video = resolveEntity(Video);
      const original = sampleVideo(Video);
      const save = buildSaveMutations(video, original, { now: () => 1_700_000_000_000 });
      const cells = save.mutations.flatMap((m) =>
        m.kind === 'setCell' ? [cell(m.family, m.qualifier, m.timestampMicros, m.value)] : [],
      );
      expect(hydrateEntity(video, { key: save.key, cells })).toEqual({ ...original, version: 1n });
    });
  }
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
