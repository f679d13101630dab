import { foreignRows, registeredSiblings } from '../../metadata/foreign-rows.js';
import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { QueryError } from '../../errors/query-error.js';
import type { RowFilter } from '../../model/read-rows-request.js';
import { chainFilters } from '../compiler/filters/compose-filters.js';
import { entityReadFilter } from '../compiler/filters/entity-read-filter.js';
import { keyShapeFilter } from '../compiler/filters/key-shape-filter.js';
import { evolutionReadNote } from '../compiler/filters/evolution-read-filter.js';
import { decodeCursor } from '../cursor/query-cursor.js';
import { queryFingerprint } from '../cursor/query-fingerprint.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { ConditionNode, QueryNode, VersionsNode } from '../nodes/query-node.js';
import { intersectKeyRanges } from './intersect-key-ranges.js';
import { keyShapeReads } from './key-shape-reads.js';
import { planColumnConditions } from './plan-column-conditions.js';
import { planKeyConditions } from './plan-key-conditions.js';
import { projectionFilter } from './projection-filter.js';
import type { RequestPlan } from './request-plan.js';
import type { ResidualNode } from '../nodes/residual-node.js';
import { resolveProperty } from './resolve-property.js';

/**
 * What the query reads: whole rows, or just enough to count them (one value-stripped cell per row).
 *
 * @example
 * ```ts
 * planFind(node, now, 'count');
 * ```
 */
export type QueryMode = 'rows' | 'count' | 'exists';

/**
 * The plan of a read of one entity's rows: the request to send (row set, filter, limit, direction) and the
 * residual work the client does on each row (conditions, client limit, projection), with the planner's notes.
 *
 * @example
 * ```ts
 * const plan = planFind(node, Date.now());
 * if (plan.rows.ranges.length === 0) console.log('nothing is sent');
 * ```
 */
export interface FindPlan {
  readonly rows: RequestPlan;
  /**
   * What the client does with the rows, in order: conditions the server cannot check, the projection, entry windows,
   * the client limit (then `rows.rowsLimit` is unset).
   */
  readonly client: readonly ResidualNode[];
  readonly fingerprint: string;
  readonly notes: readonly string[];
}

/**
 * How `planFind` plans a read that is part of a larger one.
 *
 * @example
 * ```ts
 * planFind(node, Date.now(), 'rows', { keyShapeFilter: false }); // a collection member: rows routed on the client
 * ```
 */
export interface FindPlanOptions {
  /**
   * Filter other entities' rows under the read's prefix on the server by the entity's key shape (default true). A
   * collection, which reads several entities in one request and routes rows by key, turns it off.
   */
  readonly keyShapeFilter?: boolean;
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
 * Refuses a versions window on an entity without a versioned property (it would silently read nothing more).
 *
 * @example
 * ```ts
 * checkVersionsWindow(meta, { latest: 3 });
 * ```
 */
export function checkVersionsWindow(meta: EntityMetadata, versions: VersionsNode | undefined): void {
  if (versions && !meta.fields.some((f) => (f.kind === 'column' || f.kind === 'aggregate') && f.versioned))
    throw new QueryError({
      entity: meta.name,
      property: undefined,
      problem: 'versions() needs a versioned property',
    });
}

/**
 * Plans a query tree: row set from the key conditions (and cursor), filter from projection, versions, entries and
 * server-side column conditions, residual work for the rest. Pure and deterministic for a fixed `nowMillis` (which
 * only moves GC-hiding timestamp ranges). Throws QueryError for unknown properties, wrong value types, conditions
 * the key layout cannot serve and scans without `allowScan()`.
 *
 * @example
 * ```ts
 * const plan = planFind(repo.find({ deviceType: 'phone' }).limit(5).node, Date.now());
 * ```
 */
export function planFind(
  node: QueryNode,
  nowMillis: number,
  mode: QueryMode = 'rows',
  options: FindPlanOptions = {},
): FindPlan {
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
  const evolutionNote = evolutionReadNote(meta);
  if (evolutionNote !== undefined) notes.push(evolutionNote);
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
  checkVersionsWindow(meta, node.versions);

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
  let filter = withPredicates(columnPlan.predicates, projection);
  if (foreign) {
    const shape = keyShapeReads(meta, foreign.entities, options.keyShapeFilter ?? true);
    if (shape.filtered.length > 0) filter = chainFilters([keyShapeFilter(meta.key), filter]);
    notes.push(...shape.notes);
  }
  return Object.freeze({
    rows: Object.freeze({
      ranges: empty ? [] : ranges,
      filter,
      rowsLimit: limit,
      reversed: node.reverse,
    }),
    client: Object.freeze([
      ...residual.map((condition): ResidualNode => ({ kind: 'condition', condition })),
      ...(clientLimit === undefined ? [] : [{ kind: 'limit', rows: clientLimit } as const]),
      ...(node.select === undefined
        ? []
        : [{ kind: 'project', keep: (read ?? []).filter((p) => node.select!.includes(p)) } as const]),
      ...(node.entries.length === 0
        ? []
        : [{ kind: 'window', properties: node.entries.map((e) => e.property) } as const]),
    ]),
    fingerprint,
    notes: Object.freeze(notes),
  });
}
