import { describe, expect, it } from 'vitest';
import {
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
  QualifierSet,
  Version,
} from '../../../decorators/index.js';
import { LimitExceededError } from '../../../src/errors/limit-exceeded-error.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { compileSaveEncoder } from '../../../src/mapping/compile-save-encoder.js';
import { aggregateInput, counterIncrement } from '../../../src/mapping/counter-operations.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { Mutation } from '../../../src/model/mutation.js';
import { sampleVideo, videoWithDecorators } from '../../fixtures/entities/video-entity.js';

const NOW = () => 1_700_000_000_123.7;
const text = (b: Uint8Array) => Buffer.from(b).toString();
const kinds = (ms: readonly Mutation[]) =>
  ms.map(
    (m) => `${m.kind} ${'family' in m ? m.family : ''}${'qualifier' in m ? `:${text(m.qualifier)}` : ''}`,
  );

@Entity({ table: 'mapping_unit', prefix: 'p' })
@Family('d')
@Family('tags')
@Family('attrs')
@Family('meta')
class Profile {
  @KeyPart(0) id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) nick?: string;
  @Column({ family: 'd', codec: 'string', nullable: true }) bio!: string | null;
  @Column({ family: 'd', codec: 'int64', versioned: true }) scores!: { timestamp: Date; value: bigint }[];
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
  @QualifierMap({ family: 'attrs', key: 'bytes', value: 'string' }) attrs!: Map<Uint8Array, string>;
  @Counter({ family: 'meta' }) logins!: bigint;
  @Version({ family: 'meta', as: 'number' }) version!: number;
}
const meta = resolveEntity(Profile);

function profile(overrides: Partial<Profile> = {}): Profile {
  return Object.assign(new Profile(), {
    id: 'u1',
    name: 'Ada',
    bio: null,
    scores: [],
    tags: new Set<string>(),
    attrs: new Map<Uint8Array, string>(),
    logins: 7n,
    version: 0,
    ...overrides,
  });
}

describe('buildSaveMutations', () => {
  it('uses one millisecond-aligned timestamp for every cell of the save', () => {
    const save = buildSaveMutations(meta, profile(), { now: NOW });
    expect(save.timestampMicros).toBe(1_700_000_000_123_000n);
    for (const m of save.mutations) if (m.kind === 'setCell') expect(m.timestampMicros % 1000n).toBe(0n);
    expect(text(save.key)).toBe('p#u1');
  });

  it('deletes absent optional and null nullable columns, and leaves counters alone', () => {
    const save = buildSaveMutations(meta, profile(), { now: NOW });
    expect(kinds(save.mutations)).toEqual([
      'deleteFromColumn d:name',
      'setCell d:name',
      'deleteFromColumn d:nick',
      'deleteFromColumn d:bio',
      'deleteFromFamily tags',
      'deleteFromFamily attrs',
      'deleteFromColumn meta:version',
      'setCell meta:version',
    ]);
  });

  it('replaces every scalar column and the version cell so the last save to arrive wins, whatever the clocks', () => {
    // A writer whose clock runs behind must still replace the stored value: each SetCell is preceded, in the same
    // atomic mutation, by a DeleteFromColumn of the same column with no time range.
    const save = buildSaveMutations(meta, profile({ nick: 'n' }), { now: NOW });
    const list = save.mutations;
    list.forEach((m, i) => {
      if (
        m.kind !== 'setCell' ||
        m.family === 'tags' ||
        m.family === 'attrs' ||
        text(m.qualifier) === 'scores'
      )
        return;
      const before = list[i - 1];
      expect(before?.kind).toBe('deleteFromColumn');
      if (before?.kind !== 'deleteFromColumn') return;
      expect([before.family, text(before.qualifier), before.startMicros, before.endMicros]).toEqual([
        m.family,
        text(m.qualifier),
        undefined,
        undefined,
      ]);
    });
  });

  it('refuses a missing required column with the entity, property and rule', () => {
    expect(() => buildSaveMutations(meta, profile({ name: undefined as unknown as string }))).toThrow(
      /Profile\.name: cannot encode undefined with codec string: expected a value \(the column is neither optional nor nullable\)/,
    );
  });

  it('names entity and property when a codec refuses a value', () => {
    const bad = profile({ name: 'a\ud800' });
    expect(() => buildSaveMutations(meta, bad)).toThrow(ValueEncodingError);
    expect(() => buildSaveMutations(meta, bad)).toThrow(
      /^Profile\.name: cannot encode "a\\ud800" with codec string/,
    );
  });

  it('writes each version of a versioned column at its own timestamp and refuses duplicates', () => {
    const scores = [
      { timestamp: new Date(2000), value: 2n },
      { timestamp: new Date(1000), value: 1n },
    ];
    const save = buildSaveMutations(meta, profile({ scores }), { now: NOW });
    const cells = save.mutations.filter(
      (m) => m.kind === 'setCell' && m.family === 'd' && text(m.qualifier) === 'scores',
    );
    expect(cells.map((m) => (m.kind === 'setCell' ? m.timestampMicros : 0n))).toEqual([
      2_000_000n,
      1_000_000n,
    ]);
    const twice = [scores[0]!, { timestamp: new Date(2000), value: 3n }];
    expect(() => buildSaveMutations(meta, profile({ scores: twice }))).toThrow(/distinct timestamps/);
    expect(() =>
      buildSaveMutations(meta, profile({ scores: [{ timestamp: new Date(Number.NaN), value: 1n }] })),
    ).toThrow(/valid timestamp Date/);
  });

  it('rewrites map and set families: DeleteFromFamily, then entries in qualifier order', () => {
    const attrs = new Map([
      [Uint8Array.of(0xff), 'z'],
      [Uint8Array.of(0x00, 0x01), 'a'],
    ]);
    const save = buildSaveMutations(meta, profile({ tags: new Set(['b', 'a']), attrs }), { now: NOW });
    const tagAndAttr = save.mutations.filter(
      (m) => 'family' in m && (m.family === 'tags' || m.family === 'attrs'),
    );
    expect(
      tagAndAttr.map(
        (m) => `${m.kind}${'qualifier' in m ? ` ${Buffer.from(m.qualifier).toString('hex')}` : ''}`,
      ),
    ).toEqual([
      'deleteFromFamily',
      'setCell 61',
      'setCell 62',
      'deleteFromFamily',
      'setCell 0001',
      'setCell ff',
    ]);
    const setValues = tagAndAttr.filter((m) => m.kind === 'setCell' && m.family === 'tags');
    expect(setValues.every((m) => m.kind === 'setCell' && m.value.length === 0)).toBe(true);
  });

  it('refuses two map keys that encode to the same qualifier', () => {
    const attrs = new Map([
      [Uint8Array.of(1), 'a'],
      [Uint8Array.of(1), 'b'],
    ]);
    expect(() => buildSaveMutations(meta, profile({ attrs }))).toThrow(
      /Profile\.attrs: .*keys with distinct encodings/,
    );
  });

  it('refuses a non-Map value for a map property', () => {
    expect(() => buildSaveMutations(meta, profile({ tags: ['a'] as unknown as Set<string> }))).toThrow(
      /expected a Set/,
    );
  });

  it('writes version + 1 and reports what the stored version must be', () => {
    const first = buildSaveMutations(meta, profile({ version: 0 }), { now: NOW });
    expect(first.version).toMatchObject({ family: 'meta', expected: undefined, next: 1 });
    const writeId = () => Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8);
    const later = buildSaveMutations(meta, profile({ version: 41 }), { now: NOW, writeId });
    expect(later.version?.next).toBe(42);
    expect(Buffer.from(later.version?.expected ?? []).toString('hex')).toBe('0000000000000029');
    // The version, then the write's id: no two writes store the same version cell (issue 23 A1).
    const written = later.mutations.find((m) => m.kind === 'setCell' && text(m.qualifier) === 'version');
    expect(written?.kind === 'setCell' && Buffer.from(written.value).toString('hex')).toBe(
      '000000000000002a0102030405060708',
    );
    expect(Buffer.from(later.version!.written).toString('hex')).toBe('000000000000002a0102030405060708');
    // An object the SDK never returned carries no known cell: its check is by version number.
    expect(later.version?.cell).toBeUndefined();
  });

  it('gives every save its own mutation list; mutations shared between saves are frozen', () => {
    for (const [m, entity] of [
      [meta, profile()],
      [cardMeta, card()],
    ] as const) {
      const a = buildSaveMutations(m as typeof meta, entity as Profile, { now: NOW });
      const b = buildSaveMutations(m as typeof meta, entity as Profile, { now: NOW });
      expect(a.mutations).not.toBe(b.mutations);
      a.mutations.forEach((mutation, i) => {
        if (mutation === b.mutations[i]) expect(Object.isFrozen(mutation)).toBe(true);
      });
    }
  });
});

describe('write limits', () => {
  it('refuses a map key whose qualifier exceeds 16 KiB', () => {
    const attrs = new Map([[new Uint8Array(16 * 1024 + 1), 'x']]);
    try {
      buildSaveMutations(meta, profile({ attrs }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LimitExceededError);
      expect((error as LimitExceededError).code).toBe('LIMIT_EXCEEDED');
      expect((error as LimitExceededError).message).toBe(
        `Profile.attrs: qualifier is 16,385, above the Bigtable limit of 16,384 (value 16385 bytes "${'\\x00'.repeat(32)}…")`,
      );
    }
  });

  it('refuses more than 100,000 mutations in one row', () => {
    const tags = new Set(Array.from({ length: 100_000 }, (_, i) => `t${i}`));
    expect(() => buildSaveMutations(meta, profile({ tags }))).toThrow(
      /Profile: mutations per row is 100,008, above the Bigtable limit of 100,000/,
    );
  });

  it('warns above 10 MiB per cell and refuses above 100 MiB', () => {
    const big = profile({ name: 'x'.repeat(10 * 1024 * 1024 + 1) });
    const save = buildSaveMutations(meta, big, { now: NOW });
    expect(save.warnings).toEqual([
      expect.objectContaining({
        code: 'LARGE_CELL',
        entity: 'Profile',
        property: 'name',
        size: 10 * 1024 * 1024 + 1,
      }),
    ]);
    const huge = profile({ name: 'x'.repeat(100 * 1024 * 1024 + 1) });
    expect(() => buildSaveMutations(meta, huge)).toThrow(
      /^Profile\.name: cell value is 104,857,601, above the Bigtable limit of 104,857,600 \(value 104857601 bytes "x{32}…"\)$/,
    );
  });
});

// Card has no versioned column, so its saves take the compiled encoder, which hands anything near a limit to the
// general path: the errors and warnings must be the same as Profile's.
@Entity({ table: 'mapping_unit_card', prefix: 'c' })
@Family('d')
@Family('attrs')
class Card {
  @KeyPart(0) id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @QualifierMap({ family: 'attrs', key: 'bytes', value: 'string' }) attrs!: Map<Uint8Array, string>;
}
const cardMeta = resolveEntity(Card);
const card = (overrides: Partial<Card> = {}): Card =>
  Object.assign(new Card(), { id: 'c1', name: 'n', attrs: new Map(), ...overrides });

describe('write limits on the compiled path', () => {
  it('saves a card through the compiled encoder', () => {
    expect(compileSaveEncoder(cardMeta)).toBeDefined();
    expect(buildSaveMutations(cardMeta, card(), { now: NOW }).warnings).toEqual([]);
  });

  it('refuses a map key whose qualifier exceeds 16 KiB', () => {
    const attrs = new Map([[new Uint8Array(16 * 1024 + 1), 'x']]);
    expect(() => buildSaveMutations(cardMeta, card({ attrs }))).toThrow(
      /^Card\.attrs: qualifier is 16,385, above the Bigtable limit of 16,384 /,
    );
  });

  it('refuses more than 100,000 mutations in one row', () => {
    const attrs = new Map(Array.from({ length: 100_000 }, (_, i) => [Buffer.from(`t${i}`), ''] as const));
    expect(() => buildSaveMutations(cardMeta, card({ attrs }))).toThrow(
      /^Card: mutations per row is 100,003, above the Bigtable limit of 100,000/,
    );
  });

  it('warns above 10 MiB per cell, in a column or a map, and refuses above 100 MiB', () => {
    const size = 10 * 1024 * 1024 + 1;
    const column = buildSaveMutations(cardMeta, card({ name: 'x'.repeat(size) }), { now: NOW });
    expect(column.warnings).toEqual([
      expect.objectContaining({ code: 'LARGE_CELL', property: 'name', size }),
    ]);
    const attrs = new Map([[Uint8Array.of(1), 'x'.repeat(size)]]);
    const entry = buildSaveMutations(cardMeta, card({ attrs }), { now: NOW });
    expect(entry.warnings).toEqual([
      expect.objectContaining({ code: 'LARGE_CELL', property: 'attrs', size }),
    ]);
    expect(() => buildSaveMutations(cardMeta, card({ name: 'x'.repeat(100 * 1024 * 1024 + 1) }))).toThrow(
      /^Card\.name: cell value is 104,857,601, above the Bigtable limit of 104,857,600 /,
    );
  });

  it('warns about a row above 100 MB made of cells that are each below 10 MiB', () => {
    const value = 'x'.repeat(9 * 1024 * 1024);
    const attrs = new Map(Array.from({ length: 11 }, (_, i) => [Uint8Array.of(i), value] as const));
    const save = buildSaveMutations(cardMeta, card({ attrs }), { now: NOW });
    expect(save.warnings).toEqual([expect.objectContaining({ code: 'LARGE_ROW', entity: 'Card' })]);
  });
});

describe('counter and aggregate operations', () => {
  const Video = videoWithDecorators('mapping_ops');
  const video = resolveEntity(Video);

  it('builds increments for counters only', () => {
    const rule = counterIncrement(video, 'likes', 2);
    expect(rule).toEqual({
      kind: 'increment',
      family: 'stat',
      qualifier: new TextEncoder().encode('likes'),
      by: 2n,
    });
    expect(() => counterIncrement(video, 'title', 1)).toThrow(
      /^increment: property for Video must be a @Counter property \(likes\), got "title"$/,
    );
  });

  it('builds AddToCell for aggregates, in a time bucket or at the clock time', () => {
    expect(aggregateInput(video, 'views', 3n, { bucket: new Date(86_400_000) })).toEqual({
      kind: 'addToCell',
      family: 'views',
      qualifier: new TextEncoder().encode('total'),
      timestampMicros: 86_400_000_000n,
      input: 3n,
    });
    expect(aggregateInput(video, 'peak', 1, { now: NOW }).timestampMicros).toBe(1_700_000_000_123_000n);
    expect(() => aggregateInput(video, 'views', 2n ** 63n)).toThrow(
      /^aggregate: value for Video\.views must be a bigint within int64 or a safe integer, got 9223372036854775808n$/,
    );
  });

  it('never touches counters and aggregates on save', () => {
    const save = buildSaveMutations(
      video,
      Object.assign(sampleVideo(Video), { likes: 99n, views: 5n, peak: 3 }),
      { now: NOW },
    );
    const families = new Set(save.mutations.map((m) => ('family' in m ? m.family : '')));
    expect([...families].sort()).toEqual(['c', 'chunk', 'd', 'fmt', 'meta', 'tag']);
  });
});
