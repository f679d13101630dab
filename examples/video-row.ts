// Seed design "video single-table row": one row per video with its details, packed protobuf blobs, user comments
// as timestamped cells (GC keeps the latest 100 for a year), formats and tags as qualifiers, a likes counter, a
// views Sum aggregate and an optimistic-locking version. Every column kind of the SDK in one entity.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import type { Versioned } from 'bigtable-mapper';
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
} from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

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

export const videoRow: Example = {
  id: 'media',
  seed: 'Bigtable for DynamoDB users — Single-table design pattern (every column kind of the SDK in one row)',
  name: 'video single-table row with every column kind',
  entities: [Video],
  async run(mapper) {
    const videos = mapper.repository(Video);
    const hourAgo = Date.now() - 3_600_000;
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
      // Comment cells carry their own timestamps. Reads hide cells the family's GC rule (a year) would collect
      // even before Bigtable's lazy GC does, so these are recent.
      comments: [
        { timestamp: new Date(hourAgo + 1_800_000), value: 'lol' },
        { timestamp: new Date(hourAgo), value: 'first' },
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

    // One atomic, version-checked MutateRow for the whole entity; the version advances to 1.
    await videos.save(video);
    const key = Buffer.from(videos.keyOf(video)).toString();

    // Counters and aggregates change through their own operations only, never through save.
    for (let i = 0; i < 3; i++) await videos.increment(video, 'likes', 1);
    await videos.aggregate(video, 'views', 10);
    await videos.aggregate(video, 'views', 5);

    const read = await videos.getOrThrow(video);
    assert.ok(read instanceof Video);
    assert.deepEqual(read, Object.assign(new Video(), video, { likes: 3n, views: 15n, version: 1n }));

    // A second save rewrites map/set families exactly and removes the absent optional column.
    const edited: Video = Object.assign(new Video(), read, {
      tags: new Set(['cats']),
      encoding: undefined,
      archivedAt: new Date('2025-01-01T00:00:00Z'),
    });
    await videos.save(edited);
    const again = await videos.getOrThrow(video);
    assert.deepEqual([...again.tags], ['cats']);
    assert.equal(again.encoding, undefined);
    assert.equal(again.version, 2n);
    return [
      `saved ${key} (version 1)`,
      `likes=${read.likes} views=${read.views} comments=${read.comments.map((c: Versioned<string>) => c.value).join('|')}`,
      `second save: tags ${[...again.tags].join(', ')}, protobuf column removed, version ${again.version}`,
    ];
  },
};
