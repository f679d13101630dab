import { bytesEqual } from '../../codecs/key/bytes.js';
import type { KeyCondition, KeyRange, KeyValue, SegmentSpec } from '../../codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { intersectKeyRanges } from './intersect-key-ranges.js';

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * A condition every storable value of the segment satisfies, starting at its smallest key: the floor of its key
 * space. Undefined when the floor is not a plain value (e.g. reversed timestamps): the span is then the
 * entity's byte range, so only conditions that plan to all of it count as scans.
 */
function floorCondition(segment: SegmentSpec, kind: 'delimited' | 'orderedCode'): KeyCondition | undefined {
  switch (segment.type) {
    case 'string':
    case 'reversedDomain':
      return { op: 'gte', value: '' };
    case 'bytes':
      return { op: 'gte', value: new Uint8Array(0) };
    case 'int64':
      // Delimited keys and big-endian fields hold non-negative numbers only.
      return {
        op: 'gte',
        value: kind === 'orderedCode' && segment.encoding !== 'bigEndian' ? INT64_MIN : 0n,
      };
    case 'timestamp':
      // Pre-1970 times are refused in delimited keys and big-endian fields; ordered code has no simple floor.
      if (kind === 'orderedCode' && segment.encoding !== 'bigEndian') return undefined;
      return { op: 'gte', value: segment.as === 'micros' ? 0n : new Date(0) };
    case 'reversedInt64':
      // Stored as MAX - n: the highest id is the smallest key.
      return { op: 'lte', value: INT64_MAX };
    default:
      return undefined;
  }
}

/**
 * The part of the key space the entity's rows can occupy: its key range from the smallest key its first key part
 * can encode. In a delimited key `tenant` ranges over `[t#, t$)` but no row sorts below `t##` (the key of an
 * empty tenant), so a plan starting there still reads every row.
 *
 * @example
 * ```ts
 * entityKeySpan(meta); // e.g. [ ['reading##', 'reading$') ]
 * ```
 */
export function entityKeySpan(meta: EntityMetadata): KeyRange[] {
  const codec = meta.key.codec;
  const first = meta.key.parts[0];
  const floor = first && floorCondition(first.segment, meta.key.encoding.kind);
  return floor ? codec.ranges({}, floor) : codec.ranges({});
}

function sameBound(a: KeyRange['start'], b: KeyRange['start']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.inclusive === b.inclusive && bytesEqual(a.key, b.key);
}

/**
 * True when the planned row set holds every row the entity can have: the query reads the whole entity, whatever
 * its conditions say (`startsWith ''`, `>= ''` on a string part), i.e. a scan.
 *
 * @example
 * ```ts
 * spansEntity(meta, meta.key.codec.ranges({})); // true
 * ```
 */
export function spansEntity(meta: EntityMetadata, ranges: readonly KeyRange[]): boolean {
  const span = entityKeySpan(meta);
  const covered = intersectKeyRanges(span, ranges);
  return (
    covered.length === span.length &&
    covered.every((r, i) => sameBound(r.start, span[i]!.start) && sameBound(r.end, span[i]!.end))
  );
}

/**
 * The key ranges of an entity's rows under leading key-part values (`{ tenant: 'acme' }`), or of all its rows when
 * none is given. Values that are not a leading run of key parts are refused by the key
 * codec (KeyEncodingError).
 *
 * @example
 * ```ts
 * entityPrefixRanges(meta, { tenant: 'acme' }); // e.g. [ ['acme#', 'acme$') ]
 * ```
 */
export function entityPrefixRanges(meta: EntityMetadata, prefix: object | undefined): KeyRange[] {
  const values: Record<string, KeyValue> = {};
  for (const [property, value] of Object.entries(prefix ?? {}))
    if (value !== undefined) values[property] = value as KeyValue;
  return meta.key.codec.ranges(values);
}
