import type { KeyCondition, KeyRange, KeyValue } from './key-codec-types.js';
import type { KeyLayout } from './key-layout.js';
import { normalizeKeyRanges } from './key-range.js';
import { rowKeyRangesWithSchema } from './row-key-schema-ranges.js';
import type { SegmentCodec } from './segment-codecs.js';
import { storedKeyPrefix } from './stored-key-prefix.js';

function swapForDescending(condition: KeyCondition): KeyCondition {
  switch (condition.op) {
    case 'gt':
      return { op: 'lt', value: condition.value };
    case 'gte':
      return { op: 'lte', value: condition.value };
    case 'lt':
      return { op: 'gt', value: condition.value };
    case 'lte':
      return { op: 'gte', value: condition.value };
    case 'between':
      return { op: 'between', low: condition.high, high: condition.low };
    default:
      return condition;
  }
}

function conditionToStored(
  invalid: KeyLayout['invalid'],
  segment: SegmentCodec,
  condition: KeyCondition,
): KeyCondition {
  const c = segment.descending ? swapForDescending(condition) : condition;
  const to = (v: KeyValue) => segment.toStored(v);
  switch (c.op) {
    case 'startsWith':
      if (typeof c.value !== 'string') throw invalid(segment.fieldName, c.value, 'a string for startsWith');
      if (segment.spec.type === 'string')
        return { op: 'startsWith', value: segment.toStored(c.value) as string };
      if (segment.spec.type === 'reversedDomain') {
        // 'google.com' → 'com.google' (also com.googleapis…); '.google.com' → 'com.google.' (subdomains only).
        return { op: 'startsWith', value: segment.toStored(c.value) as string };
      }
      throw invalid(
        segment.fieldName,
        c.value,
        `startsWith on string or reversedDomain segments (this is ${segment.spec.type})`,
      );
    case 'between':
      return { op: 'between', low: to(c.low), high: to(c.high) };
    case 'in':
      return { op: 'in', values: c.values.map(to) };
    default:
      return { op: c.op, value: to(c.value) };
  }
}

/**
 * The row ranges of the keys with these leading fields and, optionally, a condition on the next field: one range
 * per salt bucket when the salt is not determined by the leading fields; equality and `in` extend the leading run.
 *
 * @example
 * ```ts
 * keyConditionRanges(layout, { deviceId: '4c410523' }, { op: 'gte', value: new Date('2020-04-01T00:00:00Z') });
 * ```
 */
export function keyConditionRanges(
  layout: KeyLayout,
  leading: Readonly<Record<string, KeyValue>>,
  next?: KeyCondition,
): KeyRange[] {
  const { fields, segments, salt, schema, invalid } = layout;
  if (typeof leading !== 'object' || leading === null)
    throw invalid(undefined, leading, 'an object of leading key fields');
  if (next && (next.op === 'eq' || next.op === 'in')) {
    // Equality extends the leading run, which may pin the salt bucket instead of fanning out.
    const target = fields[fields.filter((f) => leading[f] !== undefined).length];
    if (target === undefined) throw invalid(undefined, next, 'a key field after the leading ones');
    const values: readonly KeyValue[] = next.op === 'in' ? next.values : [next.value];
    return normalizeKeyRanges(values.flatMap((v) => keyConditionRanges(layout, { ...leading, [target]: v })));
  }
  const { stored, stop, saltKnown } = storedKeyPrefix(layout, leading, true);
  let condition: KeyCondition | undefined;
  if (next) {
    const segment = segments[stop];
    if (!segment) throw invalid(undefined, next, 'a key field after the leading ones');
    condition = conditionToStored(invalid, segment, next);
  }
  const buckets = salt && !saltKnown ? Array.from({ length: salt.buckets }, (_, b) => b) : [undefined];
  const out: KeyRange[] = [];
  for (const b of buckets) {
    const prefix = b === undefined ? stored : [segments[0]!.toStored(b), ...stored.slice(1)];
    out.push(...rowKeyRangesWithSchema(schema, prefix, condition));
  }
  return normalizeKeyRanges(out);
}
