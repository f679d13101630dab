import { expect, it } from 'vitest';
import { lintEntities } from '../../../src/lint/index.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { mediaModule } from '../../fixtures/entities/media-module.js';

// A module of entities evaluated twice in one process (a dev server's reload, two copies of it in a bundle): the
// second evaluation gives new classes with the same names and layouts, which replace the first ones.
const before = mediaModule('redefined_media');
// Used before the reload, as a running dev server would have.
getEntityMetadata(before.Video);
getEntityMetadata(before.Comment);
const { Video, Comment } = mediaModule('redefined_media');
const mapper = useMapper([Video, Comment]);

it('the reloaded entities work everywhere: writes, reads, collections, prefix deletes, schema plan and lint', async () => {
  const videos = mapper().repository(Video);
  const comments = mapper().repository(Comment);
  await videos.save(Object.assign(new Video(), { videoId: 'v1', title: 'Cats' }));
  await comments.saveMany(
    [1, 2, 3].map((i) =>
      Object.assign(new Comment(), { videoId: 'v1', at: new Date(Date.UTC(2024, 0, i)), text: `c${i}` }),
    ),
  );
  expect(await videos.get({ videoId: 'v1' })).toBeInstanceOf(Video);
  // A scan of videos leaves the comments under video#v1 out: the reloaded Comment is Video's sibling.
  expect((await videos.scan().toArray()).map((v) => v.title)).toEqual(['Cats']);
  const page = await mapper().collection({ video: Video, comments: Comment }).key({ videoId: 'v1' }).fetch();
  expect([page.video.map((v) => v.title), page.comments.map((c) => c.text)]).toEqual([
    ['Cats'],
    ['c3', 'c2', 'c1'],
  ]);

  // A stale reference to a class of the first evaluation still reads the same rows.
  expect((await mapper().repository(before.Video).get({ videoId: 'v1' }))?.title).toBe('Cats');

  expect((await mapper().schema.plan([Video, Comment])).changes).toEqual([]);
  const findings = lintEntities([getEntityMetadata(Video), getEntityMetadata(Comment)]);
  expect(findings.filter((f) => f.severity === 'error')).toEqual([]);

  // The prefix delete of every video still knows that the comments lie under it (and no stale copy of them).
  const refused = await videos.deleteByPrefix({}, { allowEntireEntity: true }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InvalidArgumentError);
  expect((refused as Error).message).toContain('must be a list naming Comment:');
  await videos.deleteByPrefix({}, { allowEntireEntity: true, alsoDelete: [Comment] });
  expect(await comments.scan().count()).toBe(0);
});
