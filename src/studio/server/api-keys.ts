import type { EntityMetadata } from '../../metadata/public/index.js';
import type { RowRange } from '../../raw/index.js';
import type { KeyRange } from '../../keys/index.js';
import { entityPrefixRanges, intersectKeyRanges, toRowRange } from '../../query/index.js';
import { readRows } from '../../transport/read-rows.js';
import { sampleRowKeys } from '../../transport/sample-row-keys.js';
import { bytesDisplay } from './bytes-display.js';
import { sampleStretches } from './sample-stretches.js';
import { tableIdOf } from './api-overview.js';
import { lintOf } from './api-schema.js';
import { boundedInt, required } from './query-params.js';
import type { StudioContext } from './studio-context.js';

/** Keys sampled by default, and at most. */
export const DEFAULT_KEY_SAMPLE = 2_000;
export const MAX_KEY_SAMPLE = 20_000;

/** The lint rules about key layouts that make hotspots (docs/lint.md): the key view shows them as hints. */
const HOTSPOT_RULES = new Set([
  'key-timestamp-first',
  'key-sequential-id-first',
  'key-hashed-segment',
  'key-tenant-not-first',
  'key-domain-not-reversed',
]);

interface Group {
  label: string;
  depth: 1 | 2;
  count: number;
  /** The first and last key sampled in it (none for an empty salt bucket). */
  from?: Uint8Array;
  to?: Uint8Array;
}

/** Reads at most `limit` row keys of `ranges`, keys only: one cell per row, its value stripped on the server. */
async function sampleKeys(
  context: StudioContext,
  table: string,
  ranges: readonly RowRange[],
  limit: number,
): Promise<Uint8Array[]> {
  const keys: Uint8Array[] = [];
  const request = {
    rows: { rowKeys: [], rowRanges: ranges.length > 0 ? ranges : [{}] },
    filter: { chain: [{ cellsPerRowLimit: 1 }, { stripValue: true }] },
    rowsLimit: BigInt(limit),
  } as const;
  for await (const row of readRows(context.mapper.connection, table, request)) keys.push(row.key);
  return keys;
}

/**
 * At most `sample` keys spread over the stretches, in key order: first an equal share of what is left per stretch
 * (a sparse stretch leaves more to the next), then what is still left of the sample from the stretches that had more,
 * after the last key read there. `complete` when every stretch was read to its end.
 */
async function sampleAcross(
  context: StudioContext,
  table: string,
  stretches: readonly (readonly KeyRange[])[],
  sample: number,
): Promise<{ keys: Uint8Array[]; complete: boolean }> {
  const read: Uint8Array[][] = [];
  const more: boolean[] = [];
  let total = 0;
  for (const [i, stretch] of stretches.entries()) {
    const limit = Math.ceil((sample - total) / (stretches.length - i));
    const keys = limit > 0 ? await sampleKeys(context, table, stretch.map(toRowRange), limit) : [];
    read.push(keys);
    more.push(keys.length >= limit);
    total += keys.length;
  }
  for (const [i, stretch] of stretches.entries()) {
    if (!more[i] || total >= sample) continue;
    const after = intersectKeyRanges(stretch, [{ start: { key: read[i]!.at(-1)!, inclusive: false } }]);
    const limit = sample - total;
    const keys = after.length === 0 ? [] : await sampleKeys(context, table, after.map(toRowRange), limit);
    read[i]!.push(...keys);
    more[i] = after.length > 0 && keys.length >= limit;
    total += keys.length;
  }
  return { keys: read.flat(), complete: !more.some(Boolean) };
}

/** Whether `key` lies in `range` (bytes compared unsigned, as Bigtable orders row keys). */
function inRange(range: KeyRange, key: Uint8Array): boolean {
  const { start, end } = range;
  const from = start === undefined ? 1 : Buffer.compare(Buffer.from(key), Buffer.from(start.key));
  const to = end === undefined ? -1 : Buffer.compare(Buffer.from(key), Buffer.from(end.key));
  return (from > 0 || (from === 0 && start!.inclusive)) && (to < 0 || (to === 0 && end!.inclusive));
}

/**
 * How a sample is grouped: for a salted entity by salt bucket first (the key codec's ranges of the whole entity are
 * one per bucket, in bucket order, whatever the key encoding), so an uneven salt shows as uneven bars; else by the
 * leading key part.
 */
interface Grouping {
  readonly meta: EntityMetadata | undefined;
  /** The salt buckets' key ranges, index = bucket; undefined for an entity without salt (or a raw table). */
  readonly buckets: readonly KeyRange[] | undefined;
}

function groupingOf(meta: EntityMetadata | undefined): Grouping {
  const salted = meta !== undefined && meta.key.codec.saltBuckets > 0;
  return { meta, buckets: salted ? meta.key.codec.ranges({}) : undefined };
}

const bucketLabel = (bucket: number): string => `salt ${bucket}`;

/**
 * The label of a key's leading part(s): its salt bucket (and the first key part) for a salted entity, else the first
 * (and second) key part decoded through the entity, or for a raw table the bytes up to the 1st/2nd `#`.
 */
function labelsOf({ meta, buckets }: Grouping, key: Uint8Array): [string, string] {
  if (meta) {
    try {
      const parts = meta.key.codec.decode(key);
      const names = meta.key.parts.map((p) => p.property);
      const text = (name: string | undefined): string => {
        const value = name === undefined ? undefined : parts[name];
        return value instanceof Date
          ? value.toISOString()
          : value instanceof Uint8Array
            ? Buffer.from(value).toString('hex')
            : String(value);
      };
      const first = text(names[0]);
      if (buckets !== undefined) {
        const bucket = bucketLabel(buckets.findIndex((range) => inRange(range, key)));
        return [bucket, `${bucket} / ${first}`];
      }
      return [first, names.length > 1 ? `${first} / ${text(names[1])}` : first];
    } catch {
      return ['(not this entity)', '(not this entity)'];
    }
  }
  const text = bytesDisplay(key).text;
  const segments = text.split('#');
  return [segments[0]!, segments.slice(0, 2).join('#')];
}

/** The sample's groups in key order; for a salted entity's first level, every bucket, an empty one with count 0. */
function groupKeys(grouping: Grouping, keys: readonly Uint8Array[], depth: 1 | 2): Group[] {
  const groups = new Map<string, Group>();
  if (depth === 1 && grouping.buckets !== undefined)
    for (const [bucket] of grouping.buckets.entries())
      groups.set(bucketLabel(bucket), { label: bucketLabel(bucket), depth, count: 0 });
  for (const key of keys) {
    const label = labelsOf(grouping, key)[depth - 1]!;
    const group = groups.get(label);
    if (group) {
      group.count++;
      group.from ??= key;
      group.to = key;
    } else groups.set(label, { label, depth, count: 1, from: key, to: key });
  }
  return [...groups.values()];
}

/** Hints drawn from the sample: an uneven salt, and one group holding most keys. */
function sampleHints(grouping: Grouping, sampled: number, groups: readonly Group[]): object[] {
  const hints: object[] = [];
  const buckets = grouping.buckets?.length ?? 0;
  if (buckets > 0 && sampled >= buckets * 10) {
    const counts = groups.filter((g) => g.label.startsWith('salt ')).map((g) => g.count);
    const max = Math.max(0, ...counts);
    const min = Math.min(...counts);
    if (max > 2 * Math.max(min, 1))
      hints.push({
        rule: 'sample-uneven-salt',
        severity: 'warning',
        message: `the salt's ${buckets} buckets are uneven in the sample: ${min}–${max} keys per bucket`,
      });
  }
  if (groups.length >= 4) {
    const top = groups.reduce((a, b) => (b.count > a.count ? b : a));
    if (top.count / sampled > 0.5)
      hints.push({
        rule: 'sample-dominant-prefix',
        severity: 'warning',
        message: `${Math.round((100 * top.count) / sampled)}% of the sampled keys start with "${top.label}": their reads and writes share one key range`,
      });
  }
  return hints;
}

/**
 * `GET /api/keys`: where the rows are. The table's SampleRowKeys split points, a bounded keys-only sample (default
 * 2,000, at most 20,000 keys: the first ones of each stretch between split points, see sampleStretches) grouped by
 * the leading key part(s) — for a salted entity by salt bucket (every bucket, an empty one too), then bucket and
 * first key part — a strip of
 * the groups in key order, and hints: the hotspot rules of lint for the entity, and what the sample shows.
 */
export async function apiKeys(context: StudioContext, params: URLSearchParams): Promise<object> {
  const entityName = params.get('entity');
  const meta = entityName ? context.entity(entityName) : undefined;
  const table = meta ? tableIdOf(context, meta.table) : required(params, 'table');
  const sample = boundedInt(params, 'sample', DEFAULT_KEY_SAMPLE, MAX_KEY_SAMPLE);
  const splits = await sampleRowKeys(context.mapper.connection, table);
  const stretches = sampleStretches(
    splits.map((s) => s.key),
    meta ? entityPrefixRanges(meta, undefined) : [],
  );
  const { keys, complete } = await sampleAcross(context, table, stretches, sample);
  const grouping = groupingOf(meta);
  const level1 = groupKeys(grouping, keys, 1);
  const level2 = groupKeys(grouping, keys, 2);
  const shareOf = (g: Group): object => ({
    label: g.label,
    depth: g.depth,
    count: g.count,
    share: keys.length === 0 ? 0 : g.count / keys.length,
  });
  const lint = meta
    ? lintOf(context)
        .filter((f) => f.entity === meta.name && HOTSPOT_RULES.has(f.ruleId))
        .map((f) => ({ rule: f.ruleId, severity: f.severity, message: f.message, fix: f.fix }))
    : [];
  return {
    table,
    sampleRowKeys: splits.map((s) => ({ key: bytesDisplay(s.key), offsetBytes: s.offsetBytes.toString() })),
    sampled: keys.length,
    complete,
    groups: [
      ...level1.map(shareOf),
      ...(meta && meta.key.parts.length < 2 && grouping.buckets === undefined ? [] : level2.map(shareOf)),
    ],
    strip: level1.flatMap((g) =>
      g.from === undefined || g.to === undefined
        ? []
        : [{ label: g.label, from: bytesDisplay(g.from), to: bytesDisplay(g.to), count: g.count }],
    ),
    hints: [...lint, ...sampleHints(grouping, keys.length, level1)],
  };
}
