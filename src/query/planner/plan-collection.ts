import { isPointKeyRange } from '../../codecs/key/key-range.js';
import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { compareBytes } from '../../codecs/key/bytes.js';
import { normalizeKeyRanges } from '../../codecs/key/key-range.js';
import { QueryError } from '../../errors/query-error.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { decodeCursor } from '../cursor/query-cursor.js';
import { collectionFingerprint } from '../cursor/query-fingerprint.js';
import { mergeTypeFilters } from '../compiler/filters/merge-type-filters.js';
import { queryNode } from '../nodes/query-node.js';
import { residualProgram } from '../nodes/residual-node.js';
import type { CollectionNode } from '../nodes/read-node.js';
import { intersectKeyRanges } from './intersect-key-ranges.js';
import { planFind } from './plan-find.js';
import type { FindPlan, QueryMode } from './plan-find.js';
import type { RowFilter } from '../../model/read-rows-request.js';
import type { RequestPlan } from './request-plan.js';

/**
 * One member of a planned collection read: its own plan (its key ranges, filter and residual work, as if read
 * alone) and its per-member limit, applied on the client.
 *
 * @example
 * ```ts
 * for (const m of plan.members) console.log(m.name, m.plan.rows.ranges.length, m.limit);
 * ```
 */
export interface CollectionMemberPlan {
  readonly name: string;
  readonly meta: EntityMetadata;
  readonly plan: FindPlan;
  readonly limit: number | undefined;
}

/**
 * One ReadRows of a collection read and the members whose rows it returns (rows routed to another member are left
 * to that member's request).
 *
 * @example
 * ```ts
 * for (const r of plan.requests) console.log(r.members, r.rows.rowsLimit);
 * ```
 */
export interface CollectionRequestPlan {
  readonly members: readonly string[];
  readonly rows: RequestPlan;
}

/**
 * The plan of a collection read: members (in key order of their first rows), the requests (one unless members'
 * filters disagree on a family they share), the total limit, and for a resumed read the rows already returned per
 * member.
 *
 * @example
 * ```ts
 * const plan = planCollection(node, Date.now());
 * ```
 */
export interface CollectionPlan {
  readonly members: readonly CollectionMemberPlan[];
  readonly requests: readonly CollectionRequestPlan[];
  /** Total rows over every member, checked on the client (the requests' row limits are only batch sizes). */
  readonly limit: number | undefined;
  readonly reversed: boolean;
  readonly mode: QueryMode;
  /** Rows returned per member by earlier pages (from the cursor); per-member limits count them. */
  readonly counts: Readonly<Record<string, number>>;
  readonly fingerprint: string;
  readonly notes: readonly string[];
}

function invalid(node: CollectionNode, problem: string, property?: string, value?: unknown): QueryError {
  return new QueryError({
    entity: collectionName(node),
    ...(property === undefined ? {} : { property }),
    ...(value === undefined ? {} : { value }),
    problem,
  });
}

/**
 * How a collection is named in messages: `collection(video: Video, comments: Comment)`.
 *
 * @example
 * ```ts
 * collectionName(node);
 * ```
 */
export function collectionName(node: CollectionNode): string {
  return `collection(${node.members.map((m) => `${m.name}: ${m.query.meta.name}`).join(', ')})`;
}

/** Whether every range of `later` comes after every range of `others` in the read direction. */
function comesLast(later: readonly KeyRange[], others: readonly KeyRange[], reversed: boolean): boolean {
  for (const a of later)
    for (const b of others) {
      if (reversed) {
        if (!a.end || !b.start || compareBytes(a.end.key, b.start.key) > 0) return false;
      } else if (!a.start || !b.end || compareBytes(a.start.key, b.end.key) < 0) return false;
    }
  return true;
}

/** The exact server row limit for the members' per-member limits, or undefined when no limit can be exact. */
function memberBound(members: readonly CollectionMemberPlan[], reversed: boolean): number | undefined {
  const open = members.filter((m) => !m.plan.rows.ranges.every(isPointKeyRange));
  const points = members.filter((m) => !open.includes(m)).reduce((n, m) => n + m.plan.rows.ranges.length, 0);
  if (open.length === 0) return points;
  if (open.length === 1 && open[0]!.limit !== undefined) {
    const others = members.filter((m) => m !== open[0]).flatMap((m) => m.plan.rows.ranges);
    if (comesLast(open[0]!.plan.rows.ranges, others, reversed)) return points + open[0]!.limit;
  }
  return undefined;
}

/** Whether one request over these members can send a row limit that serves their per-member limits. */
function servesMemberLimits(members: readonly CollectionMemberPlan[], reversed: boolean): boolean {
  return (
    members.every((m) => m.limit === undefined) ||
    (members.every((m) => residualProgram(m.plan.client).conditions.length === 0) &&
      memberBound(members, reversed) !== undefined)
  );
}

/**
 * A server row limit that cannot stop the read before the client has what it asks for, or undefined. Rows a
 * member does not want (past its limit) would use up a plain limit, so with per-member limits one is sent only when
 * every member but one reads single rows (all counted) and the remaining one, limited, is read last.
 */
function serverLimit(
  members: readonly CollectionMemberPlan[],
  total: number | undefined,
  reversed: boolean,
): number | undefined {
  if (members.some((m) => residualProgram(m.plan.client).conditions.length > 0)) return undefined;
  if (members.every((m) => m.limit === undefined)) return total;
  const bound = memberBound(members, reversed);
  if (bound === undefined) return total;
  return total === undefined ? bound : Math.min(bound, total);
}

/** Requests in read order of their first rows, so that explain() and goldens list them as they are read. */
function compareRequests(a: RequestPlan, b: RequestPlan, reversed: boolean): number {
  const ka = a.ranges[0]?.start?.key ?? new Uint8Array();
  const kb = b.ranges[0]?.start?.key ?? new Uint8Array();
  return reversed ? compareBytes(kb, ka) : compareBytes(ka, kb);
}

function firstKey(plan: FindPlan): Uint8Array | undefined {
  return plan.rows.ranges[0]?.start?.key ?? (plan.rows.ranges.length > 0 ? new Uint8Array() : undefined);
}

/**
 * Plans a collection read: each member is planned as its own query (shared key as `=` conditions, its `where`,
 * `select`, `versions`, `entries`), then the members are ordered by key (so the request never depends on the order
 * the caller listed them in) and their filters merged into as few requests as exactness allows (see
 * `mergeTypeFilters`). Limits: the total and the per-member limits are enforced on the client; a server row limit
 * is sent only where it cannot cut the read short.
 *
 * @example
 * ```ts
 * const plan = planCollection(node, Date.now());
 * ```
 */
export function planCollection(
  node: CollectionNode,
  nowMillis: number,
  mode: QueryMode = 'rows',
): CollectionPlan {
  if (node.members.length === 0) throw invalid(node, 'a collection needs at least one entity type');
  const names = new Set<string>();
  for (const m of node.members) {
    if (names.has(m.name)) throw invalid(node, 'member names must be unique', 'members', m.name);
    names.add(m.name);
  }
  const tables = [...new Set(node.members.map((m) => m.query.meta.table))];
  if (tables.length > 1)
    throw invalid(
      node,
      'every member must live in one table (one ReadRows reads one table)',
      'members',
      tables,
    );
  if (Object.keys(node.shared).length === 0)
    throw invalid(node, 'a collection needs the shared leading key parts (else it would scan every member)');

  const shared = Object.keys(node.shared).filter((k) => node.shared[k] !== undefined);
  for (const m of node.members) {
    const leading = m.query.meta.key.parts.slice(0, shared.length).map((p) => p.property);
    if (shared.length > leading.length || !shared.every((k) => leading.includes(k)))
      throw invalid(
        node,
        `the shared key must be leading key parts of every member: ${m.name} (${m.query.meta.name}) has key parts ` +
          `${m.query.meta.key.parts.map((p) => p.property).join(', ')}`,
        'key',
        shared,
      );
  }
  const fingerprint = collectionFingerprint(node);
  const cursor =
    node.after === undefined ? undefined : decodeCursor(collectionName(node), node.after, fingerprint);
  const rest: KeyRange | undefined =
    cursor === undefined
      ? undefined
      : cursor.reversed
        ? { end: { key: cursor.lastKey, inclusive: false } }
        : { start: { key: cursor.lastKey, inclusive: false } };

  const notes: string[] = [];
  const planned: CollectionMemberPlan[] = node.members.map((m) => {
    const query = queryNode(m.query.meta, {
      ...m.query,
      reverse: node.reverse,
      limit: undefined,
      after: undefined,
    });
    // One request reads every member and routes rows by key: no member's key shape may filter the others out.
    const own = planFind(query, nowMillis, mode === 'rows' ? 'rows' : 'count', { keyShapeFilter: false });
    const ranges = rest ? intersectKeyRanges(own.rows.ranges, [rest]) : own.rows.ranges;
    return {
      name: m.name,
      meta: m.query.meta,
      plan: Object.freeze({ ...own, rows: Object.freeze({ ...own.rows, ranges }) }),
      limit: m.query.limit,
    };
  });
  const members = [...planned].sort((a, b) => {
    const ka = firstKey(a.plan);
    const kb = firstKey(b.plan);
    if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
    return compareBytes(ka, kb) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  });

  // Notes in key order of the members, like everything else, so that the plan never depends on the caller's order.
  for (const m of members) {
    for (const note of m.plan.notes) notes.push(`${m.name}: ${note}`);
    if (m.limit !== undefined) notes.push(`${m.name}: at most ${m.limit} rows (counted on the client)`);
  }
  if (cursor) notes.push(`resumes ${cursor.reversed ? 'before' : 'after'} the cursor's last row key`);
  const reading = members.filter((m) => m.plan.rows.ranges.length > 0);
  const groups = mergeTypeFilters(
    reading.map((m) => ({ filter: m.plan.rows.filter, families: m.meta.families.map((f) => f.name) })),
  );
  if (groups.length > 1)
    notes.push(
      `${groups.length} requests: ${groups.map((g) => g.types.map((i) => reading[i]!.name).join(' + ')).join(' | ')} ` +
        'read a shared family differently, and a filter applies to every row of a request',
    );
  const total = mode === 'exists' ? 1 : node.limit;
  const requests: CollectionRequestPlan[] = [];
  const request = (own: readonly CollectionMemberPlan[], filter: RowFilter | undefined): void => {
    requests.push(
      Object.freeze({
        members: Object.freeze(own.map((m) => m.name)),
        rows: Object.freeze({
          ranges: normalizeKeyRanges(own.flatMap((m) => m.plan.rows.ranges)),
          filter,
          rowsLimit: serverLimit(own, total, node.reverse),
          reversed: node.reverse,
        }),
      }),
    );
  };
  for (const g of groups) {
    const own = g.types.map((i) => reading[i]!);
    // A limited member whose rows do not come last would be read whole before the others: it gets its own request,
    // where its limit is the server's row limit.
    const alone =
      own.length > 1 && !servesMemberLimits(own, node.reverse)
        ? own.filter(
            (m) =>
              m.limit !== undefined &&
              residualProgram(m.plan.client).conditions.length === 0 &&
              !m.plan.rows.ranges.every(isPointKeyRange),
          )
        : [];
    const rest = own.filter((m) => !alone.includes(m));
    if (alone.length > 0)
      notes.push(
        `${alone.map((m) => m.name).join(', ')}: own request${alone.length > 1 ? 's' : ''}, so that the per-member ` +
          'limit is the server row limit (the rows do not come last in the shared request)',
      );
    for (const m of alone) request([m], m.plan.rows.filter);
    if (rest.length > 0)
      request(
        rest,
        alone.length === 0
          ? g.filter
          : mergeTypeFilters(
              rest.map((m) => ({ filter: m.plan.rows.filter, families: m.meta.families.map((f) => f.name) })),
            )[0]!.filter,
      );
  }
  requests.sort((a, b) => compareRequests(a.rows, b.rows, node.reverse));
  if (total !== undefined && requests.some((r) => r.rows.rowsLimit !== total))
    notes.push(`limit ${total} is applied on the client`);
  return Object.freeze({
    members: Object.freeze(members),
    requests: Object.freeze(requests),
    limit: total,
    reversed: node.reverse,
    mode,
    counts: Object.freeze({ ...(cursor?.counts ?? {}) }),
    fingerprint,
    notes: Object.freeze(notes),
  });
}
