import { bytesEqual } from '../../codecs/key/bytes.js';
import { keySuccessor } from '../../codecs/key/key-range.js';
import { QueryError } from '../../errors/query-error.js';
import type { EntityMetadata, FamilyMetadata, FieldMetadata } from '../../metadata/entity-metadata.js';
import type { RowFilter, ValueRange } from '../../model/read-rows-request.js';
import { columnFilter } from '../compiler/filters/column-filters.js';
import { chainFilters, interleaveFilters } from '../compiler/filters/compose-filters.js';
import { gcKeepFilter } from '../compiler/filters/gc-filter.js';
import type { ConditionNode } from '../nodes/query-node.js';
import { conditionValues } from './condition-values.js';
import type { ResidualCondition } from '../nodes/residual-node.js';

/**
 * How the column conditions of a query are served.
 *
 * @example
 * ```ts
 * const plan: ColumnPlan = planColumnConditions(meta, conditions, Date.now());
 * ```
 */
export interface ColumnPlan {
  /** Row-level predicates (each one must match for the row to be returned), in condition order. */
  readonly predicates: readonly RowFilter[];
  /** Conditions checked on the client after hydration. */
  readonly residual: readonly ResidualCondition[];
  /** True when a condition can match no value at all: the query returns nothing and sends nothing. */
  readonly impossible: boolean;
  readonly notes: readonly string[];
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const BYTE_ORDERED = new Set(['string', 'bytes', 'boolean']);
const INT64_LIKE = new Set(['int64', 'int64AsNumber', 'date']);
const ORDERED_RESIDUAL = new Set(['float64']);

/** A closed-or-open byte interval; undefined bounds are unbounded. */
interface ByteInterval {
  readonly start?: { readonly bytes: Uint8Array; readonly inclusive: boolean };
  readonly end?: { readonly bytes: Uint8Array; readonly inclusive: boolean };
}

function toValueRange(i: ByteInterval): ValueRange {
  return {
    ...(i.start ? { [i.start.inclusive ? 'startValueClosed' : 'startValueOpen']: i.start.bytes } : {}),
    ...(i.end ? { [i.end.inclusive ? 'endValueClosed' : 'endValueOpen']: i.end.bytes } : {}),
  };
}

function isEmpty(i: ByteInterval): boolean {
  if (!i.end) return false;
  const start = i.start?.bytes ?? new Uint8Array(0);
  const c = Buffer.compare(start, i.end.bytes);
  if (c !== 0) return c > 0;
  return !((i.start?.inclusive ?? true) && i.end.inclusive);
}

/** Byte intervals for codecs whose byte order is their value order. */
function byteOrderedIntervals(op: ConditionNode['op'], encoded: readonly Uint8Array[]): ByteInterval[] {
  const [a, b] = encoded as [Uint8Array, Uint8Array];
  switch (op) {
    case '=':
      return [{ start: { bytes: a, inclusive: true }, end: { bytes: a, inclusive: true } }];
    case '!=':
      return [{ end: { bytes: a, inclusive: false } }, { start: { bytes: a, inclusive: false } }];
    case 'in':
      return encoded.map((v) => ({
        start: { bytes: v, inclusive: true },
        end: { bytes: v, inclusive: true },
      }));
    case '>':
      return [{ start: { bytes: a, inclusive: false } }];
    case '>=':
      return [{ start: { bytes: a, inclusive: true } }];
    case '<':
      return [{ end: { bytes: a, inclusive: false } }];
    case '<=':
      return [{ end: { bytes: a, inclusive: true } }];
    case 'between':
      return [{ start: { bytes: a, inclusive: true }, end: { bytes: b, inclusive: true } }];
    case 'startsWith': {
      const end = keySuccessor(a);
      return [
        { start: { bytes: a, inclusive: true }, ...(end ? { end: { bytes: end, inclusive: false } } : {}) },
      ];
    }
  }
}

function int64Bytes(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, n);
  return out;
}

function asBigInt(value: unknown): bigint {
  if (value instanceof Date) return BigInt(value.getTime());
  return BigInt(value as bigint | number);
}

/**
 * Byte intervals for 8-byte big-endian two's complement cells: byte order is value order among non-negative values
 * and among negative ones, but negatives sort after positives. A value interval is split at zero so each half is
 * one exact byte interval.
 */
function int64Intervals(op: ConditionNode['op'], values: readonly unknown[]): ByteInterval[] {
  const v = values.map(asBigInt);
  const a = v[0]!;
  let intervals: Array<[bigint, bigint]>;
  switch (op) {
    case '=':
      intervals = [[a, a]];
      break;
    case '!=':
      intervals = [
        [INT64_MIN, a - 1n],
        [a + 1n, INT64_MAX],
      ];
      break;
    case 'in':
      intervals = v.map((x) => [x, x]);
      break;
    case '>':
      intervals = [[a + 1n, INT64_MAX]];
      break;
    case '>=':
      intervals = [[a, INT64_MAX]];
      break;
    case '<':
      intervals = [[INT64_MIN, a - 1n]];
      break;
    case '<=':
      intervals = [[INT64_MIN, a]];
      break;
    default:
      intervals = [[a, v[1]!]];
  }
  const out: ByteInterval[] = [];
  for (const [lo, hi] of intervals) {
    for (const [l, h] of [
      [lo > 0n ? lo : 0n, hi],
      [lo, hi < -1n ? hi : -1n],
    ] as const) {
      if (l > h) continue;
      out.push({
        start: { bytes: int64Bytes(l), inclusive: true },
        end: { bytes: int64Bytes(h), inclusive: true },
      });
    }
  }
  return out.sort((x, y) => Buffer.compare(x.start!.bytes, y.start!.bytes));
}

function encodeAll(
  meta: EntityMetadata,
  field: Exclude<FieldMetadata, { kind: 'map' | 'set' }>,
  op: string,
  values: readonly unknown[],
): Uint8Array[] {
  return values.map((value) => {
    if (op === 'startsWith') {
      if (field.codec.name === 'string' && typeof value === 'string') return new TextEncoder().encode(value);
      if (field.codec.name === 'bytes' && value instanceof Uint8Array) return Uint8Array.from(value);
      throw new QueryError({
        entity: meta.name,
        property: field.property,
        value,
        problem: `'startsWith' needs a string or bytes column (this one is ${field.codec.name})`,
      });
    }
    try {
      return field.codec.encode(value);
    } catch (error) {
      throw new QueryError(
        {
          entity: meta.name,
          property: field.property,
          value,
          problem: `wrong type for a ${field.codec.name} column`,
        },
        error,
      );
    }
  });
}

function familyOf(meta: EntityMetadata, name: string): FamilyMetadata | undefined {
  return meta.families.find((f) => f.name === name);
}

/**
 * Plans conditions on scalar columns. Where the codec's byte order is its value order (string, bytes, boolean;
 * int64, int64AsNumber and date split at zero) the condition becomes a row-level predicate: the newest visible cell
 * of the column (GC-hidden cells excluded) must lie in one of a few value ranges. Other codecs (float64, JSON,
 * protobuf, custom), counters, versions and aggregates are checked on the client, with a note; so is every condition
 * of an entity with live upcast steps (checked after upcasting). Maps, sets and
 * versioned columns cannot be conditioned (QueryError).
 *
 * @example
 * ```ts
 * planColumnConditions(meta, [{ property: 'status', op: '=', value: 'open' }], now).predicates;
 * ```
 */
export function planColumnConditions(
  meta: EntityMetadata,
  conditions: readonly ConditionNode[],
  nowMillis: number,
): ColumnPlan {
  const predicates: RowFilter[] = [];
  const residual: ResidualCondition[] = [];
  const notes: string[] = [];
  let impossible = false;
  for (const c of conditions) {
    const field = meta.fields.find((f) => f.property === c.property)!;
    if (
      field.kind === 'map' ||
      field.kind === 'set' ||
      ((field.kind === 'column' || field.kind === 'aggregate') && field.versioned)
    ) {
      throw new QueryError({
        entity: meta.name,
        property: c.property,
        value: c.value,
        problem: `cannot filter rows on a ${field.kind === 'map' || field.kind === 'set' ? field.kind : 'versioned'} property; use entries() or versions() to restrict what is read`,
      });
    }
    const values = conditionValues(meta, c);
    const encoded = encodeAll(meta, field, c.op, values);
    const codec = field.codec.name;
    // Rows at older schema versions may store the property elsewhere: only the upcast entity can be checked.
    const evolving = (meta.evolution?.steps.length ?? 0) > 0;
    const serverSide =
      !evolving && field.kind === 'column' && (BYTE_ORDERED.has(codec) || INT64_LIKE.has(codec));
    if (!serverSide) {
      const ordered = BYTE_ORDERED.has(codec) || INT64_LIKE.has(codec) || ORDERED_RESIDUAL.has(codec);
      if (!ordered && !['=', '!=', 'in'].includes(c.op)) {
        throw new QueryError({
          entity: meta.name,
          property: c.property,
          value: c.value,
          problem: `'${c.op}' needs an ordered codec; ${codec} values can only be compared with =, != and in`,
        });
      }
      residual.push({
        property: c.property,
        op: c.op,
        values,
        equals: ordered ? undefined : (a, b) => bytesEqual(field.codec.encode(a), field.codec.encode(b)),
      });
      notes.push(
        `${c.property} ${c.op} is checked on the client: ` +
          (evolving
            ? 'after upcasting (rows at older schema versions store it differently)'
            : field.kind === 'column'
              ? `${codec} bytes do not sort like the values`
              : `a ${field.kind} reads as ${field.kind === 'aggregate' ? 'a merged value' : '0'} when its cell is missing`),
      );
      continue;
    }
    const intervals = (
      INT64_LIKE.has(codec) ? int64Intervals(c.op, values) : byteOrderedIntervals(c.op, encoded)
    ).filter((i) => !isEmpty(i));
    if (intervals.length === 0) {
      impossible = true;
      notes.push(`${c.property} ${c.op} can match no value: no request is sent`);
      continue;
    }
    const family = familyOf(meta, field.family);
    const gc = family?.gcRule === undefined ? undefined : gcKeepFilter(family.gcRule, nowMillis);
    const ranges = interleaveFilters(intervals.map((i) => ({ valueRange: toValueRange(i) })));
    predicates.push(
      chainFilters([columnFilter(field.family, field.qualifier), gc, { cellsPerColumnLimit: 1 }, ranges])!,
    );
    notes.push(
      `${c.property} ${c.op} is a row condition on the newest ${field.family}:${Buffer.from(field.qualifier).toString('latin1')} cell ` +
        `(${intervals.length} value range${intervals.length === 1 ? '' : 's'}; a row without the cell does not match)`,
    );
  }
  return { predicates, residual, impossible, notes };
}
