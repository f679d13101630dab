import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../../src/errors/query-error.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import type { EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { CollectionQuery } from '../../../../src/query/builder/collection-query.js';
import {
  GoldenInvoice,
  GoldenPayment,
  MediaComment,
  MediaVideo,
  PrefixComment,
} from '../collection-fixtures.js';
import { Reading } from '../query-fixtures.js';

const clock = { now: () => Date.UTC(2024, 5, 1) };
type Loose = CollectionQuery<Record<string, object>>;

function over(members: Record<string, EntityMetadata>, shared: Record<string, unknown>): Loose {
  return CollectionQuery.over(members as never, shared, clock) as unknown as Loose;
}

/** Per-member refinements a caller may chain, applied by member name (so the order of members is irrelevant). */
type Step = (q: Loose) => Loose;
const videoSteps: Step[] = [
  (q) => q.limit('video' as never, 1),
  (q) =>
    (q as unknown as CollectionQuery<{ video: MediaVideo }>).select('video', 'title') as unknown as Loose,
];
const commentSteps: Step[] = [
  (q) => q.limit('comments' as never, 3),
  (q) =>
    (q as unknown as CollectionQuery<{ comments: MediaComment }>).where(
      'comments',
      'stars',
      '>=',
      2,
    ) as unknown as Loose,
  (q) =>
    (q as unknown as CollectionQuery<{ comments: MediaComment }>).select(
      'comments',
      'text',
    ) as unknown as Loose,
];
const shared: Step[] = [(q) => q.reverse(), (q) => q.limit(5)];

describe('planCollection', () => {
  it('compiles to the same requests whatever the order of the members (random refinements)', () => {
    const video = getEntityMetadata(MediaVideo);
    const comments = getEntityMetadata(MediaComment);
    fc.assert(
      fc.property(
        fc.subarray([...videoSteps, ...commentSteps, ...shared]),
        fc.constantFrom('count', 'rows', 'exists') as fc.Arbitrary<'count' | 'rows' | 'exists'>,
        (steps, mode) => {
          const a = steps.reduce((q, s) => s(q), over({ video, comments }, { videoId: 'v1' }));
          const b = steps.reduce((q, s) => s(q), over({ comments, video }, { videoId: 'v1' }));
          expect(a.compile(mode)).toEqual(b.compile(mode));
          expect(a.explain(mode)).toEqual(b.explain(mode));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sends a server row limit only where it cannot cut the read short', () => {
    const invoice = getEntityMetadata(GoldenInvoice);
    const payments = getEntityMetadata(GoldenPayment);
    const limitOf = (q: Loose) => q.compile().requests.map((r) => r.request?.rowsLimit);
    // Family d is read differently: one request each; the payments' own request is limited to 2 rows.
    expect(limitOf(over({ invoice, payments }, { invoiceId: 'i1' }).limit('payments' as never, 2))).toEqual([
      undefined,
      2n,
    ]);
    const video = getEntityMetadata(MediaVideo);
    const comments = getEntityMetadata(MediaComment);
    // video#v1, then its comments video#v1#c#…: the video row and 2 comments are all the client needs.
    expect(limitOf(over({ video, comments }, { videoId: 'v1' }).limit('comments' as never, 2))).toEqual([3n]);
    // With its own prefix, comment#v1#… comes before video#v1: the limited comments get their own request.
    const prefixed = over({ video, comments: getEntityMetadata(PrefixComment) }, { videoId: 'v1' });
    expect(limitOf(prefixed.limit('comments' as never, 2))).toEqual([2n, undefined]);
    expect(
      prefixed
        .limit('comments' as never, 2)
        .compile()
        .requests.map((r) => r.members),
    ).toEqual([['comments'], ['video']]);
    // A total limit alone is exact.
    expect(limitOf(over({ video, comments }, { videoId: 'v1' }).limit(4))).toEqual([4n]);
    // Reversed, the comments (not limited) come first: no server limit can serve a limit on the video.
    expect(
      limitOf(
        over({ video, comments }, { videoId: 'v1' })
          .reverse()
          .limit('video' as never, 1),
      ),
    ).toEqual([undefined]);
  });

  it('refuses, before anything is sent: no shared key, other tables, a key that is not a leading run', () => {
    const video = getEntityMetadata(MediaVideo);
    const comments = getEntityMetadata(MediaComment);
    expect(() => over({ video, comments }, {}).compile()).toThrow(QueryError);
    expect(() => over({ video, reading: getEntityMetadata(Reading) }, { videoId: 'v1' }).compile()).toThrow(
      /one table/,
    );
    expect(() => over({ video, comments }, { at: new Date() }).compile()).toThrow(/leading key parts/);
    expect(() => over({ video, comments }, { videoId: 'v1' }).limit('nope' as never, 1)).toThrow(
      /not a member/,
    );
  });
});
