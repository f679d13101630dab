import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, QualifierMap } from '../../../decorators/index.js';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { aggregateInput, counterIncrement } from '../../../src/mapping/counter-operations.js';
import { hydrateEntity } from '../../../src/mapping/hydrate-entity.js';
import { familySpecsOf } from '../../../src/metadata/family-specs.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';
import type { VideoShape } from '../../fixtures/entities/video-entity.js';
import { videoWithDecorators, videoWithDefineEntity } from '../../fixtures/entities/video-entity.js';
import { readRow } from './read-row.js';

const DAY = 86_400_000;
// Comment timestamps stay well inside the family's 30-day max age, so emulator GC cannot interfere.
const NOW = Date.now();

const int64String = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
const text = fc.string({ unit: 'binary', maxLength: 20 });
const keyText = fc.stringMatching(/^[a-zA-Z0-9._~-]{1,16}$/);

// Protobuf values in canonical form: empty repeated/map fields have no wire form and read back absent.
const reading = fc.record(
  {
    sensor: text,
    value: fc.double(),
    unit: fc.constantFrom('UNIT_UNSPECIFIED', 'CELSIUS', 'PERCENT'),
    sequence: int64String,
    raw: fc.uint8Array({ maxLength: 8 }),
    tags: fc.array(text, { minLength: 1, maxLength: 3 }),
    counters: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), int64String, { minKeys: 1, maxKeys: 3 }),
    location: fc.record({ lat: fc.double(), lng: fc.double() }, { requiredKeys: [] }),
    calibrated: fc.boolean(),
  },
  { requiredKeys: [] },
);
const thumbnail = fc.record(
  {
    width: fc.nat({ max: 2 ** 32 - 1 }),
    height: fc.nat({ max: 2 ** 32 - 1 }),
    png: fc.uint8Array({ maxLength: 8 }),
  },
  { requiredKeys: [] },
);
const comments = fc
  .uniqueArray(fc.integer({ min: NOW - 10 * DAY, max: NOW }), { maxLength: 5 })
  .chain((times) =>
    fc.tuple(
      ...times
        .sort((a, b) => b - a)
        .map((t) => fc.record({ timestamp: fc.constant(new Date(t)), value: text })),
    ),
  );

/** Every column kind, including absent optionals, nulls, empty maps/sets and binary map keys. */
const videoData = fc.record({
  channel: keyText,
  uploadedAt: fc.date({ min: new Date(0), max: new Date(Date.UTC(2200, 0)), noInvalidDate: true }),
  title: text,
  lengthSeconds: fc.maxSafeInteger(),
  rating: fc.double(),
  published: fc.boolean(),
  archivedAt: fc.option(fc.date({ noInvalidDate: true }), { nil: undefined }),
  cover: fc.option(fc.uint8Array({ maxLength: 16 }), { nil: null }),
  settings: fc.record(
    { lang: text, captions: fc.boolean(), chapters: fc.array(text, { maxLength: 3 }) },
    { requiredKeys: ['lang', 'captions'] },
  ),
  origin: fc.record({ x: fc.float(), y: fc.float() }),
  reading: fc.option(reading, { nil: undefined }),
  thumbnail: fc.option(thumbnail, { nil: null }),
  comments,
  formats: fc
    .uniqueArray(fc.tuple(text, fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })), {
      selector: ([k]) => k,
      maxLength: 4,
    })
    .map((e) => new Map(e)),
  chunks: fc
    .uniqueArray(fc.tuple(fc.uint8Array({ maxLength: 6 }), text), {
      selector: ([k]) => Buffer.from(k).toString('hex'),
      maxLength: 4,
    })
    .map((e) => new Map(e)),
  tags: fc.uniqueArray(text, { maxLength: 4 }).map((t) => new Set(t)),
  version: fc.bigInt({ min: 0n, max: 1000n }),
  likes: fc.bigInt({ min: -1000n, max: 1000n }),
  viewInputs: fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { maxLength: 3 }),
  peakInput: fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
});

for (const [style, declare] of [
  ['decorators', videoWithDecorators],
  ['defineEntity()', videoWithDefineEntity],
] as const) {
  describe(`entity round trip on the emulator (${style})`, () => {
    const Video = declare(`round_trip_${style === 'decorators' ? 'deco' : 'define'}`);
    const meta = resolveEntity(Video);
    const table = useTestTable(familySpecsOf(meta), { prefix: 'entity_round_trip' });

    it('MutateRow of the save, ReadRows, hydrate: deep-equal to the original', async () => {
      const t = table();
      await fc.assert(
        fc.asyncProperty(videoData, async ({ viewInputs, peakInput, likes, ...data }) => {
          const original: VideoShape = Object.assign(new Video(), data, {
            likes: 0n,
            views: 0n,
            peak: undefined,
          });
          const save = buildSaveMutations(meta, original);
          // Keys of different runs may coincide; start every run from an empty row.
          await mutateRow(t.connection, t.tableId, save.key, [{ kind: 'deleteFromRow' }]);
          await mutateRow(t.connection, t.tableId, save.key, save.mutations);

          // Counters and aggregates only change through their own operations, never through a save.
          if (likes !== 0n)
            await readModifyWriteRow(t.connection, t.tableId, save.key, [
              counterIncrement(meta, 'likes', likes),
            ]);
          const bucket = new Date(Date.UTC(2024, 0, 1));
          const adds = viewInputs.map((v) => aggregateInput(meta, 'views', v, { bucket }));
          // One max input only: the emulator's Max keeps the last input (documented emulator bug).
          if (peakInput !== undefined) adds.push(aggregateInput(meta, 'peak', peakInput, { bucket }));
          if (adds.length > 0) await mutateRow(t.connection, t.tableId, save.key, adds);

          const row = await readRow(t, save.key);
          expect(row).toBeDefined();
          const hydrated = hydrateEntity(meta, row!);
          expect(hydrated).toBeInstanceOf(Video);
          expect(hydrated).toEqual({
            ...original,
            version: save.version?.next,
            likes,
            views: viewInputs.reduce((a, b) => a + b, 0n),
            peak: peakInput,
          });
        }),
        { numRuns: 40 },
      );
    });

    it('a second save leaves exactly the new map and set entries', async () => {
      const t = table();
      const first: VideoShape = Object.assign(new Video(), {
        channel: 'resave',
        uploadedAt: new Date(Date.UTC(2024, 1, 1)),
        title: 't',
        lengthSeconds: 1,
        rating: 1,
        published: false,
        cover: null,
        settings: { lang: 'en', captions: false },
        origin: { x: 0, y: 0 },
        thumbnail: null,
        comments: [],
        formats: new Map([
          ['720p', 1n],
          ['1080p', 2n],
        ]),
        chunks: new Map([[Uint8Array.of(0), 'zero']]),
        tags: new Set(['a', 'b']),
        likes: 0n,
        views: 0n,
        peak: undefined,
        version: 0n,
      });
      const save1 = buildSaveMutations(meta, first);
      await mutateRow(t.connection, t.tableId, save1.key, save1.mutations);
      const second: VideoShape = Object.assign(new Video(), first, {
        archivedAt: new Date(5),
        formats: new Map([['4k', 3n]]),
        chunks: new Map<Uint8Array, string>(),
        tags: new Set(['c']),
        version: 1n,
      });
      const save2 = buildSaveMutations(meta, second);
      await mutateRow(t.connection, t.tableId, save2.key, save2.mutations);
      const third: VideoShape = Object.assign(new Video(), second, { archivedAt: undefined, version: 2n });
      const save3 = buildSaveMutations(meta, third);
      await mutateRow(t.connection, t.tableId, save3.key, save3.mutations);
      expect(hydrateEntity(meta, (await readRow(t, save3.key))!)).toEqual({ ...third, version: 3n });
    });
  });
}

@Entity({ table: 'binary_keys', encoding: 'orderedCode', prefix: 'bin' })
@Family('d')
@Family('m')
class BinaryKeyed {
  @KeyPart(0, 'bytes') id!: Uint8Array;
  @KeyPart(1, 'int64') seq!: bigint;
  @Column({ family: 'd', codec: 'bytes' }) payload!: Uint8Array;
  @QualifierMap({ family: 'm', key: 'bytes', value: 'bytes' }) blobs!: Map<Uint8Array, Uint8Array>;
}

describe('entity round trip with an ordered-code binary key (emulator)', () => {
  const meta = resolveEntity(BinaryKeyed);
  const table = useTestTable(familySpecsOf(meta), { prefix: 'binary_key_round_trip' });

  it('keeps 0x00/0xFF bytes in keys, qualifiers and values exact', async () => {
    const t = table();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 8 }),
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.uint8Array({ maxLength: 8 }),
        fc.uniqueArray(fc.tuple(fc.uint8Array({ maxLength: 4 }), fc.uint8Array({ maxLength: 4 })), {
          selector: ([k]) => Buffer.from(k).toString('hex'),
          maxLength: 4,
        }),
        async (id, seq, payload, blobs) => {
          const original = Object.assign(new BinaryKeyed(), { id, seq, payload, blobs: new Map(blobs) });
          const save = buildSaveMutations(meta, original);
          await mutateRow(t.connection, t.tableId, save.key, save.mutations);
          expect(hydrateEntity(meta, (await readRow(t, save.key))!)).toEqual(original);
        },
      ),
      { numRuns: 30 },
    );
  });
});
