import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { RowData } from '../../model/row-data.js';
import type { CollectionRow } from './collection-executor.js';
import type { QueryExecuteOptions } from './query-executor.js';
import type { CompiledCollection, CompiledCollectionRequest } from '../compiler/compile-read.js';
import { residualProgram } from '../nodes/residual-node.js';
import { routeRow } from '../planner/route-row.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import { readRows } from '../../transport/read-rows.js';
import type { ReadRowsOptions } from '../../transport/read-rows.js';
import { readRowsResume } from '../../transport/read-rows-resume.js';
import { materializeRow, partialLoadFor } from './materialize-row.js';

/** Byte order of two keys (Buffer.compare without copying). */
function compareKeys(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

/**
 * The rows of one request, read on after its server row limit when the consumer still wants rows: the limit is a
 * batch size, never a cut (rows routed away or past a member's limit may have used it up).
 */
async function* requestRows(
  connection: BigtableConnection,
  tableId: string,
  first: ReadRowsRequestData,
  options: ReadRowsOptions,
): AsyncGenerator<RowData> {
  let request: ReadRowsRequestData | undefined = first;
  while (request) {
    let received = 0n;
    let lastKey: Uint8Array | undefined;
    for await (const row of readRows(connection, tableId, request, options)) {
      received++;
      lastKey = row.key;
      yield row;
    }
    const limit: bigint | undefined = request.rowsLimit;
    if (limit === undefined || received < limit || !lastKey) return;
    const { rowsLimit: _limit, ...unlimited } = request;
    const rest = readRowsResume(unlimited, { lastKey, rowsRead: 0n });
    request = rest === 'done' ? undefined : { ...rest, rowsLimit: limit };
  }
}

interface Tagged {
  readonly row: RowData;
  readonly request: CompiledCollectionRequest;
}

/** Several key-ordered streams as one, in key order (descending when reversed). */
async function* mergeByKey(
  streams: ReadonlyArray<{ rows: AsyncGenerator<RowData>; request: CompiledCollectionRequest }>,
  reversed: boolean,
): AsyncGenerator<Tagged> {
  if (streams.length === 1) {
    const [only] = streams;
    for await (const row of only!.rows) yield { row, request: only!.request };
    return;
  }
  try {
    const heads = await Promise.all(streams.map((s) => s.rows.next()));
    for (;;) {
      let best = -1;
      for (let i = 0; i < heads.length; i++) {
        const head = heads[i]!;
        if (head.done) continue;
        if (best < 0) best = i;
        else {
          const c = compareKeys(head.value.key, (heads[best]!.value as RowData).key);
          if (reversed ? c > 0 : c < 0) best = i;
        }
      }
      if (best < 0) return;
      yield { row: heads[best]!.value as RowData, request: streams[best]!.request };
      heads[best] = await streams[best]!.rows.next();
    }
  } finally {
    await Promise.all(streams.map((s) => s.rows.return(undefined)));
  }
}

/**
 * Runs a compiled collection read: sends its requests (usually one), routes each row to its member (rows of no
 * member, or of a member another request reads, are left out), hydrates it with that member's plan, applies the
 * member's residual conditions, projection and limit and the total limit, and stops reading as soon as nothing more
 * can be returned. Rows come in key order (descending when reversed).
 *
 * @example
 * ```ts
 * for await (const row of runCollectionPlan(conn, 'videos', plan, { hydrate: true })) console.log(row.member);
 * ```
 */
export async function* runCollectionPlan(
  connection: BigtableConnection,
  tableId: string,
  plan: CompiledCollection,
  options: QueryExecuteOptions & { readonly read?: ReadRowsOptions },
): AsyncGenerator<CollectionRow> {
  const readOptions: ReadRowsOptions = {
    ...options.read,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
  const owners = plan.members.map((m) => ({ meta: m.meta, ranges: m.plan.rows.ranges }));
  const programs = plan.members.map((m) => residualProgram(m.plan.client));
  const partials = plan.members.map((m, i) => partialLoadFor(m.meta, programs[i]!));
  const counts = plan.members.map((m) => plan.counts[m.name] ?? 0);
  const streams = plan.requests
    .filter((r) => r.request !== undefined)
    .map((r) => ({ rows: requestRows(connection, tableId, r.request!, readOptions), request: r }));
  if (streams.length === 0) return;
  let total = 0;
  const full = (i: number): boolean => {
    const limit = plan.members[i]!.limit;
    return limit !== undefined && counts[i]! >= limit;
  };
  // A member is finished once the read has passed all its ranges (its single rows, typically).
  const passed = (i: number, lastKey: Uint8Array): boolean =>
    plan.members[i]!.plan.rows.ranges.every((r) =>
      plan.reversed
        ? r.start !== undefined && compareKeys(r.start.key, lastKey) >= 0
        : r.end !== undefined && compareKeys(r.end.key, lastKey) <= 0,
    );
  for await (const { row, request } of mergeByKey(streams, plan.reversed)) {
    const index = routeRow(owners, row.key);
    if (index !== undefined && request.members.includes(plan.members[index]!.name) && !full(index)) {
      const member = plan.members[index]!;
      let entity: object | undefined;
      let keep = true;
      if (options.hydrate) {
        const result = materializeRow(
          member.meta,
          programs[index]!,
          partials[index],
          row,
          options.onDecodeError,
        );
        if (result === 'skipped' || result === 'filtered') keep = false;
        else entity = result;
      }
      if (keep) {
        counts[index]!++;
        total++;
        yield { key: row.key, member: member.name, entity };
        if (plan.limit !== undefined && total >= plan.limit) return;
      }
    }
    if (plan.members.every((_m, i) => full(i) || passed(i, row.key))) return;
  }
}
