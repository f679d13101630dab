import type { KeyCondition, KeyRange, KeyValue, SegmentSpec } from '../../codecs/key/key-codec-types.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { QueryError } from '../../errors/query-error.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { ConditionNode } from '../nodes/query-node.js';
import { conditionValues } from './condition-values.js';
import { spansEntity } from './entity-key-span.js';
import { intersectKeyRanges } from './intersect-key-ranges.js';
import type { ResidualCondition } from '../nodes/residual-node.js';
import { compareValues } from './match-residual.js';

/**
 * How the key conditions of a query become rows to read.
 *
 * @example
 * ```ts
 * const plan: KeyPlan = planKeyConditions(meta, conditions, false);
 * if (plan.ranges.length === 0) console.log('nothing to read');
 * ```
 */
export interface KeyPlan {
  /** Sorted, disjoint, non-empty ranges; `[]` = no row can match (send nothing). */
  readonly ranges: readonly KeyRange[];
  /** True when the planned rows are every row the entity can have (no condition narrows the key space). */
  readonly scan: boolean;
  /** Conditions on key parts the row set cannot express, checked on the decoded key. */
  readonly residual: readonly ResidualCondition[];
  readonly notes: readonly string[];
}

const KEY_OPS: Readonly<Record<string, KeyCondition['op']>> = {
  '=': 'eq',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
  between: 'between',
  startsWith: 'startsWith',
  in: 'in',
};

function acceptsValue(segment: SegmentSpec, value: unknown): boolean {
  switch (segment.type) {
    case 'string':
    case 'reversedDomain':
      return typeof value === 'string';
    case 'bytes':
      return value instanceof Uint8Array;
    case 'int64':
    case 'reversedInt64':
      return typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value));
    case 'timestamp':
    case 'reversedTimestamp':
      return (value instanceof Date && !Number.isNaN(value.getTime())) || typeof value === 'bigint';
    default:
      return false;
  }
}

function toKeyCondition(op: KeyCondition['op'], values: readonly unknown[]): KeyCondition {
  if (op === 'between') return { op, low: values[0] as KeyValue, high: values[1] as KeyValue };
  if (op === 'in') return { op, values: values as KeyValue[] };
  if (op === 'startsWith') return { op, value: values[0] as string };
  return { op, value: values[0] as KeyValue };
}

/**
 * Plans the key conditions: equality on the leading run of key parts (in key order) becomes the exact prefix; the
 * conditions on the next part become row ranges (several conditions on it are intersected, `in` gives one range
 * per value); conditions on later parts, and `!=`, are checked on the decoded key. With no condition on the first
 * key part the query scans the entity, which is a QueryError unless `allowScan`; so is a condition on a later key
 * part without the parts before it.
 *
 * @example
 * ```ts
 * planKeyConditions(meta, [{ property: 'deviceType', op: '=', value: 'phone' }], false).ranges; // ['phone#', 'phone$')
 * ```
 */
export function planKeyConditions(
  meta: EntityMetadata,
  conditions: readonly ConditionNode[],
  allowScan: boolean,
): KeyPlan {
  const parts = meta.key.parts;
  const byPart = parts.map((p) => conditions.filter((c) => c.property === p.property));
  const valuesOf = new Map<ConditionNode, unknown[]>();
  for (const c of conditions) {
    const part = parts.find((p) => p.property === c.property)!;
    const values = conditionValues(meta, c);
    for (const v of values) {
      const ok = c.op === 'startsWith' ? typeof v === 'string' : acceptsValue(part.segment, v);
      if (!ok) {
        throw new QueryError({
          entity: meta.name,
          property: c.property,
          value: v,
          problem: `wrong type for key part of type ${part.segment.type}`,
        });
      }
    }
    valuesOf.set(c, values);
  }
  const notes: string[] = [];
  const leading: Record<string, KeyValue> = {};
  let index = 0;
  let impossible = false;
  for (; index < parts.length; index++) {
    const own = byPart[index]!;
    if (own.length === 0 || own.some((c) => c.op !== '=')) break;
    const first = valuesOf.get(own[0]!)![0];
    if (own.some((c) => compareValues(valuesOf.get(c)![0], first) !== 0)) impossible = true;
    leading[parts[index]!.property] = first as KeyValue;
  }
  const wrap = (error: unknown, property: string | undefined): never => {
    if (error instanceof KeyEncodingError) {
      throw new QueryError(
        { entity: meta.name, property, value: error.value, problem: `invalid key value: ${error.limit}` },
        error,
      );
    }
    throw error;
  };
  let ranges: KeyRange[];
  try {
    ranges = meta.key.codec.ranges(leading);
  } catch (error) {
    ranges = wrap(error, undefined);
  }
  const planned = new Set<ConditionNode>();
  for (const part of parts.slice(0, index)) for (const c of byPart[parts.indexOf(part)]!) planned.add(c);
  const next = parts[index];
  const rangeConditions = next ? byPart[index]!.filter((c) => c.op !== '!=') : [];
  for (const c of rangeConditions) {
    try {
      const condition = toKeyCondition(KEY_OPS[c.op]!, valuesOf.get(c)!);
      ranges = intersectKeyRanges(ranges, meta.key.codec.ranges(leading, condition));
    } catch (error) {
      wrap(error, c.property);
    }
    planned.add(c);
  }
  // Decided on the row set, not on the conditions' shape: a condition that keeps every row the entity can have
  // (startsWith '', >= '' on a string part) narrows nothing, so the plan is a scan all the same.
  const scan = index === 0 && (rangeConditions.length === 0 || spansEntity(meta, ranges));
  if (scan && rangeConditions.length > 0 && !allowScan) {
    const shown = rangeConditions.map((c) => `${c.property} ${c.op}`).join(', ');
    throw new QueryError({
      entity: meta.name,
      property: parts[0]!.property,
      value: rangeConditions.length === 1 ? rangeConditions[0]!.value : rangeConditions.map((c) => c.value),
      problem:
        `the key conditions (${shown}) do not narrow the key space: this would scan every ${meta.name} row; ` +
        'give a condition that excludes some rows, a key prefix, or call allowScan()',
    });
  }
  const residual: ResidualCondition[] = [];
  for (const c of conditions) {
    if (planned.has(c)) continue;
    if (scan && !allowScan) {
      const before = parts
        .slice(
          0,
          parts.findIndex((p) => p.property === c.property),
        )
        .map((p) => p.property);
      throw new QueryError({
        entity: meta.name,
        property: c.property,
        value: c.value,
        problem:
          before.length > 0
            ? `a '${c.op}' condition on key part ${c.property} needs equality on ${before.join(', ')} first ` +
              `(or allowScan() to scan every ${meta.name} row and filter on the client)`
            : `'${c.op}' on the first key part cannot narrow the rows; call allowScan() to scan every ` +
              `${meta.name} row and filter on the client`,
      });
    }
    residual.push({ property: c.property, op: c.op, values: valuesOf.get(c)!, equals: undefined });
    notes.push(
      `key condition ${c.property} ${c.op} is checked on the client (decoded key): ` +
        (c.op === '!='
          ? "'!=' cannot be a row range"
          : 'the key parts before it are not all fixed by equality'),
    );
  }
  if (impossible) {
    ranges = [];
    notes.push('contradictory equalities on one key part: no row can match');
  }
  if (scan)
    notes.push(
      rangeConditions.length === 0
        ? `no condition on the first key part: full scan of every ${meta.name} row`
        : `the key conditions on ${parts[0]!.property} do not narrow the key space: full scan of every ${meta.name} row`,
    );
  if (ranges.length === 0 && !impossible)
    notes.push('the key conditions match no row key: no request is sent');
  return { ranges, scan, residual, notes };
}
