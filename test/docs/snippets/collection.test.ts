import { expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from 'bigtable-mapper/decorators';
import { useMapper } from 'bigtable-mapper/testing/vitest';

@Entity({ table: 'media', prefix: 'video' }) // video#<videoId>
@Family('d')
class Video {
  declare static readonly keyParts: readonly ['videoId'];
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
}

// video#<videoId>#c#<reversed millis>: the video's key, the literal c, then the comment's own part (newest first)
@Entity({ table: 'media', parent: Video, literal: 'c' })
@Family('c')
class Comment {
  declare static readonly keyParts: readonly ['videoId', 'at'];
  videoId!: string; // from the parent's key
  @KeyPart(0, { type: 'reversedTimestamp' }) at!: Date;
  @Column({ family: 'c', codec: 'string' }) text!: string;
}

const mapper = useMapper([Video, Comment]);

it('reads a video with its 10 newest comments in one ReadRows', async () => {
  await mapper().repository(Video).save(Object.assign(new Video(), { videoId: 'v1', title: 'Cats' }));
  await mapper()
    .repository(Comment)
    .saveMany(
      Array.from({ length: 15 }, (_, i) =>
        Object.assign(new Comment(), { videoId: 'v1', at: new Date(Date.UTC(2024, 0, 1, 0, i)), text: `c${i}` }),
      ),
    );

  const page = mapper().collection({ video: Video, comments: Comment }).key({ videoId: 'v1' }); // typed: { videoId }
  const { video, comments } = await page.limit('comments', 10).fetch();

  expect(video.map((v) => v.title)).toEqual(['Cats']);
  expect(comments.map((c) => c.text)).toEqual(['c14', 'c13', 'c12', 'c11', 'c10', 'c9', 'c8', 'c7', 'c6', 'c5']);
  const [request] = page.limit('comments', 10).compile().requests;
  expect(request?.request?.rowsLimit).toBe(11n); // the video row, then its 10 newest comments: one exact request

  const counts = await page.count();
  expect(counts).toEqual({ video: 1, comments: 15 });
  for await (const item of page.limit(2)) {
    if (item.type === 'video') expect(item.entity.title).toBe('Cats');
    else expect(item.entity.text).toMatch(/^c\d+$/);
  }
});
