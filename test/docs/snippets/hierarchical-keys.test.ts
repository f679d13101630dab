import { expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from 'bigtable-mapper/decorators';
import { InvalidArgumentError, getEntityMetadata, keyOwner } from 'bigtable-mapper';
import { useMapper } from 'bigtable-mapper/testing/vitest';

@Entity({ table: 'videos', prefix: 'video' }) // video#<videoId>
@Family('d')
class Video {
  declare static readonly keyParts: readonly ['videoId'];
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
}

// video#<videoId>#c#<reversed millis>: right after its video, newest first
@Entity({ table: 'videos', parent: Video, literal: 'c' })
@Family('d')
class Comment {
  declare static readonly keyParts: readonly ['videoId', 'at'];
  videoId!: string; // the parent's key part, filled in on reads
  @KeyPart(0, 'reversedTimestamp') at!: Date;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}

const mapper = useMapper([Video, Comment]);

it('stores comments under their video and reads each type alone', async () => {
  const videos = mapper().repository(Video);
  const comments = mapper().repository(Comment);
  await videos.save(Object.assign(new Video(), { videoId: 'v1', title: 'Cats' }));
  await comments.saveMany(
    [1, 2, 3].map((m) =>
      Object.assign(new Comment(), { videoId: 'v1', at: new Date(Date.UTC(2024, 0, 1, 0, m)), text: `c${m}` }),
    ),
  );

  expect(new TextDecoder().decode(comments.keyOf({ videoId: 'v1', at: new Date(0) }))).toBe(
    'video#v1#c#9223372036854775807',
  );
  // A scan of videos passes over the comment rows under video#v1 (told apart by key, never hydrated).
  expect((await videos.scan().toArray()).map((v) => v.title)).toEqual(['Cats']);
  expect((await comments.find({ videoId: 'v1' }).limit(2).toArray()).map((c) => c.text)).toEqual(['c3', 'c2']);

  // The video and its newest comments are adjacent rows: one collection read.
  const page = mapper().collection({ video: Video, comments: Comment }).key({ videoId: 'v1' });
  const { video, comments: newest } = await page.limit('comments', 2).fetch();
  expect([video[0]?.title, ...newest.map((c) => c.text)]).toEqual(['Cats', 'c3', 'c2']);

  // The type of any row, from its key bytes.
  const types = [getEntityMetadata(Video), getEntityMetadata(Comment)];
  expect(keyOwner(types, videos.keyOf({ videoId: 'v1' }))?.name).toBe('Video');

  // Dropping every video would drop the comments too: refused unless they are named.
  await expect(videos.deleteByPrefix({}, { allowEntireEntity: true })).rejects.toBeInstanceOf(InvalidArgumentError);
  await videos.deleteByPrefix({}, { allowEntireEntity: true, alsoDelete: [Comment] });
  expect(await comments.scan().count()).toBe(0);
});
