// The seed's single-table video row, declared with every column kind, saved with one MutateRow, updated through
// its counter and aggregate cells, read back with ReadRows and hydrated — then checked against what was written.
// Run: npx tsx examples/entities/video-entity.ts (starts an emulator unless BIGTABLE_EMULATOR_HOST is set).
// tsx compiles with esbuild, which drops design:type metadata: every codec below is explicit, so that is fine.
import assert from 'node:assert/strict';
import { fileURLToPath, pathToFileURL } from 'node:url';
import protobuf from 'protobufjs';
import {
  Aggregate,
  Codecs,
  Column,
  Counter,
  Entity,
  Family,
  Gc,
  KeyLiteral,
  KeyPart,
  ProtobufColumn,
  QualifierMap,
  QualifierSet,
  Version,
  getEntityMetadata,
} from '../../decorators/index.js';
import { buildSaveMutations } from '../../src/mapping/build-save-mutations.js';
import { aggregateInput, counterIncrement } from '../../src/mapping/counter-operations.js';
import { hydrateEntity } from '../../src/mapping/hydrate-entity.js';
import type { Versioned } from '../../src/mapping/hydrate-entity.js';
import { familySpecsOf } from '../../src/metadata/family-specs.js';
import { startEmulator } from '../../src/testing/start-emulator.js';
import { BigtableConnection } from '../../src/transport/bigtable-connection.js';
import { mutateRow } from '../../src/transport/mutate-row.js';
import { readModifyWriteRow } from '../../src/transport/read-modify-write-row.js';
import { readRows } from '../../src/transport/read-rows.js';
import { createTable, deleteTable } from '../../src/transport/table-admin.js';

/** A message packed into one cell, loaded from a .proto file by name at resolution. */
const STATS_PROTO = fileURLToPath(new URL('./video-stats.proto', import.meta.url));

/** A message type built by reflection, no .proto file. */
const Thumbnail = new protobuf.Type('Thumbnail')
  .add(new protobuf.Field('width', 1, 'uint32'))
  .add(new protobuf.Field('height', 2, 'uint32'))
  .add(new protobuf.Field('png', 3, 'bytes'));
new protobuf.Root().define('media.v1').add(Thumbnail);

interface Settings {
  lang: string;
  captions: boolean;
}

@Entity({ table: 'media', prefix: 'video' }) // keys: video#<channel>#up#<reversed upload time>
@KeyLiteral(1, 'up')
@Family('d', { gc: Gc.maxVersions(1) })
@Family('comments', { gc: Gc.union(Gc.maxVersions(100), Gc.maxAge({ days: 365 })) })
@Family('formats')
@Family('tags')
@Family('stats')
@Family('views', { aggregate: 'sum' })
@Family('meta', { gc: Gc.maxVersions(1) })
export class Video {
  @KeyPart(0, 'string') channel!: string;
  @KeyPart(2, { type: 'reversedTimestamp' }) uploadedAt!: Date; // newest first in a channel scan

  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Column({ family: 'd', qualifier: 'len', codec: 'int64AsNumber' }) lengthSeconds!: number;
  @Column({ family: 'd', codec: 'float64' }) rating!: number;
  @Column({ family: 'd', codec: 'boolean' }) published!: boolean;
  @Column({ family: 'd', codec: 'date', optional: true }) archivedAt?: Date;
  @Column({ family: 'd', codec: 'bytes', nullable: true }) cover!: Uint8Array | null;
  @Column({ family: 'd', codec: Codecs.json<Settings>() }) settings!: Settings;
  @Column({
    family: 'd',
    codec: Codecs.custom<string[]>({
      name: 'csv',
      encode: (v) => Buffer.from(v.join(',')),
      decode: (b) => Buffer.from(b).toString().split(','),
    }),
  })
  languages!: string[];
  @ProtobufColumn({ family: 'd', file: STATS_PROTO, type: 'media.v1.EncodingStats', optional: true })
  encoding?: { codec?: string; bitrate?: string; keyframes?: number[] };
  @ProtobufColumn({ family: 'd', qualifier: 'thumb', type: Thumbnail }) thumbnail!: {
    width?: number;
    height?: number;
    png?: Uint8Array;
  };

  @Column({ family: 'comments', qualifier: 'c', codec: 'string', versioned: true })
  comments!: Versioned<string>[];
  @QualifierMap({ family: 'formats', key: 'string', value: 'int64' }) formats!: Map<string, bigint>;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
  @Counter({ family: 'stats' }) likes!: bigint;
  @Aggregate({ family: 'views', qualifier: 'total' }) views!: bigint;
  @Version({ family: 'meta', qualifier: 'v' }) version!: bigint;
}

async function readOne(conn: BigtableConnection, tableId: string, key: Uint8Array) {
  for await (const row of readRows(conn, tableId, { rows: { rowKeys: [key], rowRanges: [] } })) return row;
  throw new Error('row not found');
}

/** Runs the example against `emulatorHost` and returns what it checked. */
export async function runVideoEntityExample(emulatorHost: string): Promise<string[]> {
  const meta = getEntityMetadata(Video);
  const conn = BigtableConnection.connect({ projectId: 'example', instanceId: 'example', emulatorHost });
  const tableId = `${meta.table}_${process.pid}`;
  const log: string[] = [];
  try {
    await createTable(conn, tableId, familySpecsOf(meta));
    const video = Object.assign(new Video(), {
      channel: 'kittens',
      uploadedAt: new Date('2024-05-01T12:00:00Z'),
      title: 'Cat meets laser',
      lengthSeconds: 95,
      rating: 4.75,
      published: true,
      cover: null,
      settings: { lang: 'it', captions: true },
      languages: ['it', 'en'],
      encoding: { codec: 'av1', bitrate: '2500000', keyframes: [0, 48, 96] },
      thumbnail: { width: 16, height: 9, png: Uint8Array.of(0x89, 0x50) },
      comments: [
        { timestamp: new Date('2024-05-02T09:00:00Z'), value: 'lol' },
        { timestamp: new Date('2024-05-01T13:00:00Z'), value: 'first' },
      ],
      formats: new Map([
        ['720p', 1_000_000n],
        ['1080p', 2_500_000n],
      ]),
      tags: new Set(['cats', 'lasers']),
      likes: 0n,
      views: 0n,
      version: 0n,
    });

    // 1. One atomic MutateRow for the whole entity.
    const save = buildSaveMutations(meta, video);
    await mutateRow(conn, tableId, save.key, save.mutations);
    log.push(
      `saved ${Buffer.from(save.key).toString()} with ${save.mutations.length} mutations (version ${save.version?.next})`,
    );

    // 2. Counters and aggregates change through their own operations only.
    await readModifyWriteRow(conn, tableId, save.key, [counterIncrement(meta, 'likes', 3)]);
    await mutateRow(conn, tableId, save.key, [
      aggregateInput(meta, 'views', 10, { bucket: new Date('2024-05-01T00:00:00Z') }),
      aggregateInput(meta, 'views', 5, { bucket: new Date('2024-05-01T00:00:00Z') }),
    ]);

    // 3. Read back and hydrate: equal to what was written, plus the counter, the aggregate and the new version.
    const read = hydrateEntity(meta, await readOne(conn, tableId, save.key));
    assert.ok(read instanceof Video);
    assert.deepEqual(read, Object.assign(new Video(), video, { likes: 3n, views: 15n, version: 1n }));
    log.push(
      `read back: likes=${read.likes}, views=${read.views}, ${read.comments.length} comments, tags ${[...read.tags].join(', ')}`,
    );

    // 4. A second save rewrites the map/set families exactly and deletes the absent optional column.
    const edited = Object.assign(new Video(), read, {
      tags: new Set(['cats']),
      encoding: undefined,
      archivedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const second = buildSaveMutations(meta, edited);
    await mutateRow(conn, tableId, second.key, second.mutations);
    const reread = hydrateEntity(meta, await readOne(conn, tableId, second.key));
    assert.deepEqual([...reread.tags], ['cats']);
    assert.equal(reread.encoding, undefined);
    assert.equal(reread.version, 2n);
    assert.deepEqual(reread.archivedAt, new Date('2025-01-01T00:00:00Z'));
    log.push(
      `after the second save: tags ${[...reread.tags].join(', ')}, encoding removed, version ${reread.version}`,
    );
    return log;
  } finally {
    await deleteTable(conn, tableId).catch(() => undefined);
    await conn.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const emulator = await startEmulator();
  try {
    for (const line of await runVideoEntityExample(emulator.hostPort)) console.log(line);
    console.log('video entity example: OK');
  } finally {
    await emulator.stop();
  }
}
