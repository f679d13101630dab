import { beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Family, Gc, KeyPart } from '../../../decorators/index.js';
import type { Versioned } from '../../../src/metadata/entity-metadata.js';
import type { CollectionQuery } from '../../../src/query/builder/collection-query.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';

// A parent type and a child type sharing the leading key parts (tenant, authorId), in one table. Tenants `t1` and
// `t10` test that a shared key is an exact prefix. `h` keeps the history of Post.notes while Author reads `d` only:
// the families differ, so the types share one request.
@Entity({ table: 'q_coll_oracle', prefix: 'a' })
@Family('d', { gc: Gc.maxVersions(1) })
class Author {
  declare static readonly keyParts: readonly ['tenant', 'authorId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') authorId!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) rank!: number;
}

@Entity({ table: 'q_coll_oracle', prefix: 'p' })
@Family('d', { gc: Gc.maxVersions(1) })
@Family('h', { gc: Gc.maxVersions(3) })
class Post {
  declare static readonly keyParts: readonly ['tenant', 'authorId', 'seq'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') authorId!: string;
  @KeyPart(2, { type: 'int64', width: 4, as: 'number' }) seq!: number;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) stars!: number;
  @Column({ family: 'h', codec: 'string', versioned: true }) notes!: Versioned<string>[];
}

// The same model with hierarchical keys: a post extends its author's key, so an author and its posts are adjacent
// rows (`author#t1#bob`, `author#t1#bob#p#0002`), and a reply (not read by the collections) extends a post's key:
// it lies inside the posts' range and must be left out by the router.
@Entity({ table: 'q_coll_oracle_h', prefix: 'author' })
@Family('d', { gc: Gc.maxVersions(1) })
class HAuthor {
  declare static readonly keyParts: readonly ['tenant', 'authorId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') authorId!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) rank!: number;
}

@Entity({ table: 'q_coll_oracle_h', parent: HAuthor, literal: 'p' })
@Family('d', { gc: Gc.maxVersions(1) })
@Family('h', { gc: Gc.maxVersions(3) })
class HPost {
  declare static readonly keyParts: readonly ['tenant', 'authorId', 'seq'];
  tenant!: string;
  authorId!: string;
  @KeyPart(0, { type: 'int64', width: 4, as: 'number' }) seq!: number;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) stars!: number;
  @Column({ family: 'h', codec: 'string', versioned: true }) notes!: Versioned<string>[];
}

@Entity({ table: 'q_coll_oracle_h', parent: HPost, literal: 'r' })
@Family('d', { gc: Gc.maxVersions(1) })
class HReply {
  tenant!: string;
  authorId!: string;
  seq!: number;
  @KeyPart(0, 'string') replyId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
}

/** Deterministic generator (mulberry32) so a failure reproduces. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(20261123);
const TENANTS = ['t1', 't10', 't2'];
const AUTHORS = ['ann', 'bob', 'bobby'];

function generate(): { authors: Author[]; posts: Post[] } {
  const authors: Author[] = [];
  const posts: Post[] = [];
  for (const tenant of TENANTS)
    for (const authorId of AUTHORS) {
      if (random() < 0.8)
        authors.push(
          Object.assign(new Author(), {
            tenant,
            authorId,
            name: `${authorId}@${tenant}`,
            rank: Math.floor(random() * 5),
          }),
        );
      for (let seq = 0; seq < 7; seq++) {
        if (random() < 0.3) continue;
        posts.push(
          Object.assign(new Post(), {
            tenant,
            authorId,
            seq,
            title: `post ${seq}`,
            stars: Math.floor(random() * 6),
            notes: Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => ({
              timestamp: new Date(1_700_000_000_000 - i * 1000),
              value: `v${i}`,
            })),
          }),
        );
      }
    }
  return { authors, posts };
}

type Shape = { author: Author; posts: Post };
type Row = { type: 'author'; entity: Author } | { type: 'posts'; entity: Post };

/** One query shape, applied both to a collection query and to the in-memory model. */
interface Case {
  readonly name: string;
  readonly shared: { tenant: string; authorId?: string };
  readonly build: (q: CollectionQuery<Shape>) => CollectionQuery<Shape>;
  readonly reverse?: boolean;
  readonly limit?: number;
  readonly perType?: Partial<Record<keyof Shape, number>>;
  readonly postFilter?: (p: Post) => boolean;
}

const LAYOUTS = [
  { layout: 'distinct prefixes', Author, Post, Reply: undefined },
  { layout: 'hierarchical keys', Author: HAuthor, Post: HPost, Reply: HReply },
] as const;

describe.each(LAYOUTS)(
  'collections on the emulator match an in-memory model ($layout)',
  ({ Author, Post, Reply }) => {
    const mapper = useMapper(Reply ? [Author, Post, Reply] : [Author, Post], {
      now: () => 1_700_000_100_000,
    });
    const data = generate();
    const keyOf = (row: Row): Buffer =>
      Buffer.from(
        row.type === 'author'
          ? mapper().repository(Author).keyOf(row.entity)
          : mapper().repository(Post).keyOf(row.entity),
      );
    const label = (row: { type: string; entity: object }): string => {
      const e = row.entity as Partial<Post>;
      return `${row.type}:${e.tenant}/${e.authorId}${e.seq === undefined ? '' : `/${e.seq}`}`;
    };

    /** What the read must return, in order: the model's rows under the shared key, filtered, ordered and limited. */
    function expected(c: Case): Row[] {
      const match = (e: { tenant: string; authorId: string }) =>
        e.tenant === c.shared.tenant && (c.shared.authorId === undefined || e.authorId === c.shared.authorId);
      const rows: Row[] = [
        ...data.authors.filter(match).map((entity) => ({ type: 'author' as const, entity })),
        ...data.posts
          .filter(match)
          .filter((p) => !c.postFilter || c.postFilter(p))
          .map((entity) => ({ type: 'posts' as const, entity })),
      ].sort((a, b) => Buffer.compare(keyOf(a), keyOf(b)));
      if (c.reverse) rows.reverse();
      const taken: Record<string, number> = {};
      const out: Row[] = [];
      for (const row of rows) {
        const cap = c.perType?.[row.type];
        if (cap !== undefined && (taken[row.type] ?? 0) >= cap) continue;
        taken[row.type] = (taken[row.type] ?? 0) + 1;
        out.push(row);
        if (c.limit !== undefined && out.length >= c.limit) break;
      }
      return out;
    }

    const cases: Case[] = [];
    for (const shared of [
      { tenant: 't1' },
      { tenant: 't1', authorId: 'bob' },
      { tenant: 't2', authorId: 'ann' },
    ])
      for (const reverse of [false, true]) {
        const dir = (q: CollectionQuery<Shape>) => (reverse ? q.reverse() : q);
        const at = `${JSON.stringify(shared)}${reverse ? ' reversed' : ''}`;
        cases.push(
          { name: `every row ${at}`, shared, reverse, build: dir },
          { name: `total limit ${at}`, shared, reverse, limit: 4, build: (q) => dir(q).limit(4) },
          {
            name: `per-type limit on the children ${at}`,
            shared,
            reverse,
            perType: { posts: 2 },
            build: (q) => dir(q).limit('posts', 2),
          },
          {
            name: `per-type limits on both and a total ${at}`,
            shared,
            reverse,
            limit: 3,
            perType: { author: 1, posts: 3 },
            build: (q) => dir(q).limit('author', 1).limit('posts', 3).limit(3),
          },
          {
            name: `server-side condition on a child column ${at}`,
            shared,
            reverse,
            postFilter: (p) => p.stars >= 3,
            build: (q) => dir(q).where('posts', 'stars', '>=', 3),
          },
          {
            name: `key range on a child key part ${at}`,
            shared,
            reverse,
            postFilter: (p) => p.seq >= 2 && p.seq < 5,
            build: (q) => dir(q).where('posts', 'seq', '>=', 2).where('posts', 'seq', '<', 5),
          },
          {
            name: `client-side condition with a per-type limit ${at}`,
            shared,
            reverse,
            perType: { posts: 2 },
            postFilter: (p) => p.title !== 'post 3',
            build: (q) => dir(q).where('posts', 'title', '!=', 'post 3').limit('posts', 2),
          },
        );
      }

    beforeAll(async () => {
      await mapper()
        .repository(Author)
        .saveMany(data.authors.map((a) => Object.assign(new Author(), a)));
      await mapper()
        .repository(Post)
        .saveMany(data.posts.map((p) => Object.assign(new Post(), p)));
      if (Reply) {
        const replies = data.posts
          .filter((p) => p.seq % 2 === 0)
          .map((p) =>
            Object.assign(new Reply(), {
              tenant: p.tenant,
              authorId: p.authorId,
              seq: p.seq,
              replyId: 'r1',
              title: 'reply',
            }),
          );
        await mapper().repository(Reply).saveMany(replies);
      }
    });

    const query = (c: Case) => c.build(mapper().collection({ author: Author, posts: Post }).key(c.shared));

    for (const c of cases) {
      it(`${c.name}: stream, grouped fetch, pages, count`, async () => {
        const want = expected(c).map(label);
        const q = query(c);
        const streamed: string[] = [];
        for await (const item of q) streamed.push(label(item));
        expect(streamed).toEqual(want);

        const grouped = await q.fetch();
        expect(grouped.author.map((e) => label({ type: 'author', entity: e }))).toEqual(
          want.filter((w) => w.startsWith('author:')),
        );
        expect(grouped.posts.map((e) => label({ type: 'posts', entity: e }))).toEqual(
          want.filter((w) => w.startsWith('posts:')),
        );

        const paged: string[] = [];
        let page = await q.page(2);
        for (let guard = 0; ; guard++) {
          for (const type of ['author', 'posts'] as const)
            for (const e of page.items[type]) paged.push(label({ type, entity: e }));
          if (!page.cursor || guard > 50) break;
          page = await q.after(page.cursor).page(2);
        }
        // Pages group per type, so compare as sets per page order-insensitively, but every row exactly once.
        expect([...paged].sort()).toEqual([...want].sort());

        const counts = await q.count();
        expect(counts.author + counts.posts).toBe(want.length);
        expect(await q.exists()).toBe(want.length > 0);
      });
    }

    it('every member gets exactly its cells: whole posts with their note history, authors whole', async () => {
      const { author, posts } = await mapper()
        .collection({ author: Author, posts: Post })
        .key({ tenant: 't1', authorId: 'bob' })
        .fetch();
      const model = data.posts.filter((p) => p.tenant === 't1' && p.authorId === 'bob');
      expect(posts.map((p) => ({ ...p }))).toEqual(model.map((p) => ({ ...p })));
      expect(posts.every((p) => p instanceof Post)).toBe(true);
      expect(author.map((a) => ({ ...a }))).toEqual(
        data.authors.filter((a) => a.tenant === 't1' && a.authorId === 'bob').map((a) => ({ ...a })),
      );
    });

    it('select per type: unselected properties are absent, the other type is whole', async () => {
      const { author, posts } = await mapper()
        .collection({ author: Author, posts: Post })
        .key({ tenant: 't2' })
        .select('posts', 'title')
        .fetch();
      expect(posts.length).toBeGreaterThan(0);
      for (const p of posts) expect(Object.keys(p).sort()).toEqual(['authorId', 'seq', 'tenant', 'title']);
      expect(author.map((a) => ({ ...a }))).toEqual(
        data.authors.filter((a) => a.tenant === 't2').map((a) => ({ ...a })),
      );
    });

    it('a video with its N newest children in one request: the server row limit is exact', () => {
      const compiled = mapper()
        .collection({ author: Author, posts: Post })
        .key({ tenant: 't1', authorId: 'bob' })
        .limit('posts', 2)
        .compile();
      expect(compiled.requests).toHaveLength(1);
      // Author's single row comes first, then the posts: 1 + 2 rows is all the client needs.
      expect(compiled.requests[0]!.request?.rowsLimit).toBe(3n);
    });
  },
);
