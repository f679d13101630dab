import { foreignRows, foreignRowsNote, registeredSiblings } from '../../metadata/foreign-rows.js';
import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { QueryError } from '../../errors/query-error.js';
import type { ReadRowsRequestData, RowFilter, RowRange } from '../../model/read-rows-request.js';
import { chainFilters } from '../filters/compose-filters.js';
import { entityReadFilter } from '../filters/entity-read-filter.js';
import { decodeCursor } from '../cursor/query-cursor.js';
import { queryFingerprint } from '../cursor/query-fingerprint.js';
import type { ConditionNode, QueryNode } from '../nodes/query-node.js';
import { intersectKeyRanges } from '../planner/intersect-key-ranges.js';
import { planColumnConditions } from '../planner/plan-column-conditions.js';
import { planKeyConditions } from '../planner/plan-key-conditions.js';
import { projectionFilter } from '../planner/projection-filter.js';
import type { ResidualCondition } from '../planner/residual-condition.js';
import { resolveProperty } from '../planner/resolve-property.js';

/**
 * What the query reads: whole rows, or just enough to count them (one value-stripped cell per row).
 *
 * @example
 * ```ts
 * compileQuery(node, now, 'count');
 * ```
 */
export type QueryMode = 'rows' | 'count' | 'exists';

/**
 * Everything needed to run a query: the request (undefined when no row can match, so nothing is sent; an empty
 * RowSet would read the whole table), what the client still has to do, and the planner's notes.
 *
 * @example
 * ```ts
 * const plan = compileQuery(node, Date.now());
 * if (plan.request) for await (const row of readRows(conn, table, plan.request)) { ... }
 * ```
 */
export interface QueryPlan {
  readonly request: ReadRowsRequestData | undefined;
  /** Conditions checked on each hydrated entity; a row failing one is skipped. */
  readonly residual: readonly ResidualCondition[];
  /** Row limit applied on the client after the residual conditions (then `request.rowsLimit` is unset). */
  readonly clientLimit: number | undefined;
  /** Properties the result carries besides the key parts; undefined = all. */
  readonly keep: readonly string[] | undefined;
  /** Map/Set properties read through an entry window: their values hold only some of the stored entries. */
  readonly windowed: readonly string[];
  readonly fingerprint: string;
  readonly notes: readonly string[];
}

function toRowRange(range: KeyRange): RowRange {
  return {
    ...(range.start
      ? range.start.inclusive
        ? { startKeyClosed: range.start.key }
        : { startKeyOpen: range.start.key }
      : {}),
    ...(range.end
      ? range.end.inclusive
        ? { endKeyClosed: range.end.key }
        : { endKeyOpen: range.end.key }
      : {}),
  } as RowRange;
}

function isPoint(range: KeyRange): boolean {
  return (
    range.start !== undefined &&
    range.end !== undefined &&
    range.start.inclusive &&
    range.end.inclusive &&
    Buffer.compare(range.start.key, range.end.key) === 0
  );
}

function withPredicates(
  predicates: readonly RowFilter[],
  inner: RowFilter | undefined,
): RowFilter | undefined {
  let filter = inner;
  for (const predicate of [...predicates].reverse()) {
    // No falseFilter: a row whose predicate fails outputs no cell, so it is not returned at all.
    filter = { condition: { predicate, trueFilter: filter ?? { passAll: true } } };
  }
  return filter;
}

/**
 * Compiles a query tree into a frozen ReadRows request plus the client-side rest of the plan. Pure and
 * deterministic for a fixed `nowMillis` (which only moves GC-hiding timestamp ranges). Throws QueryError before
 * anything is sent for unknown properties, wrong value types, conditions the key layout cannot serve and scans
 * without `allowScan()`.
 *
 * @example
 * ```ts
 * const { request, notes } = compileQuery(repo.find({ deviceType: 'phone' }).limit(5).node, Date.now());
 * ```
 */
export function compileQuery(node: QueryNode, nowMillis: number, mode: QueryMode = 'rows'): QueryPlan {
  const { meta } = node;
  const keyConditions: ConditionNode[] = [];
  const columnConditions: ConditionNode[] = [];
  for (const c of node.conditions) {
    if (resolveProperty(meta, c.property).kind === 'key') {
      keyConditions.push(c);
    } else columnConditions.push(c);
  }
  const keyPlan = planKeyConditions(meta, keyConditions, node.allowScan);
  if (keyPlan.scan && !node.allowScan) {
    throw new QueryError({
      entity: meta.name,
      property: meta.key.parts[0]?.property,
      problem:
        `no condition on the first key part: this would scan every ${meta.name} row; ` +
        'give a key prefix (find({...})), a key condition, or call allowScan()',
    });
  }
  const columnPlan = planColumnConditions(meta, columnConditions, nowMillis);
  const notes = [...keyPlan.notes, ...columnPlan.notes];
  const residual = [...keyPlan.residual, ...columnPlan.residual];

  const keyParts = new Set(meta.key.parts.map((p) => p.property));
  let read: string[] | undefined;
  if (node.select !== undefined) {
    for (const property of node.select) resolveProperty(meta, property);
    read = node.select.filter((p) => !keyParts.has(p));
    for (const property of [
      ...columnPlan.residual.map((r) => r.property),
      ...node.entries.map((e) => e.property),
    ]) {
      if (!keyParts.has(property) && !read.includes(property)) {
        read.push(property);
        notes.push(`${property} is read although not selected: the client needs it`);
      }
    }
  }
  for (const e of node.entries) {
    const kind = resolveProperty(meta, e.property);
    if (kind.kind !== 'field' || (kind.field.kind !== 'map' && kind.field.kind !== 'set'))
      throw new QueryError({
        entity: meta.name,
        property: e.property,
        problem: 'entries() needs a Map or Set property',
      });
  }
  if (
    node.versions &&
    !meta.fields.some((f) => (f.kind === 'column' || f.kind === 'aggregate') && f.versioned)
  )
    throw new QueryError({
      entity: meta.name,
      property: undefined,
      problem: 'versions() needs a versioned property',
    });

  let projection: RowFilter | undefined;
  if (read !== undefined && read.length === 0) {
    projection = chainFilters([
      entityReadFilter(meta, nowMillis),
      { cellsPerRowLimit: 1 },
      { stripValue: true },
    ]);
    notes.push('only key parts selected: one value-stripped cell per row is read');
  } else {
    projection = projectionFilter(meta, nowMillis, read, node.versions, node.entries);
  }
  if (mode !== 'rows') {
    if (residual.length === 0) {
      projection = chainFilters([
        entityReadFilter(meta, nowMillis),
        { cellsPerRowLimit: 1 },
        { stripValue: true },
      ]);
      notes.push(`${mode}: keys only (one value-stripped cell per row)`);
    } else notes.push(`${mode}: rows are read whole because conditions are checked on the client`);
  }
  const filter = withPredicates(columnPlan.predicates, projection);

  const fingerprint = queryFingerprint(node);
  let ranges = keyPlan.ranges;
  if (node.after !== undefined) {
    const cursor = decodeCursor(meta.name, node.after, fingerprint);
    const rest: KeyRange = cursor.reversed
      ? { end: { key: cursor.lastKey, inclusive: false } }
      : { start: { key: cursor.lastKey, inclusive: false } };
    ranges = intersectKeyRanges(ranges, [rest]);
    notes.push(`resumes ${cursor.reversed ? 'before' : 'after'} the cursor's last row key`);
  }

  let limit = mode === 'exists' ? 1 : node.limit;
  let clientLimit: number | undefined;
  if (limit !== undefined && residual.length > 0) {
    clientLimit = limit;
    limit = undefined;
    notes.push(`limit ${clientLimit} is applied on the client, after the client-side conditions`);
  }
  const empty = ranges.length === 0 || columnPlan.impossible;
  const foreign = empty ? undefined : foreignRows(meta, registeredSiblings(meta), ranges);
  if (foreign) notes.push(foreignRowsNote(foreign.entities.map((e) => e.name)));
  let request: ReadRowsRequestData | undefined;
  if (!empty) {
    const whole = ranges.length === 1 && ranges[0]!.start === undefined && ranges[0]!.end === undefined;
    const rowKeys = ranges.filter(isPoint).map((r) => r.start!.key);
    const rowRanges = ranges.filter((r) => !isPoint(r)).map(toRowRange);
    request = Object.freeze({
      ...(whole ? {} : { rows: Object.freeze({ rowKeys, rowRanges }) }),
      ...(filter ? { filter } : {}),
      ...(limit === undefined ? {} : { rowsLimit: BigInt(limit) }),
      ...(node.reverse ? { reversed: true } : {}),
    });
  }
  return Object.freeze({
    request,
    residual,
    clientLimit,
    keep: node.select === undefined ? undefined : (read ?? []).filter((p) => node.select!.includes(p)),
    windowed: node.entries.map((e) => e.property),
    fingerprint,
    notes: Object.freeze(notes),
  });
}
