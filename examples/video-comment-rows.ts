// Seed "Bigtable for DynamoDB users", single-table design pattern, the DynamoDB layout kept for contrast with
// examples/video-single-row.ts: the video and each comment as rows of their own, adjacent because a comment's key
// extends its video's (`video#0123`, `video#0123#c#<reversed timestamp>`), the reversed timestamp ordering comments
// newest first as the seed's `VideoComment#<reverse-timestamp>` sort key does. A collection reads the video with its
// N newest comments in one ReadRows.
import assert from 'node:assert/strict';
import { Codecs } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'video_rows', prefix: 'video' })
@Family('video', { gc: Gc.maxVersions(1) })
export class VideoItem {
  declare static readonly keyParts: readonly ['videoId'];
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'video', qualifier: 'Formats', codec: Codecs.json<Record<string, string>>() })
  formats!: Record<string, string>;
}

/** Key: the video's key, `c`, the comment time reversed (newest first). */
@Entity({ table: 'video_rows', parent: VideoItem, literal: 'c' })
@Family('comment', { gc: Gc.maxVersions(1) })
export class VideoComment {
  declare static readonly keyParts: readonly ['videoId', 'at'];
  videoId!: string; // the parent's key part
  @KeyPart(0, 'reversedTimestamp') at!: Date;
  @Column({ family: 'comment', qualifier: 'Content', codec: 'string' }) content!: string;
}

const url = (id: string, format: string): string =>
  `https://storage.googleapis.com/videos/${id}/${format}.mp4`;

// The seed's comments on video 0123, and two more.
const COMMENTS: ReadonlyArray<[string, string]> = [
  ['2023-09-10T16:30:42Z', 'Sembra che ci sia un problema audio al minuto 1:05.'],
  ['2023-09-10T19:01:15Z', 'Mi piace molto. Gli effetti speciali sono fantastici.'],
  ['2023-09-11T08:00:00Z', 'Visto tre volte.'],
  ['2023-09-12T21:45:10Z', 'Quando esce il seguito?'],
];

export const videoCommentRows: Example = {
  id: 'videorows',
  name: 'video and comments as adjacent rows, the 2 newest comments in one read (video#0123#c#<reversed ts>)',
  seed: 'Bigtable for DynamoDB users — Single-table design pattern (the DynamoDB layout, for contrast)',
  entities: [VideoItem, VideoComment],
  async run(mapper) {
    const videos = mapper.repository(VideoItem);
    const comments = mapper.repository(VideoComment);
    await videos.save(
      Object.assign(new VideoItem(), {
        videoId: '0123',
        formats: { 480: url('0123', '480'), 720: url('0123', '720'), '1080p': url('0123', '1080p') },
      }),
    );
    await comments.saveMany(
      COMMENTS.map(([at, content]) =>
        Object.assign(new VideoComment(), { videoId: '0123', at: new Date(at), content }),
      ),
    );
    const page = mapper
      .collection({ video: VideoItem, comments: VideoComment })
      .key({ videoId: '0123' })
      .limit('comments', 2);
    const { video, comments: newest } = await page.fetch();
    assert.equal(video.length, 1);
    assert.deepEqual(
      newest.map((c) => c.content),
      ['Quando esce il seguito?', 'Visto tre volte.'],
    );
    const firstKey = Buffer.from(comments.keyOf(newest[0]!)).toString();
    assert.ok(firstKey.startsWith('video#0123#c#'));
    return [
      `video 0123 and its 2 newest comments, one ReadRows: ${newest.map((c) => c.content).join(' | ')}`,
      ...page
        .explain()
        .split('\n')
        .map((l) => `  ${l}`),
      `newest comment's key: ${firstKey}`,
    ];
  },
};
