import { describe, expect, it } from 'vitest';
import {
  Column,
  Entity,
  Family,
  Gc,
  KeyPart,
  QualifierMap,
  QualifierSet,
} from '../../../decorators/index.js';
import type { Versioned } from '../../../src/metadata/entity-metadata.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';

// The seeds' "one row per entity" designs: friends as qualifiers (a set, and a map to the social circle), and a video
// row keeping its comments as timestamped cells.
@Entity({ table: 'q_seed_reads', prefix: 'user' })
@Family('friends')
@Family('circles')
class User {
  declare static readonly keyParts: readonly ['userId'];
  @KeyPart(0, 'string') userId!: string;
  @QualifierSet({ family: 'friends', key: 'string' }) friends!: Set<string>;
  @QualifierMap({ family: 'circles', key: 'string', value: 'string' }) circles!: Map<string, string>;
}

@Entity({ table: 'q_seed_reads', prefix: 'video' })
@Family('d', { gc: Gc.maxVersions(1) })
@Family('c', { gc: Gc.maxVersions(100) })
class VideoRow {
  declare static readonly keyParts: readonly ['videoId'];
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Column({ family: 'c', codec: 'string', versioned: true }) comments!: Versioned<string>[];
}

describe('reads of the seeds\u2019 one-row-per-entity designs', () => {
  const mapper = useMapper([User, VideoRow]);
  const jose = { userId: 'jose' };

  it('members are whole qualifiers: bob never matches bobby; prefix is a byte prefix', async () => {
    const users = mapper().repository(User);
    await users.save(
      Object.assign(new User(), {
        userId: 'jose',
        friends: new Set(['bo', 'bob', 'bobby', 'sofia']),
        circles: new Map([
          ['bob', 'work'],
          ['bobby', 'family'],
          ['sofia', 'family'],
        ]),
      }),
    );
    const exact = await users
      .find(jose)
      .select('friends')
      .entries('friends', { members: ['bob'] })
      .first();
    expect([...exact!.friends!]).toEqual(['bob']);
    const two = await users
      .find(jose)
      .select('circles')
      .entries('circles', { members: ['sofia', 'bob'] })
      .first();
    expect([...two!.circles!.entries()]).toEqual([
      ['bob', 'work'],
      ['sofia', 'family'],
    ]);
    const prefixed = await users.find(jose).select('friends').entries('friends', { prefix: 'bob' }).first();
    expect([...prefixed!.friends!]).toEqual(['bob', 'bobby']);
  });

  it('has(member) reads one cell of one row, never the family', async () => {
    const users = mapper().repository(User);
    expect(await users.has(jose, 'friends', 'bob')).toBe(true);
    expect(await users.has(jose, 'friends', 'bo')).toBe(true);
    expect(await users.has(jose, 'friends', 'b')).toBe(false);
    expect(await users.has(jose, 'friends', 'carl')).toBe(false);
    expect(await users.has(jose, 'circles', 'bobby')).toBe(true);
    expect(await users.has({ userId: 'nobody' }, 'friends', 'bob')).toBe(false);
    const { request } = users
      .find(jose)
      .select('friends')
      .entries('friends', { members: ['bob'] })
      .compile();
    expect(request?.rows?.rowKeys.map((k) => Buffer.from(k).toString())).toEqual(['user#jose']);
    expect(request?.filter).toEqual({
      chain: [
        {
          columnRange: {
            family: 'friends',
            startQualifierClosed: Buffer.from('bob'),
            endQualifierClosed: Buffer.from('bob'),
          },
        },
        { cellsPerColumnLimit: 1 },
      ],
    });
  });

  it('a video row with its N most recent comments in one request', async () => {
    const videos = mapper().repository(VideoRow);
    const comments = Array.from({ length: 6 }, (_, i) => ({
      timestamp: new Date(Date.UTC(2024, 0, 1, 0, i)),
      value: `comment ${i}`,
    })).reverse();
    await videos.save(Object.assign(new VideoRow(), { videoId: 'v1', title: 'Cats', comments }));
    const lookup = videos.lookup([{ videoId: 'v1' }]).versions({ latest: 3 });
    const [video] = await lookup.toArray();
    expect(video!.title).toBe('Cats');
    expect(video!.comments.map((c) => c.value)).toEqual(['comment 5', 'comment 4', 'comment 3']);
    expect(lookup.compile().request?.rows?.rowKeys).toHaveLength(1);
  });
});
