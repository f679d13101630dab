// Seed "Bigtable for DynamoDB users", single-table design pattern. DynamoDB splits a video into items of one
// partition (`Video`, `VideoComment#<reversed ts>`, `VideoStatsLikes`, `VideoStatsViews`) because an item is capped
// at 400 KB. The seed's Bigtable translation is one row per video: formats as one cell stamped with the upload time
// (no UploadDate column), likes and views as counters updated without rewriting the row, and user comments as
// timestamped cells of one column, which Bigtable already returns newest first (no reversed timestamps in keys).
// A GC rule keeps only the most recent N comments, and removing a video removes its comments in one mutation.
import assert from 'node:assert/strict';
import { Codecs } from 'bigtable-mapper';
import type { Versioned } from 'bigtable-mapper';
import { Column, Counter, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

/** How many comments a video keeps: the seed's "fixed number of most recent comments" (small here, to show it). */
export const KEEP_COMMENTS = 3;

@Entity({ table: 'videos' })
@Family('video', { gc: Gc.maxVersions(1) })
@Family('stats', { gc: Gc.maxVersions(1) }) // an increment writes a new cell: keep only the newest
@Family('comments', { gc: Gc.maxVersions(KEEP_COMMENTS) })
export class VideoRow {
  declare static readonly keyParts: readonly ['videoId'];
  @KeyPart(0, 'string') videoId!: string;
  /** Resolution → URL, one JSON cell, as the seed stores it; its timestamp is the upload time. */
  @Column({ family: 'video', qualifier: 'Formats', codec: Codecs.json<Record<string, string>>() })
  formats!: Record<string, string>;
  @Counter({ family: 'stats', qualifier: 'Likes', as: 'number' }) likes!: number;
  @Counter({ family: 'stats', qualifier: 'Views', as: 'number' }) views!: number;
  /** One cell per comment, at the comment's time; reads return them newest first. */
  @Column({ family: 'comments', qualifier: 'UserComments', codec: 'string', versioned: true })
  comments!: Versioned<string>[];
}

const url = (id: string, format: string): string =>
  `https://storage.googleapis.com/videos/${id}/${format}.mp4`;
const comment = (at: string, value: string): Versioned<string> => ({ timestamp: new Date(at), value });

export const videoSingleRow: Example = {
  id: 'video',
  name: 'video as one row: formats, likes/views counters, comments as timestamped cells (keep N)',
  seed: 'Bigtable for DynamoDB users — Single-table design pattern',
  entities: [VideoRow],
  async run(mapper, { setClock }) {
    const videos = mapper.repository(VideoRow);
    // The seed's two videos, with its upload times and its comments (Italian edition).
    setClock(new Date('2023-09-10T15:21:48Z'));
    await videos.save(
      Object.assign(new VideoRow(), {
        videoId: '0123',
        formats: { 480: url('0123', '480'), 720: url('0123', '720'), '1080p': url('0123', '1080p') },
        likes: 0,
        views: 0,
        comments: [
          comment('2023-09-10T19:01:15Z', 'Mi piace molto. Gli effetti speciali sono fantastici.'),
          comment('2023-09-10T16:30:42Z', 'Sembra che ci sia un problema audio al minuto 1:05.'),
        ],
      }),
    );
    setClock(new Date('2023-09-10T17:03:21Z'));
    await videos.save(
      Object.assign(new VideoRow(), {
        videoId: '0124',
        formats: { 480: url('0124', '480'), 720: url('0124', '720') },
        likes: 0,
        views: 0,
        comments: [
          comment(
            '2023-10-12T07:08:51Z',
            'Lo stile mi ricorda un regista ma non riesco a capirlo li annotino.',
          ),
        ],
      }),
    );
    setClock(undefined);
    // Counters change with ReadModifyWriteRow increments, never by rewriting the row.
    for (let i = 0; i < 3; i++) await videos.increment({ videoId: '0123' }, 'likes', 1);
    await videos.increment({ videoId: '0123' }, 'views', 156);
    await videos.increment({ videoId: '0124' }, 'views', 45);

    // Two more comments on 0123: with the GC rule keeping 3, the oldest one is gone (reads hide it at once;
    // Bigtable's compaction deletes it later).
    await videos.update(
      { videoId: '0123' },
      {
        comments: [
          comment('2023-09-11T08:00:00Z', 'Visto tre volte.'),
          comment('2023-09-12T21:45:10Z', 'Quando esce il seguito?'),
        ],
      },
    );
    const video = await videos.getOrThrow({ videoId: '0123' });
    assert.equal(video.likes, 3);
    assert.equal(video.views, 156);
    assert.deepEqual(
      video.comments.map((c) => c.value),
      [
        'Quando esce il seguito?',
        'Visto tre volte.',
        'Mi piace molto. Gli effetti speciali sono fantastici.',
      ],
    );

    // The page's first screen: the video's properties and its 2 newest comments, one row read.
    const page = await videos.find({ videoId: '0123' }).versions({ latest: 2 }).first();
    assert.deepEqual(
      page?.comments.map((c) => c.timestamp.toISOString()),
      ['2023-09-12T21:45:10.000Z', '2023-09-11T08:00:00.000Z'],
    );
    assert.deepEqual(Object.keys(page?.formats ?? {}), ['480', '720', '1080p']);

    return [
      `video 0123: likes ${video.likes}, views ${video.views}, ${video.comments.length} comments kept (GC keeps ${KEEP_COMMENTS})`,
      `find(0123).versions({ latest: 2 }): formats ${Object.keys(page?.formats ?? {}).join('/')} and comments`,
      ...(page?.comments ?? []).map((c) => `  ${c.timestamp.toISOString()} ${c.value}`),
    ];
  },
};
