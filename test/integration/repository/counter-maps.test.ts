// Counter and aggregate maps (issue 26, item 1): qualifiers as data whose cells are counters (ReadModifyWriteRow)
// or aggregates (AddToCell), against the emulator.
import { describe, expect, it } from 'vitest';
import {
  AggregateMap,
  Column,
  CounterMap,
  Entity,
  Family,
  KeyPart,
  defineEntity,
  getEntityMetadata,
} from '../../../decorators/index.js';
import { CounterOverflowError } from '../../../src/errors/counter-overflow-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { entryMutations } from '../../../src/mapping/build-update-mutations.js';
import type { MapFieldMetadata } from '../../../src/metadata/entity-metadata.js';
import { refusal } from '../../support/refusal.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

@Entity({ table: 'chat' })
@Family('d')
@Family('unread')
@Family('reactions', { aggregate: 'sum' })
@Family('peak', { aggregate: 'max' })
class Conversation {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) title?: string;
  @CounterMap({ family: 'unread', key: 'string', as: 'number' }) unread = new Map<string, number | bigint>();
  @AggregateMap({ family: 'reactions', key: 'string' }) reactions = new Map<string, bigint>();
  @AggregateMap({ family: 'peak', key: 'string', as: 'number' }) peak = new Map<string, number>();
}

describe('counter maps', () => {
  const mapper = useMapper([Conversation]);
  const repo = () => mapper().repository(Conversation);

  it('increments several keys in one ReadModifyWriteRow and answers each new value', async () => {
    const key = { id: 'c1' };
    expect(
      await repo().increment(
        key,
        'unread',
        new Map([
          ['bob', 1],
          ['carol', 2],
        ]),
      ),
    ).toEqual(
      new Map([
        ['bob', 1],
        ['carol', 2],
      ]),
    );
    expect(await repo().increment(key, 'unread', [['bob', 5n]])).toEqual(new Map([['bob', 6]]));
    const read = await repo().getOrThrow(key);
    expect(read.unread).toEqual(
      new Map([
        ['bob', 6],
        ['carol', 2],
      ]),
    );
    // A key never incremented is absent, not 0.
    expect(read.unread.has('dave')).toBe(false);
  });

  it('adds a key given twice once, with the sum of its amounts', async () => {
    const result = await repo().increment({ id: 'c2' }, 'unread', [
      ['bob', 1],
      ['bob', 2],
      ['eve', -1],
    ]);
    expect(result).toEqual(
      new Map([
        ['bob', 3],
        ['eve', -1],
      ]),
    );
    expect((await repo().getOrThrow({ id: 'c2' })).unread.get('bob')).toBe(3);
  });

  it('is never written by a save, and update() refuses it', async () => {
    const key = { id: 'c3' };
    await repo().increment(key, 'unread', [['bob', 4]]);
    const loaded = await repo().getOrThrow(key);
    loaded.title = 'renamed';
    loaded.unread = new Map(); // a save must not clear (or reset) the counters
    await repo().save(loaded);
    const after = await repo().getOrThrow(key);
    expect(after.title).toBe('renamed');
    expect(after.unread).toEqual(new Map([['bob', 4]]));
    // Refused like a @Counter in update(): a ValueEncodingError naming the property, before anything is sent.
    await expect(repo().update(key, { unread: new Map([['bob', 0]]) })).rejects.toThrow(ValueEncodingError);
    await expect(repo().update(key, { unread: new Map([['bob', 0]]) })).rejects.toThrow(
      /no counter map in update\(\)/,
    );
  });

  it('reads a window of its keys with entries()', async () => {
    const key = { id: 'c4' };
    await repo().increment(key, 'unread', [
      ['ann', 1],
      ['bob', 2],
      ['cid', 3],
    ]);
    const [row] = await repo()
      .find(key)
      .entries('unread', { members: ['bob'] })
      .toArray();
    expect(row!.unread).toEqual(new Map([['bob', 2]]));
    expect(await repo().has(key, 'unread', 'cid')).toBe(true);
    expect(await repo().has(key, 'unread', 'zed')).toBe(false);
  });

  it('sets and resets counters with put, removes them with remove, and counts again after a delete', async () => {
    const key = { id: 'c5' };
    await repo().increment(key, 'unread', [['bob', 7]]);
    await repo().put(key, 'unread', new Map([['bob', 0]]));
    expect(await repo().increment(key, 'unread', [['bob', 1]])).toEqual(new Map([['bob', 1]]));
    await repo().remove(key, 'unread', ['bob']);
    expect((await repo().get(key))?.unread.has('bob') ?? false).toBe(false);
    await repo().increment(key, 'unread', [['bob', 1]]);
    await repo().delete(key);
    expect(await repo().get(key)).toBeUndefined();
    expect(await repo().increment(key, 'unread', [['bob', 1]])).toEqual(new Map([['bob', 1]]));
  });

  it('a reset racing increments: the final value is the reset plus exactly the increments after it', async () => {
    const key = { id: 'c6' };
    const n = 40;
    const increments = Array.from({ length: n }, () => repo().increment(key, 'unread', [['bob', 1]]));
    const reset = repo().put(key, 'unread', new Map([['bob', 1000]]));
    const answers = await Promise.all(increments);
    await reset;
    const after = answers.filter((m) => Number(m.get('bob')) > 1000).length;
    expect((await repo().getOrThrow(key)).unread.get('bob')).toBe(1000 + after);
  });

  it('refuses bad arguments before anything is sent', async () => {
    const key = { id: 'c7' };
    const bad = (value: unknown): never => value as never;
    for (const amounts of [null, undefined, 'bob', 42, new Map(), []]) {
      const error = await refusal(repo().increment(key, 'unread', bad(amounts)), InvalidArgumentError);
      expect(error.entity).toBe('Conversation');
    }
    for (const pair of [
      [null, 1],
      [undefined, 1],
      ['bob', '1'],
      ['bob', Number.NaN],
      ['bob', 1.5],
      ['bob', null],
    ]) {
      const error = await refusal(repo().increment(key, 'unread', bad([pair])), InvalidArgumentError);
      expect(error.property ?? error.message).toBeDefined();
    }
    // A key's amounts summing beyond int64 are refused whole.
    await refusal(
      repo().increment(key, 'unread', [
        ['bob', 2n ** 62n],
        ['bob', 2n ** 62n],
      ]),
      InvalidArgumentError,
    );
    // A string property is no counter map, and the scalar form is refused for a map.
    await refusal(repo().increment(key, bad('title'), 1), InvalidArgumentError);
    // A value that is no int64 is the codec's error, located at the property.
    await expect(repo().put(key, 'unread', bad(new Map([['bob', 'x']])))).rejects.toThrow(
      /Conversation\.unread/,
    );
    expect(await repo().get(key)).toBeUndefined();
  });

  it('reports a counter beyond the number range as CounterOverflowError (the increment applied)', async () => {
    const key = { id: 'c8' };
    await repo().put(key, 'unread', new Map([['bob', Number.MAX_SAFE_INTEGER]]));
    const error = await repo()
      .increment(key, 'unread', [['bob', 1]])
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(CounterOverflowError);
    // Read back, a number counter beyond 2^53-1 is its exact bigint.
    expect((await repo().getOrThrow(key)).unread.get('bob')).toBe(2n ** 53n);
  });
});

describe('aggregate maps', () => {
  const mapper = useMapper([Conversation]);
  const repo = () => mapper().repository(Conversation);

  it('feeds several keys in one MutateRow; the server merges a key given twice', async () => {
    const key = { id: 'a1' };
    await repo().aggregate(key, 'reactions', [
      ['👍', 1],
      ['❤️', 2],
      ['👍', 3n],
    ]);
    await repo().aggregate(key, 'reactions', new Map([['👍', 10]]));
    await repo().aggregate(key, 'peak', [
      ['bob', 3],
      ['bob', 9],
      ['bob', 4],
    ]);
    const read = await repo().getOrThrow(key);
    expect(read.reactions).toEqual(
      new Map([
        ['❤️', 2n],
        ['👍', 14n],
      ]),
    );
    // The emulator's max keeps the last input (BIGTABLE-FACTS.md); production keeps 9. Either way one number.
    expect(typeof read.peak.get('bob')).toBe('number');
  });

  it('reads the latest time bucket of each key', async () => {
    const key = { id: 'a2' };
    await repo().aggregate(key, 'reactions', [['👍', 5]], { bucket: new Date('2026-01-01T00:00:00Z') });
    await repo().aggregate(key, 'reactions', [['👍', 2]], { bucket: new Date('2026-01-02T00:00:00Z') });
    expect((await repo().getOrThrow(key)).reactions.get('👍')).toBe(2n);
  });

  it('refuses put and update, removes keys, and is never written by a save', async () => {
    const key = { id: 'a3' };
    await repo().aggregate(key, 'reactions', [
      ['👍', 1],
      ['🎉', 1],
    ]);
    const put = await refusal(repo().put(key, 'reactions', new Map([['👍', 0n]])), InvalidArgumentError);
    expect(put.message).toMatch(/not an @AggregateMap/);
    await expect(repo().update(key, { reactions: new Map() })).rejects.toThrow(/no aggregate map in update/);
    await repo().remove(key, 'reactions', ['🎉']);
    const loaded = await repo().getOrThrow(key);
    expect(loaded.reactions).toEqual(new Map([['👍', 1n]]));
    loaded.reactions = new Map();
    await repo().save(loaded);
    expect((await repo().getOrThrow(key)).reactions).toEqual(new Map([['👍', 1n]]));
  });

  it('refuses empty inputs, null keys and bad values before anything is sent', async () => {
    const key = { id: 'a4' };
    const bad = (value: unknown): never => value as never;
    for (const inputs of [[], new Map(), 'x', null, [[null, 1]], [['x', '1']], [['x', 2n ** 64n]]])
      await refusal(repo().aggregate(key, 'reactions', bad(inputs)), InvalidArgumentError);
    await refusal(
      repo().aggregate(key, 'reactions', [['x', 1]], { bucket: new Date(Number.NaN) }),
      InvalidArgumentError,
    );
    expect(await repo().get(key)).toBeUndefined();
  });
});

describe('counter maps with a client clock far ahead of the server', () => {
  const mapper = useMapper([Conversation], { now: () => Date.now() + 30 * 86_400_000 });
  const repo = () => mapper().repository(Conversation);

  it('writes a put counter at timestamp 0 (request shape), not at the client clock', () => {
    const field = getEntityMetadata(Conversation).fields.find((f) => f.property === 'unread')!;
    const mutations = entryMutations(field as MapFieldMetadata, { put: [['bob', 5]] }, 99_000n);
    expect(mutations.map((m) => m.kind)).toEqual(['deleteFromColumn', 'setCell']);
    expect(mutations[1]).toMatchObject({ timestampMicros: 0n });
  });

  it('still count increments after a put: the set value is older than any increment', async () => {
    const key = { id: 'f1' };
    await repo().put(key, 'unread', new Map([['bob', 5]]));
    expect(await repo().increment(key, 'unread', [['bob', 1]])).toEqual(new Map([['bob', 6]]));
    await repo().increment(key, 'unread', [['bob', 1]]);
    expect((await repo().getOrThrow(key)).unread.get('bob')).toBe(7);
  });
});

describe('counter and aggregate map declarations', () => {
  it('refuses a counter map in an aggregate family and an aggregate map in a plain one', () => {
    @Entity({ table: 'bad' })
    @Family('sums', { aggregate: 'sum' })
    @Family('plain')
    class Bad {
      @KeyPart(0, 'string') id!: string;
      @CounterMap({ family: 'sums', key: 'string' }) a = new Map<string, bigint>();
      @AggregateMap({ family: 'plain', key: 'string' }) b = new Map<string, bigint>();
    }
    let error: unknown;
    try {
      getEntityMetadata(Bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MetadataError);
    expect(String((error as Error).message)).toMatch(/Bad\.a: is a counter map in aggregate family sums/);
    expect(String((error as Error).message)).toMatch(
      /Bad\.b: is an aggregate but family plain is not an aggregate/,
    );
  });

  it('has defineEntity forms, and hll aggregate maps refuse as', () => {
    class Tally {
      id!: string;
      votes = new Map<string, bigint>();
    }
    defineEntity(Tally, {
      table: 'tally',
      key: [{ property: 'id' }],
      families: { v: {} },
      properties: { votes: { kind: 'counterMap', family: 'v', key: 'string' } },
    });
    const field = getEntityMetadata(Tally).fields[0]!;
    expect(field).toMatchObject({ kind: 'map', cells: 'counter', family: 'v' });
    class Uniques {
      id!: string;
      seen = new Map<string, Uint8Array>();
    }
    defineEntity(Uniques, {
      table: 'u',
      key: [{ property: 'id' }],
      families: { h: { aggregate: 'hll' } },
      properties: { seen: { kind: 'aggregateMap', family: 'h', key: 'string', as: 'number' } },
    });
    expect(() => getEntityMetadata(Uniques)).toThrow(/as does not apply to an hll aggregate map/);
  });
});
