import { checkArray, checkObject, checkOptions } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import type { KeyCondition, KeyRange, KeyValue } from './key-codec-types.js';
import { normalizeKeyRanges } from './key-range.js';
import type { CompiledRowKeySchema, RowKeySchema, RowKeySchemaCodecOptions } from './row-key-schema.js';
import { cachedRowKeySchema } from './row-key-schema.js';

type Bound = NonNullable<KeyRange['start']>;

function flipEnd(end: Bound): Bound {
  // Just after an end bound: an inclusive end k continues at (k, …), an exclusive end k continues at [k, …).
  return { key: end.key, inclusive: !end.inclusive };
}

function range(start: Bound | undefined, end: Bound | undefined): KeyRange {
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/**
 * Row ranges of the keys whose first `leading.length` schema fields equal `leading` and, optionally, whose next
 * field satisfies `next` — with no entity involved, like {@link encodeRowKeyWithSchema}. Condition values use the
 * field's own type (they are compared in the encoding's byte order, which is value order in sorted mode).
 * `between` is inclusive at both ends; `startsWith` applies to string fields. The result is sorted, disjoint and
 * never holds an empty or inverted range; it is `[]` when nothing can match (e.g. `between` with low > high).
 *
 * A partial key is exact: in a delimited key `a` becomes the prefix `a#`, so `ab#…` never matches; in an
 * ordered-code key it is `[enc(a), enc(a) ‖ 00 02)`, widened to include the row whose later fields are all empty.
 *
 * @example
 * ```ts
 * rowKeyRangesWithSchema(schema, ['phone', 'india']);                         // prefix 'phone#india#'
 * rowKeyRangesWithSchema(schema, ['phone'], { op: 'startsWith', value: 'ind' }); // prefix 'phone#ind'
 * ```
 */
export function rowKeyRangesWithSchema(
  schema: RowKeySchema | CompiledRowKeySchema,
  leading: readonly KeyValue[],
  next?: KeyCondition,
  options: RowKeySchemaCodecOptions = {},
): KeyRange[] {
  checkObject({ api: 'rowKeyRangesWithSchema', argument: 'schema' }, schema);
  checkArray({ api: 'rowKeyRangesWithSchema', argument: 'leading' }, leading);
  if (next !== undefined) checkObject({ api: 'rowKeyRangesWithSchema', argument: 'next' }, next);
  checkOptions({ api: 'rowKeyRangesWithSchema', argument: 'options' }, options);
  const codec = 'block' in schema ? schema : cachedRowKeySchema(schema, options);
  const parent = codec.block(leading);
  if (!next) return normalizeKeyRanges([parent]);
  if (leading.length >= codec.fieldNames.length) {
    throw new KeyEncodingError({
      entity: codec.entity,
      field: undefined,
      value: next,
      limit: `a condition needs a field after the ${leading.length} leading ones (schema has ${codec.fieldNames.length})`,
    });
  }
  const eq = (value: KeyValue) => codec.block([...leading, value]);
  switch (next.op) {
    case 'eq':
      return normalizeKeyRanges([eq(next.value)]);
    case 'in':
      return normalizeKeyRanges(next.values.map(eq));
    case 'gt': {
      const end = eq(next.value).end;
      return end ? normalizeKeyRanges([range(flipEnd(end), parent.end)]) : [];
    }
    case 'gte':
      return normalizeKeyRanges([range(eq(next.value).start, parent.end)]);
    case 'lt': {
      const start = eq(next.value).start;
      return start
        ? normalizeKeyRanges([range(parent.start, { key: start.key, inclusive: !start.inclusive })])
        : [];
    }
    case 'lte':
      return normalizeKeyRanges([range(parent.start, eq(next.value).end)]);
    case 'between':
      return normalizeKeyRanges([range(eq(next.low).start, eq(next.high).end)]);
    case 'startsWith':
      return normalizeKeyRanges([codec.startsWith(leading, next.value)]);
    default: {
      const op: unknown = (next as { op: unknown }).op;
      throw new KeyEncodingError({ entity: codec.entity, value: op, limit: 'a known condition operator' });
    }
  }
}
