import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { CollectionQuery } from '../../../src/query/builder/collection-query.js';
import { Lookup } from '../../../src/query/builder/lookup.js';
import { Query } from '../../../src/query/builder/query.js';
import {
  MediaComment,
  MediaVideo,
  GoldenInvoice,
  GoldenPayment,
} from '../../unit/query/collection-fixtures.js';
import { Reading } from '../../unit/query/query-fixtures.js';
import { NOW, readings } from './query-shapes.js';

/** One read other than a `find()` shape: lookups, counts and collections, with the page that shows it. */
export interface ReadShape {
  readonly name: string;
  readonly title: string;
  readonly code: string;
  /** Which generated docs section shows it. */
  readonly doc: 'queries' | 'single-table';
  readonly compile: () => unknown;
  readonly explain: () => string;
}

const clock = { now: () => NOW };
const readingMeta = () => getEntityMetadata(Reading);
const readingKey = (deviceId: string, seq: number) =>
  readingMeta().key.codec.encode({ deviceType: 'phone', deviceId, seq });
const lookup = (...keys: Uint8Array[]) => Lookup.over(readingMeta(), keys, clock);

const hasX1 = () =>
  readings()
    .where('deviceType', '=', 'phone')
    .where('deviceId', '=', 'a')
    .where('seq', '=', 7)
    .select('tags')
    .entries('tags', { members: ['x1'] })
    .limit(1);
const members = () =>
  readings()
    .where('deviceType', '=', 'phone')
    .select('tags')
    .entries('tags', { members: ['bob', 'alice'] });

/** `mapper.collection({ video: MediaVideo, comments: MediaComment }).key({ videoId: 'v1' })`, without a mapper. */
export function videoPage(): CollectionQuery<{ video: MediaVideo; comments: MediaComment }> {
  return CollectionQuery.over(
    { video: getEntityMetadata(MediaVideo), comments: getEntityMetadata(MediaComment) },
    { videoId: 'v1' },
    clock,
  );
}

/** `repository(MediaVideo).scan().limit(10)`, without a mapper: the video rows under `video#`, which holds the comments too. */
const videoScan = () => Query.over(getEntityMetadata(MediaVideo), clock).allowScan().limit(10);

function billing(
  order: 'invoice-first' | 'payment-first',
): CollectionQuery<{ invoice: GoldenInvoice; payments: GoldenPayment }> {
  const invoice = getEntityMetadata(GoldenInvoice);
  const payments = getEntityMetadata(GoldenPayment);
  return CollectionQuery.over(
    order === 'invoice-first' ? { invoice, payments } : { payments, invoice },
    { invoiceId: 'i1' },
    clock,
  );
}

/** Every read path besides the find shapes of query-shapes.ts, each with a golden request file. */
export const READ_SHAPES: readonly ReadShape[] = [
  {
    name: 'get',
    title: '`get(key)`: one row key, the whole-entity filter',
    code: "readings.get({ deviceType: 'phone', deviceId: 'a', seq: 7 }) // readings.lookup([key]).explain()",
    doc: 'queries',
    compile: () => lookup(readingKey('a', 7)).compile(),
    explain: () => lookup(readingKey('a', 7)).explain(),
  },
  {
    name: 'get-many',
    title: '`getMany(keys)`: the keys sorted, each once, in one request',
    code: 'readings.getMany([b7, a7, b7]) // results aligned with the input; the duplicate is read once',
    doc: 'queries',
    compile: () => lookup(readingKey('b', 7), readingKey('a', 7), readingKey('b', 7)).compile(),
    explain: () => lookup(readingKey('b', 7), readingKey('a', 7), readingKey('b', 7)).explain(),
  },
  {
    name: 'get-versions',
    title: 'A lookup with a versions window',
    code: 'readings.lookup([a7]).versions({ latest: 2 })',
    doc: 'queries',
    compile: () => lookup(readingKey('a', 7)).versions({ latest: 2 }).compile(),
    explain: () => lookup(readingKey('a', 7)).versions({ latest: 2 }).explain(),
  },
  {
    name: 'exists',
    title: '`exists()`: one key, value stripped',
    code: "readings.find({ deviceType: 'phone' }).exists()",
    doc: 'queries',
    compile: () => readings().where('deviceType', '=', 'phone').compile('exists'),
    explain: () => readings().where('deviceType', '=', 'phone').explain('exists'),
  },
  {
    name: 'has-member',
    title: '`has(key, property, member)`: one column of one row',
    code: "readings.has({ deviceType: 'phone', deviceId: 'a', seq: 7 }, 'tags', 'x1')",
    doc: 'queries',
    compile: () => hasX1().compile(),
    explain: () => hasX1().explain(),
  },
  {
    name: 'map-members',
    title: 'Whole members of a map: `bob` never matches `bobby`',
    code: "readings.find({ deviceType: 'phone' }).select('tags').entries('tags', { members: ['bob', 'alice'] })",
    doc: 'queries',
    compile: () => members().compile(),
    explain: () => members().explain(),
  },
  {
    name: 'parent-only-scan',
    title: 'Videos without their comments: a row-key filter of the video key shape',
    code: 'videos.scan().limit(10) // the comments lie in the range: scanned by the server, never sent',
    doc: 'single-table',
    compile: () => videoScan().compile(),
    explain: () => videoScan().explain(),
  },
  {
    name: 'collection-whole',
    title: 'A video and all its comments',
    code: "mapper.collection({ video: MediaVideo, comments: MediaComment }).key({ videoId: 'v1' })",
    doc: 'single-table',
    compile: () => videoPage().compile(),
    explain: () => videoPage().explain(),
  },
  {
    name: 'collection-newest-comments',
    title: 'A video with its 10 newest comments, in one request',
    code: "videoPage.key({ videoId: 'v1' }).limit('comments', 10)",
    doc: 'single-table',
    compile: () => videoPage().limit('comments', 10).compile(),
    explain: () => videoPage().limit('comments', 10).explain(),
  },
  {
    name: 'collection-select-where',
    title: 'Per-type projection and conditions',
    code: "videoPage.key({ videoId: 'v1' }).select('video', 'title').select('comments', 'text').where('comments', 'stars', '>=', 4)",
    doc: 'single-table',
    compile: () =>
      videoPage()
        .select('video', 'title')
        .select('comments', 'text')
        .where('comments', 'stars', '>=', 4)
        .compile(),
    explain: () =>
      videoPage()
        .select('video', 'title')
        .select('comments', 'text')
        .where('comments', 'stars', '>=', 4)
        .explain(),
  },
  {
    name: 'collection-reverse-count',
    title: '`count()` of a collection, read backwards',
    code: "videoPage.key({ videoId: 'v1' }).reverse().count()",
    doc: 'single-table',
    compile: () => videoPage().reverse().compile('count'),
    explain: () => videoPage().reverse().explain('count'),
  },
  {
    name: 'collection-shared-family',
    title: 'Types that read a shared family differently: one request each, whatever the order',
    code: "mapper.collection({ invoice: Invoice, payments: Payment }).key({ invoiceId: 'i1' }) // or { payments, invoice }",
    doc: 'single-table',
    compile: () => {
      const a = billing('invoice-first').compile();
      const b = billing('payment-first').compile();
      if (JSON.stringify(a, bigints) !== JSON.stringify(b, bigints))
        throw new TypeError('member order changed the requests');
      return a;
    },
    explain: () => billing('invoice-first').explain(),
  },
];

function bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value instanceof Uint8Array ? [...value] : value;
}
