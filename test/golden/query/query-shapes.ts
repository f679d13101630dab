import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { Query } from '../../../src/query/builder/query.js';
import { Reading } from '../../unit/query/query-fixtures.js';

/** A fixed clock: GC-hiding timestamp ranges (and so every request) are reproducible. */
export const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

/** Where every shape starts: `readings.find()` on a repository whose clock is {@link NOW}. */
export function readings(): Query<Reading> {
  return Query.over(getEntityMetadata(Reading), { now: () => NOW });
}

/** One query shape: a file-safe name, a title and the code shown in docs/queries.md. */
export interface QueryShape {
  readonly name: string;
  readonly title: string;
  readonly code: string;
  readonly build: () => Query<Reading, unknown>;
  /** Which terminal's request to show (default the rows). */
  readonly mode?: 'rows' | 'count' | 'exists';
}

const at = new Date('2024-01-01T00:00:00Z');

/** Every query shape the golden files and docs/queries.md cover. */
export const QUERY_SHAPES: readonly QueryShape[] = [
  {
    name: 'prefix',
    title: 'Equality on leading key parts: the exact prefix',
    code: "readings.find({ deviceType: 'phone', deviceId: 'a' })",
    build: () => readings().where('deviceType', '=', 'phone').where('deviceId', '=', 'a'),
  },
  {
    name: 'full-key',
    title: 'Every key part: one row key',
    code: "readings.find({ deviceType: 'phone', deviceId: 'a', seq: 7 })",
    build: () =>
      readings().where('deviceType', '=', 'phone').where('deviceId', '=', 'a').where('seq', '=', 7),
  },
  {
    name: 'range',
    title: 'A range on the next key part',
    code: "readings.find({ deviceType: 'phone', deviceId: 'a' }).where('seq', '>=', 10).where('seq', '<', 20)",
    build: () =>
      readings()
        .where('deviceType', '=', 'phone')
        .where('deviceId', '=', 'a')
        .where('seq', '>=', 10)
        .where('seq', '<', 20),
  },
  {
    name: 'in',
    title: '`in` on the next key part: one range per value',
    code: "readings.find().where('deviceType', 'in', ['tablet', 'phone'])",
    build: () => readings().where('deviceType', 'in', ['tablet', 'phone']),
  },
  {
    name: 'starts-with',
    title: '`startsWith` on a string key part',
    code: "readings.find().where('deviceType', 'startsWith', 'pho')",
    build: () => readings().where('deviceType', 'startsWith', 'pho'),
  },
  {
    name: 'reverse-limit',
    title: 'Newest first, at most 50 rows',
    code: "readings.find({ deviceType: 'phone' }).reverse().limit(50)",
    build: () => readings().where('deviceType', '=', 'phone').reverse().limit(50),
  },
  {
    name: 'select',
    title: 'Projection: only the cells of the selected properties',
    code: "readings.find({ deviceType: 'phone' }).select('status', 'tags')",
    build: () => readings().where('deviceType', '=', 'phone').select('status', 'tags'),
  },
  {
    name: 'column-conditions',
    title: 'Conditions on scalar columns: row conditions on the server',
    code: "readings.find({ deviceType: 'phone' }).where('status', '=', 'busy').where('level', '<', 4)",
    build: () =>
      readings().where('deviceType', '=', 'phone').where('status', '=', 'busy').where('level', '<', 4),
  },
  {
    name: 'residual',
    title: 'Conditions the server cannot evaluate: client side, limit on the client',
    code: "readings.find({ deviceType: 'phone' }).where('cpu', '>', 0.5).where('seq', '>', 3).select('status').limit(10)",
    build: () =>
      readings()
        .where('deviceType', '=', 'phone')
        .where('cpu', '>', 0.5)
        .where('seq', '>', 3)
        .select('status')
        .limit(10),
  },
  {
    name: 'versions',
    title: 'Versioned columns: latest N cells in a time window',
    code: "readings.find({ deviceType: 'phone', deviceId: 'a' }).select('notes').versions({ latest: 10, since: at })",
    build: () =>
      readings()
        .where('deviceType', '=', 'phone')
        .where('deviceId', '=', 'a')
        .select('notes')
        .versions({ latest: 10, since: at }),
  },
  {
    name: 'map-entries',
    title: 'Map entries: a key range, the first N',
    code: "readings.find({ deviceType: 'phone' }).select('tags').entries('tags', { prefix: 'x', limit: 10 })",
    build: () =>
      readings().where('deviceType', '=', 'phone').select('tags').entries('tags', { prefix: 'x', limit: 10 }),
  },
  {
    name: 'count',
    title: '`count()` and `exists()`: keys only',
    code: "readings.find({ deviceType: 'phone' }).where('ok', '=', true).count()",
    build: () => readings().where('deviceType', '=', 'phone').where('ok', '=', true),
    mode: 'count',
  },
  {
    name: 'scan',
    title: 'A scan, allowed explicitly',
    code: "readings.scan().where('status', '=', 'broken')",
    build: () => readings().allowScan().where('status', '=', 'broken'),
  },
  {
    name: 'vacuous-key-condition',
    title: 'A key condition that narrows nothing is a scan too',
    code: "readings.find().where('deviceType', '>=', '').allowScan() // QueryError without allowScan()",
    build: () => readings().where('deviceType', '>=', '').allowScan(),
  },
  {
    name: 'empty',
    title: 'A plan that matches nothing sends nothing',
    code: "readings.find({ deviceType: 'phone' }).where('deviceType', '=', 'tablet')",
    build: () => readings().where('deviceType', '=', 'phone').where('deviceType', '=', 'tablet'),
  },
];
