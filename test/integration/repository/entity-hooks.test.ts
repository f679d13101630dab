import { beforeEach, describe, expect, it } from 'vitest';
import { AfterLoad, BeforeSave, Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { EntityHookError } from '../../../src/errors/entity-hook-error.js';
import { MetadataError } from '../../../src/errors/metadata-error.js';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import { ValidationError } from '../../../src/errors/validation-error.js';
import type { InterceptedCall } from '../../../src/mapping/intercepted-call.js';
import { defineEntity } from '../../../src/metadata/define-entity.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

// Issue 25, "Events and hooks": lifecycle hooks declared on the entity. Before-save hooks run before anything is
// validated, encoded or sent (a throw fails the call, nothing written); after-load hooks run on each entity a read
// returns. Against the emulator.

const log: string[] = [];

/** A validator that refuses an empty slug: before-save hooks run before it, so a hook may fill the slug. */
const slugRequired = {
  '~standard': {
    version: 1 as const,
    vendor: 'test',
    validate: (value: unknown) =>
      (value as { slug?: string }).slug
        ? { value }
        : { issues: [{ message: 'slug required', path: ['slug'] }] },
  },
};

@Entity({ table: 'hooks_posts', validate: slugRequired })
@Family('d')
class Post {
  declare static readonly keyParts: readonly ['blog', 'id'];
  @KeyPart(0, 'string') blog!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) title = '';
  @Column({ family: 'd', codec: 'string', optional: true }) slug?: string;
  @Column({ family: 'd', codec: 'int64AsNumber', optional: true }) savedCount?: number;
  /** Derived on load, never stored. */
  words = 0;

  @BeforeSave() fillSlug(): void {
    log.push(`fillSlug ${this.id}`);
    if (this.title === 'explode') throw new Error(`cannot slug ${this.id}`);
    this.slug ??= this.title.toLowerCase().replace(/\s+/g, '-');
  }

  @BeforeSave() async count(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.push(`count ${this.id}`);
    this.savedCount = (this.savedCount ?? 0) + 1;
  }

  @AfterLoad() countWords(): void {
    log.push(`countWords ${this.id}`);
    if (this.title === 'cursed') throw new Error('cursed row');
    this.words = this.title.split(/\s+/).filter(Boolean).length;
  }
}

@Entity({ table: 'hooks_posts', parent: Post, literal: 'c' })
@Family('d')
class Comment {
  blog!: string;
  id!: string;
  @KeyPart(0, 'string') commentId!: string;
  @Column({ family: 'd', codec: 'string' }) body = '';
  shout = '';
  @AfterLoad() loud(): void {
    this.shout = this.body.toUpperCase();
  }
}

/** Declared without decorators: defineEntity's `hooks` name the methods. */
class Tag {
  name!: string;
  normalized?: string;
  loaded = false;
  normalize(): void {
    this.normalized = this.name.trim().toLowerCase();
  }
  markLoaded(): void {
    this.loaded = true;
  }
}
defineEntity(Tag, {
  table: 'hooks_tags',
  key: [{ property: 'name' }],
  families: { d: {} },
  properties: { normalized: { family: 'd', codec: 'string', optional: true } },
  hooks: { beforeSave: ['normalize'], afterLoad: ['markLoaded'] },
});

/** An after-load hook that returns a promise: refused, after-load hooks are synchronous. */
@Entity({ table: 'hooks_async' })
@Family('d')
class AsyncLoaded {
  @KeyPart(0, 'string') name!: string;
  @Column({ family: 'd', codec: 'string' }) note = 'n';
  @AfterLoad() async later(): Promise<void> {
    await Promise.resolve();
  }
}

const post = (id: string, title: string): Post => Object.assign(new Post(), { blog: 'b', id, title });

describe('entity lifecycle hooks', () => {
  const mapper = useMapper([Post, Comment, Tag, AsyncLoaded]);
  beforeEach(() => {
    log.length = 0;
  });

  it('before-save hooks run in declaration order, awaited, before validation, and what they set is written', async () => {
    const posts = mapper().repository(Post);
    const p = post('p1', 'Hello Hook World');
    await posts.save(p);
    expect(log).toEqual(['fillSlug p1', 'count p1']);
    expect(p).toMatchObject({ slug: 'hello-hook-world', savedCount: 1 });
    log.length = 0;
    const read = await posts.get({ blog: 'b', id: 'p1' });
    expect(read).toMatchObject({ slug: 'hello-hook-world', savedCount: 1, words: 3 });
    expect(log).toEqual(['countWords p1']);
    // insert runs them too
    await posts.insert(post('p2', 'Second'));
    expect(await posts.get({ blog: 'b', id: 'p2' })).toMatchObject({ slug: 'second', savedCount: 1 });
  });

  it('a before-save hook that throws fails the call with EntityHookError before anything is written', async () => {
    const posts = mapper().repository(Post);
    const error = await posts.save(post('x1', 'explode')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EntityHookError);
    expect(error).toMatchObject({
      code: 'ENTITY_HOOK_FAILED',
      entity: 'Post',
      hook: 'beforeSave',
      method: 'fillSlug',
      operation: 'save',
    });
    expect((error as Error).cause).toEqual(new Error('cannot slug x1'));
    // The later hook did not run, and nothing was written.
    expect(log).toEqual(['fillSlug x1']);
    expect(await posts.get({ blog: 'b', id: 'x1' })).toBeUndefined();
    // An empty title makes an empty slug, which the validator refuses: hooks run before validation.
    await expect(
      mapper()
        .repository(Post)
        .save(Object.assign(post('x2', ''), { slug: undefined })),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('saveMany runs the hooks per entity; an array with a failing hook writes nothing', async () => {
    const posts = mapper().repository(Post);
    await posts.saveMany([post('m1', 'one'), post('m2', 'two words')]);
    expect(log).toEqual(['fillSlug m1', 'count m1', 'fillSlug m2', 'count m2']);
    expect(
      (
        await posts.getMany([
          { blog: 'b', id: 'm1' },
          { blog: 'b', id: 'm2' },
        ])
      ).map((p) => p?.slug),
    ).toEqual(['one', 'two-words']);

    const error = await posts.saveMany([post('m3', 'fine'), post('m4', 'explode')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EntityHookError);
    expect(error).toMatchObject({ operation: 'saveMany', method: 'fillSlug' });
    expect(await posts.get({ blog: 'b', id: 'm3' })).toBeUndefined();
  });

  it('a streamed saveMany stops at the chunk of a failing hook, which is not written', async () => {
    const posts = mapper().repository(Post);
    async function* load(): AsyncGenerator<Post> {
      yield post('s1', 'fine');
      yield post('s2', 'explode');
    }
    const error = await posts.saveMany(load()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialWriteError);
    expect((error as PartialWriteError).outcomes).toEqual(['notWritten', 'notWritten']);
    expect((error as PartialWriteError).failures[0]!.cause).toBeInstanceOf(EntityHookError);
    expect(await posts.get({ blog: 'b', id: 's1' })).toBeUndefined();
  });

  it('after-load hooks run on every entity a read returns, not for count or has', async () => {
    const posts = mapper().repository(Post);
    await posts.saveMany([post('r1', 'a b'), post('r2', 'c d e')]);
    await mapper()
      .repository(Comment)
      .save(Object.assign(new Comment(), { blog: 'b', id: 'r1', commentId: 'c1', body: 'hi' }));
    const reads: Array<[string, () => Promise<unknown>]> = [
      [
        'getMany',
        () =>
          posts.getMany([
            { blog: 'b', id: 'r1' },
            { blog: 'b', id: 'r2' },
          ]),
      ],
      ['lookup', () => posts.lookup([{ blog: 'b', id: 'r1' }]).toArray()],
      ['find', () => posts.find({ blog: 'b', id: 'r2' }).toArray()],
      ['first', () => posts.find({ blog: 'b', id: 'r1' }).first()],
      ['scan', () => posts.scan().where('title', '=', 'a b').toArray()],
      [
        'iterate',
        async () => {
          const out: Post[] = [];
          for await (const p of posts.find({ blog: 'b', id: 'r2' })) out.push(p);
          return out;
        },
      ],
    ];
    const counted: Record<string, string[]> = {};
    for (const [name, read] of reads) {
      log.length = 0;
      const result = await read();
      counted[name] = [...log];
      for (const p of [result].flat() as Post[]) expect(p.words, name).toBe(p.title.split(' ').length);
    }
    expect(counted).toEqual({
      getMany: ['countWords r1', 'countWords r2'],
      lookup: ['countWords r1'],
      find: ['countWords r2'],
      first: ['countWords r1'],
      scan: ['countWords r1'],
      iterate: ['countWords r2'],
    });
    log.length = 0;
    expect(await posts.find({ blog: 'b' }).count()).toBeGreaterThan(0);
    expect(await posts.has({ blog: 'b', id: 'r1' }, 'title' as never, 'x' as never).catch(() => false)).toBe(
      false,
    );
    expect(log).toEqual([]);

    const { post: parent, comments } = await mapper()
      .collection({ post: Post, comments: Comment })
      .key({ blog: 'b', id: 'r1' })
      .fetch();
    expect(parent).toEqual([expect.objectContaining({ words: 2 })]);
    expect(comments).toEqual([expect.objectContaining({ body: 'hi', shout: 'HI' })]);
  });

  it('an after-load hook that throws, or returns a promise, fails the read with EntityHookError', async () => {
    const posts = mapper().repository(Post);
    await posts.save(post('c1', 'cursed'));
    const error = await posts.get({ blog: 'b', id: 'c1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EntityHookError);
    expect(error).toMatchObject({ hook: 'afterLoad', method: 'countWords', operation: 'read' });
    expect((error as Error).cause).toEqual(new Error('cursed row'));

    const asyncRepo = mapper().repository(AsyncLoaded);
    await asyncRepo.save(Object.assign(new AsyncLoaded(), { name: 'async' }));
    const refused = await asyncRepo.get({ name: 'async' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EntityHookError);
    expect((refused as Error).message).toContain('returned a promise: after-load hooks are synchronous');
  });

  it('defineEntity names hook methods; a name that is no method is a MetadataError', async () => {
    const tags = mapper().repository(Tag);
    await tags.save(Object.assign(new Tag(), { name: 'Fresh' }));
    const read = await tags.get({ name: 'Fresh' });
    expect(read).toMatchObject({ normalized: 'fresh', loaded: true });

    class Broken {
      id!: string;
    }
    defineEntity(Broken, {
      table: 'hooks_broken',
      key: [{ property: 'id' }],
      hooks: { beforeSave: ['missing' as never] },
    });
    expect(() => resolveEntity(Broken)).toThrow(MetadataError);
    expect(() => resolveEntity(Broken)).toThrow(
      'beforeSave hook missing (declared in Broken) is not a method',
    );
  });

  it('hooks run before interceptors: an interceptor sees the entity as the hooks left it', async () => {
    const seen: InterceptedCall[] = [];
    const posts = new Mapper(mapper().connection, {
      ...mapper().repositoryOptions,
      interceptors: [(call) => void seen.push(call)],
    }).repository(Post);
    await posts.save(post('i1', 'Seen By Interceptor'));
    expect(seen[0]!.entities[0]).toMatchObject({ slug: 'seen-by-interceptor', savedCount: 1 });
  });
});
