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
  from: Uint8Array;
  to: Uint8Array;
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

/** The label of a key's leading part(s): decoded through the entity, or the bytes up to the 1st/2nd `#`. */
function labelsOf(meta: EntityMetadata | undefined, key: Uint8Array): [string, string] {
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
      return [first, names.length > 1 ? `${first} / ${text(names[1])}` : first];
    } catch {
      return ['(not this entity)', '(not this entity)'];
    }
  }
  const text = bytesDisplay(key).text;
  const segments = text.split('#');
  return [segments[0]!, segments.slice(0, 2).join('#')];
}

function groupKeys(meta: EntityMetadata | undefined, keys: readonly Uint8Array[], depth: 1 | 2): Group[] {
  const groups = new Map<string, Group>();
  for (const key of keys) {
    const label = labelsOf(meta, key)[depth - 1]!;
    const group = groups.get(label);
    if (group) {
      group.count++;
      group.to = key;
    } else groups.set(label, { label, depth, count: 1, from: key, to: key });
  }
  return [...groups.values()];
}

/** The salt bucket of a delimited key: the bytes before the first delimiter (the salt is the first segment). */
function saltLabel(meta: EntityMetadata, key: Uint8Array): string | undefined {
  const encoding = meta.key.encoding;
  if (encoding.kind !== 'delimited') return undefined;
  const at = key.indexOf(encoding.delimiter[0]!);
  return Buffer.from(key.subarray(0, at < 0 ? key.length : at)).toString('latin1');
}

/** Hints drawn from the sample: an uneven salt, and one group holding most keys. */
function sampleHints(
  meta: EntityMetadata | undefined,
  keys: readonly Uint8Array[],
  groups: readonly Group[],
): object[] {
  const hints: object[] = [];
  const sampled = keys.length;
  const salt = meta?.key.segments.find((s) => s.type === 'salt');
  if (meta && salt?.type === 'salt' && sampled >= salt.buckets * 10) {
    const counts = new Map<string, number>();
    for (const key of keys) {
      const label = saltLabel(meta, key);
      if (label !== undefined) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    const values = [...counts.values()];
    const max = Math.max(0, ...values);
    const min = values.length < salt.buckets ? 0 : Math.min(...values);
    if (values.length > 0 && max > 2 * Math.max(min, 1))
      hints.push({
        rule: 'sample-uneven-salt',
        severity: 'warning',
        message: `the salt's ${salt.buckets} buckets are uneven in the sample: ${min}–${max} keys per bucket`,
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
 * the leading key part(s), a strip of
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
  const level1 = groupKeys(meta, keys, 1);
  const level2 = groupKeys(meta, keys, 2);
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
    groups: [...level1.map(shareOf), ...(meta && meta.key.parts.length < 2 ? [] : level2.map(shareOf))],
    strip: level1.map((g) => ({
      label: g.label,
      from: bytesDisplay(g.from),
      to: bytesDisplay(g.to),
      count: g.count,
    })),
    hints: [...lint, ...sampleHints(meta, keys, level1)],
  };
}
